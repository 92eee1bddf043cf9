"""Effects: what a talent or a magic item does to a number on the card.

An effect is rules data, written in the library as a short line a GM can
read and edit in the Rules Library: ``"ma +2"`` (Running), ``"hits_stopped
+1"`` (Toughness), ``"adj_dx +1 with sword"`` (only with that class of
weapon), ``"ma x2"`` (doubled), ``"ma +4 when on level snow with skis"``
(situational: shown on the card, not added to the figure's usual number).
Each entry carrying effects says where they come from (``effects_source``)
and, where no document states them, why we assumed them (``effects_assumed``).

The figure's stats apply them here and only here (``rules.derived`` and
``rules.memory`` call ``adjusted``), so every view shows the same total and
the same "MA 12 (10, Running +2)".
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


class Stat(enum.Enum):
    """The numbers an effect can change (the words used in the data)."""

    MA = "ma"
    HITS_STOPPED = "hits_stopped"
    ADJ_DX = "adj_dx"
    DAMAGE = "damage"
    MEMORY = "memory"


LABELS = {Stat.MA: "MA", Stat.HITS_STOPPED: "hits stopped", Stat.ADJ_DX: "adjDX",
          Stat.DAMAGE: "damage", Stat.MEMORY: "memory"}

_LINE = re.compile(
    r"^\s*(?P<stat>[a-z_]+)\s+(?P<op>[+-]|x)\s*(?P<amount>\d+)"
    r"(?:\s+with\s+(?P<tag>[a-z_]+))?(?:\s+when\s+(?P<when>.+?))?\s*$")


@dataclass(frozen=True, eq=False, repr=False)
class StatEffect(Record):
    """One change to one stat.

    ``amount`` is added (or, with ``multiply``, the total is multiplied by
    it).  ``weapon_tag`` limits a DX or damage effect to weapons with that
    tag.  ``when`` names the situation of a conditional effect, which is only
    described, never added in.
    """

    stat: Stat
    amount: int
    multiply: bool = False
    weapon_tag: str = ""
    when: str = ""

    @property
    def situational(self) -> bool:
        """True when the effect holds only in a named situation."""
        return bool(self.when)

    def label(self) -> str:
        """The effect in the player's words: "hits stopped +4", "MA x2 when ..."."""
        op = f"x{self.amount}" if self.multiply else f"{self.amount:+d}"
        tag = f" with {self.weapon_tag}" if self.weapon_tag else ""
        when = f" when {self.when}" if self.when else ""
        return f"{LABELS[self.stat]} {op}{tag}{when}"

    def text(self) -> str:
        """The effect as the data writes it (and the editor shows it)."""
        op = f"x{self.amount}" if self.multiply else f"{self.amount:+d}"
        tag = f" with {self.weapon_tag}" if self.weapon_tag else ""
        when = f" when {self.when}" if self.when else ""
        return f"{self.stat.value} {op}{tag}{when}"


def parse_effect(line: str, owner: str = "") -> StatEffect:
    """Read one effect line; bad data names the entry and the line."""
    match = _LINE.match(line)
    if match is None:
        raise RulesDataError(f"'{owner}': effect '{line}' should look like 'ma +2', "
                             "'adj_dx +1 with sword' or 'ma +4 when on level snow'")
    try:
        stat = Stat(match["stat"])
    except ValueError:
        known = ", ".join(s.value for s in Stat)
        raise RulesDataError(f"'{owner}': effect '{line}' names no stat ({known})") from None
    amount = int(match["amount"])
    multiply = match["op"] == "x"
    if match["op"] == "-":
        amount = -amount
    if amount > 100 or (multiply and amount == 0):
        raise RulesDataError(f"'{owner}': effect '{line}' is out of range")
    return StatEffect(stat, amount, multiply, match["tag"] or "", (match["when"] or "").strip())


def parse_effects(lines: Iterable[object], owner: str = "") -> tuple[StatEffect, ...]:
    """Read an entry's ``effects`` list."""
    effects = []
    for line in lines:
        if not isinstance(line, str):
            raise RulesDataError(f"'{owner}': effects must be lines of text")
        effects.append(parse_effect(line, owner))
    return tuple(effects)


@dataclass(frozen=True, eq=False, repr=False)
class Active(Record):
    """An effect in force on a figure, with the name of what gives it."""

    name: str
    effect: StatEffect


@dataclass(frozen=True, eq=False, repr=False)
class Part(Record):
    """One contribution to an adjusted number: "Running +2"."""

    name: str
    amount: int
    multiply: bool = False

    def text(self) -> str:
        """"Running +2" or "Speed Movement x2"."""
        op = f"x{self.amount}" if self.multiply else f"{self.amount:+d}"
        return f"{self.name} {op}"


@dataclass(frozen=True, eq=False, repr=False)
class Adjusted(Record):
    """A number with the base it started from and what changed it."""

    base: int
    value: int
    parts: tuple[Part, ...] = ()

    def why(self) -> str:
        """"10, Running +2": the base and each contribution ("" when nothing changed it)."""
        if not self.parts:
            return ""
        return f"{self.base}, " + ", ".join(p.text() for p in self.parts)

    def explain(self) -> str:
        """"12 (10, Running +2)", or just "10" when nothing changed it."""
        return f"{self.value} ({self.why()})" if self.parts else str(self.value)


def adjusted(base: int, stat: Stat, active: Sequence[Active],
             weapon_tags: Iterable[str] | None = None) -> Adjusted:
    """Apply every effect on ``stat`` that holds now: additions, then multipliers.

    ``weapon_tags`` is the weapon an attack uses; effects limited to a class
    of weapon count only when its tag is among them (and never without one).
    """
    tags = set(weapon_tags or ())
    adds = [a for a in _holding(active, stat, tags) if not a.effect.multiply]
    times = [a for a in _holding(active, stat, tags) if a.effect.multiply]
    value = base + sum(a.effect.amount for a in adds)
    for a in times:
        value *= a.effect.amount
    parts = tuple(Part(a.name, a.effect.amount, a.effect.multiply) for a in (*adds, *times))
    return Adjusted(base, max(value, 0) if stat is not Stat.ADJ_DX else value, parts)


def _holding(active: Sequence[Active], stat: Stat, tags: set[str]) -> list[Active]:
    return [a for a in active if a.effect.stat is stat and not a.effect.situational
            and (not a.effect.weapon_tag or a.effect.weapon_tag in tags)]


def situational(active: Sequence[Active]) -> tuple[str, ...]:
    """Lines for the card: "Skiing: MA +4 when on level snow with skis"."""
    return tuple(f"{a.name}: {a.effect.label()}" for a in active if a.effect.situational)
