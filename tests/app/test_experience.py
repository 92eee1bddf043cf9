"""Experience use cases: awards, spending, the ledger, undo and redo.

The balance is never stored: it is the sum of the ledger, and every action
(and its undo) keeps it so.  Refused input writes nothing.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tftmanager.app import experience as xp
from tftmanager.app.campaigns import new_campaign, party_sheets, set_profile
from tftmanager.app.characters import (
    create_character,
    delete_character,
    edit_character,
    get_character,
)
from tftmanager.app.experience import XPRefused
from tftmanager.app.journal import redo, undo
from tftmanager.app.weeks import run_weeks
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.awards import Award, CombatType, Outcome, combat_awards
from tftmanager.rules.character import Character, InputError
from tftmanager.rules.experience import (
    Attribute,
    WeekPoint,
    XPKind,
    attribute_total,
    progress,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile, XPCostScheme
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.ledger import LedgerLine
from tftmanager.store.queries import NotFound

pytestmark = pytest.mark.app


@pytest.fixture
def store(any_store: CampaignStore) -> CampaignStore:
    """Each test here runs on a campaign file and again on a server campaign."""
    return any_store


@pytest.fixture
def demo_store(any_demo_store: CampaignStore) -> CampaignStore:
    """Each test here runs on a campaign file and again on a server campaign."""
    return any_demo_store

HERO = Character(name="Ragnar", race="human", st=11, dx=13, iq=8)        # total 32
SAGE = Character(name="Sage", race="human", st=10, dx=12, iq=9, sp=2)   # SP at IQ/4


def add(store: CampaignStore, character: Character) -> int:
    return create_character(store=store, character=character).id


def total_of(store: CampaignStore, character_id: int) -> int:
    return sum(line.amount for line in xp.ledger_lines(store=store, character_id=character_id))


@dataclass(frozen=True)
class Snapshot:
    characters: dict[int, Character]
    lines: dict[int, list[LedgerLine]]
    balances: dict[int, int] = field(default_factory=dict)


def snapshot(store: CampaignStore) -> Snapshot:
    ids = [s.id for s in party_sheets(store=store) if s.id is not None]
    return Snapshot(
        {cid: get_character(store=store, character_id=cid) for cid in ids},
        {cid: xp.ledger_lines(store=store, character_id=cid) for cid in ids},
        xp.balances(store=store),
    )


# --- awards -------------------------------------------------------------------


def test_party_award(demo_store: CampaignStore) -> None:
    ids = [s.id for s in party_sheets(store=demo_store) if s.id is not None]
    written = xp.award(store=demo_store, character_ids=ids, amount=500,
                       reason="  Cleared   the goblin warren ", played_on=dt.date(2024, 5, 4))
    assert len(written.lines) == 5
    assert {line.character_id for line in written.lines} == set(ids)
    assert all(line.amount == 500 and line.kind == "award" for line in written.lines)
    assert all(line.reason == "Cleared the goblin warren" for line in written.lines)
    assert all(line.played_on == "2024-05-04" and line.week == 1 for line in written.lines)
    assert len({line.batch for line in written.lines}) == 1
    assert written.changes.ledger and written.changes.characters == frozenset(ids)
    assert xp.balances(store=demo_store) == dict.fromkeys(ids, 500)
    for cid in ids:
        assert xp.status(store=demo_store, character_id=cid).balance == 500


def test_duplicate_ids_are_awarded_once(store: CampaignStore) -> None:
    cid = add(store, HERO)
    written = xp.award(store=store, character_ids=[cid, cid], amount=50, reason="Twice?")
    assert len(written.lines) == 1
    assert xp.status(store=store, character_id=cid).balance == 50


def test_split_award_reports_the_remainder(store: CampaignStore) -> None:
    ids = [add(store, replace(HERO, name=n)) for n in ("A", "B", "C", "D")]
    written = xp.award(store=store, character_ids=ids, amount=10, reason="Loot", split=True)
    assert [line.amount for line in written.lines] == [2, 2, 2, 2]
    assert written.note == "2 XP left over after splitting 10 among 4."
    even = xp.award(store=store, character_ids=ids, amount=8, reason="Loot", split=True)
    assert even.note == ""
    assert xp.balances(store=store) == dict.fromkeys(ids, 4)


def test_a_split_too_small_for_anyone_is_refused(store: CampaignStore) -> None:
    ids = [add(store, replace(HERO, name=n)) for n in ("A", "B", "C", "D")]
    with pytest.raises(XPRefused, match="nobody anything"):
        xp.award(store=store, character_ids=ids, amount=3, reason="Crumbs", split=True)
    assert xp.balances(store=store) == {}


@pytest.mark.parametrize(("amount", "kind", "reason", "words"), [
    (-50, XPKind.AWARD, "Oops", "correction"),
    (-50, XPKind.JOB, "Oops", "correction"),
    (0, XPKind.AWARD, "Nothing", "must not be 0"),
    (50, XPKind.AWARD, "", "reason"),
    (50, XPKind.AWARD, "   \t ", "reason"),
    (50, XPKind.AWARD, "x" * 301, "at most 300"),
    (2_000_000, XPKind.AWARD, "Dragon hoard", "at most 1,000,000"),
])
def test_bad_awards_write_nothing(demo_store: CampaignStore, amount: int, kind: XPKind,
                                  reason: str, words: str) -> None:
    before = snapshot(demo_store)
    ids = list(before.characters)
    with pytest.raises(XPRefused, match=words):
        xp.award(store=demo_store, character_ids=ids, amount=amount, reason=reason, kind=kind)
    assert snapshot(demo_store) == before


def test_award_to_an_empty_party(store: CampaignStore) -> None:
    with pytest.raises(XPRefused, match="party is empty"):
        xp.award(store=store, character_ids=[], amount=500, reason="Nobody home")
    assert xp.balances(store=store) == {}


def test_award_to_a_missing_character_writes_nothing(store: CampaignStore) -> None:
    cid = add(store, HERO)
    with pytest.raises(NotFound):
        xp.award(store=store, character_ids=[cid, 9999], amount=100, reason="Ghost")
    assert xp.ledger_lines(store=store, character_id=cid) == []


def test_corrections_may_take_away(store: CampaignStore) -> None:
    cid = add(store, HERO)
    xp.award(store=store, character_ids=[cid], amount=300, reason="Session 1")
    written = xp.correct(store=store, character_id=cid, amount=-120, reason="Counted twice")
    assert [(line.amount, line.kind) for line in written.lines] == [(-120, "correction")]
    xp.correct(store=store, character_id=cid, amount=20, reason="Forgot the rat")
    assert xp.status(store=store, character_id=cid).balance == 200 == total_of(store, cid)
    # A correction may leave a negative balance (history is never edited).
    xp.correct(store=store, character_id=cid, amount=-250, reason="Cheating")
    assert xp.status(store=store, character_id=cid).balance == -50
    for amount, reason, words in [(0, "Zero", "must not be 0"), (-5, "", "reason")]:
        before = snapshot(store)
        with pytest.raises(XPRefused, match=words):
            xp.correct(store=store, character_id=cid, amount=amount, reason=reason)
        assert snapshot(store) == before


def test_combat_awards_are_recorded_per_character(store: CampaignStore,
                                                  library: RulesLibrary) -> None:
    assert library.awards is not None
    ann = add(store, replace(HERO, name="Ann", st=12, dx=12))
    bob = add(store, replace(HERO, name="Bob", st=12, dx=12))
    cid = add(store, replace(HERO, name="Cid", st=12, dx=12))
    dan = add(store, replace(HERO, name="Dan", st=12, dx=12))
    awards = combat_awards(CombatType.ARENA, [
        ("Ann", 24, Outcome.WON), ("Bob", 24, Outcome.DEFEATED),
        ("Cid", 24, Outcome.RAN_AWAY_UNHURT), ("Dan", 24, Outcome.DOWN),
    ], [24], library.awards)
    written = xp.award_each(store=store, awards=list(zip([ann, bob, cid, dan], awards,
                                                         strict=True)))
    # Dan's 0 is skipped; Cid's -10 is allowed for a combat entry.
    assert [(line.character_id, line.amount, line.kind) for line in written.lines] == [
        (ann, 30, "combat"), (bob, 20, "combat"), (cid, -10, "combat")]
    assert xp.balances(store=store) == {ann: 30, bob: 20, cid: -10}
    with pytest.raises(XPRefused, match="Nobody earned"):
        xp.award_each(store=store, awards=[(dan, Award("Dan", 0, "dead"))])
    with pytest.raises(XPRefused, match="correction"):
        xp.award_each(store=store, awards=[(ann, Award("Ann", 5, "ok")),
                                           (bob, Award("Bob", -5, "bad"))],
                      kind=XPKind.AWARD)
    assert xp.balances(store=store) == {ann: 30, bob: 20, cid: -10}


# --- spending -----------------------------------------------------------------


def test_raise_an_attribute(store: CampaignStore) -> None:
    cid = add(store, HERO)
    xp.award(store=store, character_ids=[cid], amount=500, reason="Warren")
    status = xp.status(store=store, character_id=cid)
    assert (status.balance, status.next_cost) == (500, 100)
    written = xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.ST)
    [line] = written.lines
    assert (line.amount, line.kind, line.attribute) == (-100, "spend", "st")
    assert line.reason == "ST 11 → 12"
    after = get_character(store=store, character_id=cid)
    assert (after.st, after.bought_points) == (12, 1)
    assert after == replace(HERO, st=12, bought_points=1)
    assert xp.status(store=store, character_id=cid).balance == 400 == total_of(store, cid)
    # 33 -> 34 still costs 100; then 200 (to 35), 300 (to 36).
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.DX)
    assert xp.status(store=store, character_id=cid).next_cost == 200
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.IQ)
    status = xp.status(store=store, character_id=cid)
    assert (status.balance, status.next_cost) == (100, 300)
    assert status.refusals[Attribute.ST] == "Needs 300 XP; Ragnar has 100."
    spends = [line.amount for line in xp.ledger_lines(store=store, character_id=cid)
              if line.kind == "spend"]
    assert spends == [-100, -100, -200]
    assert get_character(store=store, character_id=cid).bought_points == 3


def test_melee_profile_charges_flat_100(store: CampaignStore) -> None:
    set_profile(store=store, profile=RuleProfile(xp_costs=XPCostScheme.MELEE_FLAT))
    cid = add(store, replace(HERO, st=20))  # total 41: ITL would ask 16,000
    xp.award(store=store, character_ids=[cid], amount=200, reason="Arena")
    assert xp.status(store=store, character_id=cid).next_cost == 100
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.ST)
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.ST)
    assert get_character(store=store, character_id=cid).st == 22
    assert xp.status(store=store, character_id=cid).balance == 0


def test_a_raise_never_makes_a_character_that_cannot_be_edited(store: CampaignStore) -> None:
    set_profile(store=store, profile=RuleProfile(xp_costs=XPCostScheme.MELEE_FLAT))
    cid = add(store, replace(HERO, dx=99))
    xp.award(store=store, character_ids=[cid], amount=1000, reason="Training")
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.DX)
    before = snapshot(store)
    with pytest.raises(XPRefused, match="DX cannot go above 100"):
        xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.DX)
    assert snapshot(store) == before
    # The character at the top is still an editable one.
    top = get_character(store=store, character_id=cid)
    edit_character(store=store, character_id=cid, character=replace(top, notes="Fastest"))


def test_sp_cap_refusal_writes_nothing(store: CampaignStore) -> None:
    cid = add(store, SAGE)
    # 33 -> 34, 35, 36 cost 100 + 200 + 300; SP to 37 costs 600.
    xp.award(store=store, character_ids=[cid], amount=1200, reason="Study")
    before = snapshot(store)
    status = xp.status(store=store, character_id=cid)
    assert status.refusals[Attribute.SP] == "SP cannot exceed IQ/4 rounded down (2 for IQ 9)."
    assert status.refusals[Attribute.ST] == ""
    with pytest.raises(XPRefused, match=r"SP cannot exceed IQ/4 rounded down \(2 for IQ 9\)"):
        xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.SP)
    assert snapshot(store) == before
    # IQ 12 allows a third SP.
    for _ in range(3):
        xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.IQ)
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.SP)
    assert get_character(store=store, character_id=cid).sp == 3
    assert xp.status(store=store, character_id=cid).balance == 0
    with pytest.raises(XPRefused, match=r"\(3 for IQ 12\)"):
        xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.SP)


def test_not_enough_xp_writes_nothing(store: CampaignStore) -> None:
    cid = add(store, HERO)
    xp.award(store=store, character_ids=[cid], amount=99, reason="Almost")
    before = snapshot(store)
    with pytest.raises(XPRefused) as info:
        xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.DX)
    assert str(info.value) == "Needs 100 XP; Ragnar has 99."
    assert snapshot(store) == before


def test_joe_buys_his_second_skill_point(demo_store: CampaignStore) -> None:
    joe = next(s for s in party_sheets(store=demo_store)
               if s.character.name == "Joe the Barbarian")
    assert joe.id is not None
    xp.award(store=demo_store, character_ids=[joe.id], amount=100, reason="Adventure")
    # ST 11 + DX 12 + IQ 9 + SP 1 = 33: the point to 34 costs 100.
    xp.raise_attribute(store=demo_store, character_id=joe.id, attribute=Attribute.SP)
    after = get_character(store=demo_store, character_id=joe.id)
    assert (after.sp, after.bought_points) == (2, 2)
    assert xp.status(store=demo_store, character_id=joe.id).next_cost == 200


# --- undo and redo --------------------------------------------------------------


def test_take_back_and_put_back_a_raise(store: CampaignStore) -> None:
    cid = add(store, HERO)
    xp.award(store=store, character_ids=[cid], amount=250, reason="Loot")
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.DX)
    raised_state = snapshot(store)
    changes = undo(store=store).changes
    assert changes.ledger and changes.characters == frozenset({cid})
    assert get_character(store=store, character_id=cid) == HERO
    assert xp.status(store=store, character_id=cid).balance == 250
    redo(store=store)
    assert snapshot(store) == raised_state   # the same entry, with the same id
    undo(store=store)
    undo(store=store)
    assert xp.ledger_lines(store=store, character_id=cid) == []
    assert xp.balances(store=store) == {}
    redo(store=store)
    assert xp.status(store=store, character_id=cid).balance == 250


def test_undo_of_a_party_award_takes_back_every_entry(demo_store: CampaignStore) -> None:
    ids = [s.id for s in party_sheets(store=demo_store) if s.id is not None]
    xp.award(store=demo_store, character_ids=ids[:1], amount=7, reason="One")
    xp.award(store=demo_store, character_ids=ids, amount=100, reason="Two")
    assert undo(store=demo_store).operation.label == "Party award: +100 XP, Two"
    assert xp.balances(store=demo_store) == {ids[0]: 7}


def test_undoing_a_delete_brings_the_ledger_back(demo_store: CampaignStore) -> None:
    ids = [s.id for s in party_sheets(store=demo_store) if s.id is not None]
    xp.award(store=demo_store, character_ids=ids, amount=300, reason="Session")
    xp.raise_attribute(store=demo_store, character_id=ids[0], attribute=Attribute.DX)
    before = snapshot(demo_store)
    delete_character(store=demo_store, character_id=ids[0])
    assert ids[0] not in xp.balances(store=demo_store)
    changes = undo(store=demo_store).changes
    assert changes.ledger
    assert snapshot(demo_store) == before
    # The restored purchase can still be undone as one action.
    undo(store=demo_store)
    assert xp.status(store=demo_store, character_id=ids[0]).balance == 300


# --- the ledger and progress ----------------------------------------------------


def test_balance_is_the_sum_of_the_ledger(demo_store: CampaignStore) -> None:
    ids = [s.id for s in party_sheets(store=demo_store) if s.id is not None]
    xp.award(store=demo_store, character_ids=ids, amount=333, reason="Session")
    xp.correct(store=demo_store, character_id=ids[1], amount=-33, reason="Typo")
    xp.award(store=demo_store, character_ids=ids[2:], amount=10, reason="Split", split=True)
    xp.raise_attribute(store=demo_store, character_id=ids[0], attribute=Attribute.ST)
    balances = xp.balances(store=demo_store)
    for cid in ids:
        lines = xp.ledger_lines(store=demo_store, character_id=cid)
        assert [line.id for line in lines] == sorted(line.id for line in lines)
        assert xp.status(store=demo_store, character_id=cid).balance == balances[cid] == sum(
            line.amount for line in lines)
    # 10 split among the last three: 3 each, 1 left over.
    assert balances == {ids[0]: 233, ids[1]: 300, ids[2]: 336, ids[3]: 336, ids[4]: 336}


def test_balances_only_count_this_campaign(tmp_path: Path) -> None:
    with new_campaign(path=tmp_path / "a.tftcampaign", name="A") as a, \
            new_campaign(path=tmp_path / "b.tftcampaign", name="B") as b:
        ca, cb = add(a, HERO), add(b, HERO)
        xp.award(store=a, character_ids=[ca], amount=10, reason="A")
        xp.award(store=b, character_ids=[cb], amount=20, reason="B")
        assert xp.balances(store=a) == {ca: 10}
        assert xp.balances(store=b) == {cb: 20}


def test_progress_from_the_ledger(store: CampaignStore) -> None:
    cid = add(store, HERO)
    xp.award(store=store, character_ids=[cid], amount=500, reason="Week one")
    run_weeks(store=store, seed=1)  # a week passes
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.ST)
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.DX)
    run_weeks(store=store, seed=1)  # a week passes
    run_weeks(store=store, seed=1)  # a week passes
    xp.award(store=store, character_ids=[cid], amount=50, reason="Week four")
    xp.raise_attribute(store=store, character_id=cid, attribute=Attribute.IQ)
    lines = xp.ledger_lines(store=store, character_id=cid)
    assert [line.week for line in lines] == [1, 2, 2, 4, 4]
    character = get_character(store=store, character_id=cid)
    points = progress(attribute_total(character),
                      [(line.week, line.amount, line.attribute) for line in lines])
    assert points == [WeekPoint(1, 500, 32), WeekPoint(2, 300, 34), WeekPoint(4, 150, 35)]
    assert points[-1].xp_balance == xp.status(store=store, character_id=cid).balance


# --- refused IQ reductions -----------------------------------------------------


def _refused_iq(store: CampaignStore, character: Character, iq: int, words: str) -> None:
    cid = add(store, character)
    with pytest.raises(InputError) as info:
        edit_character(store=store, character_id=cid, character=replace(character, iq=iq))
    assert info.value.field == "iq"
    assert words in info.value.message
    assert get_character(store=store, character_id=cid) == character


def test_lowering_iq_below_four_times_sp_is_refused(store: CampaignStore) -> None:
    _refused_iq(store, SAGE, 7, "IQ 7 allows at most 1 SP; Sage has 2.")


def test_lowering_iq_below_a_talents_level_is_refused(store: CampaignStore,
                                                      library: RulesLibrary) -> None:
    assert library.talents["tracking"].iq == 10
    scout = Character(name="Scout", race="human", st=11, dx=11, iq=10,
                      talents=(KnownTalent("tracking"),))
    _refused_iq(store, scout, 9, "below the IQ level of Tracking")


def test_lowering_iq_below_memory_need_is_refused(store: CampaignStore) -> None:
    talents = tuple(KnownTalent(k) for k in ("sword", "axe_mace", "bow", "pole_weapons",
                                             "shield", "knife"))  # 10 points, IQ 7 each
    mule = Character(name="Mule", race="human", st=12, dx=10, iq=10, talents=talents)
    _refused_iq(store, mule, 9, "leaves memory for 9 points; talents and spells use 10")


def test_joe_cannot_forget_his_alertness(demo_store: CampaignStore) -> None:
    joe = next(s for s in party_sheets(store=demo_store)
               if s.character.name == "Joe the Barbarian")
    assert joe.id is not None
    with pytest.raises(InputError, match="Alertness"):
        edit_character(store=demo_store, character_id=joe.id,
                       character=replace(joe.character, iq=8))
    assert get_character(store=demo_store, character_id=joe.id) == joe.character


def test_lowering_iq_nothing_needs_is_allowed(store: CampaignStore) -> None:
    smart = Character(name="Smart", race="human", st=10, dx=10, iq=12, sp=1,
                      talents=(KnownTalent("sword"),))
    cid = add(store, smart)
    edit_character(store=store, character_id=cid, character=replace(smart, iq=8))
    assert get_character(store=store, character_id=cid).iq == 8


# --- property: the balance is always the sum, whatever is done and undone ------

NAMES = ("Ragnar", "Sage", "Halfling")
START = {
    "Ragnar": HERO,
    "Sage": SAGE,
    "Halfling": Character(name="Halfling", race="halfling", st=6, dx=14, iq=10),
}

amounts = st.integers(min_value=1, max_value=2500)
who = st.sampled_from(NAMES)
raises = st.tuples(st.just("raise"), who, st.sampled_from(list(Attribute)))
undos, redos = st.tuples(st.just("undo")), st.tuples(st.just("redo"))
# Repeated branches weight the choice towards raising, undoing and redoing.
operations = st.lists(st.one_of(
    st.tuples(st.just("party"), amounts),
    st.tuples(st.just("single"), who, amounts),
    st.tuples(st.just("correct"), who, st.integers(-800, -1) | st.integers(1, 800)),
    raises, raises, raises, undos, undos, redos, redos,
), min_size=6, max_size=30)


def _check(store: CampaignStore, ids: dict[str, int], expected: dict[int, int]) -> None:
    balances = xp.balances(store=store)
    for name, cid in ids.items():
        lines = xp.ledger_lines(store=store, character_id=cid)
        total = sum(line.amount for line in lines)
        assert xp.status(store=store, character_id=cid).balance == total
        assert balances.get(cid, 0) == total == expected[cid]
        start = START[name]
        now = get_character(store=store, character_id=cid)
        spends = [line for line in lines if line.kind == "spend"]
        assert all(line.amount < 0 for line in spends)
        assert now.bought_points - start.bought_points == len(spends)
        for attribute in Attribute:
            bought = sum(1 for line in spends if line.attribute == attribute.value)
            assert getattr(now, attribute.value) - getattr(start, attribute.value) == bought
        assert now.sp <= now.iq // 4


@settings(max_examples=examples(10, 100), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(first=amounts, ops=operations, melee=st.booleans())
def test_balance_always_equals_the_ledger(first: int, ops: list[tuple[Any, ...]],
                                          melee: bool, campaign_templates: Any) -> None:
    with tempfile.TemporaryDirectory() as folder, \
            campaign_templates.open(Path(folder) / "p.tftcampaign", name="P") as store:
        if melee:
            set_profile(store=store, profile=RuleProfile(xp_costs=XPCostScheme.MELEE_FLAT))
        ids = {name: add(store, START[name]) for name in NAMES}
        expected = dict.fromkeys(ids.values(), 0)
        done: list[xp.Written] = []
        undone: list[xp.Written] = []

        def apply(written: xp.Written, sign: int) -> None:
            for line in written.lines:
                expected[line.character_id] += sign * line.amount

        # A party award first, so that raises have something to spend.
        for op in [("party", first), *ops]:
            written: xp.Written | None = None
            if op[0] == "party":
                written = xp.award(store=store, character_ids=list(ids.values()),
                                   amount=int(op[1]), reason="Party")
            elif op[0] == "single":
                written = xp.award(store=store, character_ids=[ids[str(op[1])]],
                                   amount=int(op[2]), reason="One")
            elif op[0] == "correct":
                written = xp.correct(store=store, character_id=ids[str(op[1])],
                                     amount=int(op[2]), reason="Fix")
            elif op[0] == "raise":
                attribute = op[2]
                assert isinstance(attribute, Attribute)
                before = snapshot(store)
                try:
                    written = xp.raise_attribute(store=store, character_id=ids[str(op[1])],
                                                 attribute=attribute)
                except XPRefused:
                    event("raise refused")
                    assert snapshot(store) == before
            elif op[0] == "undo" and done:
                last = done.pop()
                undo(store=store)
                event("undo")
                apply(last, -1)
                undone.append(last)
            elif op[0] == "redo" and undone:
                again = undone.pop()
                redo(store=store)
                event("redo")
                apply(again, +1)
                done.append(again)
            if written is not None:
                event(f"{op[0]} written")
                apply(written, +1)
                done.append(written)
                undone.clear()
            _check(store, ids, expected)
        # Undoing everything brings every character back to its start.
        while done:
            done.pop()
            undo(store=store)
        assert xp.balances(store=store) == {}
        for name, cid in ids.items():
            assert get_character(store=store, character_id=cid) == START[name]


def test_the_award_form_reads_enemy_totals_or_refuses_in_one_line() -> None:
    """The Melee award compares average ST + DX, so each enemy is one whole total."""
    assert xp.parse_enemy_totals("24, 26 20") == [24, 26, 20]
    for text, words in (("", "Enter each enemy's ST"), (" , ", "Enter each"),
                        ("24, x", "'x' is not"), ("0", "'0' is not"), ("501", "1 to 500"),
                        ("-3", "'-3' is not")):
        with pytest.raises(XPRefused, match=words):
            xp.parse_enemy_totals(text)


def test_campaign_rules_read_the_itl_cost_steps_by_total_or_refuse() -> None:
    assert xp.parse_cost_steps("36:300, 34:100,, 35:200") == [
        {"total": 34, "cost": 100}, {"total": 35, "cost": 200}, {"total": 36, "cost": 300}]
    for text, words in (("34:100, banana", "'banana' is not total:cost"),
                        ("34-100", "'34-100' is not"), ("", "at least one step"),
                        ("34:0", "a cost above 0")):
        with pytest.raises(XPRefused, match=words):
            xp.parse_cost_steps(text)
