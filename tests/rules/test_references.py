"""References: a book code, a page where known and a section, read or derived, never invented."""

from __future__ import annotations

import pytest

from tftmanager.rules.library_entries import Entry, library_from_entries
from tftmanager.rules.library_marks import entry_marks
from tftmanager.rules.option_references import option_references, reading_reference
from tftmanager.rules.references import (
    BadReference,
    Reference,
    derive_reference,
    entry_reference,
    parse_reference,
    reference_text,
    with_reference,
)
from tftmanager.rules.settings import OPTION_INFO, CriticalHits
from tftmanager.shipped import shipped_entries, shipped_library


@pytest.mark.parametrize(("text", "expected"), [
    ("ITL p. 45", Reference("ITL", "45")),
    ("ITL p. 45, Experience", Reference("ITL", "45", "Experience")),
    ("Advanced Melee pp. 45 - 46", Reference("Advanced Melee", "45-46")),
    ("TFT Rules Expansion, Jobs: Wizards", Reference("TFT Rules Expansion", "",
                                                     "Jobs: Wizards")),
    ("House Rules: Combat, Pole Weapons", Reference("House Rules: Combat", "", "Pole Weapons")),
    ("  Melee  ", Reference("Melee")),
])
def test_a_reference_is_read_and_written_back(text: str, expected: Reference) -> None:
    reference = parse_reference(text)
    assert reference == expected
    assert parse_reference(reference.text()) == reference


def test_an_empty_reference_is_none_and_a_bookless_one_is_refused() -> None:
    assert parse_reference("  ") is None
    with pytest.raises(BadReference, match=r"e\.g\. 'ITL p\. 45"):
        parse_reference(", p. 3")


def test_the_reader_sees_the_title_and_the_first_page_opens() -> None:
    reference = Reference("ITL", "45-46", "Experience")
    assert reference.shown() == "In the Labyrinth p. 45-46, Experience"
    assert reference.first_page == 45
    assert Reference("Tollenkar's Lair").shown() == "Tollenkar's Lair"  # a GM's own book
    assert Reference("Melee").first_page is None


def test_the_example_tooltip() -> None:
    """The issue's example: "needs IQ 11 - In the Labyrinth p. 23"."""
    assert with_reference("needs IQ 11.", Reference("ITL", "23").shown()) == (
        "needs IQ 11 - In the Labyrinth p. 23")
    assert with_reference("needs IQ 11.", "") == "needs IQ 11."


@pytest.mark.parametrize(("source", "expected"), [
    ("Legacy ITL list (TFT-FACTS S1)", "ITL"),
    ("Legacy Wizard list (TFT-FACTS S1; ST given there as '1')", "Wizard"),
    ("Expansion (001), Jobs: Wizards (scan: 'Templii', pay '360')",
     "TFT Rules Expansion, Jobs: Wizards"),
    ("Expansion (001), New and Changed Spells: changed description; IQ 10",
     "TFT Rules Expansion, New and Changed Spells"),
    ("Expansion (001): cost 2 from the Joe the Barbarian example", "TFT Rules Expansion"),
    ("Melee (003), Movement (line 162): 'An unarmored human has an MA of 10'",
     "Melee, Movement"),
    ("Melee, Monsters and Beasts (an orc is just like a human)", "Melee, Monsters and Beasts"),
    ("TFT House Rules: Combat, Reaction to Injuries", "House Rules: Combat, Reaction to Injuries"),
    # The one page a source quotes is kept: Legacy ITL p. 45 for the attribute costs.
    ("TFT-FACTS 1a (Legacy ITL p. 45, via S1 and S2)", "ITL p. 45"),
])
def test_the_reference_is_derived_from_the_maintainers_source(source: str,
                                                               expected: str) -> None:
    derived = derive_reference(source)
    assert derived is not None and derived.text() == expected


def test_a_source_naming_no_book_gives_no_reference_rather_than_a_guess() -> None:
    assert derive_reference("TFT-FACTS 3 (line 470); S1, S5") is None
    assert derive_reference("House rule") is None
    assert reference_text({"source": "House rule"}) == ""


def test_an_entrys_own_reference_wins_over_its_source() -> None:
    data = {"source": "Melee", "reference": "Advanced Melee p. 13"}
    assert entry_reference(data) == Reference("Advanced Melee", "13")
    assert reference_text({"source": "Melee"}) == "Melee"


def test_the_shipped_main_gauche_cites_the_page_the_house_rules_give() -> None:
    """001/004: "Parrying with a main gauche is as per the rules in Advanced Melee on page 13."""
    main_gauche = shipped_library().weapons["main_gauche"]
    assert main_gauche.reference == Reference("Advanced Melee", "13")


def test_almost_every_shipped_entry_names_its_book() -> None:
    library = shipped_library()
    for table in (library.talents, library.spells, library.weapons, library.armors,
                  library.shields, library.gear, library.magic_items, library.races,
                  library.creatures):
        for entry in table.values():
            assert entry.reference is not None, entry.key
            assert entry.reference.page == "" or entry.reference.page.isdigit() or (
                "-" in entry.reference.page)


def test_a_marked_value_names_the_reference_of_the_rule_it_belongs_to() -> None:
    entries = {(e.kind, e.key): e for e in shipped_entries()}
    war = entry_marks(entries["job", "war_1"])[0]
    assert war.reference == "TFT Rules Expansion, Jobs: Mercenaries"
    # A value no document gives at all (a week of rest heals every wound) cites none.
    rest = next(m for m in entry_marks(entries["job_rules", "table"]) if m.field == "rest")
    assert rest.source == rest.reference == ""
    own = Entry("talent", "x", {"source": "House rule", "reference": "ITL p. 7",
                                "assumed": "ours"})
    assert entry_marks(own)[0].reference == "In the Labyrinth p. 7"


def test_every_campaign_rule_option_has_a_reference() -> None:
    for name in OPTION_INFO:
        assert option_references(name), name


def test_the_reading_in_play_names_its_own_book() -> None:
    """An encounter's log line cites the reading the campaign plays."""
    house = reading_reference("critical_hits", CriticalHits.HOUSE_IGNORE_ARMOR)
    assert house == Reference("House Rules: Combat", "", "Double or Triple Damage")
    melee = reading_reference("critical_hits", CriticalHits.MELEE_MULTIPLY)
    assert melee is not None and melee.book == "Melee"
    assert reading_reference("no_such_option", 1) is None


def test_an_older_campaign_reads_the_shipped_reference_it_lacks() -> None:
    """A campaign copied before references existed cites Advanced Melee p. 13 at once."""
    shipped = shipped_entries()
    older = [Entry(e.kind, e.key, {k: v for k, v in e.data.items() if k != "reference"},
                   e.retired) for e in shipped]
    library = library_from_entries(older, shipped)
    assert library.weapons["main_gauche"].reference == Reference("Advanced Melee", "13")
    own = [e if e.key != "main_gauche" else Entry(e.kind, e.key, {**e.data,
                                                                  "reference": "Melee"})
           for e in older]
    assert library_from_entries(own, shipped).weapons["main_gauche"].reference == (
        Reference("Melee"))
