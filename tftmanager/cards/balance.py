"""A character's front and back shared out so that the fewest cards are printed.

A wizard's spells can run the back onto a second card while the front is
half empty, and a barbarian's back can spill three lines of Recovery onto a
card of its own (issue 34). The back's last sections (or one section alone)
move to the end of the front when that saves a card. The front's type may
step down for it, never below the readable minimum ``typeset`` keeps: a
slightly smaller front reads better than a card holding three lines.
"""

from __future__ import annotations

from dataclasses import replace

from tftmanager.cards.content import CardFace
from tftmanager.cards.fonts import Metrics
from tftmanager.cards.typeset import Typeset, fit, set_at

Cards = tuple[list[Typeset], list[Typeset]]


def _better(tried: Cards, best: Cards) -> bool:
    """Fewer cards first; then larger type on the smallest-set card; then fewer closed up."""
    def key(cards: Cards) -> tuple[int, float, int]:
        faces = [*cards[0], *cards[1]]
        return -len(faces), min(t.scale for t in faces), -sum(t.tight for t in faces)
    return key(tried) > key(best)


def balanced(front: CardFace, back: CardFace, w: float, h: float,
             metrics: Metrics) -> Cards:
    """The front's and the back's cards, with sections moved to the front where that helps.

    Sections move when that saves a card, the front's type stepping down if
    need be; a back that fits one card only closed up (``Typeset.tight``)
    hands its last sections to a front with room at the front's own size.
    Each try sets a front and a back again, the costly part of an export, so
    the tries stop early: a back on one card cannot be bettered, and a run of
    sections from the end that overflows the front overflows it the longer.
    """
    fronts, backs = fit(front, w, h, metrics), fit(back, w, h, metrics)
    if len(fronts) > 1:
        return fronts, backs
    if len(backs) == 1:
        return _opened(front, back, (fronts, backs), w, h, metrics) if backs[0].tight \
            else (fronts, backs)
    best: Cards = (fronts, backs)
    movable = [i for i, s in enumerate(back.sections) if not s.optional]
    runs = [frozenset(movable[-count:]) for count in range(1, len(movable))]
    singles = [frozenset({i}) for i in movable[:-1]]  # the last alone is the first run
    for group, moves in ((True, runs), (False, singles)):
        for moved in moves:
            tried = _moved(front, back, moved, w, h, metrics)
            if tried is None:
                if group:
                    break  # a longer run from the end will not fit either
                continue
            if _better(tried, best):
                best = tried
                if len(best[1]) == 1:
                    return best
    return best


def _opened(front: CardFace, back: CardFace, cards: Cards, w: float, h: float,
            metrics: Metrics) -> Cards:
    """A closed-up back eased by moving its last sections to the front, at the front's size."""
    best = cards
    movable = [i for i, s in enumerate(back.sections) if not s.optional]
    for count in range(1, len(movable)):
        front_after, back_after = _handed(front, back, frozenset(movable[-count:]))
        new_front = set_at(front_after, w, h, metrics, cards[0][0].scale)
        if new_front is None:
            break  # a longer run will not fit either
        tried: Cards = ([new_front], fit(back_after, w, h, metrics))
        if _better(tried, best):
            best = tried
            if not tried[1][0].tight:
                break
    return best


def _moved(front: CardFace, back: CardFace, moved: frozenset[int], w: float,
           h: float, metrics: Metrics) -> Cards | None:
    """The cards with the ``moved`` sections at the end of the front; None if it has no room."""
    if len(moved) == len(back.sections):
        return None
    front_after, back_after = _handed(front, back, moved)
    new_fronts = fit(front_after, w, h, metrics)
    if len(new_fronts) > 1:
        return None  # no room on the front even at the smallest readable type
    return new_fronts, fit(back_after, w, h, metrics)


def _handed(front: CardFace, back: CardFace, moved: frozenset[int]) -> tuple[CardFace, CardFace]:
    """The front with the ``moved`` back sections at its end, and the back without them."""
    return (replace(front, sections=(*front.sections, *(back.sections[i] for i in sorted(moved)))),
            replace(back, sections=tuple(s for i, s in enumerate(back.sections)
                                         if i not in moved)))
