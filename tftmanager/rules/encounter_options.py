"""Melee's options: what a figure does this turn, and the attacks each allows.

"A figure may execute ONE option each turn" and "No figure may attack unless
it chose an option including the word 'attack'" (003, Options).  The list is
rules data (``[options]`` of ``injury.toml``); the tracker records each
figure's option for the turn, refuses an attack the option does not allow,
and rolls one more die against a dodging or defending figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record

ATTACKS = ("any", "nonmissile", "missile", "none")
IN_HTH = ("", "any", "only")  # not in HTH combat, in it or not, only in it


@dataclass(frozen=True, eq=False, repr=False)
class FightOption(Record):
    """One of Melee's options (a)-(r)."""

    key: str
    letters: tuple[str, ...]
    name: str
    attacks: str  # one of ATTACKS
    needs: str = ""  # "missile" or "nonmissile": the ready weapon it needs
    guards: str = ""  # attacks of this sort on the figure roll one more die
    one_shot: bool = False  # (j): one last shot, and the weapon is dropped next turn
    charges: bool = False  # (b): a pole weapon's charge, or one against it (003 line 256)
    stands: bool = False  # (g), (n): the figure rises from the ground this turn
    hth: bool = False  # (m), (p): a hand-to-hand attack ([hth] of injury.toml)
    in_hth: str = ""  # one of IN_HTH: whether a figure in HTH combat may take it
    acts: bool = False  # (l), (q), (r): the figure acts when its turn to attack comes

    def fits_hth(self, in_hth: bool) -> bool:
        """Whether a figure in (or out of) HTH combat may take this option."""
        return self.in_hth == "any" or (self.in_hth == "only") == in_hth

    def allows(self, missile: bool) -> bool:
        """Whether this option attacks with a missile (or a non-missile) weapon."""
        return self.attacks == "any" or self.attacks == ("missile" if missile else "nonmissile")

    def refusal(self, who: str, weapon: str, missile: bool) -> str:
        """Why ``who`` may not attack with this weapon under the option, or ""."""
        if self.allows(missile):
            return ""
        if self.attacks == "none":
            return f"{who} chose {self.name}, which has no attack this turn."
        kind = "a missile weapon" if missile else "a weapon that is not a missile weapon"
        return f"{who} chose {self.name}, which does not attack with {kind} ({weapon})."

    def guarded(self, missile: bool) -> bool:
        """Whether an attack of this sort on the figure rolls one more die."""
        return bool(self.guards) and self.guards == ("missile" if missile else "nonmissile")


def options_from_data(doc: Mapping[str, Any]) -> dict[str, FightOption]:
    """Read ``[options]``; the ``source`` line is not an option."""
    found = {}
    for key, row in doc.items():
        if not isinstance(row, Mapping):
            continue
        attacks = str(row["attacks"])
        if attacks not in ATTACKS:
            raise RulesDataError(f"Option '{key}': attacks must be one of {', '.join(ATTACKS)}")
        in_hth = str(row.get("in_hth", ""))
        if in_hth not in IN_HTH:
            raise RulesDataError(f"Option '{key}': in_hth must be 'any' or 'only'")
        found[key] = FightOption(key, tuple(str(row["letters"]).split()), str(row["name"]),
                                 attacks, str(row.get("needs", "")), str(row.get("guards", "")),
                                 bool(row.get("one_shot", False)),
                                 bool(row.get("charges", False)), bool(row.get("stands", False)),
                                 bool(row.get("hth", False)), in_hth,
                                 bool(row.get("acts", False)))
    return found


def find_option(options: Mapping[str, FightOption], ref: str) -> FightOption | None:
    """An option by key, letter (Melee's "(h)") or name, any case."""
    low = ref.strip().strip("()").lower()
    for option in options.values():
        if low in (option.key, option.name.lower(), *option.letters):
            return option
    return None
