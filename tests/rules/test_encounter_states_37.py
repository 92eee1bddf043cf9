"""Melee's options and a figure's states as the documents give them (issue 37 items 7-18).

Each test quotes the line it plays; the rolls are typed as at the table.
"""

from __future__ import annotations

from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import InjuryReactions


def test_the_house_chart_past_its_last_band_is_counted_not_looped(
        library: RulesLibrary) -> None:
    """004 line 137-138: "100-109 27 44 / ... ... ..."; the chart goes on by its last two
    steps (our reading), worked out at once for any ST (issue 37 item 18: ST 10^11 hung)."""
    table = library.injury
    house = InjuryReactions.HOUSE_BY_ST
    assert (table.thresholds(105, house).dx_penalty_hits,
            table.thresholds(105, house).knockdown_hits) == (27, 44)
    # 110-119: +3 and +4; 120-129: +2 and +4; 130-139: +3 and +4 again
    assert [(t.dx_penalty_hits, t.knockdown_hits) for t in
            (table.thresholds(st, house) for st in (115, 125, 135))] == [
        (30, 48), (32, 52), (35, 56)]
    huge = table.thresholds(10**20, house)
    steps = (10**20 - 100) // 10
    assert huge.assumed and huge.knockdown_hits == 44 + 4 * steps
    assert huge.dx_penalty_hits == 27 + 5 * (steps // 2) + 3 * (steps % 2)
