"""Foundry actors from the long tail: odd files, money, and what must survive the way back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tftmanager.app.foundry import actor_files, export_actors, import_actors
from tftmanager.app.outputs import write_outputs
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "foundry"


def test_two_characters_of_one_name_are_two_files(demo_store: CampaignStore,
                                                  tmp_path: Path) -> None:
    (ragnar,) = export_actors(store=demo_store, names=["Ragnar"])
    import_actors(store=demo_store, text=ragnar[1], as_copies=True)
    actors = export_actors(store=demo_store)
    assert [name for name, _ in actors].count("Ragnar") == 2
    folder = tmp_path / "party"
    folder.mkdir()
    write_outputs(folder, actor_files(actors))
    written = sorted(p.name for p in folder.iterdir())
    assert len(written) == len(actors) == 6
    assert {"Ragnar.json", "Ragnar_2.json"} <= set(written)
    assert sorted(json.loads(p.read_text(encoding="utf-8"))["name"]
                  for p in folder.iterdir()).count("Ragnar") == 2
