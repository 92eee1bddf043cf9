"""The words counts and names are put in: "1 point", "3 points", "an Elf"."""

from __future__ import annotations

from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.text import article, count
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
