"""``tftmanager library show|export|import`` and talent checks from the command line."""

from __future__ import annotations

import json
import sqlite3
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tftmanager.cli.main import run
from tftmanager.shipped import shipped_entries

from .conftest import cli

pytestmark = pytest.mark.cli

JOE_TALENTS = ["sword", "axe_mace", "shield", "horsemanship", "alertness", "swimming",
               "running"]


def assert_one_line_error(err: str, *words: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0], (word, lines[0])


def library_rows(path: Path) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return con.execute(
            "SELECT kind, key, data, retired FROM library_entry ORDER BY kind, key").fetchall()
    finally:
        con.close()


def set_talent_cost(path: Path, key: str, cost: int) -> None:
    """Edit one talent's cost in the campaign file (a GM's house rule)."""
    con = sqlite3.connect(path)
    try:
        (data,) = con.execute("SELECT data FROM library_entry WHERE kind='talent' AND key=?",
                              (key,)).fetchone()
        row = json.loads(data)
        row["cost"] = cost
        con.execute("UPDATE journal_state SET replaying = 1")  # a raw edit, not an operation
        con.execute("UPDATE library_entry SET data=? WHERE kind='talent' AND key=?",
                    (json.dumps(row, sort_keys=True), key))
        con.commit()
    finally:
        con.close()


@pytest.fixture
def empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "empty.tftcampaign"
    code, _, _ = cli(capsys, "new", path)
    assert code == 0
    return path


# --- export -----------------------------------------------------------------------


def test_export_toml_to_stdout(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "export", demo)
    assert (code, err) == (0, "")
    doc = tomllib.loads(out)
    assert doc["format"] == "tftmanager.library"
    assert doc["version"] == 1
    assert len(doc["talent"]) == sum(1 for e in shipped_entries() if e.kind == "talent")
    assert len(doc["spell"]) == sum(1 for e in shipped_entries() if e.kind == "spell")
    assert {"key": "running"}.items() <= next(
        t for t in doc["talent"] if t["key"] == "running").items()


def test_export_json_to_a_file(demo: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "x.json"
    code, out, err = cli(capsys, "library", "export", demo, "--out", out_path)
    assert (code, err) == (0, "")
    assert out == f"Wrote {out_path}\n"
    doc = json.loads(out_path.read_text(encoding="utf-8"))
    assert doc["format"] == "tftmanager.library"
    assert any(t["key"] == "advanced_shield" for t in doc["talent"])


def test_export_format_option_wins(demo: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "library.txt"
    code, _, _ = cli(capsys, "library", "export", demo, "--out", out_path, "--format", "json")
    assert code == 0
    assert json.loads(out_path.read_text(encoding="utf-8"))["format"] == "tftmanager.library"
    code, out, _ = cli(capsys, "library", "export", demo, "--format", "json")
    assert code == 0
    assert json.loads(out)["version"] == 1


def test_export_to_an_unwritable_place(demo: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "export", demo, "--out",
                         tmp_path / "no" / "such" / "folder.toml")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager library:", "cannot write")


def test_export_from_a_file_that_is_not_a_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    bogus = tmp_path / "bogus.tftcampaign"
    bogus.write_text("hello", encoding="utf-8")
    code, out, err = cli(capsys, "library", "export", bogus)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager library:")


# --- import ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["library.toml", "library.json"])
def test_round_trip(demo: Path, empty: Path, tmp_path: Path,
                    capsys: pytest.CaptureFixture[str], name: str) -> None:
    set_talent_cost(demo, "climbing", 2)
    path = tmp_path / name
    code, _, _ = cli(capsys, "library", "export", demo, "--out", path)
    assert code == 0
    before = library_rows(demo)
    # Into the same campaign: nothing changes.
    code, out, err = cli(capsys, "library", "import", demo, path)
    assert (code, err) == (0, "")
    assert out.startswith(f"Imported a library of {len(before)} entries")
    assert library_rows(demo) == before
    # Into another: it gets the house rule.
    code, _, err = cli(capsys, "library", "import", empty, path)
    assert (code, err) == (0, "")
    assert library_rows(empty) == before
    exported = tomllib.loads(cli(capsys, "library", "export", empty)[1])
    assert next(t for t in exported["talent"] if t["key"] == "climbing")["cost"] == 2


def exported_doc(campaign: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, _ = cli(capsys, "library", "export", campaign)
    assert code == 0
    return tomllib.loads(out)


def _unknown_prerequisite(doc: dict[str, Any]) -> str:
    next(t for t in doc["talent"] if t["key"] == "fencing")["requires"] = ["sabre"]
    return tomli_w.dumps(doc)


def _newer(doc: dict[str, Any]) -> str:
    doc["version"] = 99
    return tomli_w.dumps(doc)


def _without_running(doc: dict[str, Any]) -> str:
    # Joe the Barbarian knows Running.
    doc["talent"] = [t for t in doc["talent"] if t["key"] != "running"]
    return tomli_w.dumps(doc)


def _bad_category(doc: dict[str, Any]) -> str:
    next(t for t in doc["talent"] if t["key"] == "sword")["category"] = 7
    return tomli_w.dumps(doc)


BAD_LIBRARIES: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "not toml": (lambda _doc: "this = [is not toml", "not valid TOML"),
    "not a library": (lambda _doc: 'format = "tftmanager.party"\nversion = 1\n',
                      "not a TFT Manager library"),
    "newer": (_newer, "newer"),
    "unknown prerequisite": (_unknown_prerequisite, "sabre"),
    "bad category": (_bad_category, "category"),
    "lacks what a character uses": (_without_running, "running"),
}


@pytest.mark.parametrize("kind", sorted(BAD_LIBRARIES))
def test_bad_library_changes_nothing(demo: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str], kind: str) -> None:
    make, words = BAD_LIBRARIES[kind]
    path = tmp_path / "bad.toml"
    path.write_text(make(exported_doc(demo, capsys)), encoding="utf-8")
    before = library_rows(demo)
    code, out, err = cli(capsys, "library", "import", demo, path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager library:", words)
    assert library_rows(demo) == before


def test_bad_json_library(demo: Path, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{oops", encoding="utf-8")
    before = library_rows(demo)
    code, out, err = cli(capsys, "library", "import", demo, path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager library:", "not valid JSON")
    assert library_rows(demo) == before


def test_json_null_is_refused(demo: Path, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    doc = exported_doc(demo, capsys)
    doc["talent"][0]["note"] = None
    path = write_json(tmp_path / "null.json", doc)
    before = library_rows(demo)
    code, out, err = cli(capsys, "library", "import", demo, path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager library:", "null")
    assert library_rows(demo) == before
    assert cli(capsys, "library", "export", demo)[0] == 0


def test_import_a_missing_file(demo: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "import", demo, tmp_path / "nothing.toml")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager library:", "no such file")


def test_library_needs_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        run(["library"])
    assert exited.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


# --- check with talents ----------------------------------------------------------------------


def joe(**fields: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "Joe the Barbarian", "race": "human", "st": 11, "dx": 12, "iq": 9,
        "sp": 1, "bought_points": 1, "kind": "hero", "talents": list(JOE_TALENTS),
    }
    data.update(fields)
    return {"format": "tftmanager.character", "version": 2, "character": data}


def write_json(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_check_joe_with_a_skill_point_is_legal(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "check", write_json(tmp_path / "joe.json", joe()))
    assert (code, err) == (0, "")
    assert "No problems." in out


def test_check_joe_without_a_skill_point_is_over_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = write_json(tmp_path / "joe.json", joe(sp=0, bought_points=0))
    code, out, err = cli(capsys, "check", path)
    assert (code, err) == (1, "")
    assert "memory:" in out
    assert "11 memory points" in out and "2 too many" in out
    code, out, _ = cli(capsys, "check", path, "--json")
    assert code == 1
    result = json.loads(out)
    assert result["legal"] is False
    [memory] = [p for p in result["problems"] if p["field"] == "memory"]
    assert memory["severity"] == "error"
    assert "2 too many" in memory["message"]


def test_check_reports_talent_and_spell_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    doc = joe(iq=9, talents=["fencing", "no_such_talent"], spells=["staff_ii"], kind="wizard",
              sp=0, bought_points=0)
    path = write_json(tmp_path / "bad.json", doc)
    code, out, err = cli(capsys, "check", path)
    assert (code, err) == (1, "")
    assert "talents: Fencing: needs Sword first." in out
    assert "talents: Fencing: IQ 9 is below Fencing's IQ level 10." in out
    assert "'no_such_talent' is not a talent" in out
    assert "spells: Staff II: needs Staff first." in out
    code, out, _ = cli(capsys, "check", path, "--json")
    assert code == 1
    problems = json.loads(out)["problems"]
    items = {(p["field"], p["item"]) for p in problems}
    assert {("talents", "fencing"), ("talents", "no_such_talent"),
            ("spells", "staff_ii")} <= items


def test_check_sp_above_iq_over_four(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = write_json(tmp_path / "joe.json", joe(sp=3, bought_points=3))
    code, out, _ = cli(capsys, "check", path, "--json")
    assert code == 1
    fields = [p["field"] for p in json.loads(out)["problems"]]
    assert fields == ["sp"]


def test_check_refuses_a_malformed_talent_list(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = write_json(tmp_path / "joe.json", joe(talents=["sword", "sword"]))
    code, out, err = cli(capsys, "check", path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager check:", "listed twice")
    path = write_json(tmp_path / "joe.json", joe(talents=[{"key": "sword", "level": 2}]))
    code, out, err = cli(capsys, "check", path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager check:", "talent")


# --- show ---------------------------------------------------------------------------

def test_show_prints_the_entry_with_its_reference(empty: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "show", empty, "main-g")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == ["Main-gauche: weapon 'main_gauche'",
                         "  Reference: Advanced Melee p. 13"]
    assert "  damage: 1d-1" in lines
    code, out, _ = cli(capsys, "library", "show", empty, "WAR 1", "--kind", "job")
    assert code == 0 and out.splitlines()[1] == (
        "  Reference: TFT Rules Expansion, Jobs: Mercenaries")


def test_names_are_matched_as_for_characters(empty: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "library", "show", empty, "fencng")
    assert (code, out) == (2, "")
    assert err == ("tftmanager library: No library entry named 'fencng' in this campaign; "
                   "did you mean Fencing?\n")
    code, _, err = cli(capsys, "library", "show", empty, "dag")
    assert code == 2 and "could be several library entries: did you mean Dagger" in err
    code, out, _ = cli(capsys, "library", "show", empty, "fire", "--kind", "spell")
    assert code == 0 and out.splitlines()[1] == "  Reference: Wizard"
