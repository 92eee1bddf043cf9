"""The words counts and names are put in: "1 point", "3 points", "an Elf"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.encounter_order import roll_off, two_side_initiative
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.text import agreeing, article, count, dollars, is_plural_name
from tftmanager.rules.validation import validate


def test_count_says_one_and_many_without_brackets() -> None:
    assert (count(1, "line"), count(0, "line"), count(3, "typed roll")) == (
        "1 line", "0 lines", "3 typed rolls")
    assert count(2, "foot", "feet") == "2 feet"


def test_article_follows_the_first_letter() -> None:
    assert [article(w) for w in ("Human", "Elf", "Orc", "Dwarf", "Ogre")] == [
        "a Human", "an Elf", "an Orc", "a Dwarf", "an Ogre"]


def test_an_elf_with_too_many_points_reads_as_english(library: RulesLibrary) -> None:
    elf = Character(name="Elanor", race="elf", st=9, dx=13, iq=14)
    messages = " ".join(p.message for p in validate(elf, library, RuleProfile()))
    assert "an Elf starts with" in messages


def test_a_plural_side_takes_a_plural_verb_and_the() -> None:
    """Issue 34: "Beasts wins the initiative"; a person's or a group's name stays singular."""
    plural = ["Beasts", "Romans", "orcs", "Wolves of the Pass", "The Red Hands"]
    singular = ["Party", "Flavius", "Boris", "Kross", "Ragnar's", "Blue", "Band of Brothers", "Os"]
    assert [n for n in plural + singular if is_plural_name(n)] == plural
    assert agreeing("Beasts", "wins", "win") == "The Beasts win"
    assert agreeing("The Red Hands", "wins", "win") == "The Red Hands win"
    assert agreeing("Party", "wins", "win") == "Party wins"


def test_the_initiative_log_agrees_with_the_side_that_won() -> None:
    beasts_first = two_side_initiative(["Party", "Beasts"], lambda _n, what: 6 if "Beasts" in what
                                       else 2)
    assert beasts_first.log[-1] == "The Beasts win the initiative and choose who moves first."
    party_first = two_side_initiative(["Party", "Beasts"], lambda _n, what: 6 if "Party" in what
                                      else 2)
    assert party_first.log[-1] == "Party wins the initiative and chooses who moves first."
    three = roll_off(["Orcs", "Party", "Red"], lambda _n, what: {"Orcs": 1, "Party": 5}.get(
        what.rsplit(": ", 1)[-1], 3), went_last="Party")
    assert three.log[0] == "Party went last and sits out the first roll-off."
    assert "The Orcs go third." in three.log


@pytest.mark.parametrize(("changes", "field", "said"), [
    ({"notes": "a\x00b"}, "notes", "There is a control character (U+0000) in the notes;"),
    ({"name": "Rag\x1bnar"}, "name", "There is a control character (U+001B) in the name;"),
    ({"player": "Al\x07ice"}, "player", "in the player's name;"),
])
def test_a_control_character_is_named_with_the_field_it_is_in(
        changes: dict[str, Any], field: str, said: str) -> None:
    with pytest.raises(InputError) as refused:
        check_input(replace(Character(name="Ragnar", race="human", st=11, dx=13, iq=8),
                            **changes))
    assert refused.value.field == field
    assert said in str(refused.value)  # (not "The notes holds": the words read right)


def test_a_sum_of_money_reads_with_its_sign_before_the_dollar() -> None:
    """A party in debt: the card and the dialogs read "-$80", never "$-80"."""
    assert [dollars(n) for n in (0, 80, 1200, -80, -1_234_567)] == [
        "$0", "$80", "$1,200", "-$80", "-$1,234,567"]
