"""The one rule for finding a character by the name a GM types."""

from __future__ import annotations

import pytest

from tftmanager.app.names import NameNotFound, find_by_name

PARTY = ["Flavius Marcellus", "Joe the Barbarian", "Ragnar", "Wulf", "Flavia"]


def find(wanted: str, names: list[str] = PARTY) -> str:
    return find_by_name(names, wanted, str)


@pytest.mark.parametrize(("typed", "found"), [
    ("Ragnar", "Ragnar"), ("ragnar", "Ragnar"), ("  RAGNAR ", "Ragnar"), ("rag", "Ragnar"),
    ("joe", "Joe the Barbarian"), ("flavius", "Flavius Marcellus"), ("Flavia", "Flavia"),
    ("joe  the barbarian", "Joe the Barbarian"),
])
def test_a_full_name_or_a_unique_prefix_ignoring_case(typed: str, found: str) -> None:
    assert find(typed) == found


def test_several_matches_ask_which_was_meant() -> None:
    with pytest.raises(NameNotFound, match=r"^'Flav' could be several characters: did you "
                       r"mean Flavius Marcellus or Flavia\?$"):
        find("Flav")


@pytest.mark.parametrize(("typed", "meant"), [
    ("Flavus", "Flavius Marcellus"), ("Marcellus", "Flavius Marcellus"),
    ("barbarian", "Joe the Barbarian"), ("Wolf", "Wulf"),
])
def test_no_match_suggests_the_likely_character(typed: str, meant: str) -> None:
    with pytest.raises(NameNotFound) as caught:
        find(typed)
    assert str(caught.value) == (f"No character named '{typed}' in this campaign; "
                                 f"did you mean {meant}?")


def test_nothing_close_lists_the_party() -> None:
    with pytest.raises(NameNotFound, match="it has: Flavius Marcellus, Joe the Barbarian, "
                       "Ragnar, Wulf, Flavia"):
        find("Conan")
    with pytest.raises(NameNotFound, match="no characters at all"):
        find("Conan", [])


def test_two_characters_of_the_same_name_are_refused() -> None:
    with pytest.raises(NameNotFound, match="2 characters are named 'Wulf'"):
        find("wulf", ["Wulf", "Wulf"])
