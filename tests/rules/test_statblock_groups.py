"""Groups of alike figures in a stat block's name line: how many, and the name of one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tftmanager.rules.statblock import read_statblocks
from tftmanager.rules.statblock_groups import MAX_GROUP, group_of, singular

pytestmark = pytest.mark.rules


@pytest.mark.parametrize(("written", "one", "count"), [
    ("6 goblins", "Goblin", 6), ("3 HOBGOBLINS", "HOBGOBLIN", 3), ("Goblins (6)", "Goblin", 6),
    ("Hobgoblin x3", "Hobgoblin", 3), ("GARGOYLE (x2)", "GARGOYLE", 2),
    ("Four wolves", "Wolf", 4), ("a dozen orcs", "Orc", 12), ("Twelve Watchmen", "Watchman", 12),
    ("2 Harpies", "Harpy", 2), ("Thieves (3)", "Thief", 3), ("Six Dwarves", "Dwarf", 6)])
def test_a_count_before_after_or_in_words(written: str, one: str, count: int) -> None:
    assert group_of(written) == (one, count)


@pytest.mark.parametrize("name", ["Orc 2", "Goblin Archer", "1 orc", "Odysseus", "Two-Toes",
                                  "Boss", "Room 12 (x0)", "Ogre (5000)"])
def test_what_is_no_group_stays_one_figure_as_written(name: str) -> None:
    assert group_of(name) == (name, 1)


def test_a_singular_name_is_kept() -> None:
    assert [singular(n) for n in ("Priestess", "Odysseus", "Boss", "Gus")] == [
        "Priestess", "Odysseus", "Boss", "Gus"]


@given(st.text(max_size=60))
def test_any_name_gives_a_name_and_a_count_in_bounds(name: str) -> None:
    one, count = group_of(name)
    assert 1 <= count <= MAX_GROUP
    assert (one, count) == (name, 1) or one.strip()


def test_a_count_with_a_times_sign_before_the_name() -> None:
    """"2 x Wolves" was one figure named "x Wolf"."""
    assert group_of("2 x Wolves") == ("Wolf", 2)
    assert group_of("3x orcs") == ("Orc", 3)
    assert group_of("10 Xorns") == ("Xorn", 10)  # a name beginning with X is no sign


def test_dice_for_how_many_appear_read_one_figure_and_say_so() -> None:
    """"Hobgoblins (2d6)" refused the import: "2d6" was taken for the race."""
    reading = read_statblocks("Hobgoblins (2d6): ST 12, DX 12, IQ 8, MA 10\n")
    assert reading.problems == []
    (block,) = reading.blocks
    assert (block.name, block.count, block.race) == ("Hobgoblin", 1, None)
    assert block.notes == ["Number appearing: 2d6"]
    assert reading.lines[0].warnings == ["2d6 appearing: one figure is read (roll for the others)"]
