"""A character's front and back shared out so that the fewest cards are printed.

A wizard's spells can run the back onto a second card while the front is
half empty (issue 34). The back's last sections (or the one long section)
move to the end of the front when that saves a card without making the
front's type any smaller.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from tftmanager.cards.content import CardFace
from tftmanager.cards.fonts import Metrics
from tftmanager.cards.typeset import Typeset, fit

Cards = tuple[list[Typeset], list[Typeset]]


def balanced(front: CardFace, back: CardFace, w: float, h: float,
             metrics: Metrics) -> Cards:
    """The front's and the back's cards, with sections moved to the front where that helps."""
    fronts, backs = fit(front, w, h, metrics), fit(back, w, h, metrics)
    if len(fronts) > 1 or len(backs) == 1:
        return fronts, backs
    best: Cards = (fronts, backs)
    for moved in _choices(back):
        kept = tuple(s for i, s in enumerate(back.sections) if i not in moved)
        if not kept:
            continue
        front_after = replace(front, sections=(*front.sections,
                                               *(back.sections[i] for i in sorted(moved))))
        new_fronts = fit(front_after, w, h, metrics)
        if len(new_fronts) > 1 or new_fronts[0].scale < fronts[0].scale:
            continue  # no room, or only by shrinking the front's type
        new_backs = fit(replace(back, sections=kept), w, h, metrics)
        if len(new_backs) < len(best[1]):
            best = (new_fronts, new_backs)
    return best


def _choices(back: CardFace) -> Iterator[frozenset[int]]:
    """The sections that could move: a run from the end, fewest first, then each alone."""
    movable = [i for i, s in enumerate(back.sections) if not s.optional]
    for count in range(1, len(movable)):
        yield frozenset(movable[-count:])
    for index in movable:
        yield frozenset({index})
