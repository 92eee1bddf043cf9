"""``tftmanager check`` on characters with possessions: wear, quality, weight, mount."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import equipment as eq
from tftmanager.app.campaigns import open_existing
from tftmanager.app.characters import create_character
from tftmanager.app.sheet import evaluate
from tftmanager.cli.report import sheet_json, sheet_text
from tftmanager.rules.character import Character
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import CreationScheme, RuleProfile

from .conftest import cli

pytestmark = pytest.mark.cli


def robin(**fields: Any) -> dict[str, Any]:
    """Sir Robin: worn chainmail, a fine broadsword, 80 kg, on a riding horse.

    80 kg + chainmail 13.61 + broadsword 2.27 + 24.12 kg on the saddle = 120 kg,
    5.2 x the horse's ST 23: MA 16, adjDX 11; or MA 20 at 1 fatigue a turn.
    """
    data: dict[str, Any] = {
        "name": "Robin", "race": "human", "st": 12, "dx": 12, "iq": 8,
        "armor": "chainmail", "weapons": ["broadsword"], "ready_weapon": "broadsword",
        "items": [
            {"kind": "armor", "key": "chainmail", "state": "readied", "hits_taken": 50},
            {"kind": "weapon", "key": "broadsword", "state": "readied",
             "fine_dx": 1, "fine_damage": 1},
        ],
        "body_kg": 80,
        "mount": {"name": "Dobbin", "st": 23, "dx": 12, "ma": 24, "extra_kg": 24.12},
    }
    data.update(fields)
    return {"format": "tftmanager.character", "version": 3, "character": data}


def write(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_check_prints_wear_quality_weight_and_mount(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = cli(capsys, "check", write(tmp_path / "robin.json", robin()))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "  hits stopped 2" in lines
    assert "  wears Chainmail (50 hits taken)" in lines  # the armor possession he wears
    assert ("  armor: falling apart (stops 1 fewer; 30 more hits to very bad); stops 2 now"
            in lines)
    # DX 12, chainmail -3, fine +1 DX; 2d +1 damage.
    assert " *Broadsword (fine +1 DX +1 dmg): strike: 2d+1, adjDX 10" in lines
    assert "  carried weight 15.88 kg" in lines
    assert "  mount Dobbin: MA 16, adjDX 11; or MA 20 at 1 fatigue a turn" in lines
    assert lines[-1] == "  No problems."


def test_check_json_has_the_equipment(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "check", "--json", write(tmp_path / "robin.json", robin()))
    assert code == 0
    data = json.loads(out)
    derived = data["derived"]
    assert data["legal"] is True
    assert derived["hits_stopped"] == 2
    assert (derived["armor"], derived["shield"], derived["shield_ready"]) == (
        "chainmail", None, False)
    assert derived["armor_condition"] == {
        "stops": 2, "state": "falling apart",
        "detail": "stops 1 fewer; 30 more hits to very bad"}
    assert derived["shield_condition"] is None
    assert derived["carried_kg"] == 15.88
    assert derived["mount"] == {"ma": 16, "adj_dx": 11, "fatigue": 0, "half_ma": 20,
                                "half_fatigue": 1, "walk_only": False}
    [attack] = derived["weapons"][0]["attacks"]
    assert attack == {"mode": "strike", "damage": "2d+1", "adj_dx": 10, "adj_dx_shield": None,
                      "notes": ["fine +1 DX +1 dmg"]}


def test_check_an_overloaded_mount(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The damsel (60 kg) on the saddle too: 180 kg, 7.8 x ST.
    doc = robin(mount={"name": "Dobbin", "st": 23, "dx": 12, "ma": 24, "extra_kg": 84.12})
    code, out, _ = cli(capsys, "check", write(tmp_path / "robin.json", doc))
    assert code == 0
    assert ("  mount Dobbin: MA 14, adjDX 11, 1 fatigue a turn; or MA 19 at 2 fatigue a turn "
            "(overloaded: walks at MA 4)") in out.splitlines()
    code, out, _ = cli(capsys, "check", "--json", tmp_path / "robin.json")
    assert json.loads(out)["derived"]["mount"] == {
        "ma": 14, "adj_dx": 11, "fatigue": 1, "half_ma": 19, "half_fatigue": 2,
        "walk_only": True}


def test_check_a_split_shield(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = robin(shield="large_shield", items=[
        {"kind": "shield", "key": "large_shield", "state": "readied", "hits_taken": 30}])
    code, out, _ = cli(capsys, "check", write(tmp_path / "robin.json", doc))
    assert code == 0
    assert "  hits stopped 3, 3 with shield" in out.splitlines()
    assert "  wears Chainmail, Large shield (slung, 30 hits taken)" in out.splitlines()
    assert "  shield: split (split asunder and useless); stops 0 now" in out.splitlines()


def test_sound_gear_prints_no_condition_line(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    doc = robin(items=[], mount=None, body_kg=0)
    code, out, _ = cli(capsys, "check", write(tmp_path / "robin.json", doc))
    assert code == 0
    assert "armor:" not in out
    assert "mount" not in out
    assert " *Broadsword: strike: 2d, adjDX 9" in out.splitlines()
    code, out, _ = cli(capsys, "check", "--json", tmp_path / "robin.json")
    derived = json.loads(out)["derived"]
    assert derived["armor_condition"]["state"] == "sound"
    assert derived["mount"] is None


def test_an_illegal_quality_exits_1_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = robin(items=[{"kind": "weapon", "key": "longbow", "state": "stored", "fine_dx": 1}])
    path = write(tmp_path / "robin.json", doc)
    code, out, err = cli(capsys, "check", path)
    assert (code, err) == (1, "")
    assert ("   - [error] items: Only axes, maces, hammers, swords and pole weapons can be made "
            "finely; not a longbow.") in out.splitlines()
    code, out, _ = cli(capsys, "check", "--json", path)
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False
    assert [(p["field"], p["item"]) for p in data["problems"]] == [("items", "longbow")]


def test_too_many_carried_weapons_exits_1(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    doc = robin(weapons=["broadsword", "mace"], items=[
        {"kind": "weapon", "key": "club", "state": "carried"}])
    code, out, _ = cli(capsys, "check", write(tmp_path / "robin.json", doc))
    assert code == 1
    assert "a figure may carry only 2 plus one dagger or main-gauche" in out


@pytest.mark.parametrize(
    ("items", "words"),
    [
        ([{"kind": "wand", "key": "x"}], "items[0]"),
        ([{"kind": "gear", "key": "skis", "quantity": "2"}], "\"quantity\" must be a whole"),
        ([{"kind": "weapon", "key": "broadsword", "silver": "yes"}], "\"silver\" must be"),
    ],
)
def test_malformed_items_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                items: list[Any], words: str) -> None:
    code, out, err = cli(capsys, "check", write(tmp_path / "robin.json", robin(items=items)))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert words in err
    assert err.startswith("tftmanager check: ")


def test_list_shows_a_campaign_characters_wear(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sherwood.tftcampaign"
    assert cli(capsys, "new", path)[0] == 0
    with open_existing(path=path) as store:
        cid = create_character(store=store, character=Character(
            name="Robin", race="human", st=12, dx=12)).id
        eq.give(store=store, character_id=cid,
                item=Item(ItemKind.ARMOR, "plate", ItemState.READIED, hits_taken=120))
    code, out, _ = cli(capsys, "list", "--json", path)
    assert code == 0
    [data] = json.loads(out)
    assert data["derived"]["hits_stopped"] == 3
    assert data["derived"]["armor_condition"]["state"] == "very bad shape"


def test_sheet_text_names_the_quality(library: RulesLibrary) -> None:
    figure = Character(name="Bjorn", race="human", st=12, dx=12, iq=8,
                       items=outfit((
                           Item(ItemKind.WEAPON, "broadsword", ItemState.READIED,
                                Quality(fine_dx=1, fine_damage=2, silver=True)),
                           Item(ItemKind.WEAPON, "dagger", quality=Quality(good=True)),
                       ), weapons=("broadsword", "dagger"), ready_weapon="broadsword"))
    sheet = evaluate(figure, library, RuleProfile(creation=CreationScheme.MELEE))
    assert sheet.legal
    lines = sheet_text(sheet).splitlines()
    assert " *Broadsword (fine +1 DX +2 dmg, silver): strike: 2d+2, adjDX 13" in lines
    assert "  Dagger (good): strike: 1d-1, adjDX 12; thrown: 1d-1, adjDX 12" in lines
    weapons = sheet_json(sheet)["derived"]["weapons"]
    assert weapons[0]["attacks"][0]["notes"] == ["fine +1 DX +2 dmg, silver"]
    assert weapons[1]["attacks"][0]["notes"] == ["good"]
