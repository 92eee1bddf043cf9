"""The players' links to the table server: invite, renew, revoke, and look a secret up.

A link carries a secret made by ``secrets`` (256 bits), bound to one
character.  The GM renews a link (a new secret; the old one stops working at
once) or revokes it.  The table server asks ``link_for`` on every request, so
a revoked link gets nothing from the next request on; the secret is compared
with every stored one in constant time (``hmac.compare_digest``), and never
written to a log or a label.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from tftmanager.refusal import Refusal
from tftmanager.store import acting, queries
from tftmanager.store import player_links as stored
from tftmanager.store.campaign import CampaignStore

SECRET_BYTES = 32  # 256 bits, well past the 128 the table server needs
# A secret as token_urlsafe writes it: the table server refuses anything longer unread.
SECRET_MAX = 64


class LinkRefused(Refusal, ValueError):
    """A link the GM asked for that cannot be made (a character that is not there)."""


@dataclass(frozen=True)
class PlayerLink:
    """One character's link: who plays it, and its secret."""

    character_id: int
    name: str
    player: str
    secret: str
    # The character's version when the link was read (a server campaign's count of its
    # changes): the player's action is checked against it.  None: read it afresh.
    version: int | None = field(default=None, compare=False)

    @property
    def author(self) -> str:
        """How the history names this player's edits: "Alice (player of Ragnar)"."""
        who = f"{self.player} (player of {self.name})" if self.player \
            else f"{self.name}'s player"
        return who[:63]


def links(*, store: CampaignStore) -> list[PlayerLink]:
    """Every character's link, by the characters' names."""
    with store.transaction() as session:
        rows = stored.links(session=session, campaign_id=store.campaign_id)
    return [PlayerLink(*row) for row in rows]


def _character(store: CampaignStore, character_id: int) -> tuple[str, str]:
    with store.transaction() as session:
        try:
            character = queries.get_character(session=session, character_id=character_id)
        except queries.NotFound:
            raise LinkRefused("That character is no longer in the campaign.") from None
    return character.character.name, character.character.player


def _writable(store: CampaignStore) -> None:
    if store.read_only:
        raise LinkRefused("This campaign is open read-only: players' links cannot be given "
                          "or taken away.")


def invite(*, store: CampaignStore, character_id: int) -> PlayerLink:
    """Give a character a new link; an earlier link of theirs stops working at once."""
    _writable(store)
    name, player = _character(store, character_id)
    secret = secrets.token_urlsafe(SECRET_BYTES)
    with store.transaction() as session:
        stored.put_link(session=session, character_id=character_id, secret=secret)
    return PlayerLink(character_id, name, player, secret)


def revoke(*, store: CampaignStore, character_id: int) -> bool:
    """Take a character's link away; whether there was one."""
    _writable(store)
    with store.transaction() as session:
        return stored.drop_link(session=session, character_id=character_id)


def link_for(*, store: CampaignStore, secret: str) -> PlayerLink | None:
    """The link this secret opens, or None (wrong, revoked or malformed).

    Every stored secret is compared, each in constant time, so how long the
    answer takes says nothing about which characters have links or how much
    of a guess was right.
    """
    return links_and_link(store=store, secret=secret)[1]


def links_and_link(*, store: CampaignStore, secret: str
                   ) -> tuple[list[PlayerLink] | None, PlayerLink | None]:
    """Every link (as ``links``) and the one this secret opens, from one read.

    For the table server's action, whose answer's card pass needs the links
    as well (the revoked ones' pages learn it there): the list read here is
    as fresh as the request.  None for the list when the secret is malformed
    (nothing is read then).
    """
    if not secret or len(secret) > SECRET_MAX or not secret.isascii():
        return None, None
    with store.reading():  # one statement: on a server, no BEGIN and COMMIT around it
        every = links(store=store)
    return every, _opened_by(every, secret)


def _opened_by(every: list[PlayerLink], secret: str) -> PlayerLink | None:
    """The link of ``every`` this secret opens, each compared in constant time."""
    found: PlayerLink | None = None
    wanted = secret.encode()
    for link in every:
        if hmac.compare_digest(link.secret.encode(), wanted):
            found = link
    return found


@contextmanager
def acting_for(link: PlayerLink, *, store: CampaignStore,
               nonce: str = "", announce: set[int] | None = None
               ) -> Iterator[acting.Request | None]:
    """Operations begun inside this block are the player's, by name, in the history.

    The block is one whole for the player's character: an edit anyone else
    commits between its reads and its writes is never overwritten.  In a
    file the window waits for the block; on a server the block's operations
    are refused (``EditConflict``) once the character changed since its
    start, and the caller tries again on what is there now.

    The character's version is the link's, read with it (``link_for``), or
    (``version`` None) read first here.

    ``nonce``: the request's (yielded: once done, its ``operation_id`` is the
    operation that carried it out); its first operation records it in the same
    transaction, and one already recorded (a page re-sending a request done
    before, even before a restart) is refused with ``RequestDone``.  ``announce``
    is given that operation's id before it commits.
    """
    request = acting.Request(link.character_id, nonce, announce=announce) if nonce else None
    with store.as_player(link.author, link.character_id, version=link.version), \
            acting.answering(request):
        yield request


def request_done(*, store: CampaignStore, nonce: str) -> bool:
    """Whether the table server has done a request with this nonce (kept across restarts)."""
    with store.transaction() as session:
        return stored.request_done(session=session, nonce=nonce)
