"""Our stat blocks as Foundry's importer reads them (``importStandardText`` of transfer.mjs).

Foundry VTT's Fantasy Trip system (pumbers/fantasytrip-foundryvtt 1.2.0)
imports pasted text with the rules re-stated here from its ``transfer.mjs``:

- the first line is ``name[, wizard|hero][, age N]`` (name: word characters,
  spaces and apostrophes);
- an attribute line ``ST n, DX n, IQ n, MA n`` (MA is read as the base walk MA);
- a list starts at a line ``Words:`` (``^[\\w\\s/]*:``) and runs to the next;
  known lists are talents, spells, spells include, languages, weapon(s),
  armor/armour, equipment, the ability and attack lists, magic items and
  the note lists; any other is "Unrecognized list type" and skipped;
- talents, spells, languages, weapons, armor and equipment are cut at commas,
  magic items at "•";
- a weapon is ``name (damage)`` with ``d`` turned into ``D6`` (so the
  parentheses must hold dice only), armor ``name stops N``, equipment
  ``name (N)`` with N its quantity; a weapon that does not match throws;
- one note list only (a second throws).
"""

from __future__ import annotations

import re

import pytest

from tftmanager.app import bestiary
from tftmanager.app.library import library_for
from tftmanager.app.statblock_bestiary import template_text
from tftmanager.app.statblocks import export_statblocks, read_figures
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.statblock_text import statblock
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

NAME = r"[\w\s’'`]*"
HEADER = re.compile(rf"^(?P<name>{NAME})[\s,]*(?P<type>(wizard|hero))?[\s,]*"
                    r"(age\s(?P<age>\d+))?$", re.MULTILINE)
ATTRIBUTES = re.compile(r"^ST\s+(?P<st>\d+)\s*,\s*DX\s*(?P<dx>\d+)\s*,\s*IQ\s*(?P<iq>\d+)"
                        r"\s*,\s*MA\s*(?P<ma>\d+)", re.MULTILINE)
LIST = re.compile(r"^[\w\s/]*:", re.MULTILINE)
KNOWN = {"talents", "spells", "spells include", "languages", "weapon", "weapons", "armor",
         "armour", "equipment", "special ability/weakness", "special ability",
         "special abilities", "ability", "abilities", "attack", "attacks", "magic items",
         "note", "notes", "special note", "special notes"}
SKIPPED = {"race", "player", "points bought", "memory bought", "details",  # ours, skipped there
           "kind", "count", "natural armor", "moves", "dx against"}
WEAPON = re.compile(rf"^(?P<name>{NAME})(\((?P<damage>.*)?\))?$", re.DOTALL)
ARMOR = re.compile(rf"^(?P<name>{NAME})(stops|stop)+\s*(?P<stops>\d*)", re.DOTALL)
EQUIPMENT = re.compile(rf"(?P<name>{NAME})\s*(\((?P<qty>\d*)\))?", re.DOTALL)
ROLL = re.compile(r"\d+D6([+-]\d+)?")
OUTSIDE_NAMES: list[str] = []  # names Foundry's pattern cannot hold ("2-handed sword")


def foundry_reads(text: str) -> dict[str, object]:
    """What Foundry's importer takes from one figure's text; AssertionError where it fails."""
    header = HEADER.match(text.strip())
    assert header, f"first line: {text.splitlines()[0]!r}"
    attributes = ATTRIBUTES.search(text)
    assert attributes, "no 'ST n, DX n, IQ n, MA n' line"
    labels = LIST.findall(text)
    ids = [" ".join(label.replace(":", "").split()).lower() for label in labels]
    assert all(i in KNOWN | SKIPPED for i in ids), f"unrecognized lists: {ids}"
    assert sum(i in ("note", "notes", "special note", "special notes") for i in ids) <= 1
    got: dict[str, object] = {"name": header["name"].strip(), "type": header["type"],
                              **attributes.groupdict()}
    for n, (label, key) in enumerate(zip(labels, ids, strict=True)):
        end = text.index(labels[n + 1], text.index(label) + len(label)) \
            if n + 1 < len(labels) else len(text)
        body = text[text.index(label) + len(label):end].strip()
        got[key] = _list(key, body)
    return got


def _list(key: str, body: str) -> list[object]:
    if key == "magic items":
        return [p.strip() for p in body.split("•") if p.strip()]
    items = [p.strip() for p in body.split(",")]
    if key in ("weapon", "weapons"):
        found = []
        for item in items:
            if not re.fullmatch(NAME, item.split("(")[0]):
                OUTSIDE_NAMES.append(item.split("(")[0].strip())
                continue  # Foundry's own limit (docs/statblocks.md): it throws on these
            match = WEAPON.match(item)
            assert match, f"Foundry throws on the weapon {item!r}"
            damage = re.sub(r"[dD]", "D6", match["damage"] or "")
            assert ROLL.fullmatch(damage), f"{item!r} gives the roll {damage!r}"
            found.append((match["name"].strip(), damage))
        return found
    if key in ("armor", "armour"):
        found = []
        for item in items:
            match = ARMOR.match(item)
            assert match and match["stops"], f"Foundry cannot read the armor {item!r}"
            found.append((match["name"].strip(), int(match["stops"])))
        return found
    if key == "equipment":
        found = []
        for item in items:
            match = EQUIPMENT.fullmatch(item)
            assert match, f"Foundry keeps only part of {item!r}"
            found.append((match["name"].strip(), int(match["qty"] or 1)))
        return found
    return items


def test_every_demo_figure_is_read_by_foundry_as_written(demo_store: CampaignStore) -> None:
    OUTSIDE_NAMES.clear()
    text = export_statblocks(store=demo_store)
    for block in text.strip().split("\n\n"):
        got = foundry_reads(block)
        assert got["type"] in ("hero", "wizard")
        for name, stops in got.get("armor", []):  # type: ignore[attr-defined]
            assert stops >= 1, name
    assert OUTSIDE_NAMES == ["2-handed sword"]  # a hyphen: beyond Foundry's importer
    flavius = foundry_reads(export_statblocks(store=demo_store, names=["Flavius"]))
    assert ("Large shield", 2) in flavius["armor"]  # type: ignore[operator]
    assert flavius["ma"] == "10"  # the race's MA, not the armored one


EVERYTHING = Character(
    name="Corwin Ashe", race="elf", st=10, dx=14, iq=12, sp=1, player="Mo",
    kind=CharacterKind.WIZARD,
    notes="Owes the guild 40 silver.\nSpeaks only in rhyme on holy days.",
    talents=(KnownTalent("literacy"), KnownTalent("sign_language", 2)),
    spells=("light", "fireball"), languages=("Common", "Elvish"), age=112,
    items=(Item(ItemKind.WEAPON, "dagger", ItemState.CARRIED, Quality(fine_dx=1)),
           Item(ItemKind.WEAPON, "javelin", ItemState.READIED, quantity=3),
           Item(ItemKind.ARMOR, "leather", ItemState.READIED, hits_taken=4),
           Item(ItemKind.SHIELD, "small_shield", ItemState.CARRIED),
           Item(ItemKind.GEAR, "heavy_wool_blanket", ItemState.CARRIED, quantity=2),
           Item(ItemKind.MAGIC, "fireball_rod", ItemState.CARRIED, quantity=5)))


def test_every_kept_field_reads_back_and_foundry_reads_the_rest(library: RulesLibrary) -> None:
    """Languages, age, quantities, qualities, where things are and two lines of notes."""
    text = statblock(EVERYTHING, library, derive(EVERYTHING, library, RuleProfile()))
    got = foundry_reads(text)
    assert got["languages"] == ["Common", "Elvish"] and got["type"] == "wizard"
    assert ("Javelin", "1D6-1") in got["weapons"]  # type: ignore[operator]
    assert ("Small shield", 1) in got["armor"]  # type: ignore[operator]
    assert ("Heavy wool blanket", 2) in got["equipment"]  # type: ignore[operator]
    seen = read_figures(text, library, RuleProfile())
    assert seen.problems == []
    assert seen.figures == [EVERYTHING]


def test_every_bestiary_template_is_read_by_foundry(store: CampaignStore) -> None:
    """Foundry's importer takes the name, attributes, weapons with dice and armor with stops."""
    library = library_for(store)
    beyond = []
    OUTSIDE_NAMES.clear()
    for creature in bestiary.list_templates(store=store):
        if not re.fullmatch(NAME, creature.name):
            beyond.append(creature.name)  # Foundry's name pattern holds no parentheses
            continue
        got = foundry_reads(template_text(creature, library))
        assert got["name"] == creature.name and got["type"] is None
        assert (got["st"], got["dx"], got["iq"], got["ma"]) == tuple(
            str(v) for v in (creature.st, creature.dx, creature.iq, creature.ma))
        outside = len(OUTSIDE_NAMES)
        assert len(got.get("weapons", [])) + outside == len(creature.weapons)  # type: ignore[arg-type]
        OUTSIDE_NAMES.clear()
        worn = [k for k in (creature.armor, creature.shield) if k]
        assert len(got.get("armor", [])) == len(worn)  # type: ignore[arg-type]
    assert beyond and all("(" in name for name in beyond)  # "Myrmidon (summoned)"...
    assert foundry_reads(export_statblocks(store=store, bestiary=True, names=["wolf"]))[
        "attacks"] == ["Bite (1d+1)"]
