"""What another user's committed operations mean for this window: what to redraw, and one line.

A notice names the operation's kind and the characters it touched; from
those (and the characters there are now, against those shown before) this
works out the smallest change-set the panels refresh from, as if the
window had made the change itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tftmanager.app.changes import Changes
from tftmanager.app.opkind import OpKind

if TYPE_CHECKING:
    from tftmanager.app.server_campaigns import Notice

# Kinds whose operations change more than the characters they list.
_RULES = {OpKind.SETTINGS.value, OpKind.LIBRARY.value}
_WEEKS = {OpKind.WEEK.value, OpKind.JOBS.value}


def everything(current: Iterable[int], removed: Iterable[int] = ()) -> Changes:
    """Redraw it all: after a missed stretch of news, or an operation too big to list."""
    return Changes(party=True, characters=frozenset(current), removed=frozenset(removed),
                   settings=True, library=True, week=True, ledger=True, encounter=True)


def changes_for(notices: Iterable[Notice], known: set[int], current: set[int]) -> Changes:
    """The change-set for these notices, given the characters shown and those there now."""
    removed, added = known - current, current - known
    changes = Changes()
    for notice in notices:
        if notice.characters is None or notice.undone:  # an undo may touch anything
            return everything(current, removed)
        touched = frozenset(notice.characters) & frozenset(current)
        changes |= Changes(characters=touched, ledger=True,
                           settings=notice.kind in _RULES, library=notice.kind in _RULES,
                           week=notice.kind in _WEEKS,
                           encounter=notice.kind == OpKind.ENCOUNTER.value)
    if removed or added:
        changes |= Changes(party=True, characters=frozenset(added),
                           removed=frozenset(removed))
    return changes


def news_line(notice: Notice) -> str:
    """One status-bar line for another user's change ("alice: Ragnar: +10 XP")."""
    who = notice.author or "Someone"
    return f"{who} undid: {notice.label}" if notice.undone else f"{who}: {notice.label}"
