"""Who an operation is done for, and the player's request it carries out.

A table server acts for its players through the campaign's one store (the
GM's connection): the journal records such operations in the player's name,
checks them against the versions the player's action read, and records the
request's nonce in the same transaction, so a request is done exactly when
it is recorded.  Context variables, so the window's thread and each table
server request keep their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

# Who acts in operations begun in this context when it is not the store's own user: a
# player at the table server, whose edits the GM's history names.  A context variable,
# so the window's thread and each table server request keep their own.
_ACTING: ContextVar[str | None] = ContextVar("tftmanager_acting", default=None)
# The character versions that player's action was judged on (a server campaign's): an
# operation in the block touching a character changed since is refused (``EditConflict``).
_ACTING_SEEN: ContextVar[dict[int, int] | None] = ContextVar("tftmanager_acting_seen",
                                                             default=None)


@dataclass
class Request:
    """A player's request being carried out, and whether an operation has recorded it."""

    character_id: int
    nonce: str
    recorded: bool = False
    operation_id: int | None = None  # the operation that recorded it, once committed
    # Given the operation's id before it commits (None: nobody asks): a table server's
    # own operations, whose notices must find them there, however soon they come.
    announce: set[int] | None = None


# The request (character id, nonce) the acting player's action answers: recorded in its
# first operation's transaction (``CampaignStore.operation``), so done means recorded.
_REQUEST: ContextVar[Request | None] = ContextVar("tftmanager_request", default=None)


def pending_request() -> Request | None:
    """The request the operations begun now carry out, until one has recorded it."""
    request = _REQUEST.get()
    return request if request is not None and not request.recorded else None


@contextmanager
def answering(request: Request | None) -> Iterator[None]:
    """Operations begun inside this block carry out ``request`` (None: no request)."""
    token = _REQUEST.set(request)
    try:
        yield
    finally:
        _REQUEST.reset(token)


def acting_author() -> str | None:
    """Who acts in operations begun now, when not the store's own user (a table server player)."""
    return _ACTING.get()


def acting_seen() -> dict[int, int] | None:
    """The versions the acting player's operations are checked against (None: unchecked)."""
    return _ACTING_SEEN.get()


@contextmanager
def acting(author: str, seen: dict[int, int] | None = None) -> Iterator[None]:
    """Operations begun inside this block are recorded as ``author``'s.

    ``seen``: character id -> the version the action read them at; an
    operation that touches one changed since is refused as an edit conflict,
    so nobody's change made meanwhile is overwritten (a server campaign's).
    """
    token, seen_token = _ACTING.set(author), _ACTING_SEEN.set(seen)
    try:
        yield
    finally:
        _ACTING_SEEN.reset(seen_token)
        _ACTING.reset(token)
