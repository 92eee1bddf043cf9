"""What the cards say: Melee's figures, rule-option notes, 3D, the back's lists."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.app import equipment, experience
from tftmanager.app.campaigns import party_sheets, set_profile
from tftmanager.cards.content import (
    CRITICALS,
    POLE_CHARGE,
    CardExtras,
    CardFace,
    build_card,
)
from tftmanager.cards.gather import UnknownCharacters, campaign_cards, select_sheets
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import CriticalHits, PoleCharge, RuleProfile
from tftmanager.store.campaign import CampaignStore

from .conftest import DEMO, many_talents, sheet_of

pytestmark = pytest.mark.app


def words(face: CardFace) -> str:
    """Everything a face says, as one string."""
    parts = [face.name, face.subtitle, *(s.text for s in face.stats)]
    for section in face.sections:
        parts += [section.title, *section.columns]
        parts += [" ".join(row) for row in section.rows]
    return " | ".join(parts)


def test_ragnar_shows_the_figures_melee_prints(demo_store: CampaignStore) -> None:
    [card] = campaign_cards(store=demo_store, names=["Ragnar"])
    front = card.front
    assert [s.text for s in front.stats] == ["ST 11", "DX 13 (11, 10)", "IQ 8", "SP 0", "MA 8"]
    assert front.stats[1].caption == "adjDX, with shield"
    assert front.tally == 11  # a box per point of ST, for the hits tally
    text = words(front)
    assert "Stops 2 hits per attack, 4 with shield" in text
    assert "Leather armor: stops 2, sound" in text
    assert "Large shield: stops 2, -1 DX, sound; slung" in text
    weapons = next(s for s in front.sections if s.title == "Weapons")
    assert weapons.rows[0][:4] == ("Spear", "1d+1", "11", "11")
    assert "2-handed" in weapons.rows[0][4]


def test_every_demo_card_has_its_figures(demo_store: CampaignStore) -> None:
    cards = campaign_cards(store=demo_store)
    assert [c.front.name for c in cards] == sorted(DEMO)
    for card in cards:
        st, dx, damages = DEMO[card.front.name]
        text = words(card.front)
        assert st in text and dx in text
        for damage in damages:
            assert damage in text


@pytest.mark.parametrize("option", list(PoleCharge))
def test_pole_charge_note_follows_the_campaign(library: RulesLibrary,
                                              option: PoleCharge) -> None:
    ragnar = Character("Ragnar", "human", 11, 13, items=outfit(weapons=("spear",)))
    profile = replace(RuleProfile(), pole_charge=option)
    card = build_card(sheet_of(ragnar, library, profile), library, profile)
    assert f"pole: {POLE_CHARGE[option]}" in words(card.front)
    other = next(o for o in PoleCharge if o is not option)
    assert POLE_CHARGE[other] not in words(card.front)


def test_charge_notes_read_as_the_rules_say() -> None:
    assert POLE_CHARGE[PoleCharge.MELEE_DOUBLE] == "x2 in a charge"
    assert POLE_CHARGE[PoleCharge.HOUSE_PLUS_1D1] == "+1d+1 in a charge"
    assert CRITICALS[CriticalHits.MELEE_MULTIPLY] == "3: x3, 4: x2"
    assert CRITICALS[CriticalHits.HOUSE_IGNORE_ARMOR] == "3/4: ignore armor (3: +1d)"


@pytest.mark.parametrize("option", list(CriticalHits))
def test_critical_hits_line_follows_the_campaign(library: RulesLibrary,
                                                 option: CriticalHits) -> None:
    figure = Character("Wulf", "human", 14, 10)
    profile = replace(RuleProfile(), critical_hits=option)
    card = build_card(sheet_of(figure, library, profile), library, profile)
    assert f"To-hit roll {CRITICALS[option]}" in words(card.front)


def test_injury_thresholds_follow_st(library: RulesLibrary) -> None:
    giant = Character("Big", "human", 25, 8)
    card = build_card(sheet_of(giant, library), library, RuleProfile())
    thresholds = sheet_of(giant, library).derived.injury
    assert (thresholds.dx_penalty_hits, thresholds.knockdown_hits) != (5, 8)
    assert (f"{thresholds.dx_penalty_hits}+ gives -2 DX, {thresholds.knockdown_hits}+ "
            "knocks down") in words(card.front)


def test_three_d_height_and_falls_only_with_the_option(library: RulesLibrary) -> None:
    human = Character("Hal", "human", 12, 12)
    off = build_card(sheet_of(human, library), library, RuleProfile())
    assert "3D" not in words(off.front)
    profile = replace(RuleProfile(), three_d=True)
    on = build_card(sheet_of(human, library, profile), library, profile)
    assert "3D: H 3 · falls 1d 4-6, 2d 7-9, 3d 10-12 tiles" in words(on.front)
    hob = Character("Grub", "hobgoblin", 10, 10)
    card = build_card(sheet_of(hob, library, profile), library, profile)
    assert "no Height for this race" in words(card.front)


def test_three_d_chart_matches_the_document(library: RulesLibrary) -> None:
    height_for = library.heights.height_for
    halfling, elf, dwarf = height_for("halfling"), height_for("elf"), height_for("dwarf")
    assert halfling and halfling.height == "1" and halfling.falls == ("2", "3", "4")
    assert elf and elf.height.startswith("3") and elf.falls == ("5-8", "9-12", "13-16")
    assert dwarf and dwarf.falls == ("3-4", "5-6", "7-8")
    assert height_for("hobgoblin") is None


def test_back_lists_talents_spells_memory_and_ledgers(library: RulesLibrary) -> None:
    spell = sorted(library.spells)[0]
    wizard = Character("Merlin", "human", 9, 11, iq=14, spells=(spell,),
                       talents=many_talents(library, 2).talents)
    extras = CardExtras(xp_balance=1250, next_cost=300, money=42,
                        studies=("Alchemy: week 3 of 12",))
    back = build_card(sheet_of(wizard, library), library, RuleProfile(), extras).back
    text = words(back)
    assert "XP 1,250; next point of ST, DX, IQ or SP costs 300" in text
    assert "Money $42" in text and "Studying Alchemy: week 3 of 12" in text
    assert "Memory " in text
    in_debt = build_card(sheet_of(wizard, library), library, RuleProfile(),
                         replace(extras, money=-80)).back
    assert "Money -$80" in words(in_debt)  # an idle week's upkeep unpaid, as a debt reads
    spells = next(s for s in back.sections if s.title == "Spells")
    assert spells.rows[0][:2] == (library.spells[spell].name, library.spells[spell].st_cost)
    talents = next(s for s in back.sections if s.title == "Talents")
    assert len(talents.rows) == 2
    for (name, cost, summary), known in zip(talents.rows, wizard.talents, strict=True):
        talent = library.talents[known.key]
        assert (name, summary) == (talent.name, talent.summary) and cost.isdigit()


def test_possessions_and_wear(library: RulesLibrary) -> None:
    gear = sorted(library.gear)[0]
    owner = Character("Ann", "human", 12, 12, items=(
        Item(ItemKind.GEAR, gear, quantity=2),
        Item(ItemKind.WEAPON, "dagger", ItemState.STORED, Quality(fine_dx=1)),
        Item(ItemKind.ARMOR, "leather", ItemState.READIED, hits_taken=3)))
    back = build_card(sheet_of(owner, library), library, RuleProfile()).back
    text = words(back)
    assert f"2 x {library.gear[gear].name}" in text
    assert "Dagger (fine +1 DX, stored)" in text
    assert "Leather armor: sound" in text and "Hits to recover" in text


def test_flavius_card_shows_the_wear_on_the_chainmail_he_wears(
        demo_store: CampaignStore, library: RulesLibrary) -> None:
    flavius = next(s for s in party_sheets(store=demo_store)
                   if s.character.name == "Flavius Marcellus")
    assert flavius.id is not None
    worn = flavius.character.loadout.armor
    assert worn is not None
    equipment.record_hits(store=demo_store, character_id=flavius.id, uid=worn.uid, hits=60)
    [card] = campaign_cards(store=demo_store, names=["Flavius Marcellus"])
    chainmail = library.armors["chainmail"].name
    assert "Stops 2 hits per attack, 4 with shield" in words(card.front)
    assert f"{chainmail}: stops 2, falling apart" in words(card.front)
    assert f"{chainmail}: falling apart" in words(card.back)


def test_xp_from_the_ledger(demo_store: CampaignStore) -> None:
    [ragnar] = campaign_cards(store=demo_store, names=["ragnar"])
    assert "XP 0; next point" in words(ragnar.back)
    sheets = {c.front.name: c for c in campaign_cards(store=demo_store)}
    assert sheets["Ragnar"].back == ragnar.back

    rid = next(s.id for s in party_sheets(store=demo_store) if s.character.name == "Ragnar")
    assert rid is not None
    experience.award(store=demo_store, character_ids=[rid], amount=250, reason="Arena")
    [after] = campaign_cards(store=demo_store, names=["Ragnar"])
    assert "XP 250; next point" in words(after.back)
    assert "memory point" not in words(after.back)
    set_profile(store=demo_store, profile=replace(RuleProfile(), legacy_memory_xp=True))
    [legacy] = campaign_cards(store=demo_store, names=["Ragnar"])
    assert "A memory point costs 500 XP" in words(legacy.back)


def test_unknown_names_are_all_reported_with_who_is_there(demo_store: CampaignStore) -> None:
    with pytest.raises(UnknownCharacters) as caught:
        campaign_cards(store=demo_store, names=["Ragnar", "Bob", "Zed"])
    message = str(caught.value)
    assert "'Bob'" in message and "'Zed'" in message and "'Ragnar'" not in message
    assert "Flavius Marcellus, Joe the Barbarian, Morgaine, Ragnar, Wulf" in message


def test_names_pick_in_the_order_asked(demo_store: CampaignStore) -> None:
    cards = campaign_cards(store=demo_store, names=["wulf ", "RAGNAR", "Wulf"])
    assert [c.front.name for c in cards] == ["Wulf", "Ragnar"]
    assert select_sheets([], []) == []


def test_back_shows_wounds_and_recovery_from_the_calendar(demo_store) -> None:
    from dataclasses import replace

    from tftmanager.app.campaigns import party_sheets
    from tftmanager.app.library import library_for
    from tftmanager.cards.content import recovery_rows
    from tftmanager.rules.character import Status

    sheet = next(s for s in party_sheets(store=demo_store) if s.character.name == "Ragnar")
    hurt = replace(sheet, character=replace(sheet.character, wounds=4, recovery_weeks=3,
                                            status=Status.ACTIVE))
    text = " ".join(row[0] for row in recovery_rows(hurt, library_for(demo_store)))
    assert "Wounded: 4 hits, ST 7 now" in text
    assert "Recovering: -3 DX; 3 more weeks of rest" in text


def test_gm_notes_never_reach_a_player_card(library: RulesLibrary) -> None:
    """The library keeps a GM's note apart from the summary players read."""
    bow = library.talents["bow"]
    assert "Legacy" in bow.gm_note and "Legacy" not in bow.summary
    wulf = Character(name="Wulf", race="human", st=14, dx=10, iq=8,
                     talents=(KnownTalent("bow"),), items=outfit(weapons=("longbow",)))
    back = words(build_card(sheet_of(wulf, library), library, RuleProfile()).back)
    assert "Use of bows." in back
    assert bow.gm_note not in back and "Legacy" not in back
    for entry in (*library.talents.values(), *library.spells.values()):
        for word in ("Legacy", "original edition", "Original-edition", "the expansion"):
            assert word not in entry.summary, (entry.key, entry.summary)
