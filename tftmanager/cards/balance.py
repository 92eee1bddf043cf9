"""A character's front and back shared out so that the fewest cards are printed.

A wizard's spells can run the back onto a second card while the front is
half empty (issue 34). The back's last sections (or the one long section)
move to the end of the front when that saves a card without making the
front's type any smaller.
"""

from __future__ import annotations

from dataclasses import replace

from tftmanager.cards.content import CardFace
from tftmanager.cards.fonts import Metrics
from tftmanager.cards.typeset import Typeset, fit

Cards = tuple[list[Typeset], list[Typeset]]


def balanced(front: CardFace, back: CardFace, w: float, h: float,
             metrics: Metrics) -> Cards:
    """The front's and the back's cards, with sections moved to the front where that helps.

    Each try sets a front and a back again, the costly part of an export, so
    the tries stop early: a back on one card cannot be bettered, and a run of
    sections from the end that overflows the front overflows it the longer.
    """
    fronts, backs = fit(front, w, h, metrics), fit(back, w, h, metrics)
    if len(fronts) > 1 or len(backs) == 1:
        return fronts, backs
    best: Cards = (fronts, backs)
    movable = [i for i, s in enumerate(back.sections) if not s.optional]
    runs = [frozenset(movable[-count:]) for count in range(1, len(movable))]
    singles = [frozenset({i}) for i in movable[:-1]]  # the last alone is the first run
    for group, moves in ((True, runs), (False, singles)):
        for moved in moves:
            tried = _moved(front, back, moved, fronts[0].scale, w, h, metrics)
            if tried is None:
                if group:
                    break  # a longer run from the end will not fit either
                continue
            if len(tried[1]) < len(best[1]):
                best = tried
                if len(best[1]) == 1:
                    return best
    return best


def _moved(front: CardFace, back: CardFace, moved: frozenset[int], scale: float, w: float,
           h: float, metrics: Metrics) -> Cards | None:
    """The cards with the ``moved`` sections at the end of the front; None if it has no room."""
    kept = tuple(s for i, s in enumerate(back.sections) if i not in moved)
    if not kept:
        return None
    front_after = replace(front, sections=(*front.sections,
                                           *(back.sections[i] for i in sorted(moved))))
    new_fronts = fit(front_after, w, h, metrics)
    if len(new_fronts) > 1 or new_fronts[0].scale < scale:
        return None  # no room, or only by shrinking the front's type
    return new_fronts, fit(replace(back, sections=kept), w, h, metrics)
