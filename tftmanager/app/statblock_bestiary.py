"""Stat blocks into and out of the bestiary (the encounter tracker's templates).

A template holds less than a character and some things a character does
not: MA as given (a wolf's 12), a natural attack ("Attacks: Bite (1d+1)"),
hits stopped by hide or fur ("Natural armor: stops 1") and a change to the
DX of its attackers ("DX against: -3").  A block is read as for the party
(names matched to the library, the same problems refused), then made a
template: its first armor and shield, its weapons, its race if it names
one (none is assumed), and talents and spells kept in its note.  All the
templates of a text are added in one operation, or none.
"""

from __future__ import annotations

import re
from typing import Any

from tftmanager.app.bestiary import KIND, key_for
from tftmanager.app.changes import Changes
from tftmanager.app.library import check_replacements, forget_library, library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.app.opkind import OpKind
from tftmanager.app.statblock_figures import Figure, figure_of
from tftmanager.app.statblock_loose import move_of, natural_attack, words
from tftmanager.refusal import Refusal
from tftmanager.rules.bestiary import Creature
from tftmanager.rules.items import ItemKind
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.statblock import Block, LineNote, read_statblocks
from tftmanager.rules.statblock_entries import outside_parentheses
from tftmanager.rules.text import count
from tftmanager.store import library as stored
from tftmanager.store.campaign import CampaignStore

_ATTACK = re.compile(r"^attacks?:\s*(.*)$", re.IGNORECASE | re.DOTALL)
_HIDE = re.compile(r"^(?:Armor: |Hide: )?[^:]*\bstops?\s+(\d{1,9})(?:\s+hits?)?\)?\.?$",
                   re.IGNORECASE)
_BARE = re.compile(r"^([^:;,()]+\(\d{1,3}d[^()]*\)\.?)$", re.IGNORECASE)  # "Claws (2d+2)."
_MOVES = re.compile(r"^moves:\s*(.*)$", re.IGNORECASE)
_SECOND_MA = re.compile(r"^/\s*(\d{1,3})\s*\(?\s*([a-z]*)", re.IGNORECASE)  # "MA 8/16 (flying)"


class BestiaryImportError(Refusal, ValueError):
    """Stat blocks that cannot become templates; the message names the line."""


def _attack(notes: list[str]) -> tuple[str, str, list[str]]:
    """The first natural attack of an "Attacks:" note, and the notes without it."""
    kept: list[str] = []
    attack = damage = ""
    for note in notes:
        found = _ATTACK.match(note) or _BARE.match(note)
        if found and not attack:
            body = found.group(1).strip()
            cut = outside_parentheses(body, ",;")
            first, rest = (body[:cut[0]], body[cut[0] + 1:]) if cut else (body, "")
            natural = natural_attack(first.strip().rstrip("."), any_name=True)
            if natural:
                attack, damage, said = natural
                if said:  # "Bite (2d-1) plus poison": the rest is the attack's note
                    kept.append(f"{attack}: {said}")
                if rest.strip():
                    kept.append(f"Attacks: {rest.strip()}")
                continue
        kept.append(note)
    return attack, damage, kept


def _second_ma(block: Block, notes: list[str]) -> tuple[int, str]:
    """Another MA and how ("MA 8/16 (flying)", "Flies MA 16"), its note taken out."""
    found = _SECOND_MA.match(block.adjusted.get("ma", ""))
    if found:
        how = words().moves.get(found.group(2).lower(), found.group(2).lower())
        return int(found.group(1)), how
    for note in list(notes):
        moves = _MOVES.match(note)
        move = move_of(moves.group(1)) if moves else None
        if move is not None:
            notes.remove(note)
            return move[1], move[0]
    return 0, ""


def _row(block: Block, figure: Figure, library: RulesLibrary) -> dict[str, Any]:
    character = figure.character
    attack, damage, notes = _attack(character.notes.split("\n") if character.notes else [])
    other_ma, other_move = _second_ma(block, notes)
    if figure.money:
        notes.append(f"Money: ${figure.money:,}")
    stops = block.bought.get("stops", 0)
    for note in list(notes):
        natural = _HIDE.match(note)
        if natural and not stops:
            stops = int(natural.group(1))
            notes.remove(note)
    names = [library.talents[t.key].name for t in character.talents]
    names += [library.spells[s].name for s in character.spells]
    if names:
        notes.append(("Talents and spells: " if character.spells else "Talents: ")
                     + ", ".join(names))
    gear = character.loadout
    race = library.races.get(character.race)
    ma = block.attributes.get("ma", (race.ma if race else 10, 0))[0]
    return {
        "key": key_for(block.name), "name": block.name,
        "kind": block.role or ("npc" if character.race or character.items
                               or character.talents or character.spells else "creature"),
        "race": character.race, "st": character.st, "dx": character.dx, "iq": character.iq,
        "ma": ma, "armor": gear.armor.key if gear.armor else "",
        "shield": gear.shield.key if gear.shield else "",
        "weapons": list(dict.fromkeys(i.key for i in character.items
                                      if i.kind is ItemKind.WEAPON)),
        "attack": attack, "damage": damage, "stops": stops,
        "dx_against": block.bought.get("dx_against", 0), "note": "\n".join(notes),
        "count": block.count, "other_ma": other_ma, "other_move": other_move,
        "source": "Imported from a stat block", "assumed": "",
    }


def read_templates(text: str, library: RulesLibrary) -> tuple[list[LineNote], list[dict[str, Any]]]:
    """Every line's note and the template rows (none while a line has a problem)."""
    reading = read_statblocks(text)
    index = NameIndex(library)
    by_number = {n.number: n for n in reading.lines}
    rows: list[dict[str, Any]] = []
    for block in reading.blocks:
        figure = figure_of(block, by_number, library, index, assume_race=False)
        if figure is not None:
            if block.entries("talents") or block.entries("spells"):
                by_number[block.line].warnings.append(
                    "a template keeps talents and spells in its note")
            row = _row(block, figure, library)
            if row["key"] in library.creatures:
                by_number[block.line].problems.append(
                    f"the bestiary already has {library.creatures[row['key']].name}: rename the "
                    "stat block or edit the template")
            elif row["key"] in {r["key"] for r in rows}:
                by_number[block.line].problems.append(f"a second figure named {block.name}")
            rows.append(row)
    if not reading.blocks and reading.lines:
        reading.lines[0].problems.append("no stat block found (a name and ST, DX and IQ)")
    problems = [n for n in reading.lines if n.problems]
    return reading.lines, [] if problems else rows


def import_templates(*, store: CampaignStore, text: str) -> Changes:
    """Add every block of the text to the bestiary in one operation, or none."""
    library = library_for(store)
    lines, rows = read_templates(text, library)
    problems = [f"line {n.number}: {p}" for n in lines for p in n.problems]
    if problems:
        more = len(problems) - 1
        raise BestiaryImportError(problems[0] + (f" (and {more} more)" if more else "")
                                  + "; nothing was imported.")
    keys = [row["key"] for row in rows]
    taken = [r["name"] for r in rows if r["key"] in library.creatures]
    if taken:
        raise BestiaryImportError(f"The bestiary already has {taken[0]}; rename the stat block "
                                  "or edit the template. Nothing was imported.")
    doubled = {k for k in keys if keys.count(k) > 1}
    if doubled:
        raise BestiaryImportError(f"Two stat blocks are named '{sorted(doubled)[0]}'; "
                                  "nothing was imported.")
    new = [Entry(KIND, row["key"], row) for row in rows]
    check_replacements(store=store, new=new)
    label = f"Bestiary: imported {rows[0]['name']}" if len(rows) == 1 else (
        f"Bestiary: imported {count(len(rows), 'template')}")
    with store.operation(OpKind.LIBRARY, label) as op:
        for entry in new:
            stored.put_entry(session=op.session, campaign_id=store.campaign_id, entry=entry)
    forget_library(store)
    return Changes(library=True)


def template_text(creature: Creature, library: RulesLibrary) -> str:
    """One template as a stat block that ``read_templates`` and Foundry's importer read.

    Foundry's text import takes the first line as the name (a word after a
    comma must be "hero" or "wizard", so the kind has its own line), wants
    every weapon's dice in parentheses and every armor's "stops N", and skips
    the lists it does not know (Kind, Race, Count, Natural armor, Moves, DX
    against), which are ours.
    """
    race = library.races.get(creature.race)
    name = creature.name if not any(c in creature.name for c in ",()") else (
        f"{creature.name} - {creature.kind}")  # beyond Foundry's importer: ours reads it
    lines = [name, f"ST {creature.st}, DX {creature.dx}, IQ {creature.iq}, "
             f"MA {creature.ma}", f"Kind: {creature.kind}"]
    if race:
        lines.append(f"Race: {race.name}")
    if creature.count > 1:
        lines.append(f"Count: {creature.count}")
    if creature.weapons:
        lines.append("Weapons: " + ", ".join(
            f"{library.weapons[w].name} ({library.weapons[w].damage})" if w in library.weapons
            else w for w in creature.weapons))
    worn = [f"{entry.name} stops {entry.stops}" for entry in (
        library.armors.get(creature.armor), library.shields.get(creature.shield)) if entry]
    if worn:
        lines.append("Armor: " + ", ".join(worn))
    if creature.attack and creature.damage is not None:
        lines.append(f"Attacks: {creature.attack} ({creature.damage})")
    if creature.stops:
        lines.append(f"Natural armor: stops {creature.stops}")
    if creature.other_ma:
        lines.append(f"Moves: {creature.other_move or 'moves'} MA {creature.other_ma}")
    if creature.dx_against:
        lines.append(f"DX against: {creature.dx_against:+d}")
    notes = [line.strip() for line in creature.note.splitlines() if line.strip()]
    if notes:
        lines += [f"Notes: {notes[0]}", *notes[1:]]  # one Notes: list, as Foundry reads it
    return "\n".join(lines)
