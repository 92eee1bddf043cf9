"""A stat block's name line: the name, how many, race, type, role and age.

"Doctor Mandrake, wizard, age 99", "Grak (orc hero)", "Elanor - elf wizard",
"Goblins (6)", "Sgt. Brutus (human, 30 yrs)", "Hobgoblins (2d6)": what comes
after a comma, in parentheses or after a spaced dash is sorted word by word
into the block; words that are nothing else are its race as written.
"""

from __future__ import annotations

import re

from tftmanager.rules.statblock_block import Block, LineNote
from tftmanager.rules.statblock_groups import MAX_GROUP, count_of, group_of, singular

KINDS = ("hero", "wizard")
ROLES = {"creature": "creature", "monster": "creature", "animal": "creature", "npc": "npc"}
_DICE_COUNT = re.compile(r"^\d{1,2}\s*d6?(?:\s*[+-]\s*\d{1,2})?$", re.IGNORECASE)
# "age 99", "30 yrs", "42 years old"
_AGE = re.compile(r"^(?:age\s+(\d{1,9})|(\d{1,9})\s*(?:yrs?\.?|years?(?:\s+old)?))$",
                  re.IGNORECASE)


def read_header(block: Block, text: str, note: LineNote) -> None:
    """The name line: "Doctor Mandrake, wizard, age 99", "Grak (orc hero)", "Elanor - elf"."""
    text = text.strip().rstrip(":.").strip()
    dash = re.search(r"\s[-–—]\s", text)  # "Myrmidon (summoned) - Human npc"
    if dash:
        name, rest = text[:dash.start()].strip(), text[dash.end():]
    else:
        match = re.match(r"^(.*?)\s*(?:,|\(|$)(.*)$", text)
        assert match is not None
        name, rest = match.group(1).strip(), match.group(2)
    words: list[str] = []
    start = len(note.became)
    name, block.count = group_of(name)
    for part in re.split(r"[,();]", rest):
        part = part.strip()
        age = _AGE.match(part)
        number = count_of(part)
        if number is not None and 2 <= number <= MAX_GROUP and block.count == 1:
            name, block.count = group_of(f"{name} ({number})")
            continue
        if number is not None:
            note.problems.append(f"'{part}' is not a number of figures this reads (2 to "
                                 f"{MAX_GROUP:,})")
            continue
        if _DICE_COUNT.match(part):  # "Hobgoblins (2d6)": as many as the dice say
            name = singular(name)
            block.notes.append(f"Number appearing: {part}")
            note.warnings.append(f"{part} appearing: one figure is read (roll for the others)")
            continue
        if age:
            years = age.group(1) or age.group(2)
            block.age = int(years)
            note.became.append(f"age {years}")
            continue
        for word in part.split():
            if word.lower() in KINDS:
                block.kind = word.lower()
                note.became.append(word.lower())
            elif word.lower() in ROLES:
                block.role = ROLES[word.lower()]
                note.became.append(block.role)
            else:
                words.append(word)
    block.name = name
    note.became.insert(start, f"name: {name}" + (f" (a group of {block.count})"
                                              if block.count > 1 else ""))
    if words:
        block.race = (" ".join(words), note.number)
