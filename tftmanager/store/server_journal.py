"""A server campaign's journal: the same operations as a file's, kept by server functions.

Each call below is one round trip to a function the campaign's owner
defined (``server_functions``), so an edit costs the same few round trips at
any length of history, and a login can record, replay or silence nothing
but what those functions allow it.  The versions the server raised are what
this client has now seen of the characters it changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session

from tftmanager.store.acting import acting_author, acting_seen
from tftmanager.store.journal import OpenOperation, ReplayRefused, RowChange
from tftmanager.store.queries import hold
from tftmanager.store.server_functions import REPLAY_REFUSED
from tftmanager.store.tables import CampaignRow, OperationRow


@contextmanager
def unrecorded(session: Session) -> Iterator[None]:
    """Writes to a server campaign that are no user's action (init, push): the GM's only."""
    session.flush()
    session.execute(text("SELECT tft_quiet(true)"))
    try:
        yield
        session.flush()
    finally:
        session.execute(text("SELECT tft_quiet(false)"))


class ServerJournal:
    """The journal of one login's open server campaign; ``seen`` is its last look.

    ``for_player`` (or, for one block, ``acting.acting``): a GM's connection
    (the table server's) recording each operation in a player's name, with a
    player's limits and the server's own words for its history line.  Such
    an operation is checked against the versions the player's action read
    (``acting.acting``'s ``seen``), never against the GM's last look.
    """

    def __init__(self, author: str, seen: dict[int, int], *,
                 for_player: str | None = None) -> None:
        self.author = author
        self.seen = seen  # shared with the store: character id -> version last seen
        self.for_player = for_player
        # False: no check against this store's look (``store.acting_for`` without ``seen``)
        self.checks_seen = True
        self._raised: dict[int, int] = {}

    def begin(self, session: Session, *, campaign_id: int, kind: str) -> OpenOperation:
        """Open an operation and read the campaign's row with it (one round trip).

        The row then sits in the session, so the use case reading the
        campaign (its week, its rules) reads nothing more.
        """
        campaign, op_id = session.execute(
            select(CampaignRow, func.tft_begin(campaign_id, kind, self._player()))
            .where(CampaignRow.id == campaign_id)).one()  # type: ignore[arg-type]
        hold(session, campaign)
        return OpenOperation(session=session, id=int(op_id), kind=kind, author=self.author,
                             mine=(self.author,))

    def finish(self, session: Session, op: OpenOperation, *, campaign_id: int) -> None:
        """Label it; the server keeps the limit, raises the versions (or refuses) and notifies."""
        session.flush()
        seen = self._checked_against()
        raised = session.execute(
            text("SELECT tft_finish(:op, :label, :key, :meta, :deed, CAST(:seen AS jsonb))"),
            {"op": op.id, "label": op.label[:300], "key": op.merge_key[:120],
             "meta": json.dumps(op.meta, sort_keys=True),
             "deed": json.dumps(op.deed, sort_keys=True),
             "seen": None if seen is None else json.dumps({str(k): v for k, v in seen.items()})
             }).scalar()
        self._raised = _versions(raised)
        if acting_author() is not None:
            # What the player's action has now seen (its next operation builds on this one),
            # never what this login (the GM's connection) has seen.
            if seen is not None:
                seen.update(self._raised)
            self._raised = {}

    def replay(self, session: Session, operation_id: int, changes: list[RowChange], *,
               backwards: bool) -> None:
        """Undo or redo on the server, which first checks nobody has changed what it puts back."""
        session.flush()
        try:
            raised = session.execute(text("SELECT tft_replay(:op, :back, :player)"),
                                     {"op": operation_id, "back": backwards,
                                      "player": self._player()}).scalar()
        except DBAPIError as exc:
            diag = getattr(exc.orig, "diag", None)
            if getattr(exc.orig, "sqlstate", "") == REPLAY_REFUSED and diag is not None:
                other = json.loads(diag.message_detail or "{}")
                raise ReplayRefused(str(other.get("author", "")), str(other.get("label", "")),
                                    str(other.get("short", ""))) from exc
            raise
        held = session.identity_map.get(identity_key(OperationRow, operation_id))
        if held is not None:
            session.expire(held)  # the server marked it undone (or done)
        self._raised = _versions(raised)

    def _checked_against(self) -> dict[int, int] | None:
        """The versions this operation's characters must still have, or None (unchecked).

        The login's own last look; for a player acting through the table
        server, the versions their action read (never the GM's look).
        """
        if acting_author() is not None:
            return acting_seen()
        return self.seen if self.checks_seen else None

    def _player(self) -> str | None:
        """The player this operation is recorded for, if not the login itself."""
        return self.for_player or acting_author()

    def committed(self) -> None:
        """Remember the versions raised: this client has seen its own change."""
        self.seen.update(self._raised)
        self._raised = {}


def _versions(raised: Any) -> dict[int, int]:
    if not raised:
        return {}
    found = json.loads(raised) if isinstance(raised, str) else raised
    return {int(k): int(v) for k, v in found.items()}


def conflict_message(detail: str | None) -> str:
    """Who changed which character since this client's look (``tft_versions``'s detail)."""
    found = json.loads(detail or "{}")
    name = found.get("name") or "a character"
    who = found.get("author") or "another user"
    label = found.get("label") or ""
    what = f" (\u201c{label}\u201d)" if label else ""
    return (f"{who} changed {name} since you last looked{what}. Your change was not made; "
            f"{name} now shows their change.")
