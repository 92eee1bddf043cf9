"""The party table's rows from, and into, the copy kept from the last run (``app.kept_party``).

Start-up shows these rows before the rules are imported, then reads the
file as always (``main_panels.show_preview``), which replaces them if they
differ.  After the campaign opens and after each change, the window keeps
the rows again (``keep_soon``), on a timer so a burst of edits writes once
and never while the user waits.  Nothing here imports a rule.
"""

from __future__ import annotations

from dataclasses import astuple, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tftmanager.app import kept_party
from tftmanager.refusal import Refusal
from tftmanager.ui.party_rows import PartyRow, pending_rows
from tftmanager.ui.runner import free_check, free_query

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

FIELDS = tuple(f.name for f in fields(PartyRow))
_TYPES = tuple({"int": int, "str": str}[str(f.type)] for f in fields(PartyRow))


def shown_rows(path: Path) -> tuple[list[PartyRow] | None, str]:
    """The rows kept for ``path`` as it is now (None if none can be trusted), and why not."""
    kept, reason = free_query(kept_party.load, path=path, fields=FIELDS)
    if kept is None:
        return None, reason
    rows = [_row(values) for values in kept]
    if any(row is None for row in rows):
        return None, f"kept party of {path.name} damaged: a value of the wrong kind"
    return [row for row in rows if row is not None], ""


def _row(values: list[Any]) -> PartyRow | None:
    """A row from its values, each of its field's exact kind (a bool is no number here)."""
    if any(type(v) is not kind for v, kind in zip(values, _TYPES, strict=True)):
        return None
    return PartyRow(*values)


def keep(session: CampaignSession, shown: int = 0) -> str:
    """Keep the party of an open campaign file for the next start; why not, in a line.

    ``shown``: how many rows the table holds.  A party larger than
    ``kept_party.MAX_ROWS`` is not read at all (reading thousands of
    characters after every edit would hold the window up); its old copy, if
    any, is removed.
    """
    path = session.location.file
    if path is None:
        return ""  # a server campaign: no file to vouch for the copy
    if shown > kept_party.MAX_ROWS:
        free_query(kept_party.forget, path=path)
        return ""
    kept = free_check(kept_party.keep, answers=(Refusal,), path=path, fields=FIELDS,
                      read_rows=lambda: _read(session))
    if kept.refusal is not None:  # the campaign cannot be read just now: nothing is kept
        return f"party of {path.name} not kept: {kept.refusal.message}"
    return kept.value or ""


def _read(session: CampaignSession) -> list[list[Any]] | None:
    """Every row as the table shows it, read from the campaign now; None if too many."""
    from tftmanager.app import campaigns, experience  # noqa: PLC0415 - with the store

    party = session.query(campaigns.party)
    if len(party.characters) > kept_party.MAX_ROWS:
        return None
    balances = session.query(experience.balances)
    return [list(astuple(row.make())) for row in pending_rows(party, balances)]
