"""Reading stat block text (pure): where figures begin, what each line says, what is wrong."""

from __future__ import annotations

import pytest

from tftmanager.rules.items import ItemState
from tftmanager.rules.statblock import read_statblocks
from tftmanager.rules.statblock_details import read_details

pytestmark = pytest.mark.rules

# The Fantasy Trip system's own test figure (its "standard text"), spells broken mid-name.
MANDRAKE = """Doctor Mandrake, wizard, age 99
ST 12, DX 13, IQ 18, MA 10
Talents: Alchemy, Knife, Literacy, Horsemanship, Sword
Spells include: Cleansing, Cleanse Poison, Create/Destroy
Elemental, Darkness, Dazzle, Dispel Missiles, 4-Hex Image,
Glamor, Iron Flesh
Languages: Common, Goblin
Magic Items:
• Gem of Summoning (4-Hex Dragon)
• Staff III (Mana 12)
"""


def test_a_list_broken_mid_name_is_joined_and_bullets_are_entries() -> None:
    reading = read_statblocks(MANDRAKE)
    (block,) = reading.blocks
    assert (block.name, block.kind) == ("Doctor Mandrake", "wizard")
    assert {k: v[0] for k, v in block.attributes.items()} == {
        "st": 12, "dx": 13, "iq": 18, "ma": 10}
    spells = [e.name for e in block.entries("spells")]
    assert spells[2] == "Create/Destroy Elemental"
    assert spells[-3:] == ["4-Hex Image", "Glamor", "Iron Flesh"]
    assert [e.line for e in block.entries("spells")][-1] == 6
    assert [e.name for e in block.entries("magic")] == ["Gem of Summoning", "Staff III"]
    assert block.languages == ["Common", "Goblin"] and block.age == 99
    assert block.notes == []
    assert reading.problems == []


def test_one_line_figures_stack_without_blank_lines() -> None:
    text = ("Orc: ST 12 DX 10 IQ 8 MA 10; Talents: Sword (2), Shield (1)\n"
            "Orc boss: st 14, dx 11 (9), iq 9, Talents: Axe/Mace\n")
    first, second = read_statblocks(text).blocks
    assert [(e.name, e.details) for e in first.entries("talents")] == [
        ("Sword", ("2",)), ("Shield", ("1",))]
    assert second.name == "Orc boss" and second.adjusted == {"dx": "9"}
    assert second.attributes["st"] == (14, 2)


def test_semicolons_between_attributes_keep_one_figure() -> None:
    (block,) = read_statblocks("Elanor - elf wizard\nST 9; DX 13; IQ 14; SP 1; MA 12\n").blocks
    assert block.race == ("elf", 1) and block.kind == "wizard"
    assert block.attributes["sp"] == (1, 2)


def test_semicolons_in_the_name_lines_parenthesis_part_its_words() -> None:
    """Adventure text writes "Mara (elf; age 120)": the race is "elf", not "elf;"."""
    (block,) = read_statblocks("Mara (elf; wizard; age 120) ST 9 DX 14 IQ 10\n").blocks
    assert (block.name, block.race, block.kind, block.age) == ("Mara", ("elf", 1), "wizard", 120)


@pytest.mark.parametrize("age", ["age 30", "30 yrs", "30 yrs.", "30 years", "30 years old"])
def test_an_age_in_the_name_line_in_any_of_its_forms(age: str) -> None:
    """"Sgt. Brutus (human, 30 yrs)": "yrs" was taken for part of the race."""
    (block,) = read_statblocks(f"Sgt. Brutus (human, {age}): ST 13 DX 13 IQ 9\n").blocks
    assert (block.name, block.race, block.age) == ("Sgt. Brutus", ("human", 1), 30)


def test_a_dash_after_the_attributes_parts_off_what_the_figure_carries() -> None:
    """"Kobold x6 — ST 8 DX 12 IQ 7 MA 10 — spear (1d+1)" refused the whole import."""
    reading = read_statblocks("Kobold x6 — ST 8 DX 12 IQ 7 MA 10 — spear (1d+1)\n")
    assert reading.problems == []
    (block,) = reading.blocks
    assert (block.name, block.count, block.attributes["iq"]) == ("Kobold", 6, (7, 1))
    [(_line, text, entries)] = block.loose
    assert text == "spear (1d+1)" and [e.name for e in entries] == ["spear"]
    # a dash between attributes, or a range, is no such tail
    assert read_statblocks("Guard: ST 12 - DX 11 - IQ 9\n").problems == []
    (ranged,) = read_statblocks("Orc: ST 12-14, DX 11, IQ 8\n").blocks
    assert ranged.loose == [] and ranged.attributes["st"] == (12, 1)


def test_text_it_cannot_read_is_a_problem_on_its_line() -> None:
    reading = read_statblocks("Bandit\nST 12 DX 11 IQ 9 luck 3\n")
    assert reading.problems == [
        "line 2: 'luck 3' is not an attribute this reads (ST, DX, IQ, SP, MA, adjDX, hits)"]


def test_a_figure_needs_st_and_dx() -> None:
    reading = read_statblocks("Brute\nST 16, IQ 6\n")
    assert reading.problems == ["line 1: Brute has no DX"]


def test_chatter_before_a_figure_is_skipped_with_a_warning() -> None:
    reading = read_statblocks("My party for Saturday:\n\nBob\nST 12 DX 12 IQ 8\n")
    assert [b.name for b in reading.blocks] == ["Bob"]
    assert reading.lines[0].warnings and not reading.problems


def test_unbalanced_parentheses_name_the_entry() -> None:
    reading = read_statblocks("Squire\nST 11 DX 13\nTalents: Sword (2, Shield\n")
    assert reading.problems == ["line 3: 'Sword (2, Shield' has unbalanced parentheses"]


def test_counts_and_armor_stops() -> None:
    (block,) = read_statblocks(
        "A\nST 10 DX 10\nWeapons: 3 daggers, Javelin x2\nArmor: Leather stops 2 hits/attack\n"
    ).blocks
    assert [(e.name, e.count) for e in block.entries("weapons")] == [
        ("daggers", 3), ("Javelin", 2)]
    assert block.entries("armor")[0].details == ("stops 2",)


def test_damage_written_after_a_weapons_name_is_its_dice() -> None:
    """Adventures print "Mace 2+1" as often as "Mace (2+1)"; a bare number stays a count."""
    (block,) = read_statblocks(
        "A\nST 10 DX 10\nWeapons: Mace 2+1, Broadsword 2d, Club 1d + 2, Shortsword 2-1, "
        "Torches 3, 2-handed sword\n").blocks
    assert [(e.name, e.details, e.count) for e in block.entries("weapons")] == [
        ("Mace", ("2+1",), 1), ("Broadsword", ("2d",), 1), ("Club", ("1d+2",), 1),
        ("Shortsword", ("2-1",), 1), ("Torches 3", (), 1), ("2-handed sword", (), 1)]


def test_details_read_state_quality_and_dice() -> None:
    d = read_details(("ready", "fine +1 DX +2 damage", "silver", "2d-1", "3 hits taken"))
    assert (d.state, d.fine_dx, d.fine_damage, d.silver, d.dice, d.hits_taken) == (
        ItemState.READIED, 1, 2, True, "2d-1", 3)
    assert read_details(("slung",)).state is ItemState.CARRIED
    assert read_details(("flaming",)).unknown == ["flaming"]
    assert read_details(("+2",)).extra == 2 and read_details(("2",)).number == 2


def test_periods_counts_and_flying_ma_of_dungeon_keys() -> None:
    reading = read_statblocks(
        "GARGOYLE (x2): ST 20, DX 11, IQ 6, MA 8/16 (flying). Attacks: Claws (2d).\n\n"
        "Brigand. ST 11, DX 12, IQ 9, MA 10. Broadsword (2d), small shield.\n")
    gargoyle, brigand = reading.blocks
    assert gargoyle.name == "GARGOYLE" and gargoyle.adjusted == {"ma": "/16 flying"}
    assert gargoyle.count == 2 and reading.lines[0].warnings == []
    assert gargoyle.notes == ["Attacks: Claws (2d)."]
    assert brigand.name == "Brigand"
    assert [e.name for _, _, entries in brigand.loose for e in entries] == [
        "Broadsword", "small shield"]
    assert reading.problems == []


def test_a_label_may_carry_a_parenthesis() -> None:
    (block,) = read_statblocks("Aldric\nST 10 DX 11 IQ 14\nSpells (IQ 14): Blur (T)\n").blocks
    assert [(e.name, e.details) for e in block.entries("spells")] == [("Blur", ("T",))]


def test_a_range_takes_its_first_value_and_says_so() -> None:
    reading = read_statblocks("Cave Bear\nST 28-32, DX 11, IQ 6, MA 8, hits stopped 2\n")
    (block,) = reading.blocks
    assert block.attributes["st"] == (28, 2) and block.bought == {"stops": 2}
    assert reading.lines[1].warnings == ["ST 28-32 is a range: 28 taken"]


def test_a_number_too_long_is_a_problem_not_a_crash() -> None:
    reading = read_statblocks("Bob\nST " + "9" * 5000 + " DX 10\n")
    assert "line 2: ST 999999… (5,000 digits) is not a value an attribute can have " \
           "(a whole number of up to nine digits)" in reading.problems


def test_foundrys_own_text_export_reads() -> None:
    """Foundry's exportStandardText writes dice as 1D6-1 and several attacks with a slash."""
    d = read_details(("1D6/1D6+1",))
    assert (d.all_dice, d.unknown) == (["1d", "1d+1"], [])
    assert read_details(("stops 3 hits/attack",)).stops == 3


@pytest.mark.parametrize(("text", "said"), [
    ("Orc — ST 999999999999 DX 11 IQ 8 MA 10 — club", "ST 999999999999"),
    ("Orc: ST -5 DX 11 IQ 8 MA 10; club", "ST -5"),
    ("Orc ST 12 DX - 3 IQ 8", "DX -3"),
])
def test_an_attribute_no_figure_can_have_is_named_as_such(text: str, said: str) -> None:
    """A hostile block's value is told as the value it is, not as a race or a stray word."""
    reading = read_statblocks(text + "\n")
    assert f"line 1: {said} is not a value an attribute can have " \
           "(a whole number of up to nine digits)" in reading.problems
    assert all("is no race" not in p and "not an attribute this reads" not in p
               for p in reading.problems)
    assert reading.blocks[0].name == "Orc"


def test_a_negative_figure_in_an_armors_note_is_no_attribute() -> None:
    """Inside parentheses "DX -2" is what the armor costs, read with the armor as before."""
    reading = read_statblocks("Guard: ST 12 DX 11 IQ 9. Armor: chainmail (DX -2)\n")
    assert reading.problems == []
