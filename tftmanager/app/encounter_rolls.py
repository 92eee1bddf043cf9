"""The rolls of one encounter action: typed at the table in either form, or made by the app.

The GM types the rolls in the order the rules ask for them (to hit, then
damage).  Each roll may be typed as its total ("9") or as one number per die
("5 3 1"): an action is tried with every roll read as a total, then with one
reading per die for some of them, until the typed numbers fit it exactly.  A
damage roll typed for an attack that missed is not needed, and is said so in
the log rather than refused ("9 4": a 9 misses, the 4 is not rolled).  With
nothing typed, the encounter's seed and the rolls made so far give the next
die, so a resumed fight rolls on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from tftmanager.rules.dice_expr import Dice, can_roll, is_face
from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.text import count


class TypedRollsRefused(EncounterRefused):
    """The typed rolls do not fit the action read this way (another reading may)."""


class Roller:
    """Rolls for one action: the GM's typed rolls in order, else the seeded generator.

    ``per_die`` holds the places (0, 1, ...) of the rolls read as one number
    per die rather than as a total.
    """

    def __init__(self, encounter: Encounter, typed: Sequence[int] | None,
                 per_die: frozenset[int] = frozenset()) -> None:
        self.encounter = encounter
        self.typed = list(typed) if typed is not None else None
        self.per_die = per_die
        self.used = 0
        self.asked: list[str] = []  # what each roll was for, as the log says it
        self.spare_ok = ""  # why rolls left over were not needed ("" refuses them)

    def __call__(self, dice: int, what: str) -> int:
        self.asked.append(f"{what} ({_dice(dice)})")
        if self.typed is not None:
            total = self._typed(dice, what)
            how = "typed"
        else:
            enc = self.encounter
            total = Dice.for_roll(enc.seed, enc.rolls_made).total(dice)
            how = "rolled"
        self.encounter.rolls_made += 1
        self.used += 1
        self.encounter.note(f"Roll for {what}: {total} on {_dice(dice)} ({how}).")
        return total

    def _typed(self, dice: int, what: str) -> int:
        assert self.typed is not None
        wanted = dice if self.used in self.per_die else 1
        if len(self.typed) < wanted:
            raise TypedRollsRefused(f"A roll of {_dice(dice)} is needed for {what}: type it, "
                                    f"or let the app roll.")
        numbers, self.typed = self.typed[:wanted], self.typed[wanted:]
        if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
            raise TypedRollsRefused(f"{numbers} are not whole numbers ({what}).")
        if wanted > 1:
            if not all(is_face(n) for n in numbers):
                raise TypedRollsRefused(f"{' '.join(map(str, numbers))} are not {dice} dice "
                                        f"({what}).")
            return sum(numbers)
        total = numbers[0]
        if not can_roll(total, dice):
            raise TypedRollsRefused(f"{total} cannot be rolled on {_dice(dice)} ({what}).")
        return total

    def finish(self) -> None:
        """Refuse typed rolls the action did not use, unless they were not needed (a miss)."""
        if not self.typed:
            return
        left = f"{count(len(self.typed), 'typed roll')} ({', '.join(map(str, self.typed))})"
        if self.spare_ok:
            self.encounter.note(f"{left} not needed: {self.spare_ok}.")
            return
        raise TypedRollsRefused(f"{left} left over: this action needed "
                                f"{count(self.used, 'roll')}: " + "; ".join(self.asked) + ".")


def readings(typed: Sequence[int] | None) -> Iterator[frozenset[int]]:
    """Which rolls to read one number per die: none first, then one, two... of them."""
    yield frozenset()
    if not typed:
        return
    places = range(len(typed))
    for size in range(1, len(typed) + 1):
        for chosen in combinations(places, size):
            yield frozenset(chosen)


def _dice(number: int) -> str:
    """"1 die", "3 dice": a roll as the GM says it."""
    return count(number, "die", "dice")
