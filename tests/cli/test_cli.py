"""The command line: exit codes, output, and "nothing changed" on bad input."""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.app.interchange import FORMAT_VERSION
from tftmanager.cli.main import run
from tftmanager.store.campaign import open_campaign
from tftmanager.store.lock import is_locked
from tftmanager.store.schema import CURRENT_SCHEMA

from .conftest import cli

pytestmark = pytest.mark.cli

DEMO_NAMES = ["Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]
FIXTURE = Path(__file__).resolve().parent.parent / "data" / "campaign-schema1.tftcampaign"


def assert_one_line_error(err: str, *words: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0], (word, lines[0])


def count(path: Path) -> int:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT count(*) FROM character").fetchone()[0])
    finally:
        con.close()


@pytest.fixture
def empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "empty.tftcampaign"
    code, _, _ = cli(capsys, "new", path)
    assert code == 0
    return path


def write_json(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def character(**fields: object) -> dict[str, object]:
    data: dict[str, object] = {"name": "Bjorn", "race": "human", "st": 12, "dx": 12, "iq": 8}
    data.update(fields)
    return {"format": "tftmanager.character", "version": 1, "character": data}


# --- new and list ---------------------------------------------------------


def test_new_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "north.tftcampaign"
    code, out, err = cli(capsys, "new", path, "--name", "The North")
    assert (code, err) == (0, "")
    assert out.strip() == f"Created {path}"
    assert count(path) == 0
    assert not is_locked(path)
    code, out, _ = cli(capsys, "list", path)
    assert (code, out.strip()) == (0, "No characters.")


def test_new_demo(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert count(demo) == 5
    code, out, err = cli(capsys, "list", demo)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["Name", "Race", "ST"]
    rows = {line.split("  ")[0].strip(): line for line in lines[1:]}
    assert sorted(rows) == DEMO_NAMES
    # Ragnar: ST 11, DX 13 (adjDX 11); Flavius: DX 12 (adjDX 9 without his shield).
    assert rows["Ragnar"].split()[1:5] == ["Human", "11", "13", "(11)"]
    assert rows["Flavius Marcellus"].split()[2:6] == ["Human", "12", "12", "(9)"]


def test_new_on_an_existing_path(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = demo.read_bytes()
    code, out, err = cli(capsys, "new", demo)
    assert code == 2
    assert out == ""
    assert_one_line_error(err, "already exists", demo.name)
    assert demo.read_bytes() == before


def test_list_json(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "list", demo, "--json")
    assert code == 0
    data = json.loads(out)
    assert [c["name"] for c in data] == DEMO_NAMES
    flavius = data[0]
    assert flavius["legal"] is True
    assert flavius["derived"]["adj_dx_shield"] == 8
    assert flavius["derived"]["hits_stopped_shield"] == 5
    assert flavius["derived"]["ma"] == 6
    assert flavius["problems"] == []


# --- check ----------------------------------------------------------------


def test_check_legal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = character(armor="leather", shield="large_shield", weapons=["broadsword"],
                    ready_weapon="broadsword")
    code, out, err = cli(capsys, "check", write_json(tmp_path / "b.json", doc))
    assert (code, err) == (0, "")
    assert "Bjorn (Human)" in out
    assert "adjDX 10, 9 with shield ready" in out
    assert "hits stopped 2, 4 with shield" in out
    assert "No problems." in out


def test_check_with_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = character(st=7, dx=17, weapons=["broadsword"])
    code, out, err = cli(capsys, "check", write_json(tmp_path / "weak.json", doc))
    assert (code, err) == (1, "")
    assert "Problems:" in out
    assert "[error] st: ST 7 is below the Human minimum of 8." in out
    assert "Broadsword needs ST 12" in out


def test_check_creation_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A 32-point In the Labyrinth goblin has four points too many for Melee's goblin.
    doc = character(race="goblin", st=10, dx=12, iq=10)
    path = write_json(tmp_path / "goblin.json", doc)
    assert cli(capsys, "check", path)[0] == 0
    code, out, _ = cli(capsys, "check", path, "--creation", "melee")
    assert code == 1
    assert "4 points too many" in out


def test_check_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = character(st=11, dx=13, weapons=["spear", "morningstar"], ready_weapon="spear")
    code, out, _ = cli(capsys, "check", write_json(tmp_path / "r.json", doc), "--json")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"name", "legal", "derived", "problems"}
    assert data["name"] == "Bjorn"
    assert data["legal"] is False
    derived = data["derived"]
    assert derived["adj_dx"] == 13
    assert derived["adj_dx_shield"] is None
    assert derived["attribute_total"] == 32
    assert derived["start_total"] == 32
    assert derived["injury"] == {"dx_penalty_hits": 5, "knockdown_hits": 8, "assumed": False}
    spear, star = derived["weapons"]
    assert (spear["key"], spear["ready"], spear["usable"]) == ("spear", True, True)
    assert [a["mode"] for a in spear["attacks"]] == ["strike", "thrown"]
    assert spear["attacks"][0]["damage"] == "1d+1"
    assert (star["key"], star["usable"]) == ("morningstar", False)
    assert data["problems"] == [{
        "field": "weapons",
        "item": "morningstar",
        "severity": "error",
        "message": "Morningstar needs ST 13; Bjorn has ST 11.",
    }]


def test_check_party_json_is_a_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {"format": "tftmanager.party", "version": 1,
           "characters": [character()["character"], character(name="Sven")["character"]]}
    code, out, _ = cli(capsys, "check", write_json(tmp_path / "p.json", doc), "--json")
    assert code == 0
    assert [c["name"] for c in json.loads(out)] == ["Bjorn", "Sven"]


def test_check_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(character())))
    code, out, _ = cli(capsys, "check", "-")
    assert code == 0
    assert "No problems." in out


BAD_INPUT = {
    "malformed": ('{"format": "tftmanager.character", "version": 1,', "not valid JSON"),
    "foreign": (json.dumps({"type": "gurps", "st": 12}), "not a TFT Manager character file"),
    "future": (
        json.dumps({**character(), "version": FORMAT_VERSION + 1}), "newer TFT Manager"
    ),
    "unknown field": (json.dumps(character(colour="red")), "unknown field colour"),
    "st as text": (json.dumps(character(st="12")), "\"st\" must be a whole number"),
}


@pytest.mark.parametrize("kind", sorted(BAD_INPUT))
def test_check_bad_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    text, words = BAD_INPUT[kind]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli(capsys, "check", path)
    assert code == 2
    assert out == ""
    assert_one_line_error(err, "tftmanager check:", "bad.json", words)


def test_check_missing_file_and_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = cli(capsys, "check", tmp_path / "missing.json")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "missing.json: no such file")
    code, out, err = cli(capsys, "check", tmp_path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "is a folder")


def test_check_binary_file(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "check", demo)
    assert code == 2
    assert_one_line_error(err, demo.name)


# --- export and import ----------------------------------------------------


def test_export_to_stdout(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "export", demo, "Wulf")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["format"] == "tftmanager.character"
    wulf = doc["character"]
    assert (wulf["name"], wulf["st"], wulf["dx"]) == ("Wulf", 14, 10)
    assert wulf["items"] == [{"kind": "weapon", "key": "longbow", "state": "readied"},
                             {"kind": "weapon", "key": "two_handed_sword", "state": "carried"}]
    assert "weapons" not in wulf  # one form: possessions only
    assert len(wulf["uid"]) == 36


def test_export_to_file(demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "ragnar.json"
    code, out, _ = cli(capsys, "export", demo, "Ragnar", "--out", target)
    assert code == 0
    assert out.strip() == f"Wrote {target}"
    assert json.loads(target.read_text(encoding="utf-8"))["character"]["name"] == "Ragnar"
    # The exported file checks clean.
    assert cli(capsys, "check", target)[0] == 0


def test_export_to_an_unwritable_place(
    demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "export", demo, "Ragnar", "--out", tmp_path / "no" / "r.json")
    assert code == 2
    assert_one_line_error(err, "cannot write")


def test_export_unknown_name(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "export", demo, "Conan")
    assert (code, out) == (2, "")
    assert_one_line_error(err, "No character named 'Conan'")


@pytest.mark.parametrize("command", [
    ["export", "{demo}", "{name}"], ["xp", "show", "{demo}", "{name}"],
    ["jobs", "assign", "{demo}", "{name}", "idle"], ["cards", "{demo}", "--name", "{name}",
                                                     "--out", "{tmp}/c.pdf"],
    ["history", "{demo}", "--character", "{name}"],
])
def test_every_command_takes_a_unique_prefix_and_suggests_a_name(
        demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    def args(name: str) -> list[str]:
        return [a.format(demo=demo, name=name, tmp=tmp_path) for a in command]
    code, _, err = cli(capsys, *args("flavius"))
    assert (code, err) == (0, "")
    code, out, err = cli(capsys, *args("Marcellus"))
    assert (code, out) == (2, "")
    assert_one_line_error(err, "No character named 'Marcellus' in this campaign; "
                          "did you mean Flavius Marcellus?")


def test_the_race_is_shown_by_its_name(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "list", demo)
    assert code == 0
    assert "human" not in out and "Human" in out


def test_import_reimport_and_copy(
    demo: Path, empty: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / "ragnar.json"
    assert cli(capsys, "export", demo, "Ragnar", "--out", exported)[0] == 0

    code, out, err = cli(capsys, "import", empty, exported)
    assert (code, err) == (0, "")
    assert out.strip() == "Imported 1 character: Ragnar"
    assert count(empty) == 1

    before = empty.read_bytes()
    code, out, err = cli(capsys, "import", empty, exported)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "already in this campaign", "--copy")
    assert count(empty) == 1
    assert empty.read_bytes() == before

    code, out, _ = cli(capsys, "import", empty, exported, "--copy")
    assert code == 0
    assert "note: the party already had a character named Ragnar" in out  # said, not refused
    assert count(empty) == 2
    code, out, _ = cli(capsys, "list", empty, "--json")
    assert [c["name"] for c in json.loads(out)] == ["Ragnar", "Ragnar"]


@pytest.mark.parametrize("kind", sorted(BAD_INPUT))
def test_import_bad_json_changes_nothing(
    demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    text, words = BAD_INPUT[kind]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    before = demo.read_bytes()
    code, out, err = cli(capsys, "import", demo, path)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager import:", words)
    assert count(demo) == 5
    assert demo.read_bytes() == before


def test_import_party_is_all_or_none(
    demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "export", demo, "Wulf")
    wulf = json.loads(out)["character"]
    party = {"format": "tftmanager.party", "version": 1,
             "characters": [character(name="Sven")["character"], wulf]}
    code, _, err = cli(capsys, "import", demo, write_json(tmp_path / "party.json", party))
    assert code == 2
    assert_one_line_error(err, "Wulf is already in this campaign")
    assert count(demo) == 5


# --- campaign files that cannot be used ------------------------------------


def test_list_on_files_that_are_not_campaigns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "notes.tftcampaign"
    text.write_text("my notes", encoding="utf-8")
    code, out, err = cli(capsys, "list", text)
    assert (code, out) == (2, "")
    assert_one_line_error(err, "tftmanager list:", "notes.tftcampaign", "not a TFT Manager")
    assert text.read_text(encoding="utf-8") == "my notes"

    foreign = tmp_path / "other.db"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    code, _, err = cli(capsys, "list", foreign)
    assert code == 2
    assert_one_line_error(err, "another program")

    code, _, err = cli(capsys, "list", tmp_path / "missing.tftcampaign")
    assert code == 2
    assert_one_line_error(err, "There is no file")


def test_damaged_campaign(demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = bytearray(demo.read_bytes())
    data[4096 : 4096 + 64] = b"\xa5" * 64  # page 2's b-tree header
    demo.write_bytes(bytes(data))
    for args in (["list", demo], ["export", demo, "Ragnar"]):
        code, out, err = cli(capsys, *args)
        assert (code, out) == (2, "")
        assert_one_line_error(err, demo.name, "damaged")
    assert demo.read_bytes() == bytes(data)
    assert not is_locked(demo)


def test_newer_campaign(demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    con = sqlite3.connect(demo)
    con.execute(f"PRAGMA user_version = {CURRENT_SCHEMA + 1}")
    con.commit()
    con.close()
    before = demo.read_bytes()
    doc = write_json(tmp_path / "c.json", character())
    for args in (["list", demo], ["import", demo, doc]):
        code, _, err = cli(capsys, *args)
        assert code == 2
        assert_one_line_error(err, "newer version of TFT Manager",
                              f"format {CURRENT_SCHEMA + 1}")
    assert demo.read_bytes() == before


def test_schema1_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.tftcampaign"
    shutil.copyfile(FIXTURE, path)
    code, out, _ = cli(capsys, "list", path, "--json")
    assert code == 0
    # Made before the demo had Morgaine.
    assert [c["name"] for c in json.loads(out)] == [n for n in DEMO_NAMES if n != "Morgaine"]


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["frobnicate"], ["list"], ["check", "x.json", "--creation", "gurps"]):
        with pytest.raises(SystemExit) as info:
            run(argv)
        assert info.value.code == 2
        _, err = capsys.readouterr()
        assert "Traceback" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("TFT Manager ")


# --- real processes ---------------------------------------------------------


def tftmanager(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the installed console script, falling back to ``python -m tftmanager``."""
    script = Path(sys.executable).with_name("tftmanager")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "tftmanager"]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [*command, *map(str, args)],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False,
    )


def test_console_script(tmp_path: Path) -> None:
    new = tftmanager("new", "x.tftcampaign", "--demo", cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    assert new.stdout.strip() == "Created x.tftcampaign with 5 characters"
    listed = tftmanager("list", "x.tftcampaign", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "Ragnar" in listed.stdout
    bad = tftmanager("list", "nothing.tftcampaign", cwd=tmp_path)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert_one_line_error(bad.stderr, "There is no file")


def test_python_dash_m(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tftmanager", "check", "-", "--json"],
        input=json.dumps(character(st=12, dx=13)), capture_output=True, text=True,
        cwd=tmp_path, timeout=120, check=False,
    )
    assert result.returncode == 1
    problems = json.loads(result.stdout)["problems"]
    assert [(p["field"], p["severity"]) for p in problems] == [("attributes", "error")]


def test_a_second_writer_is_refused_while_the_campaign_is_open(
    demo: Path, tmp_path: Path
) -> None:
    with open_campaign(demo):
        result = tftmanager("xp", "award", demo, "--party", "5", "--reason", "x", cwd=tmp_path)
        assert result.returncode == 2
        assert_one_line_error(result.stderr, "open in another TFT Manager", demo.name)
        # Reading needs no lock: list works beside the open campaign.
        listed = tftmanager("list", demo, cwd=tmp_path)
        assert listed.returncode == 0, listed.stderr
        assert "Ragnar" in listed.stdout


def test_check_flags_a_new_character_with_sp(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # ST 8, DX 8, IQ 13, SP 3: SP within IQ/4, but none bought with experience.
    path = write_json(tmp_path / "sage.json", character(st=8, dx=8, iq=13, sp=3))
    code, out, _ = cli(capsys, "check", path)
    assert code == 1
    assert "SP 3, but only 0 points bought with experience" in out
    assert cli(capsys, "check", path, "--starting-sp")[0] == 0


def test_check_shows_where_ma_and_hits_stopped_come_from(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = character(st=12, dx=10, iq=10, talents=["running", "toughness"])
    doc["version"] = 2
    _code, out, _ = cli(capsys, "check", write_json(tmp_path / "r.json", doc))
    assert "MA 12 (10, Running +2)" in out
    assert "hits stopped 1 (0, Toughness +1)" in out


def test_import_flags_a_new_character_with_sp(
        empty: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_json(tmp_path / "sage.json", character(name="Sage", st=8, dx=8, iq=13, sp=3))
    code, out, _ = cli(capsys, "import", empty, path)
    assert code == 0
    assert "Sage: SP 3, but only 0 points bought with experience" in out
