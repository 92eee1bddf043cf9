"""Finding a library entry by the name a stat block or another program gives it.

Stat blocks and Foundry actors name talents, spells, weapons and races in
words ("Axe/Mace", "chain mail", "Daggers"), not by our keys.  A name is
matched, ignoring case, spacing and curly quotes, against each entry's name,
its key, the shipped aliases (``resources/statblocks/aliases.toml``) and a
plural "s"; failing that a unique beginning ("leather" for Leather armor)
is accepted.  Anything else is refused with the names it could have been,
so nothing is imported as the wrong entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import read_toml

KINDS = ("race", "talent", "spell", "weapon", "armor", "shield", "gear", "magic")
SHOWN = 4  # candidates named in an "it could be" message


def normal(name: str) -> str:
    """A name as compared: case, spacing and curly quotes ignored."""
    return " ".join(name.replace("’", "'").replace("`", "'").replace("_", " ").split()
                    ).casefold()


@cache
def shipped_aliases() -> dict[str, dict[str, str]]:
    """The alias tables by kind, names normalised."""
    data = read_toml("statblocks", "aliases.toml")
    return {kind: {normal(k): str(v) for k, v in data.get(kind, {}).items()} for kind in KINDS}


def _entries(library: RulesLibrary, kind: str) -> dict[str, str]:
    """Key -> display name of every entry of a kind."""
    tables: dict[str, Mapping[str, Any]] = {
        "race": library.races, "talent": library.talents, "spell": library.spells,
        "weapon": library.weapons, "armor": library.armors, "shield": library.shields,
        "gear": library.gear, "magic": library.magic_items}
    table = tables[kind]
    return {key: str(entry.name) for key, entry in table.items()}


@dataclass(frozen=True)
class Match:
    """The outcome of a lookup: a key, or why there is none."""

    key: str | None
    why: str = ""


class NameIndex:
    """Every name of a campaign's library entries, by kind."""

    def __init__(self, library: RulesLibrary) -> None:
        self.names: dict[str, dict[str, str]] = {}
        self.exact: dict[str, dict[str, str]] = {}
        aliases = shipped_aliases()
        for kind in KINDS:
            entries = _entries(library, kind)
            self.names[kind] = entries
            exact = {normal(key): key for key in entries}
            exact.update({normal(name): key for key, name in entries.items()})
            exact.update({alias: key for alias, key in aliases[kind].items() if key in entries})
            self.exact[kind] = exact

    def name_of(self, kind: str, key: str) -> str:
        """The library's name for a key (the key itself when the entry is gone)."""
        return self.names[kind].get(key, key)

    def find(self, kind: str, written: str) -> Match:
        """The key a written name stands for, or why none does."""
        wanted = normal(written)
        exact = self.exact[kind]
        for form in (wanted, wanted[:-1] if wanted.endswith("s") else "",
                     wanted[:-2] if wanted.endswith("es") else ""):
            if form and form in exact:
                return Match(exact[form])
        starts = sorted({key for name, key in exact.items() if wanted and name.startswith(wanted)})
        if len(starts) == 1:
            return Match(starts[0])
        if starts:
            shown = ", ".join(self.name_of(kind, k) for k in starts[:SHOWN])
            return Match(None, f"'{written}' could be several {kind}s: {shown}")
        return Match(None, f"'{written}' is no {kind} in this campaign's library")
