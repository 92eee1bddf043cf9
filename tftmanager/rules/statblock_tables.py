"""Stat blocks in a table: a heading row names the columns, each row below is a figure.

Adventures, wikis and GM notes list a troop as a table: a Markdown table
("| Name | ST | DX | IQ | MA | Weapons |" over "|---|---|"), or the same
columns with tabs between them, as a spreadsheet copies them.  Each row is
read as the one-line block it stands for ("Guard: ST 12, DX 11, IQ 9, MA 10;
Weapons: Shortsword (2-1)"), so a row is read, checked and noted on its own
line exactly as that line would be.
"""

from __future__ import annotations

import re
from collections.abc import Collection

# A heading's words for each attribute, as the attribute line writes it.
_ATTRIBUTES = {"st": "ST", "dx": "DX", "iq": "IQ", "ma": "MA", "sp": "SP", "adjdx": "adjDX",
               "adj dx": "adjDX", "adj. dx": "adjDX", "hits": "hits", "hp": "hits"}
_NAMES = frozenset({"name", "names", "figure", "creature", "monster", "character", "npc",
                    "who"})
_COUNTS = frozenset({"#", "no", "no.", "number", "count", "qty"})
_EMPTY = frozenset({"", "-", "–", "—", "none", "n/a"})
_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$")  # |---|:--:|
_MARKS = re.compile(r"[*_`]+")


def _cells(line: str) -> list[str] | None:
    """A table line's cells (a Markdown row, or tab-separated), or None for other lines."""
    text = line.strip()
    if text.count("|") >= 2:
        return [_MARKS.sub("", c).strip() for c in text.strip("|").split("|")]
    if "\t" in text:
        return [_MARKS.sub("", c).strip() for c in text.split("\t")]
    return None


def _heading(cells: list[str]) -> list[str] | None:
    """The columns' names when these cells head a table of figures (ST and DX among them)."""
    names = [" ".join(c.lower().replace("(s)", "s").rstrip(":").split()) for c in cells]
    return names if "st" in names and "dx" in names and len(names) >= 3 else None


def _row(heading: list[str], cells: list[str], labels: Collection[str], number: int) -> str:
    """The block a row stands for, on one line."""
    name, count, attributes, lists = "", "", [], []
    for column, value in zip(heading, cells, strict=False):
        if value.lower() in _EMPTY:
            continue
        if column in _ATTRIBUTES:
            attributes.append(f"{_ATTRIBUTES[column]} {value}")
        elif column in _COUNTS:
            count = value
        elif column in labels:
            lists.append(f"{column.capitalize()}: {value}")
        elif column in _NAMES or not name:
            name = name or value
        else:  # a column the stat block has no list for: its words kept in the notes
            lists.append(f"Notes: {column.capitalize()} {value}")
    name = name or f"Figure {number}"
    if count.isdigit():
        name = f"{name} ({count})"
    return "; ".join([f"{name}: {', '.join(attributes)}", *lists])


def table_rows(text: str, labels: Collection[str]) -> dict[int, str]:
    """Each table line's number and what it is read as: a row's one-line block, else "".

    ``labels`` are the lists' labels a column may be named for ("weapons",
    "armor", "talents", ...).  Lines outside tables are not in the result.
    """
    read: dict[int, str] = {}
    heading: list[str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        cells = _cells(line)
        if heading is not None and cells is not None and len(cells) == len(heading):
            read[number] = "" if _RULE.match(line.strip()) else _row(heading, cells, labels,
                                                                     number)
            continue
        heading = _heading(cells) if cells is not None else None
        if heading is not None:
            read[number] = ""  # the heading is no figure
    return read
