"""Magic items in the shop: bought from the money ledger, readied, sold, undone.

The expansion (001, "New Costs of Magic Items") prices them; a readied item's
effects count in the figure's numbers (``rules.effects``), a carried one only
weighs.
"""

from __future__ import annotations

import pytest

from tftmanager.app import equipment as eq
from tftmanager.app.campaigns import character_sheet
from tftmanager.app.characters import create_character, get_character
from tftmanager.app.journal import undo
from tftmanager.app.library import library_for
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.effects import Stat
from tftmanager.rules.items import ORDINARY, ItemKind, ItemState
from tftmanager.rules.money import MoneyKind
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

TOUGH = Character(name="Tough", race="human", st=12, dx=10, iq=10,
                  talents=(KnownTalent("toughness"),))


def hero(store: CampaignStore, money: int) -> int:
    cid = create_character(store=store, character=TOUGH).id
    eq.record_money(store=store, character_id=cid, amount=money, kind=MoneyKind.START,
                    reason="Starting money")
    return cid


def test_buy_ready_and_sell_a_magic_item(store: CampaignStore) -> None:
    cid = hero(store, 10_000)
    deal = eq.buy(store=store, character_id=cid, kind=ItemKind.MAGIC, key="stone_flesh")
    assert eq.money(store=store, character_id=cid) == 10_000 - 5000
    assert [line.amount for line in deal.lines] == [-5000]
    (item,) = get_character(store=store, character_id=cid).items
    assert (item.kind, item.key, item.state) == (ItemKind.MAGIC, "stone_flesh", ItemState.CARRIED)
    sheet = character_sheet(store=store, character_id=cid)
    assert sheet.derived.hits_stopped == 1                  # carried: Toughness only
    eq.move(store=store, character_id=cid, uid=item.uid, state=ItemState.READIED)
    sheet = character_sheet(store=store, character_id=cid)
    assert sheet.derived.explain(Stat.HITS_STOPPED) == "5 (0, Toughness +1, Stone Flesh +4)"
    eq.sell(store=store, character_id=cid, uid=item.uid, price=2500)
    assert get_character(store=store, character_id=cid).items == ()
    assert eq.money(store=store, character_id=cid) == 7500
    # Undo the sale, the readying and the purchase, one at a time.
    undo(store=store)
    assert eq.money(store=store, character_id=cid) == 5000
    assert get_character(store=store, character_id=cid).items[0].state is ItemState.READIED
    undo(store=store)
    assert get_character(store=store, character_id=cid).items[0].state is ItemState.CARRIED
    undo(store=store)
    assert get_character(store=store, character_id=cid).items == ()
    assert eq.money(store=store, character_id=cid) == 10_000


def test_a_rod_is_bought_by_the_point_and_weighs_once(store: CampaignStore) -> None:
    cid = hero(store, 5000)
    deal = eq.buy(store=store, character_id=cid, kind=ItemKind.MAGIC, key="fireball_rod",
                  quantity=3)
    assert eq.money(store=store, character_id=cid) == 5000 - 3 * 600
    assert "3 points" in deal.lines[0].reason
    rod = library_for(store).magic_items["fireball_rod"]
    sheet = character_sheet(store=store, character_id=cid)
    assert sheet.derived.carried_kg == rod.weight_kg


def test_too_little_money_refuses_and_changes_nothing(store: CampaignStore) -> None:
    cid = hero(store, 7999)
    with pytest.raises(eq.EquipmentRefused):
        eq.buy(store=store, character_id=cid, kind=ItemKind.MAGIC, key="iron_flesh")
    assert get_character(store=store, character_id=cid).items == ()
    assert eq.money(store=store, character_id=cid) == 7999


def test_unknown_magic_item_is_refused(store: CampaignStore) -> None:
    cid = hero(store, 100)
    with pytest.raises(eq.EquipmentRefused, match="not magic"):
        eq.price_of(library_for(store), ItemKind.MAGIC, "ring_of_nothing", ORDINARY)
    assert get_character(store=store, character_id=cid).items == ()
