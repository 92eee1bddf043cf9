"""Existing campaigns get the shipped effects; a GM's own effects win."""

from __future__ import annotations

from tftmanager.rules.library_entries import Entry, library_from_entries
from tftmanager.shipped import shipped_entries

NEW = ("effects", "effects_source", "effects_assumed", "weight_kg", "assumed")


def _older(entries: list[Entry]) -> list[Entry]:
    """Entries as a campaign made before effects existed holds them."""
    return [Entry(e.kind, e.key, {k: v for k, v in e.data.items() if k not in NEW}, e.retired)
            if e.kind in ("talent", "magic_item") else e for e in entries]


def test_an_older_campaign_reads_the_shipped_effects() -> None:
    shipped = shipped_entries()
    library = library_from_entries(_older(shipped), shipped)
    assert [e.text() for e in library.talents["running"].effects] == ["ma +2"]
    assert library.magic_items["fireball_rod"].weight_kg == 1.0
    # Without the shipped library to fall back on, the older entries have none.
    assert library_from_entries(_older(shipped)).talents["running"].effects == ()


def test_a_gms_effects_and_cleared_effects_win() -> None:
    shipped = shipped_entries()
    own = []
    for entry in shipped:
        if (entry.kind, entry.key) == ("talent", "running"):
            entry = Entry(entry.kind, entry.key, {**entry.data, "effects": ["ma +3"]})
        elif (entry.kind, entry.key) == ("talent", "toughness"):
            entry = Entry(entry.kind, entry.key, {**entry.data, "effects": []})
        own.append(entry)
    library = library_from_entries(own, shipped)
    assert [e.text() for e in library.talents["running"].effects] == ["ma +3"]
    assert library.talents["toughness"].effects == ()


def test_a_house_magic_item_is_read_with_its_effects() -> None:
    shipped = shipped_entries()
    house = Entry("magic_item", "ring_of_speed", {
        "key": "ring_of_speed", "name": "Ring of Speed", "cost": 4000, "weight_kg": 0.1,
        "effects": ["ma +2"], "effects_source": "House rule", "source": "House rule"})
    library = library_from_entries([*shipped, house], shipped)
    ring = library.magic_items["ring_of_speed"]
    assert (ring.price(), ring.weight_kg, ring.effects[0].text()) == (4000, 0.1, "ma +2")
