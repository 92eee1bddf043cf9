"""Reading TFT stat blocks: the short text figures of adventures, forums and notes.

A stat block names a figure, its attributes and what it knows and carries::

    Doctor Mandrake, wizard, age 99
    ST 12, DX 13, IQ 18, MA 10
    Talents: Alchemy, Knife, Literacy
    Spells include: Cleansing, Darkness, Dazzle

    Orc Guard: ST 12 DX 10 IQ 8 MA 10; Talents: Axe/Mace, Shield (1); Armor: leather

This module only reads the text (pure, no library): which figure each line
belongs to and what it says, every line annotated for the import preview.
Matching the names to the campaign's library (talents, spells, weapons,
races) is the application's job (``app.statblocks``).  The reading is
tolerant of the ways people write (commas or semicolons, ``adjDX``,
``MA 10 (12)``, costs in parentheses, lines broken mid-list, tables, any
case) and strict about the rest: text it cannot place is a problem named with
its line, and the application imports nothing while one remains.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from tftmanager.rules.statblock_block import Block, LineNote, Reading
from tftmanager.rules.statblock_details import read_details
from tftmanager.rules.statblock_entries import outside_parentheses, split_entries
from tftmanager.rules.statblock_groups import MAX_GROUP, count_of
from tftmanager.rules.statblock_header import KINDS, ROLES, read_header
from tftmanager.rules.statblock_tables import table_rows

# Section labels as people write them, to what they hold.
__all__ = ["KINDS", "LISTS", "ROLES", "SECTIONS", "Block", "LineNote", "Reading",
           "read_statblocks"]

SECTIONS: dict[str, str] = {
    "talents": "talents", "talent": "talents", "skills": "talents",
    "spells": "spells", "spell": "spells", "spells include": "spells",
    "spells known": "spells",
    "weapons": "weapons", "weapon": "weapons",
    "armor": "armor", "armour": "armor", "shield": "shield", "shields": "shield",
    "equipment": "gear", "gear": "gear", "possessions": "gear", "carries": "gear",
    "magic items": "magic", "magic item": "magic",
    "race": "race", "type": "kind", "player": "player",
    "points bought": "bought_points", "memory bought": "memory_bought",
    "natural armor": "stops", "natural armour": "stops", "dx against": "dx_against",
    "notes": "notes", "note": "notes", "special note": "notes", "special notes": "notes",
    "attacks": "notes", "attack": "notes", "special": "notes",
    "special abilities": "notes", "special ability": "notes",
    "special ability/weakness": "notes", "languages": "languages",
    "language": "languages", "description": "notes",
    "treasure": "notes", "details": "details",
    "money": "money", "cash": "money", "coins": "money", "purse": "money",
    "kind": "role", "count": "count", "number appearing": "count", "moves": "notes",
    "hits": "hits", "hit points": "hits",  # shown, not kept (ST gives them)
}
LISTS = ("talents", "spells", "weapons", "armor", "shield", "gear", "magic", "loose",
         "languages", "details", "money")
# Lists a full stop ends: "Talents: Bow. Shortbow (1-1), dagger." holds one talent.
SENTENCE_LISTS = ("talents", "spells", "weapons", "armor", "shield", "gear", "magic",
                  "languages", "money", "race", "kind", "role", "player", "count")
_NUMBERS = {"bought_points": r"(\d{1,9})(?:\s+points?)?",
            "memory_bought": r"(\d{1,9})(?:\s+points?)?",
            "stops": r"(?:stops?\s+)?(\d{1,9})(?:\s+hits?(?:\s*/\s*attack)?)?",
            "dx_against": r"([+-]?\d{1,9})"}
# Attribute names as written: adjusted DX in its spellings, hits for monsters.
_ATTR = re.compile(
    r"(?<![a-z])(adj\.?\s*dx|adjusted\s+dx|hits\s+stopped|stops|st|dx|iq|ma|sp|hits|hp)"
    r"(?![a-z])\s*[:=]?\s*(\d{1,9})(?:\s*[-–]\s*(\d{1,9})(?!\d))?(?:\s*/\s*(\d{1,9}))?"
    r"(?:\s*\(([^()]*)\))?", re.IGNORECASE)
# ST, DX or IQ given a value no figure has (below zero, or longer than nine digits).
_IMPOSSIBLE = re.compile(r"(?<![a-z])(st|dx|iq|ma|sp|hits|hp)\s*[:=]?\s*(-\s*\d+|\d{10,})(?!\d)",
                         re.IGNORECASE)
_LABEL = re.compile(
    r"(?<![\w/])(" + "|".join(sorted((re.escape(k) for k in SECTIONS), key=len, reverse=True))
    + r")(?:\s*\([^()]*\))?\s*:", re.IGNORECASE)
_MARKUP = re.compile(r"[*_#>`]+")
_SEPARATORS = re.compile(r"^[\s,;./|:\-–—]*$")


@dataclass
class _Segment:
    """A labelled part of a block, with the lines it spans (continuations appended)."""

    section: str
    label: str
    text: str
    starts: list[tuple[int, int]]  # (offset in text, line number)
    closed: bool = False  # it ended with a full stop: the next line is not more of it


class _Reader:
    """Walks the lines once, building blocks and segments."""

    def __init__(self, text: str) -> None:
        self.notes = [LineNote(i, line) for i, line in enumerate(text.splitlines(), 1)]
        self.read_as = table_rows(text, SECTIONS)  # a table's rows, as one-line blocks
        self.blocks: list[Block] = []
        self.segments: dict[int, list[_Segment]] = {}
        self.current: Block | None = None
        self.ended = False  # a blank line closed the current block
        self.heads: set[int] = set()

    def note(self, number: int) -> LineNote:
        return self.notes[number - 1]

    def read(self) -> Reading:
        texts = [_MARKUP.sub("", self.read_as.get(n.number, n.text)).strip() for n in self.notes]
        opens = _next_opens_attributes(texts)
        self.heads = {  # lines followed by an attribute line: a new figure's name
            number for number, text in enumerate(texts, 1)
            if text and opens[number - 1] and not _starts_attributes(text)
            and not _LABEL.match(text)}
        for note in self.notes:
            self._line(note)
        for block in list(self.blocks):
            if not block.attributes and not self.segments[id(block)]:
                self._skip(block)
                continue
            self._finish(block)
        return Reading(self.blocks, self.notes)

    def _line(self, note: LineNote) -> None:
        text = _MARKUP.sub("", self.read_as.get(note.number, note.text)).strip()
        if not text:
            if self.current is not None and self.current.attributes:
                self.ended = True
            return
        bullet = text[:1] in "•-*" and not _ATTR.match(text[1:].strip())
        if bullet and self._last_list() is not None:  # a bullet list is cut at bullets only
            self._continue(note.number, text[1:].strip(), " •")
            return
        label = _LABEL.match(text)
        last = self._last_list()
        if (label is None and last is not None and last.section == "notes" and not self.ended
                and note.number not in self.heads and not _starts_attributes(text)):
            self._continue(note.number, text, "\n")  # the notes' next line, kept a line
            return
        whole = label is not None and SECTIONS[label.group(1).lower()] == "notes"
        for i, piece in enumerate([text] if whole else _pieces(text)):
            self._piece(note, piece, same_line=i > 0)

    def _last_list(self) -> _Segment | None:
        if self.current is None or not self.segments.get(id(self.current)):
            return None
        last = self.segments[id(self.current)][-1]
        return last if last.section in (*LISTS, "notes") and last.section != "loose" \
            and not last.closed else None

    def _continue(self, number: int, text: str, separator: str = " ") -> None:
        segment = self._last_list()
        assert segment is not None
        joined = segment.text.rstrip() + separator.rstrip(" ")
        space = "" if separator == "\n" else " "
        segment.starts.append((len(joined) + len(space), number))
        segment.text = f"{joined}{space}{text.strip()}"
        self.note(number).became.append(f"continues {segment.label}")

    def _new_block(self, number: int) -> Block:
        block = Block(line=number)
        self.blocks.append(block)
        self.segments[id(block)] = []
        self.current, self.ended = block, False
        return block

    def _piece(self, note: LineNote, piece: str, *, same_line: bool = False) -> None:
        label = _LABEL.match(piece)
        if label:
            self._labelled(note, label.group(1), piece[label.end():])
            return
        attr = _ATTR.search(piece)
        if attr and attr.group(1).lower() in ("st", "dx", "iq"):
            start = attr.start()
            wrong = _impossible(piece[:start])  # "Orc: ST -5 DX 11": the attributes open at ST
            if wrong:
                start = wrong[0].start()
            self._attributes(note, piece[:start], piece[start:])
            return
        if note.number in self.heads:
            read_header(self._new_block(note.number), piece, note)
            return
        if (self.current is not None and not self.ended and self.current.attributes
                and self._last_list() is not None and not self._own_sentence(piece)):
            self._continue(note.number, piece, ", " if same_line else " ")
            return
        if self.current is not None and not self.ended and self.current.attributes:
            # Unlabelled text after the attributes: "Broadsword (2d), leather armor."
            self._labelled(note, "possessions", piece, section="loose")
            return
        if self.current is not None and not self.current.attributes:
            if self.current.name:
                note.problems.append(f"'{piece}' is not understood (expected ST, DX and IQ "
                                     f"for {self.current.name})")
                return
            read_header(self.current, piece, note)
            return
        read_header(self._new_block(note.number), piece, note)

    def _own_sentence(self, piece: str) -> bool:
        """A line that is a sentence of its own, not more of the list above it.

        A line whose first entry gives damage dice or what it stops is no more
        talents, spells or languages.  "Carries $35." or "He has the key." under
        "Armor: Leather armor": it
        starts with a capital, ends with a full stop, holds no comma, and the
        list's line did not end with one (a list broken mid-name, "Drop" then
        "Weapon", goes on; so does "Fire, Magic Fist." under a spell list).
        """
        last = self._last_list()
        if last is not None and last.section in ("talents", "spells", "languages"):
            entries, _ = split_entries(piece, [(0, 0)])
            found = read_details(entries[0].details) if entries else None
            if found is not None and (found.dice or found.stops is not None):
                return True  # "Shortbow (1-1), dagger (1-1)" under "Talents: Bow"
        return (last is not None and last.section != "notes" and piece[:1].isupper()
                and _ends_sentence(piece) and not last.text.rstrip().endswith((",", ";"))
                and not outside_parentheses(piece, ",;"))

    def _labelled(self, note: LineNote, label: str, rest: str, section: str = "") -> None:
        if self.current is None:
            note.problems.append(f"'{label}:' comes before any figure's name and attributes")
            return
        section = section or SECTIONS[" ".join(label.lower().split())]
        after: list[str] = []
        if section in SENTENCE_LISTS:  # "Talents: Bow. Shortbow (1-1), dagger (1-1)."
            rest, *after = _sentences(rest)
        segment = _Segment(section, label.strip().capitalize(), rest.strip(),
                           [(0, note.number)], closed=bool(after) or _ends_sentence(rest))
        self.segments[id(self.current)].append(segment)
        for sentence in after:  # what follows the list's full stop: possessions, or notes
            self._labelled(note, "possessions", sentence, section="loose")

    def _attributes(self, note: LineNote, head: str, text: str) -> None:
        head = head.strip().rstrip(":,-–—.").strip()
        block = self.current
        if block is None or block.attributes or (self.ended and head):
            if not head and block is not None and not self.ended:
                note.problems.append("a second line of attributes for "
                                     f"{block.name or 'the figure'}")
                return
            block = self._new_block(note.number)
        elif head and block.name:
            block = self._new_block(note.number)
        if head:
            read_header(block, head, note)
        attributes, *sentences = _sentences(text)
        attributes, carried = _dash_tail(attributes)
        if carried:  # "ST 8 DX 12 IQ 7 MA 10 — spear (1d+1)": what it carries, as a sentence
            sentences.insert(0, carried)
        _read_attributes(block, attributes, note)
        for sentence in sentences:
            # "MA 10. Broadsword (2d), small shield. Hide stops 2 hits.": what it carries
            self._labelled(note, "possessions", sentence, section="loose")

    def _skip(self, block: Block) -> None:
        """A line alone, with no attributes or lists (a forum post's chatter): not a figure."""
        self.blocks.remove(block)
        note = self.note(block.line)
        note.became.clear()
        note.warnings.append("not a stat block (no ST, DX or lists follow): skipped")

    def _finish(self, block: Block) -> None:
        for segment in self.segments[id(block)]:
            _segment(block, segment, self)
        first = self.note(block.line)
        missing = [a.upper() for a in ("st", "dx") if a not in block.attributes]
        if missing:
            first.problems.append(f"{block.name or 'the figure'} has no {' or '.join(missing)}")
        if not block.name:
            first.problems.append("a figure with attributes but no name")
        if block.attributes and "iq" not in block.attributes:
            first.warnings.append("no IQ given: IQ 8 (as Melee's figures)")


def _pieces(text: str) -> list[str]:
    """A line cut at semicolons and before every section label (outside parentheses)."""
    cuts = [(i, 1) for i in outside_parentheses(text, ";")]  # (where, characters dropped)
    opens = [m.start() for m in re.finditer(r"\(", text)]
    closes = [m.start() for m in re.finditer(r"\)", text)]
    labels = _LABEL.finditer(text) if ":" in text else ()  # a label ends in a colon
    cuts += [(m.start(), 0) for m in labels if m.start() > 0
             and bisect.bisect(opens, m.start()) == bisect.bisect(closes, m.start())]
    pieces, start = [], 0
    for where, dropped in sorted(cuts):
        pieces.append(text[start:where])
        start = where + dropped
    pieces.append(text[start:])
    merged: list[str] = []
    for piece in (p.strip() for p in pieces if p.strip().strip(",").strip()):
        if merged and _ATTR.match(piece) and _ATTR.search(merged[-1]):
            merged[-1] += " " + piece  # "ST 9; DX 13; IQ 14": one line of attributes
        else:
            merged.append(piece)
    return merged


def _dash_tail(text: str) -> tuple[str, str]:
    """The attributes, and what a spaced dash after the last of them sets apart ("" if none).

    "MA 10 — spear (1d+1)": the dash parts the possessions off as a full stop
    would; one between attributes ("ST 12 - DX 11") or a range is left alone.
    """
    found = list(_ATTR.finditer(text))
    if not found:
        return text, ""
    last = found[-1]
    tail = re.match(r"\s+[-–—]\s+(\S.*)$", text[last.end():], re.DOTALL)
    if tail is None or _ATTR.search(tail.group(1)):
        return text, ""
    return text[:last.end()], tail.group(1).strip()


def _sentences(text: str) -> list[str]:
    """Text cut at full stops outside parentheses; one opening with an attribute stays joined."""
    parts: list[str] = []
    start = 0
    for i in outside_parentheses(text, "."):
        if i + 1 == len(text) or text[i + 1].isspace():
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    merged: list[str] = []
    for part in parts:
        if merged and (not part.strip() or _ATTR.match(part.strip())):
            merged[-1] += "." + part  # "adj. DX 11", or nothing after the last stop
        else:
            merged.append(part)
    return [merged[0], *(p.strip() for p in merged[1:] if p.strip())]


def _ends_sentence(text: str) -> bool:
    """Whether a list's text ends with a full stop outside parentheses."""
    text = text.rstrip()
    return text.endswith(".") and (outside_parentheses(text, ".") or [-1])[-1] == len(text) - 1


def _starts_attributes(text: str) -> bool:
    """Whether a line opens with ST, DX or IQ and a number."""
    match = _ATTR.match(text)
    return bool(match) and match.group(1).lower() in ("st", "dx", "iq")  # type: ignore[union-attr]


def _next_opens_attributes(texts: list[str]) -> list[bool]:
    """For each line, whether the next non-blank line after it opens with attributes.

    One pass from the end, so reading stays linear in the number of lines.
    """
    found = [False] * len(texts)
    following = False
    for i in range(len(texts) - 1, -1, -1):
        found[i] = following
        if texts[i]:
            following = _starts_attributes(texts[i])
    return found


def _impossible(text: str) -> list[re.Match[str]]:
    """Attributes with a value no figure has, outside parentheses ("armor (DX -2)" is a note)."""
    found = []
    for match in _IMPOSSIBLE.finditer(text):
        before = text[:match.start()]
        if before.count("(") <= before.count(")"):
            found.append(match)
    return found


def _read_attributes(block: Block, text: str, note: LineNote) -> None:
    """ST, DX, IQ, SP (kept), MA, adjusted DX and hits (derived: shown, not kept)."""
    wrongs = _impossible(text)
    for wrong in wrongs:  # said as what it is, then taken out of the way
        value = wrong.group(2).replace(" ", "")
        if len(value) > 15:  # a line of 5,000 nines is told in a line
            value = f"{value[:6]}… ({len(value):,} digits)"
        written = f"{wrong.group(1).upper()} {value}"
        note.problems.append(f"{written} is not a value an attribute can have "
                             "(a whole number of up to nine digits)")
    for wrong in reversed(wrongs):
        text = text[:wrong.start()] + " " + text[wrong.end():]
    left, last = [], 0  # the text between the attributes, gathered in one pass
    for match in _ATTR.finditer(text):
        left.append(text[last:match.start()])
        last = match.end()
        name = re.sub(r"[\s.]", "", match.group(1).lower())
        name = "adjdx" if name.startswith("adj") else name
        name = "stops" if name in ("hitsstopped", "stops") else name
        value, paren = int(match.group(2)), (match.group(5) or "").strip()
        if match.group(3):
            note.warnings.append(f"{name.upper()} {value}-{match.group(3)} is a range: "
                                 f"{value} taken")
        if match.group(4):
            paren = f"/{match.group(4)}" + (f" {paren}" if paren else "")
        if name == "stops":
            block.bought["stops"] = value
            note.became.append(f"stops {value} (kept by the bestiary)")
            continue
        if name in block.attributes and block.attributes[name][0] != value:
            note.problems.append(f"{name.upper()} is given twice "
                                 f"({block.attributes[name][0]} and {value})")
            continue
        block.attributes[name] = (value, note.number)
        label = "adjDX" if name == "adjdx" else name.upper()
        shown = f"{label} {value}"
        if paren:
            block.adjusted[name] = paren
            shown += f" ({paren})"
        note.became.append(shown if name in ("st", "dx", "iq", "sp")
                           else f"{shown}: derived, not kept")
    rest = " ".join([*left, text[last:]])
    if not _SEPARATORS.match(rest):
        leftover = " ".join(rest.replace(",", " ").split())
        note.problems.append(f"'{leftover}' is not an attribute this reads "
                             "(ST, DX, IQ, SP, MA, adjDX, hits)")


def _segment(block: Block, segment: _Segment, reader: _Reader) -> None:
    """Turn one labelled segment into the block's race, kind, notes or list entries."""
    first = reader.note(segment.starts[0][1])
    text = segment.text.strip()
    if segment.section in ("race", "kind", "role", "player", "count"):
        text = text.rstrip(".").strip()  # "Race: Orc. Spells: ...": the sentence's stop
    if segment.section == "hits":  # "Hits: 13" on a line of its own, as in the attributes
        _read_attributes(block, f"hits {text.rstrip('.')}", first)
    elif segment.section == "race":
        block.race = (text, first.number)
        first.became.append(f"race: {text}")
    elif segment.section == "kind":
        if text.lower() not in KINDS:
            first.problems.append(f"type '{text}' is neither hero nor wizard")
        else:
            block.kind = text.lower()
            first.became.append(text.lower())
    elif segment.section == "role":
        if text.lower().rstrip(".") not in ROLES:
            first.problems.append(f"kind '{text}' is neither creature nor npc")
        else:
            block.role = ROLES[text.lower().rstrip(".")]
            first.became.append(block.role)
    elif segment.section == "count":
        number = count_of(text.rstrip("."))
        if number is None or not 1 <= number <= MAX_GROUP:
            first.problems.append(f"'{segment.label}: {text}' needs a number of figures "
                                  f"(1 to {MAX_GROUP:,})")
        else:
            block.count = number
            first.became.append(f"a group of {number}")
    elif segment.section == "player":
        block.player = text
        first.became.append(f"player: {text}")
    elif segment.section in _NUMBERS:
        found = re.fullmatch(_NUMBERS[segment.section], text, re.IGNORECASE)
        if found is None:
            first.problems.append(f"'{segment.label}: {text}' needs a whole number")
        else:
            block.bought[segment.section] = int(found.group(1))
            first.became.append(f"{segment.label.lower()}: {found.group(1)}")
    elif segment.section == "languages":
        spoken = [" ".join(p.split()) for p in re.split(r"[,;•]", text) if p.strip()]
        block.languages += [lang for lang in spoken if lang not in block.languages]
        first.became.append("languages: " + ", ".join(spoken))
    elif segment.section == "notes":
        plain = segment.label.lower() in ("notes", "note")
        block.notes.append(text if plain else f"{segment.label}: {text}")
        first.became.append(f"{segment.label}: kept in the notes")
    else:
        entries, problems = split_entries(segment.text, segment.starts)  # offsets as kept
        for number, problem in problems:
            reader.note(number).problems.append(problem)
        if segment.section == "loose":
            block.loose.append((first.number, text, entries))
        else:
            block.lists.setdefault(segment.section, []).extend(entries)


def read_statblocks(text: str) -> Reading:
    """Read every stat block in a text; problems are noted on their lines, nothing raised."""
    return _Reader(text).read()
