"""Names from outside that the campaign's library lacks, and what the user chose for each.

A Foundry actor or a stat block written by someone else names talents,
spells and possessions in its own words ("Light Leather", "Wizards Staff",
"Area Knowledge").  None of them refuses the character: each unknown name is
an :class:`Unknown` (with its quantity and the figures it was given: cost,
weight, stops, damage), and the user's :class:`Resolution` says what becomes
of it:

- ``notes`` (the default): a line in the character's notes, quantity and
  figures included ("Armor: Light Leather (stops 1, $10, 2 lb)");
- ``map``: the library entry the user names instead (the closest names are
  suggested);
- ``add``: a new entry of the campaign's library, made from the figures given.

:class:`Resolver` does the looking up for one figure and records every
unknown and a report line for each, so the preview and the import say the
same thing, in the GUI and on the command line.
"""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tftmanager.app.library_names import NameIndex, normal
from tftmanager.refusal import Refusal
from tftmanager.rules.library_entries import Entry

SUGGESTED = 3
# Our kind -> the library entry kind a new entry is made as.
ENTRY_KIND = {"talent": "talent", "spell": "spell", "weapon": "weapon", "armor": "armor",
              "shield": "shield", "gear": "gear", "magic": "magic_item"}
LABEL = {"talent": "Talent", "spell": "Spell", "weapon": "Weapon", "armor": "Armor",
         "shield": "Shield", "gear": "Equipment", "magic": "Magic item"}
SOURCE = "Imported with a character"
ITEM_KINDS = ("weapon", "armor", "shield", "gear", "magic")


class ChoiceRefused(Refusal, ValueError):
    """A --choose option that cannot be read or names nothing in the library."""


class Choice(enum.StrEnum):
    """What becomes of a name the library lacks."""

    NOTES = "notes"
    MAP = "map"
    ADD = "add"


@dataclass(frozen=True)
class Resolution:
    """The user's choice for one unknown name; ``key`` is the library entry for ``map``."""

    choice: Choice = Choice.NOTES
    key: str = ""


Choices = Mapping[tuple[str, str], Resolution]


@dataclass(frozen=True)
class Unknown:
    """One name the library lacks, as written, with what it came with."""

    figure: str
    kind: str  # talent, spell, weapon, armor, shield, gear, magic
    name: str
    quantity: int = 1
    figures: str = ""  # "stops 1, $10, 2 lb", shown and kept in the notes
    data: Mapping[str, Any] = field(default_factory=dict)  # a new entry's fields
    suggestions: tuple[tuple[str, str], ...] = ()  # (key, name), closest first
    where: str = ""  # "line 7" for a stat block

    @property
    def ident(self) -> tuple[str, str]:
        """What a choice is keyed by: the kind and the name as compared."""
        return self.kind, normal(self.name)

    def described(self) -> str:
        """What was given: "Silver Coins x16 ($1, 0.01 lb)"."""
        count = f" x{self.quantity}" if self.quantity != 1 else ""
        details = f" ({self.figures})" if self.figures else ""
        return f"{self.name}{count}{details}"

    def note_line(self) -> str:
        """The line kept in the notes: "Equipment: Silver Coins x16 ($1, 0.01 lb)"."""
        return f"{LABEL[self.kind]}: {self.described()}"


def key_for(name: str, taken: Mapping[str, object]) -> str:
    """A new library key from a name ("Light Leather" -> "light_leather"), unused so far."""
    base = re.sub(r"[^a-z0-9]+", "_", normal(name)).strip("_") or "entry"
    key, n = base[:60], 2
    while key in taken:
        key, n = f"{base[:56]}_{n}", n + 1
    return key


def suggestions(index: NameIndex, kinds: tuple[str, ...], name: str) -> tuple[tuple[str, str], ...]:
    """The library entries closest to a name, for the map choice (worked out once a name).

    Entries sharing a word with it come first ("Leather armor" for "Light
    Leather"), then the closest spellings.
    """
    wanted = normal(name)
    cache: dict[tuple[tuple[str, ...], str], tuple[tuple[str, str], ...]] = \
        index.__dict__.setdefault("suggested", {})
    if (kinds, wanted) in cache:
        return cache[kinds, wanted]
    names = {normal(shown): (key, shown) for kind in kinds
             for key, shown in index.names[kind].items()}
    words = set(wanted.split())
    sharing = sorted((n for n in names if words & set(n.split())),
                     key=lambda n: -difflib.SequenceMatcher(None, wanted, n).ratio())
    close = difflib.get_close_matches(wanted, list(names), n=SUGGESTED, cutoff=0.5)
    chosen = list(dict.fromkeys([*sharing[:SUGGESTED], *close]))[:SUGGESTED]
    cache[kinds, wanted] = tuple(names[n] for n in chosen)
    return cache[kinds, wanted]


@dataclass
class Resolver:
    """Finds each name of one figure in the library and applies the user's choices."""

    index: NameIndex
    choices: Choices
    figure: str
    unknowns: list[Unknown] = field(default_factory=list)
    report: list[str] = field(default_factory=list)  # each line "Figure: what was done"
    said: list[str] = field(default_factory=list)  # the same lines without the figure's name
    kept: list[str] = field(default_factory=list)  # lines for the notes
    added: dict[tuple[str, str], Entry] = field(default_factory=dict)

    def find(self, kinds: tuple[str, ...], name: str) -> tuple[str, str] | None:
        """(kind, key) of the first kind holding the name, or None."""
        for kind in kinds:
            found = self.index.find(kind, name)
            if found.key is not None:
                return kind, found.key
        return None

    def resolve(self, kinds: tuple[str, ...], name: str, *, quantity: int = 1,
                figures: str = "", data: Mapping[str, Any] | None = None,
                where: str = "") -> tuple[str, str] | None:
        """(kind, key) for a name, or None when it goes to the notes (then recorded there)."""
        found = self.find(kinds, name)
        if found is not None:
            return found
        unknown = Unknown(self.figure, kinds[0], name, quantity, figures, dict(data or {}),
                          suggestions(self.index, kinds, name), where)
        self.unknowns.append(unknown)
        chosen = self.choices.get(unknown.ident, Resolution())
        if chosen.choice is Choice.MAP:
            target = next((k for k in (*kinds, *ITEM_KINDS) if chosen.key in self.index.names[k]
                           and (k in ITEM_KINDS) == (kinds[0] in ITEM_KINDS)), None)
            if target is not None:
                self._say(f"{unknown.note_line()} mapped to "
                          f"{self.index.name_of(target, chosen.key)}")
                return target, chosen.key
        if chosen.choice is Choice.ADD:
            return kinds[0], self._add(unknown)
        self.kept.append(unknown.note_line())
        self._say(f"{unknown.note_line()} kept in the notes")
        return None

    def _say(self, what: str) -> None:
        """Report what became of a name, for the figure's import report and its own lines."""
        self.report.append(f"{self.figure}: {what}")
        self.said.append(what)

    def _add(self, unknown: Unknown) -> str:
        entry_kind = ENTRY_KIND[unknown.kind]
        if unknown.ident in self.added:
            return self.added[unknown.ident].key
        taken = {**self.index.names[unknown.kind], **{e.key: e for e in self.added.values()}}
        key = key_for(unknown.name, taken)
        data = {"key": key, "name": unknown.name, **new_entry_fields(unknown), "source": SOURCE}
        self.added[unknown.ident] = Entry(entry_kind, key, data)
        self._say(f"{unknown.note_line()} added to the library as a new {unknown.kind}")
        return key


def new_entry_fields(unknown: Unknown) -> dict[str, Any]:
    """The fields a new library entry needs, from what was given (defaults said in docs)."""
    given = dict(unknown.data)
    price = {"cost": int(given.get("cost", 0) or 0),
             "weight_kg": float(given.get("weight_kg", 0.0) or 0.0)}
    if unknown.kind == "talent":
        return {"iq": int(given.get("iq", 7) or 7), "cost": int(given.get("cost", 1) or 1),
                "category": 1, "summary": "", "assumed": "added on import"}
    if unknown.kind == "spell":
        return {"iq": int(given.get("iq", 8) or 8), "type": given.get("type", "special"),
                "st_cost": str(given.get("st_cost", "")), "summary": ""}
    if unknown.kind == "weapon":
        return {**price, "damage": str(given.get("damage", "1d")),
                "st": int(given.get("st", 0) or 0),
                "missile": bool(given.get("missile")), "pole": bool(given.get("pole"))}
    if unknown.kind == "armor":
        return {**price, "stops": int(given.get("stops", 0) or 0),
                "dx": int(given.get("dx", 0) or 0), "ma": int(given.get("ma", 10) or 10)}
    if unknown.kind == "shield":
        return {**price, "stops": int(given.get("stops", 0) or 0),
                "dx": int(given.get("dx", 0) or 0)}
    if unknown.kind == "magic":
        return {"cost": price["cost"], "weight_kg": price["weight_kg"], "note": ""}
    return {**price, "note": ""}


def parse_choice(text: str) -> tuple[str, Resolution]:
    """A command line's choice: "NAME=notes", "NAME=add" or "NAME=LIBRARY NAME" (map).

    Returns the name as compared and the resolution (the map target still by
    name; :func:`choices_by_name` finds its key).
    """
    name, sep, what = text.partition("=")
    if not sep or not name.strip() or not what.strip():
        raise ChoiceRefused(f"'{text}' is not NAME=notes, NAME=add or NAME=LIBRARY NAME")
    word = what.strip().lower()
    if word in (Choice.NOTES, Choice.ADD):
        return normal(name), Resolution(Choice(word))
    return normal(name), Resolution(Choice.MAP, what.strip())


def choices_for(unknowns: list[Unknown], given: Mapping[str, Resolution],
                index: NameIndex) -> dict[tuple[str, str], Resolution]:
    """The choices keyed by unknown, a map target's name turned into its key.

    A map target the library does not hold is a ChoiceRefused naming it.
    """
    chosen: dict[tuple[str, str], Resolution] = {}
    for unknown in unknowns:
        wanted = given.get(normal(unknown.name))
        if wanted is None:
            continue
        if wanted.choice is Choice.MAP:
            kinds = (unknown.kind,) if unknown.kind in ("talent", "spell") else ITEM_KINDS
            target = next((found.key for k in kinds
                           if (found := index.find(k, wanted.key)).key is not None), None)
            if target is None:
                raise ChoiceRefused(f"'{wanted.key}' (for {unknown.name}) is not in this "
                                 "campaign's library")
            wanted = Resolution(Choice.MAP, target)
        chosen[unknown.ident] = wanted
    return chosen
