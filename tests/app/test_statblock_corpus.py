"""A corpus of stat blocks in the styles published TFT adventures use, each landing in place.

``tests/data/statblocks/corpus`` holds 32 blocks written for these tests: one
line or many, run-on sentences, groups ("6 goblins", "Goblins (6)",
"Hobgoblin x3", "Four wolves", "Twelve Watchmen"), creatures with a bite,
claws, flight and a stony hide, wizards with 16 to 23 spells, Melee's own
dice ("2-1", "1+2", "Broadsword (2)") and money as adventures write it.
``expected.toml`` says what each imports as: every talent, spell, weapon,
armor, shield, piece of gear and coin is checked in the campaign after the
import (the ledger for money), and the creatures again as bestiary templates.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import bestiary, campaigns, equipment
from tftmanager.app.statblocks import import_statblocks
from tftmanager.rules.character import Character
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

CORPUS = Path(__file__).parent.parent / "data" / "statblocks" / "corpus"
EXPECTED = tomllib.loads((CORPUS / "expected.toml").read_text(encoding="utf-8"))
FILES = sorted(p.name for p in CORPUS.glob("*.txt"))


def _blocks(name: str) -> list[dict[str, Any]]:
    return [f for f in EXPECTED["figure"] if f["file"] == name]


def _items(character: Character) -> list[str]:
    return [f"{i.kind.value} {i.key}" + (f" x{i.quantity}" if i.quantity != 1 else "")
            for i in character.items]


def test_the_corpus_holds_every_style() -> None:
    """At least 30 blocks; groups, creatures, wizards with 15+ spells, Melee's dice, money."""
    blocks = EXPECTED["figure"]
    assert len(blocks) >= 30
    assert len(FILES) == len({b["file"] for b in blocks})
    assert sum(b.get("count", 1) > 1 for b in blocks) >= 8
    assert sum(len(b["spells"]) >= 15 for b in blocks) >= 3
    assert sum(b["money"] > 0 for b in blocks) >= 10
    text = "".join((CORPUS / f).read_text(encoding="utf-8") for f in FILES)
    for written in ("(2-1)", "(1+2)", "(1-1)", "(2)", "Bite", "Claws", "Flies", "Stone Hide",
                    "silver pieces", "$", "x3", "(6)", "6 goblins", "Four wolves"):
        assert written in text, written


@pytest.mark.parametrize("name", FILES)
def test_every_possession_talent_spell_and_coin_lands_where_it_belongs(
        name: str, store: CampaignStore) -> None:
    result = import_statblocks(store=store, text=(CORPUS / name).read_text(encoding="utf-8"))
    sheets = {s.character.name: s for s in campaigns.party_sheets(store=store)}
    expected = _blocks(name)
    assert len(result.ids) == sum(b.get("count", 1) for b in expected)
    for block in expected:
        count = block.get("count", 1)
        names = [block["name"]] if count == 1 else [
            f"{block['name']} {n}" for n in range(1, count + 1)]
        for figure in names:
            sheet = sheets.pop(figure)
            c = sheet.character
            assert (c.race, c.kind.value) == (block["race"], block["kind"]), figure
            assert [t.key + (f" +{t.extra_points}" if t.extra_points else "")
                    for t in c.talents] == block["talents"], figure
            assert list(c.spells) == block["spells"], figure
            assert Counter(_items(c)) == Counter(block["items"]), figure
            assert equipment.money(store=store, character_id=sheet.id) == block["money"], figure
            assert (c.notes.splitlines() if c.notes else []) == block["notes"], figure
    assert sheets == {}  # no figure the corpus does not name


@pytest.mark.parametrize("name", sorted({t["file"] for t in EXPECTED["template"]}))
def test_the_creatures_become_templates_with_attack_hide_flight_and_count(
        name: str, store: CampaignStore) -> None:
    text = (CORPUS / name).read_text(encoding="utf-8")
    for creature in bestiary.list_templates(store=store):  # the shipped ones share names
        bestiary.delete_template(store=store, key=creature.key)
    import_statblocks(store=store, text=text, bestiary=True)
    made = {c.name: c for c in bestiary.list_templates(store=store)}
    for want in (t for t in EXPECTED["template"] if t["file"] == name):
        got = made[want["name"]]
        assert (got.kind, got.race, got.count) == (
            want["kind"], want.get("race", ""), want.get("count", 1)), want["name"]
        assert (got.attack, str(got.damage) if got.damage else "") == (
            want.get("attack", ""), want.get("damage", "")), want["name"]
        assert (got.stops, got.other_ma, got.other_move) == (
            want.get("stops", 0), want.get("other_ma", 0), want.get("other_move", "")), \
            want["name"]
        assert list(got.weapons) == want.get("weapons", []), want["name"]
        assert (got.armor, got.shield) == (want.get("armor", ""), want.get("shield", ""))
        assert got.note == want.get("note", ""), want["name"]
