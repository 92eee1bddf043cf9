"""Groups of alike figures in a stat block's name line: how many, and the name of one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
