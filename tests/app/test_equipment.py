"""Possessions and money: buying, selling, wear, repair, undo, and the JSON format 3.

Every refused action must leave the character and its money ledger exactly as
they were; every action is undone and redone exactly.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import equipment as eq
from tftmanager.app.campaigns import character_sheet, new_campaign, open_existing
from tftmanager.app.characters import create_character, get_character
from tftmanager.app.interchange import (
    CHARACTER_FORMAT,
    FORMAT_VERSION,
    Entry,
    FormatError,
    dump_character,
    loads,
)
from tftmanager.app.journal import redo, undo
from tftmanager.app.transfer import export_by_name, import_entries
from tftmanager.rules.character import Character
from tftmanager.rules.items import ORDINARY, Item, ItemKind, ItemState, Mount, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.money import MoneyKind, money_refusal
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

BJORN = Character(name="Bjorn", race="human", st=12, dx=12, iq=8)
FINE_DX = Quality(fine_dx=1)
FINE_TOP = Quality(fine_dx=1, fine_damage=2)


def hero(store: CampaignStore, character: Character = BJORN, money: int = 0) -> int:
    cid = create_character(store=store, character=character).id
    if money:
        eq.record_money(store=store, character_id=cid, amount=money, kind=MoneyKind.START,
                        reason="Starting money")
    return cid


def state(store: CampaignStore, cid: int) -> tuple[Character, int, list[Any]]:
    """Everything an action may change: the character, the balance, the ledger."""
    return (get_character(store=store, character_id=cid), eq.money(store=store, character_id=cid),
            eq.money_lines(store=store, character_id=cid))


def items(store: CampaignStore, cid: int) -> tuple[Item, ...]:
    return get_character(store=store, character_id=cid).items


# --- Buying ---------------------------------------------------------------


def test_buying_a_fine_broadsword(store: CampaignStore) -> None:
    cid = hero(store, money=1000)
    deal = eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="broadsword",
                  quality=FINE_DX)
    assert eq.money(store=store, character_id=cid) == 200
    assert items(store, cid) == (Item(ItemKind.WEAPON, "broadsword", ItemState.CARRIED, FINE_DX),)
    [line] = deal.lines
    assert (line.amount, line.kind, line.reason) == (-800, "buy", "Bought fine +1 DX Broadsword")
    assert deal.changes.ledger and deal.changes.characters == frozenset({cid})
    assert deal.after == get_character(store=store, character_id=cid)
    assert deal.before.items == ()


def test_buying_with_too_little_money_is_refused(store: CampaignStore) -> None:
    cid = hero(store, money=3199)
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused) as caught:
        eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="broadsword",
               quality=FINE_TOP)
    assert str(caught.value) == "Fine +1 DX +2 dmg Broadsword costs $3,200; only $3,199 on hand."
    assert state(store, cid) == before
    # With exactly enough, it goes through and leaves nothing.
    eq.record_money(store=store, character_id=cid, amount=1, kind=MoneyKind.FOUND,
                    reason="A lucky penny")
    eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="broadsword",
           quality=FINE_TOP)
    assert eq.money(store=store, character_id=cid) == 0
    assert items(store, cid)[0].quality == FINE_TOP


def test_buying_with_no_money_at_all(store: CampaignStore) -> None:
    cid = hero(store)
    with pytest.raises(eq.EquipmentRefused, match=r"Broadsword costs \$80; only \$0 on hand"):
        eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="broadsword")
    assert items(store, cid) == ()


@pytest.mark.parametrize(
    ("kind", "key", "quality", "words"),
    [
        (ItemKind.WEAPON, "longbow", FINE_DX, "Only axes, maces, hammers, swords"),
        (ItemKind.WEAPON, "mace", Quality(fine_damage=1), "Only bladed weapons"),
        (ItemKind.WEAPON, "dagger", Quality(fine_damage=1), "only be made fine with +1 DX"),
        (ItemKind.WEAPON, "broadsword", Quality(fine_dx=1, good=True), "either good or fine"),
        (ItemKind.WEAPON, "broadsword", Quality(silver=True), "Only fine weapons"),
        (ItemKind.WEAPON, "broadsword", Quality(fine_dx=2), "not +2 DX"),
        (ItemKind.ARMOR, "chainmail", Quality(good=True), "Only weapons come in fine or good"),
        (ItemKind.WEAPON, "lightsaber", ORDINARY, "not a weapon in this campaign"),
        (ItemKind.GEAR, "anvil", ORDINARY, "not gear in this campaign"),
    ],
)
def test_illegal_purchases_are_refused_before_money_moves(
    store: CampaignStore, kind: ItemKind, key: str, quality: Quality, words: str,
) -> None:
    cid = hero(store, money=100_000)
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused, match=re.escape(words)):
        eq.buy(store=store, character_id=cid, kind=kind, key=key, quality=quality)
    assert state(store, cid) == before


def test_an_illegal_quality_is_refused_even_without_money(store: CampaignStore) -> None:
    # The quality is judged first: the reason is the workmanship, not the price.
    cid = hero(store)
    with pytest.raises(eq.EquipmentRefused, match="Only axes"):
        eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="club",
               quality=FINE_DX)


def test_buying_several_and_where_they_go(store: CampaignStore) -> None:
    cid = hero(store, money=100)
    deal = eq.buy(store=store, character_id=cid, kind=ItemKind.GEAR, key="ski_poles",
                  quantity=3, state=ItemState.STORED)
    assert eq.money(store=store, character_id=cid) == 82
    assert deal.lines[0].reason == "Bought Ski poles (pair) x3"
    assert items(store, cid) == (Item(ItemKind.GEAR, "ski_poles", ItemState.STORED,
                                      quantity=3),)


def test_armor_and_shield_prices(store: CampaignStore) -> None:
    cid = hero(store, money=3000)
    eq.buy(store=store, character_id=cid, kind=ItemKind.ARMOR, key="fine_chainmail")
    eq.buy(store=store, character_id=cid, kind=ItemKind.SHIELD, key="small_metal_shield")
    assert eq.money(store=store, character_id=cid) == 3000 - 2000 - 45


def test_a_free_item_writes_no_money(store: CampaignStore) -> None:
    cid = hero(store)
    deal = eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="thrown_rock")
    assert deal.lines == ()
    assert not deal.changes.ledger
    assert [i.key for i in items(store, cid)] == ["thrown_rock"]


def test_price_of(library: RulesLibrary) -> None:
    assert eq.price_of(library, ItemKind.WEAPON, "broadsword", FINE_TOP) == 3200
    assert eq.price_of(library, ItemKind.WEAPON, "broadsword",
                       replace(FINE_TOP, silver=True)) == 6400
    assert eq.price_of(library, ItemKind.WEAPON, "broadsword", Quality(good=True)) == 160
    assert eq.price_of(library, ItemKind.GEAR, "skis", ORDINARY, 2) == 200
    bare = replace(library, equipment_rules=None)
    with pytest.raises(eq.EquipmentRefused, match="no equipment rules"):
        eq.price_of(bare, ItemKind.GEAR, "skis", ORDINARY)


def test_give_adds_without_paying(store: CampaignStore) -> None:
    cid = hero(store)
    item = Item(ItemKind.WEAPON, "broadsword", ItemState.READIED, FINE_TOP, note="From a troll")
    deal = eq.give(store=store, character_id=cid, item=item)
    assert deal.lines == ()
    assert items(store, cid) == (item,)
    assert eq.money(store=store, character_id=cid) == 0


def at(store: CampaignStore, cid: int, index: int) -> str:
    """The identity of the possession at ``index`` (actions name a possession by it)."""
    return items(store, cid)[index].uid


# --- Selling and moving ---------------------------------------------------


def test_sell_adds_money_and_removes_the_item(store: CampaignStore) -> None:
    cid = hero(store, money=200)
    eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="broadsword")
    eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="mace")
    deal = eq.sell(store=store, character_id=cid, uid=at(store, cid, 0), price=40)
    assert eq.money(store=store, character_id=cid) == 200 - 80 - 40 + 40
    assert [i.key for i in items(store, cid)] == ["mace"]
    assert (deal.lines[0].amount, deal.lines[0].kind, deal.lines[0].reason) == (
        40, "sell", "Sold Broadsword")


def test_giving_an_item_away_writes_no_money(store: CampaignStore) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid, item=Item(ItemKind.GEAR, "skis"))
    deal = eq.sell(store=store, character_id=cid, uid=at(store, cid, 0), price=0)
    assert deal.lines == ()
    assert items(store, cid) == ()


def test_bad_sales_are_refused(store: CampaignStore) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid, item=Item(ItemKind.GEAR, "skis"))
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused, match="cannot cost money"):
        eq.sell(store=store, character_id=cid, uid=at(store, cid, 0), price=-5)
    with pytest.raises(eq.EquipmentRefused, match="no longer there"):
        eq.sell(store=store, character_id=cid, uid="gone", price=5)
    with pytest.raises(eq.EquipmentRefused, match="no longer there"):
        eq.sell(store=store, character_id=cid, uid="", price=5)
    assert state(store, cid) == before


def test_move_changes_state_and_carried_weight(store: CampaignStore) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid, item=Item(ItemKind.GEAR, "skis"))
    eq.give(store=store, character_id=cid, item=Item(ItemKind.ARMOR, "chainmail"))

    def carried() -> float:
        return character_sheet(store=store, character_id=cid).derived.carried_kg

    assert carried() == 16.61
    eq.move(store=store, character_id=cid, uid=at(store, cid, 1), state=ItemState.STORED)
    assert items(store, cid)[1].state is ItemState.STORED
    assert carried() == 3.0
    eq.move(store=store, character_id=cid, uid=at(store, cid, 0), state=ItemState.READIED)
    assert items(store, cid)[0].state is ItemState.READIED
    assert carried() == 3.0
    with pytest.raises(eq.EquipmentRefused, match="no longer there"):
        eq.move(store=store, character_id=cid, uid="gone", state=ItemState.STORED)


def test_storing_a_weapon_frees_the_carry_limit(store: CampaignStore) -> None:
    cid = hero(store, replace(BJORN, items=outfit(weapons=("broadsword", "mace"))))
    eq.give(store=store, character_id=cid, item=Item(ItemKind.WEAPON, "club"))
    assert [p.field for p in character_sheet(store=store, character_id=cid).errors] == [
        "weapons"]
    eq.move(store=store, character_id=cid, uid=at(store, cid, 0), state=ItemState.STORED)
    assert character_sheet(store=store, character_id=cid).legal


# --- Wear -----------------------------------------------------------------


def test_record_hits_adds_up_and_wears_the_armor(store: CampaignStore) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid,
            item=Item(ItemKind.ARMOR, "chainmail", ItemState.READIED))
    eq.record_hits(store=store, character_id=cid, uid=at(store, cid, 0), hits=30)
    eq.record_hits(store=store, character_id=cid, uid=at(store, cid, 0), hits=20)
    assert items(store, cid)[0].hits_taken == 50
    sheet = character_sheet(store=store, character_id=cid)
    assert sheet.derived.hits_stopped == 2
    assert sheet.derived.armor_condition is not None
    assert sheet.derived.armor_condition.state == "falling apart"


@pytest.mark.parametrize("hits", [0, -1, True, 2.5, "3"])
def test_record_hits_refuses_bad_numbers(store: CampaignStore, hits: Any) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid, item=Item(ItemKind.ARMOR, "chainmail"))
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused, match="above 0"):
        eq.record_hits(store=store, character_id=cid, uid=at(store, cid, 0), hits=hits)
    assert state(store, cid) == before


@pytest.mark.parametrize(("kind", "key"), [(ItemKind.WEAPON, "broadsword"),
                                           (ItemKind.GEAR, "skis")])
def test_record_hits_only_on_armor_and_shields(store: CampaignStore, kind: ItemKind,
                                               key: str) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid, item=Item(kind, key))
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused, match="Only armor and shields"):
        eq.record_hits(store=store, character_id=cid, uid=at(store, cid, 0), hits=5)
    assert state(store, cid) == before


def test_shields_take_hits_too(store: CampaignStore) -> None:
    cid = hero(store)
    eq.give(store=store, character_id=cid,
            item=Item(ItemKind.SHIELD, "large_shield", ItemState.READIED))
    eq.record_hits(store=store, character_id=cid, uid=at(store, cid, 0), hits=30)
    derived = character_sheet(store=store, character_id=cid).derived
    assert derived.hits_stopped_shield == 0
    assert derived.shield_condition is not None and derived.shield_condition.broken


# --- Repair ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "key", "cost"),
    [
        (ItemKind.ARMOR, "chainmail", 40),
        (ItemKind.ARMOR, "plate", 100),
        (ItemKind.ARMOR, "fine_chainmail", 200),
        (ItemKind.SHIELD, "small_metal_shield", 9),
    ],
)
def test_repair_quote(library: RulesLibrary, kind: ItemKind, key: str, cost: int) -> None:
    assert eq.repair_quote(library, Item(kind, key, hits_taken=10)) == (cost, "")


@pytest.mark.parametrize(
    ("item", "words"),
    [
        (Item(ItemKind.ARMOR, "leather", hits_taken=10), "cannot be repaired"),
        (Item(ItemKind.ARMOR, "cloth", hits_taken=10), "cannot be repaired"),
        (Item(ItemKind.SHIELD, "large_shield", hits_taken=10), "cannot be repaired"),
        (Item(ItemKind.ARMOR, "chainmail"), "no wear to repair"),
        (Item(ItemKind.WEAPON, "broadsword", hits_taken=10), "Only armor and shields"),
        (Item(ItemKind.GEAR, "skis"), "Only armor and shields"),
        (Item(ItemKind.ARMOR, "mithril", hits_taken=10), "not in this campaign's library"),
    ],
)
def test_repair_quote_refusals(library: RulesLibrary, item: Item, words: str) -> None:
    cost, refusal = eq.repair_quote(library, item)
    assert cost == 0
    assert words in refusal


def test_repair_pays_and_resets_the_wear(store: CampaignStore) -> None:
    cid = hero(store, money=100)
    eq.give(store=store, character_id=cid,
            item=Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=80))
    assert character_sheet(store=store, character_id=cid).derived.hits_stopped == 1
    deal = eq.repair(store=store, character_id=cid, uid=at(store, cid, 0))
    assert eq.money(store=store, character_id=cid) == 60
    assert items(store, cid)[0].hits_taken == 0
    assert character_sheet(store=store, character_id=cid).derived.hits_stopped == 3
    [line] = deal.lines
    assert (line.amount, line.kind, line.reason) == (-40, "repair", "Repaired Chainmail")


def test_fine_armor_repairs_for_ten_percent(store: CampaignStore) -> None:
    cid = hero(store, money=250)
    eq.give(store=store, character_id=cid,
            item=Item(ItemKind.ARMOR, "fine_chainmail", hits_taken=5))
    eq.repair(store=store, character_id=cid, uid=at(store, cid, 0))
    assert eq.money(store=store, character_id=cid) == 50


def test_repair_with_too_little_money_changes_nothing(store: CampaignStore) -> None:
    cid = hero(store, money=39)
    eq.give(store=store, character_id=cid,
            item=Item(ItemKind.ARMOR, "chainmail", hits_taken=50))
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused) as caught:
        eq.repair(store=store, character_id=cid, uid=at(store, cid, 0))
    assert str(caught.value) == "Repairing the chainmail costs $40; only $39 on hand."
    assert state(store, cid) == before


@pytest.mark.parametrize(
    ("item", "words"),
    [
        (Item(ItemKind.ARMOR, "leather", hits_taken=50), "Leather armor cannot be repaired"),
        (Item(ItemKind.ARMOR, "cloth", hits_taken=50), "cannot be repaired"),
        (Item(ItemKind.SHIELD, "large_shield", hits_taken=50), "cannot be repaired"),
        (Item(ItemKind.ARMOR, "plate"), "no wear to repair"),
    ],
)
def test_repair_refusals_change_nothing(store: CampaignStore, item: Item, words: str) -> None:
    cid = hero(store, money=1000)
    eq.give(store=store, character_id=cid, item=item)
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused, match=words):
        eq.repair(store=store, character_id=cid, uid=at(store, cid, 0))
    assert state(store, cid) == before


# --- Undo and redo --------------------------------------------------------


def test_undo_and_redo_are_exact(store: CampaignStore) -> None:
    cid = hero(store, money=1000)
    eq.give(store=store, character_id=cid,
            item=Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=60))
    actions: list[Callable[[], eq.Deal]] = [
        lambda: eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="broadsword",
                       quality=FINE_DX),
        lambda: eq.sell(store=store, character_id=cid, uid=at(store, cid, 1), price=500),
        lambda: eq.record_hits(store=store, character_id=cid, uid=at(store, cid, 0), hits=5),
        lambda: eq.repair(store=store, character_id=cid, uid=at(store, cid, 0)),
        lambda: eq.move(store=store, character_id=cid, uid=at(store, cid, 0),
                        state=ItemState.STORED),
        lambda: eq.record_money(store=store, character_id=cid, amount=-30,
                                kind=MoneyKind.UPKEEP, reason="A week at the inn"),
    ]
    for action in actions:
        before = state(store, cid)
        deal = action()
        after = state(store, cid)
        assert after != before
        assert deal.before == before[0] and deal.after == after[0]
        assert cid in undo(store=store).changes.characters
        assert state(store, cid) == before
        assert redo(store=store).operation.label.startswith("Bjorn: ")
        assert state(store, cid) == after  # the same entries, ids included
    assert eq.money(store=store, character_id=cid) == 1000 - 800 + 500 - 40 - 30


def test_money_balances(store: CampaignStore) -> None:
    a = hero(store, money=100)
    b = hero(store, replace(BJORN, name="Astrid"), money=250)
    assert eq.money_balances(store=store) == {a: 100, b: 250}


# --- Money entries --------------------------------------------------------


@pytest.mark.parametrize("kind", list(MoneyKind))
def test_money_refusal_by_sign(kind: MoneyKind) -> None:
    spending = {MoneyKind.BUY, MoneyKind.PAY, MoneyKind.UPKEEP, MoneyKind.REPAIR}
    earning = {MoneyKind.START, MoneyKind.SELL, MoneyKind.FOUND, MoneyKind.JOB}
    plus, minus = money_refusal(10, kind), money_refusal(-10, kind)
    if kind in spending:
        assert plus == f"A {kind.value} takes money away; it cannot add any."
        assert minus == ""
    elif kind in earning:
        assert plus == ""
        assert minus.startswith(f"{kind.label} adds money")
    else:
        assert kind is MoneyKind.CORRECTION
        assert plus == minus == ""
    assert money_refusal(0, kind) == "The amount must not be $0."
    assert "whole number" in money_refusal(True, kind)
    assert "whole number" in money_refusal(2.5, kind)  # type: ignore[arg-type]
    assert "at most $10,000,000" in money_refusal(10_000_001, kind)
    assert "at most" in money_refusal(-10_000_001, kind)


def test_record_money(store: CampaignStore) -> None:
    cid = hero(store)
    start = eq.record_money(store=store, character_id=cid, amount=500,
                            kind=MoneyKind.START, reason="  Starting   money ")
    assert start.lines[0].reason == "Starting money"
    assert start.lines[0].kind == "start"
    eq.record_money(store=store, character_id=cid, amount=-120, kind=MoneyKind.PAY,
                    reason="Bribe")
    eq.record_money(store=store, character_id=cid, amount=-80, kind=MoneyKind.UPKEEP,
                    reason="Stabling")
    eq.record_money(store=store, character_id=cid, amount=-50, kind=MoneyKind.CORRECTION,
                    reason="Miscounted")
    assert eq.money(store=store, character_id=cid) == 250
    assert [(line.amount, line.kind) for line in eq.money_lines(store=store,
                                                                 character_id=cid)] == [
        (500, "start"), (-120, "pay"), (-80, "upkeep"), (-50, "correction")]


@pytest.mark.parametrize(
    ("amount", "kind", "reason", "words"),
    [
        (-101, MoneyKind.UPKEEP, "Stabling", "costs $101; only $100 on hand"),
        (-101, MoneyKind.PAY, "Bribe", "only $100 on hand"),
        (50, MoneyKind.PAY, "Bribe", "takes money away"),
        (-50, MoneyKind.START, "Oops", "adds money"),
        (-50, MoneyKind.FOUND, "Oops", "adds money"),
        (0, MoneyKind.FOUND, "Nothing", "must not be $0"),
        (50, MoneyKind.FOUND, "   ", "Give a reason"),
    ],
)
def test_record_money_refusals(store: CampaignStore, amount: int, kind: MoneyKind,
                               reason: str, words: str) -> None:
    cid = hero(store, money=100)
    before = state(store, cid)
    with pytest.raises(eq.EquipmentRefused) as caught:
        eq.record_money(store=store, character_id=cid, amount=amount, kind=kind, reason=reason)
    assert words in str(caught.value)
    assert state(store, cid) == before


def test_upkeep_of_everything_on_hand_is_allowed(store: CampaignStore) -> None:
    cid = hero(store, money=100)
    eq.record_money(store=store, character_id=cid, amount=-100, kind=MoneyKind.UPKEEP,
                    reason="Winter quarters")
    assert eq.money(store=store, character_id=cid) == 0


# --- Stored possessions ---------------------------------------------------

KIT = (
    Item(ItemKind.WEAPON, "broadsword", ItemState.READIED,
         Quality(fine_dx=1, fine_damage=2, silver=True), note="Grandfather's"),
    Item(ItemKind.WEAPON, "dagger", ItemState.CARRIED, Quality(fine_dx=1)),
    Item(ItemKind.WEAPON, "longbow", ItemState.STORED, Quality(good=True)),
    Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=57),
    Item(ItemKind.SHIELD, "small_metal_shield", ItemState.STORED, hits_taken=3),
    Item(ItemKind.GEAR, "ski_poles", ItemState.CARRIED, quantity=3, note="spare pair"),
)
# Chainmail worn and the broadsword in hand: the possessions say what he uses.
ROBIN = replace(BJORN, name="Robin", items=KIT, body_kg=80.5,
                mount=Mount("Dobbin", st=23, dx=12, ma=24, extra_kg=12.5))


def test_possessions_body_and_mount_are_stored(campaign_path: Path) -> None:
    with new_campaign(path=campaign_path, name="Sherwood") as store:
        cid = create_character(store=store, character=ROBIN).id

    with open_existing(path=campaign_path) as store:
        assert get_character(store=store, character_id=cid) == ROBIN


# --- The JSON format, version 4 -------------------------------------------


def test_format_4_round_trip() -> None:
    assert FORMAT_VERSION == 5
    text = dump_character(ROBIN, "u-1")
    assert loads(text) == [Entry("u-1", ROBIN)]
    data = json.loads(text)["character"]
    assert data["body_kg"] == 80.5
    assert data["mount"] == {"name": "Dobbin", "st": 23, "dx": 12, "ma": 24, "extra_kg": 12.5}
    assert data["items"][0] == {"kind": "weapon", "key": "broadsword", "state": "readied",
                                "fine_dx": 1, "fine_damage": 2, "silver": True,
                                "note": "Grandfather's"}
    # Defaults are left out.
    assert data["items"][5] == {"kind": "gear", "key": "ski_poles", "state": "carried",
                                "quantity": 3, "note": "spare pair"}


def test_export_and_import_keep_possessions(store: CampaignStore, tmp_path: Path) -> None:
    create_character(store=store, character=ROBIN)
    text = export_by_name(store=store, name="Robin")
    with new_campaign(path=tmp_path / "other.tftcampaign", name="Other") as other:
        [cid] = import_entries(store=other, entries=loads(text)).ids
        assert get_character(store=other, character_id=cid) == ROBIN


def doc(character: dict[str, Any], version: int = 3) -> str:
    data = {"name": "Robin", "race": "human", "st": 12, "dx": 12}
    data.update(character)
    return json.dumps({"format": CHARACTER_FORMAT, "version": version, "character": data})


def test_items_take_defaults() -> None:
    [entry] = loads(doc({"items": [{"kind": "armor", "key": "plate"}]}))
    assert entry.character.items == (Item(ItemKind.ARMOR, "plate"),)
    assert entry.character.body_kg == 0.0
    assert entry.character.mount is None
    [entry] = loads(doc({"body_kg": 75, "mount": {"name": "Pony", "st": 20, "dx": 10,
                                                  "ma": 20}}))
    assert entry.character.body_kg == 75.0
    assert entry.character.mount == Mount("Pony", 20, 10, 20)


def test_version_2_files_still_read() -> None:
    text = doc({"kind": "hero", "talents": ["sword"], "armor": "leather",
                "weapons": ["broadsword"]}, version=2)
    [entry] = loads(text)
    # The version-2 keys arrive as possessions: leather worn, the broadsword carried.
    assert entry.character.items == (Item(ItemKind.ARMOR, "leather", ItemState.READIED),
                                     Item(ItemKind.WEAPON, "broadsword", ItemState.CARRIED))
    assert entry.character.body_kg == 0.0
    assert entry.character.mount is None


def test_an_illegal_quality_still_reads() -> None:
    # Reading is about the format; legality is validation's (the CLI reports it).
    [entry] = loads(doc({"items": [{"kind": "weapon", "key": "longbow", "fine_dx": 1}]}))
    assert entry.character.items[0].quality == Quality(fine_dx=1)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"items": {"kind": "weapon"}}, "\"items\" must be a list"),
        ({"items": ["broadsword"]}, "\"items\" must be a list of items"),
        ({"items": [{"kind": "weapon"}]}, "items[0]: \"key\" is missing"),
        ({"items": [{"kind": "wand", "key": "x"}]}, "items[0]"),
        ({"items": [{"key": "x"}]}, "items[0]"),
        ({"items": [{"kind": "gear", "key": "skis", "state": "lost"}]}, "items[0]"),
        ({"items": [{"kind": "gear", "key": "skis", "colour": "red"}]},
         "unknown field colour"),
        ({"items": [{"kind": "gear", "key": "skis", "quantity": "2"}]},
         "\"quantity\" must be a whole number"),
        ({"items": [{"kind": "gear", "key": "skis", "quantity": 2.0}]},
         "\"quantity\" must be a whole number"),
        ({"items": [{"kind": "gear", "key": "skis", "quantity": 0}]}, "quantity"),
        ({"items": [{"kind": "weapon", "key": "sword", "silver": "yes"}]},
         "\"silver\" must be true or false"),
        ({"items": [{"kind": "weapon", "key": "sword", "good": 1}]},
         "\"good\" must be true or false"),
        ({"items": [{"kind": "weapon", "key": "sword", "fine_dx": True}]},
         "\"fine_dx\" must be a whole number"),
        ({"items": [{"kind": "armor", "key": "plate", "hits_taken": "many"}]},
         "\"hits_taken\" must be a whole number"),
        ({"items": [{"kind": "armor", "key": "plate", "hits_taken": -3}]},
         "\"hits_taken\" must be between 0 and 100000"),
        ({"items": [{"kind": "gear", "key": "skis", "note": 5}]}, "\"note\" must be text"),
        ({"body_kg": "80"}, "\"body_kg\" must be a number"),
        ({"body_kg": True}, "\"body_kg\" must be a number"),
        ({"body_kg": -1}, "\"body_kg\" must be between 0 and 2000"),
        ({"mount": "Dobbin"}, "\"mount\" must be an object"),
        ({"mount": {"st": 23, "dx": 12, "ma": 24}}, "mount: \"name\" is missing"),
        ({"mount": {"name": "Dobbin", "st": 23, "dx": 12, "ma": 24, "colour": "bay"}},
         "mount: unknown field colour"),
        ({"mount": {"name": "Dobbin", "st": "23", "dx": 12, "ma": 24}},
         "\"st\" must be a whole number"),
        ({"mount": {"name": "Dobbin", "st": 23, "dx": 12, "ma": 24, "extra_kg": "lots"}},
         "\"extra_kg\" must be a number"),
        ({"mount": {"name": "Dobbin", "dx": 12, "ma": 24}}, "mount: \"st\" is missing"),
    ],
)
def test_malformed_possessions_raise_format_error(fields: dict[str, Any], words: str) -> None:
    with pytest.raises(FormatError) as caught:
        loads(doc(fields))
    assert words in str(caught.value)


# --- Identity, not position ----------------------------------------------


def test_an_action_names_the_possession_it_meant_even_after_the_list_moved(
        store: CampaignStore) -> None:
    """A possession chosen, then another sold before the action: the one chosen is sold."""
    cid = hero(store, money=200)
    eq.give(store=store, character_id=cid, item=Item(ItemKind.GEAR, "skis"))
    eq.buy(store=store, character_id=cid, kind=ItemKind.WEAPON, key="mace")
    chosen = at(store, cid, 1)  # the mace, second in the list
    eq.sell(store=store, character_id=cid, uid=at(store, cid, 0), price=0)  # the skis go first
    eq.sell(store=store, character_id=cid, uid=chosen, price=10)
    assert items(store, cid) == ()
    assert [line.reason for line in eq.money_lines(store=store, character_id=cid)][-1] == \
        "Sold Mace"


def test_no_possession_action_takes_a_position() -> None:
    for action in (eq.sell, eq.move, eq.record_hits, eq.repair):
        assert "index" not in inspect.signature(action).parameters
        assert "uid" in inspect.signature(action).parameters


def test_a_possession_always_has_an_identity() -> None:
    assert Item(ItemKind.GEAR, "skis").uid != Item(ItemKind.GEAR, "skis").uid
    with pytest.raises(ValueError, match="identity"):
        Item(ItemKind.GEAR, "skis", uid="")
