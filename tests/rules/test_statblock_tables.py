"""Stat blocks in a table: Markdown pipes or a spreadsheet's tabs, a heading row naming columns."""

from __future__ import annotations

from tftmanager.rules.statblock import SECTIONS, read_statblocks
from tftmanager.rules.statblock_tables import table_rows

MARKDOWN = """Guards at the gate:

| Name | # | ST | DX | IQ | MA | Weapons | Armor | Treasure |
|------|---|----|----|----|----|---------|-------|----------|
| Guard | 4 | 12 | 11 | 9 | 10 | Shortsword (2-1), dagger | Leather | - |
| **Captain** | | 13 | 12 | 10 | 10 | Broadsword (2) | Chainmail | $40 |
"""


def test_each_row_is_read_as_the_one_line_block_it_stands_for() -> None:
    read = table_rows(MARKDOWN, SECTIONS)
    assert read == {
        3: "", 4: "",  # the heading and its rule are no figures
        5: "Guard (4): ST 12, DX 11, IQ 9, MA 10; Weapons: Shortsword (2-1), dagger; "
           "Armor: Leather",
        6: "Captain: ST 13, DX 12, IQ 10, MA 10; Weapons: Broadsword (2); Armor: Chainmail; "
           "Treasure: $40",
    }


def test_a_table_of_figures_reads_as_figures_noted_on_their_own_lines() -> None:
    reading = read_statblocks(MARKDOWN)
    assert reading.problems == []
    guard, captain = reading.blocks
    assert (guard.name, guard.count, guard.line, guard.attributes["iq"]) == ("Guard", 4, 5, (9, 5))
    assert [e.name for e in guard.entries("weapons")] == ["Shortsword", "dagger"]
    assert (captain.name, captain.line) == ("Captain", 6)
    assert reading.lines[4].text.startswith("| Guard | 4 |")  # the preview shows it as written


def test_tabs_between_columns_are_a_table_too_and_other_lines_are_left_alone() -> None:
    text = "Name\tST\tDX\tIQ\tWeapon\nWolf\t10\t14\t6\t—\n\nBandit\tST 11\tDX 12\tIQ 9\n"
    assert table_rows(text, SECTIONS) == {1: "", 2: "Wolf: ST 10, DX 14, IQ 6"}
    names = [b.name for b in read_statblocks(text).blocks]
    assert names == ["Wolf", "Bandit"]


def test_a_table_without_st_and_dx_is_no_table_of_figures() -> None:
    text = "| Week | Money |\n|---|---|\n| 1 | $30 |\n"
    assert table_rows(text, SECTIONS) == {}
