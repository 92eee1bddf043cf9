"""The whole party's progress over campaign weeks: XP earned, attribute totals, money.

``series`` is pure: from the ledgers' (week, amount, ...) lines and today's
attribute total it works out each week's standing, every week from the first
to the current one (a week with no entry keeps the week before's value), so
a chart of one week still has a value to draw and a chart of twelve a line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tftmanager.rules.experience import attribute_total
from tftmanager.store import queries, story_reads
from tftmanager.store.campaign import CampaignStore

ATTRIBUTES = frozenset({"st", "dx", "iq", "sp"})  # "mem" (memory bought) is no attribute


@dataclass(frozen=True)
class PartySeries:
    """One value per campaign week (``weeks[i]`` is the week of each value)."""

    weeks: tuple[int, ...]
    xp_earned: tuple[int, ...]  # XP earned so far (awards, combat, jobs, corrections)
    attributes: tuple[int, ...]  # the party's ST+DX+IQ(+SP) at the end of the week
    money: tuple[int, ...]  # the party's money at the end of the week


def series(current_total: int, xp: Iterable[tuple[int, int, str]],
           money: Iterable[tuple[int, int]], last_week: int) -> PartySeries:
    """Each week's standing from the ledgers (spends are not earnings; raises add points)."""
    earned: dict[int, int] = {}
    raised: dict[int, int] = {}
    for week, amount, attribute in xp:
        if attribute in ATTRIBUTES:
            raised[week] = raised.get(week, 0) + 1
        elif amount > 0 or not attribute:
            earned[week] = earned.get(week, 0) + amount
    cash: dict[int, int] = {}
    for week, amount in money:
        cash[week] = cash.get(week, 0) + amount
    weeks = tuple(range(1, max(last_week, *earned, *raised, *cash, 1) + 1))
    total_raised = sum(raised.values())
    xp_line, attr_line, money_line = [], [], []
    running_xp = running_money = raised_so_far = 0
    for week in weeks:
        running_xp += earned.get(week, 0)
        running_money += cash.get(week, 0)
        raised_so_far += raised.get(week, 0)
        xp_line.append(running_xp)
        attr_line.append(current_total - (total_raised - raised_so_far))
        money_line.append(running_money)
    return PartySeries(weeks, tuple(xp_line), tuple(attr_line), tuple(money_line))


def party_series(*, store: CampaignStore) -> PartySeries:
    """The open campaign's series, up to its current week (two bulk queries)."""
    with store.transaction() as session:
        campaign = queries.campaign(session=session, campaign_id=store.campaign_id)
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
        xp = story_reads.xp_by_week(session=session, campaign_id=store.campaign_id)
        money = story_reads.money_by_week(session=session, campaign_id=store.campaign_id)
    total = sum(attribute_total(s.character) for s in stored)
    return series(total, xp, money, campaign.week)
