"""The card shows what talents and magic items do, and where each number comes from."""

from __future__ import annotations

import pytest

from tftmanager.cards.content import build_card
from tftmanager.cli.report import sheet_json, sheet_text
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile
from tftmanager.ui.party_rows import PartyRow

from .conftest import sheet_of
from .test_content import words

pytestmark = pytest.mark.app

MAGIC = (Item(ItemKind.MAGIC, "stone_flesh", ItemState.READIED),
         Item(ItemKind.MAGIC, "fireball_rod", quantity=4))


def hrolf() -> Character:
    talents = tuple(KnownTalent(k) for k in ("running", "toughness", "skiing"))
    return Character("Hrolf", "human", 12, 10, 10, talents=talents,
                     items=outfit(MAGIC, armor="leather", shield="small_shield",
                                  shield_ready=True))


def test_front_shows_ma_and_hits_stopped_with_their_sources(library: RulesLibrary) -> None:
    card = build_card(sheet_of(hrolf(), library), library, RuleProfile())
    ma = next(s for s in card.front.stats if s.label == "MA")
    assert (ma.value, ma.caption) == ("10", "8, Running +2")
    text = words(card.front)
    assert "Stops 7 hits per attack (2, Toughness +1, Stone Flesh +4), 8 with shield" in text
    assert "Skiing: MA +4 when on level snow with skis" in text


def test_back_lists_magic_items_with_what_they_do(library: RulesLibrary) -> None:
    back = words(build_card(sheet_of(hrolf(), library), library, RuleProfile()).back)
    assert "Stone Flesh (magic, readied, hits stopped +4)" in back
    assert "Fireball rod, 4 points (magic)" in back


def test_check_and_party_table_say_where_ma_comes_from(library: RulesLibrary) -> None:
    plain = Character("Bo", "human", 12, 10, 10, talents=(KnownTalent("running"),
                                                          KnownTalent("toughness")))
    sheet = sheet_of(plain, library)
    text = sheet_text(sheet)
    assert "MA 12 (10, Running +2)" in text
    assert "hits stopped 1 (0, Toughness +1)" in text
    assert sheet_json(sheet)["derived"]["ma_detail"] == "12 (10, Running +2)"
    assert PartyRow.from_sheet(sheet, "Human").ma_text == "12 (10, Running +2)"
