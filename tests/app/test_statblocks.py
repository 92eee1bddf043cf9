"""Stat blocks in six published and common styles, imported to the exact figures.

The files in tests/data/statblocks are written as adventures, forum posts and
GM notes print figures.  Each good file imports to exactly the characters
below; each bad file names its line and what is wrong, and imports nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from tftmanager.app import journal
from tftmanager.app.campaigns import new_campaign, party_sheets
from tftmanager.app.statblocks import (
    StatBlockError,
    export_statblocks,
    figures_as_text,
    import_statblocks,
    preview,
    read_figures,
)
from tftmanager.app.transfer import TransferError
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.items import ORDINARY, Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "statblocks"
W, A, S, G = ItemKind.WEAPON, ItemKind.ARMOR, ItemKind.SHIELD, ItemKind.GEAR
READY, CARRIED = ItemState.READIED, ItemState.CARRIED


def _t(*keys: str) -> tuple[KnownTalent, ...]:
    return tuple(KnownTalent(k) for k in keys)


def _i(kind: ItemKind, key: str, state: ItemState, quantity: int = 1,
       quality: Quality = ORDINARY) -> Item:
    return Item(kind=kind, key=key, state=state, quantity=quantity, quality=quality)


EXPECTED: dict[str, list[Character]] = {
    "adventure_wizard.txt": [Character(
        name="Thorvald the Grey", race="human", st=10, dx=12, iq=15,
        kind=CharacterKind.WIZARD, talents=_t("literacy", "alchemy"),
        spells=("magic_fist", "light", "drop_weapon", "detect_magic", "slow_movement",
                "fire", "dazzle", "staff"),
        items=(_i(W, "dagger", READY), _i(A, "cloth", READY),
               _i(G, "heavy_wool_blanket", CARRIED)),
        notes="Special note: Never parts with his staff; he sleeps with it.\n"
              "Equipment: Torches x3", age=52)],
    "adventure_encounter_key.txt": [
        Character(name="Orc Sergeant", race="orc", st=13, dx=11, iq=8,
                  talents=_t("sword", "shield"),
                  items=(_i(W, "broadsword", READY), _i(A, "leather", READY),
                         _i(S, "small_shield", READY))),
        Character(name="Orc Archer", race="orc", st=11, dx=12, iq=8, talents=_t("bow"),
                  items=(_i(W, "small_bow", READY), _i(W, "dagger", CARRIED),
                         _i(A, "cloth", READY))),
        Character(name="Goblin Scout", race="goblin", st=8, dx=13, iq=9,
                  talents=_t("knife", "stealth"),
                  items=(_i(W, "dagger", READY), _i(W, "sling", CARRIED)))],
    "forum_markdown.txt": [
        Character(name="Grimbold Ironfist", race="dwarf", st=14, dx=10, iq=9,
                  talents=_t("axe_mace", "shield", "miner"),
                  items=(_i(W, "battleaxe", READY), _i(W, "dagger", CARRIED),
                         _i(A, "chainmail", READY), _i(S, "large_shield", CARRIED))),
        Character(name="Brokk", race="dwarf", st=13, dx=11, iq=8, talents=_t("axe_mace"),
                  items=(_i(W, "hammer", READY), _i(W, "dagger", CARRIED, 2)))],
    "monster_no_race.txt": [Character(
        name="GIANT WOLF", race="human", st=16, dx=13, iq=6,
        notes="Attacks: Bite (2d); attacks any adjacent hex\nTravels in packs of 3-6.")],
    "melee_card_lowercase.txt": [Character(
        name="ragnar", race="human", st=11, dx=13, iq=8, talents=_t("pole_weapons", "shield"),
        items=(_i(W, "spear", READY), _i(W, "dagger", CARRIED), _i(A, "leather", READY),
               _i(S, "large_shield", CARRIED)))],
    "gm_notes_caps.txt": [Character(
        name="ELANOR SILVERLEAF", race="elf", st=9, dx=13, iq=14, sp=1, bought_points=1,
        player="Anna", kind=CharacterKind.WIZARD, talents=_t("literacy"),
        spells=("magic_fist", "light", "blur", "drop_weapon"),
        items=(_i(W, "dagger", READY, 2),))],
    "dungeon_key_periods.txt": [
        *(Character(name=f"GARGOYLE {n}", race="human", st=20, dx=11, iq=6,
                    notes="Attacks: Claws (2d).\nArmor: Stony skin (stops 3)")
          for n in (1, 2)),
        Character(name="Brigand", race="human", st=11, dx=12, iq=9,
                  items=(_i(W, "broadsword", READY), _i(S, "small_shield", READY),
                         _i(A, "leather", READY))),
        Character(name="Hobgoblin Leader", race="hobgoblin", st=12, dx=11, iq=9,
                  items=(_i(W, "shortsword", READY), _i(W, "dagger", CARRIED),
                         _i(S, "small_shield", READY)),
                  notes="He carries the key to the cells."),
        Character(name="Aldric the Wise", race="human", st=10, dx=11, iq=14,
                  kind=CharacterKind.WIZARD, talents=_t("literacy"),
                  spells=("magic_fist", "light", "blur", "fire", "drop_weapon"))],
    "legacy_sentences.txt": [
        Character(name="Akyra", race="human", st=11, dx=13, iq=10,
                  talents=_t("sword", "shield", "literacy"),
                  items=(_i(W, "cutlass", READY), _i(S, "small_shield", READY),
                         _i(A, "leather", READY)),
                  notes="Described as: female"),
        *(Character(name=f"Goblin {n}", race="goblin", st=8, dx=12, iq=8,
                    items=(_i(W, "dagger", READY),)) for n in range(1, 7)),
        Character(name="Brown Bear", race="human", st=30, dx=11, iq=6,
                  notes="Attack: Claws (2d+2)\nHide: Hide stops 2 hits"),
        Character(name="Sam the Guard", race="human", st=10, dx=12, iq=9)],
    "foundry_standard_text.txt": [Character(
        name="Uldor", race="human", st=9, dx=8, iq=16, kind=CharacterKind.WIZARD,
        talents=_t("literacy"), spells=("light", "fireball"),
        items=(_i(W, "dagger", READY), _i(W, "javelin", CARRIED), _i(A, "cloth", READY)),
        notes="Equipment: Backpack\nMagic item: Wizard's Staff", age=18)],
}
BAD = {
    "bad_attribute.txt": "line 1: 'DX eleven' is not an attribute this reads",
    "bad_missing_dx.txt": "line 1: Hulking Brute has no DX",
    "bad_parentheses.txt": "line 3: 'Sword (2, Shield' has unbalanced parentheses",
    "bad_out_of_range.txt": "line 1: Titan of the Deep Halls: ST must be between 1 and 300, "
                            "not 500.",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_style_reads_to_the_exact_figures(name: str, library: RulesLibrary) -> None:
    seen = read_figures((DATA / name).read_text(encoding="utf-8"), library, RuleProfile())
    assert seen.problems == []
    assert seen.figures == EXPECTED[name]


def test_a_sentence_naming_race_and_type_is_read_as_such(library: RulesLibrary) -> None:
    seen = read_figures("Tollenkar: ST 12, DX 12 (10), IQ 14, MA 10. Elf wizard.\n"
                        "Spells: Blur, Light\n", library, RuleProfile())
    assert seen.problems == []
    (tollenkar,) = seen.figures
    assert (tollenkar.race, tollenkar.kind, tollenkar.notes) == (
        "elf", CharacterKind.WIZARD, "")


def test_a_monster_with_no_race_says_what_was_assumed(library: RulesLibrary) -> None:
    seen = read_figures((DATA / "monster_no_race.txt").read_text(), library, RuleProfile())
    assert seen.warnings[0] == "line 1: no race given: Human (change it in the editor if it is not)"


def test_what_is_not_in_the_library_is_kept_in_the_notes_with_a_warning(
        library: RulesLibrary) -> None:
    seen = read_figures((DATA / "adventure_wizard.txt").read_text(), library, RuleProfile())
    assert "line 8: Equipment: Torches x3 kept in the notes" in seen.warnings


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_malformed_file_names_the_line_and_imports_nothing(
        name: str, store: CampaignStore) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    with pytest.raises(StatBlockError) as caught:
        import_statblocks(store=store, text=text)
    assert str(caught.value).startswith(BAD[name])
    assert "nothing was imported" in str(caught.value)
    assert party_sheets(store=store) == []
    assert journal.history(store=store) == [] or all(
        "Imported" not in h.label for h in journal.history(store=store))


def test_an_import_is_one_operation_undone_at_once(store: CampaignStore) -> None:
    text = (DATA / "adventure_encounter_key.txt").read_text(encoding="utf-8")
    result = import_statblocks(store=store, text=text)
    assert len(result.ids) == 3
    assert [s.character.name for s in party_sheets(store=store)] == [
        "Goblin Scout", "Orc Archer", "Orc Sergeant"]
    journal.undo(store=store)
    assert party_sheets(store=store) == []


def test_the_preview_annotates_every_line(store: CampaignStore) -> None:
    seen = preview(store=store, text=(DATA / "melee_card_lowercase.txt").read_text())
    assert seen.lines[3].became == ["weapon Spear", "weapon Dagger"]
    assert seen.lines[1].became[-1] == "MA 10 (8): derived, not kept"


def _sorted(character: Character) -> Character:
    order = [ItemKind.WEAPON, ItemKind.ARMOR, ItemKind.SHIELD, ItemKind.GEAR, ItemKind.MAGIC]
    return replace(character, items=tuple(sorted(
        character.items, key=lambda i: order.index(i.kind))))


FULL = Character(
    name="Every Field", race="elf", st=10, dx=14, iq=12, sp=1, player="Mo",
    notes="First line; with: colons\nSecond line", bought_points=3, memory_bought=2,
    kind=CharacterKind.WIZARD, talents=(KnownTalent("literacy"), KnownTalent("sign_language", 2)),
    spells=("light", "blur"),
    items=(_i(W, "dagger", CARRIED, quality=Quality(fine_dx=1)),
           _i(W, "javelin", READY, 3),
           _i(W, "broadsword", ItemState.STORED, quality=Quality(1, 2, True)),
           Item(ItemKind.ARMOR, "leather", CARRIED, hits_taken=4),
           _i(S, "small_shield", CARRIED),
           _i(G, "spy_glass", READY, quality=Quality(good=True)),
           _i(ItemKind.MAGIC, "fireball_rod", CARRIED, 5)),
)


def test_export_then_import_gives_the_same_figure(library: RulesLibrary) -> None:
    text = figures_as_text([FULL], library, RuleProfile())
    again = read_figures(text, library, RuleProfile())
    assert again.problems == []
    assert again.figures == [_sorted(FULL)]


def test_the_demo_party_round_trips_through_its_stat_blocks(
        demo_store: CampaignStore, tmp_path: Path) -> None:
    """Everything but the mount and body weight (no stat block holds them) comes back."""
    text = export_statblocks(store=demo_store)
    other = new_campaign(path=tmp_path / "other.tftcampaign")
    try:
        import_statblocks(store=other, text=text)
        after = [s.character for s in party_sheets(store=other)]
        assert export_statblocks(store=other) == text
    finally:
        other.close()
    before = [_sorted(s.character) for s in party_sheets(store=demo_store)]
    assert after == [replace(c, mount=None, body_kg=0.0) for c in before]


def test_export_by_name_refuses_an_unknown_name(demo_store: CampaignStore) -> None:
    assert export_statblocks(store=demo_store, names=["rag"]).startswith(
        "Ragnar, hero\nST 11, DX 13, IQ 8, MA 10 (8), adjDX 11\nRace: Human")
    with pytest.raises(TransferError, match="did you mean"):
        export_statblocks(store=demo_store, names=["Ragnor"])


# Foundry's Fantasy Trip system reads "standard text" with these expressions
# (src/module/util/transfer.mjs, importStandardText); a line they do not match
# stops its import, so our export must match them.
_FT_HEADER = re.compile(r"^(?P<name>[\w\s’'`]*)[\s,]*(?P<type>(wizard|hero))?[\s,]*"
                        r"(age\s(?P<age>\d+))?$", re.MULTILINE)
_FT_ATTRIBUTES = re.compile(r"^ST\s+(?P<st>\d+)\s*,\s*DX\s*(?P<dx>\d+)\s*,\s*IQ\s*"
                            r"(?P<iq>\d+)\s*,\s*MA\s*(?P<ma>\d+)", re.MULTILINE)
_FT_ARMOR = re.compile(r"^(?P<name>[\w\s’'`]*)(stops|stop)+\s*(?P<stops>\d*)", re.DOTALL)
_FT_WEAPON = re.compile(r"^(?P<name>[\w\s’'`]*)(\((?P<damage>.*)?\))?$", re.DOTALL)


def test_the_export_is_foundrys_standard_text(demo_store: CampaignStore) -> None:
    """Wulf's "2-handed sword" is left out: Foundry's expression refuses a hyphen in a name."""
    for name in ("Flavius Marcellus", "Joe the Barbarian", "Ragnar"):
        text = export_statblocks(store=demo_store, names=[name]).strip()
        header = _FT_HEADER.search(text)
        assert header is not None and (header["name"], header["type"]) == (name, "hero")
        attributes = _FT_ATTRIBUTES.search(text)
        assert attributes is not None
        lists = dict(line.split(": ", 1) for line in text.splitlines()[1:] if ": " in line)
        for entry in lists["Armor"].split(","):
            assert _FT_ARMOR.match(entry.strip()), entry
        for entry in lists["Weapons"].split(","):
            found = _FT_WEAPON.match(entry.strip())
            assert found is not None and found["damage"], entry
