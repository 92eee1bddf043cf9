"""Who moves first and who strikes first: initiative, the free-for-all roll-off, attack order.

Every roll goes through a ``RollFn`` (number of dice, what the roll is for ->
total), so the same rules serve the rolls a GM types in from the table and
the campaign's seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tftmanager.rules.records import Record
from tftmanager.rules.text import agreeing

RollFn = Callable[[int, str], int]


@dataclass(frozen=True, eq=False, repr=False)
class Ordering(Record):
    """An order decided by dice, and the lines that say how."""

    order: tuple[str, ...]
    log: tuple[str, ...]


def _highest(pool: Sequence[str], roll: RollFn, what: str, log: list[str],
             names: dict[str, str]) -> list[str]:
    """Everyone in ``pool`` rolls a die; ties among the highest roll again.

    Returns the pool ordered from the winner down, each tie settled by more dice.
    """
    if len(pool) <= 1:
        return list(pool)
    rolls = {who: roll(1, f"{what}: {names.get(who, who)}") for who in pool}
    log.append(f"{what}: " + ", ".join(f"{names.get(w, w)} {r}" for w, r in rolls.items()))
    ordered: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [w for w in pool if rolls[w] == value]
        ordered.extend(tied if len(tied) == 1 else _highest(tied, roll, f"{what} (tie)",
                                                             log, names))
    return ordered


def two_side_initiative(sides: Sequence[str], roll: RollFn) -> Ordering:
    """Melee stage (1): each side rolls a die; the winner then chooses who moves first.

    The order returned puts the winner first; ``choose_first`` changes it.
    """
    log: list[str] = []
    order = _highest(list(sides), roll, "Initiative", log, {})
    log.append(agreeing(order[0], "wins the initiative and chooses",
                        "win the initiative and choose") + " who moves first.")
    return Ordering(tuple(order), tuple(log))


def roll_off(sides: Sequence[str], roll: RollFn, went_last: str | None) -> Ordering:
    """The free-for-all turn order (002, "Turn Sequence").

    Everyone rolls; the highest goes first; the rest roll off for the next
    place, and so on.  The side that went last in the previous turn sits out
    the first roll-off (so nobody has two turns in a row) and joins the next.
    """
    remaining = list(sides)
    log: list[str] = []
    pool = [s for s in remaining if s != went_last] if len(remaining) > 2 else list(remaining)
    if went_last in remaining and len(remaining) > 2:
        log.append(agreeing(went_last, "went last and sits", "went last and sit")
                   + " out the first roll-off.")
    order: list[str] = []
    place = 1
    while remaining:
        if len(pool) == 1:
            winner = pool[0]
        else:
            winner = _highest(pool, roll, f"Roll-off for place {place}", log, {})[0]
        order.append(winner)
        log.append(f"{agreeing(winner, 'goes', 'go')} {_ordinal(place)}.")
        remaining.remove(winner)
        pool = list(remaining)
        place += 1
    return Ordering(tuple(order), tuple(log))


def choose_first(order: Sequence[str], first: str) -> tuple[str, ...]:
    """The winner's choice: ``first`` moves first, the rest keep their order."""
    if first not in order:
        raise ValueError(f"'{first}' is not a side in this fight.")
    return (first, *(s for s in order if s != first))


def attack_order(figures: Sequence[tuple[str, str, int]], roll: RollFn) -> Ordering:
    """Melee stage (4): attacks in adjusted-DX order, highest first, ties by a die each turn.

    ``figures`` are (id, name, adjDX) of those able to attack.
    """
    names = {fid: name for fid, name, _dx in figures}
    log: list[str] = []
    order: list[str] = []
    for dx in sorted({dx for _fid, _name, dx in figures}, reverse=True):
        tied = [fid for fid, _name, value in figures if value == dx]
        if len(tied) > 1:
            tied = _highest(tied, roll, f"Tie at adjDX {dx}", log, names)
        order.extend(tied)
    log.append("Attack order: " + ", ".join(
        f"{names[f]} ({dx})" for f in order for fid, _n, dx in figures if fid == f))
    return Ordering(tuple(order), tuple(log))


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")
