"""``tftmanager encounter``: a fight from a shell, through the same functions as the GUI."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import cli

pytestmark = pytest.mark.cli


@pytest.fixture
def glade(demo: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The demo party's Flavius against the bestiary's tribesman, Wulf."""
    path = demo
    for args in (("new", "The glade", "--seed", "3"),
                 ("add", "Romans", "--character", "Flavius"),
                 ("add", "Germans", "--creature", "tribesman", "--name", "Wulf")):
        code, _out, err = cli(capsys, "encounter", path, *args)
        assert code == 0, err
    return path


def test_a_fight_from_the_shell(glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = cli(capsys, "encounter", glade, "initiative", "--roll", "5", "--roll", "2")
    assert code == 0
    # every line the action wrote, the typed rolls first (issue: only the last was printed)
    assert out.splitlines() == [
        "Turn 1: Roll for Initiative: Romans: 5 on 1 die (typed).",
        "Turn 1: Roll for Initiative: Germans: 2 on 1 die (typed).",
        "Turn 1: Initiative: Romans 5, Germans 2",
        "Turn 1: The Romans win the initiative and choose who moves first."]
    code, out, _err = cli(capsys, "encounter", glade, "attack", "Wulf", "Flavius",
                          "--roll", "9", "--roll", "5")
    assert "7 hits on Flavius Marcellus; stopped 5 (Chainmail 3, Large shield 2); 2 taken" in out
    assert cli(capsys, "encounter", glade, "hit", "Wulf", "14", "--by", "Flav")[0] == 0
    assert cli(capsys, "encounter", glade, "next-turn")[0] == 0
    code, out, _err = cli(capsys, "encounter", glade, "show")
    assert "The glade — turn 2" in out and "dead" in out and "adjDX  8" in out
    code, out, _err = cli(capsys, "encounter", glade, "end", "--award", "Flavius=70")
    # wear counts blows by default (001's "hits", read as blows): one blow stopped
    assert code == 0 and "Flavius Marcellus: 70 XP" in out and "Chainmail +1" in out
    assert "+70" in cli(capsys, "xp", "show", glade, "Flavius")[1]
    code, out, _err = cli(capsys, "undo", glade)
    assert out.startswith("Undid: Ended The glade")


@pytest.mark.parametrize(("args", "message"), [
    (("hit", "Wulf", "seven"), "Damage must be a whole number, not 'seven'."),
    (("hit", "Nobody", "3"), "No figure 'Nobody' in The glade."),
    (("attack", "Wulf", "Flavius", "--roll", "19"), "19 cannot be rolled on 3 dice"),
    (("add", "Romans", "--character", "Nobody"), "Nobody"),
    (("add", "Romans", "--quick", "Guard", "--st", "x", "--dx", "10"),
     "ST must be a whole number"),
    (("initiative", "--roll", "5", "--roll", "2", "--first", "Nobody"),
     "'Nobody' is not a side in this fight."),
    (("hit", "Wulf", str(10**20)), "more than any blow"),
    (("hit", "Wulf", str(2**63)), "more than any blow"),
    (("option", "Wulf", "fly"), "not one of Melee's options"),
    (("option", "Flavius", "missile"), "needs a missile weapon ready"),
    (("ready", "Wulf", "9"), "Wulf has no weapon number 9."),
    (("attack", "Wulf", "Flavius", "--second-shot", "--roll", "9"), "has not fired"),
    (("flesh", "Wulf", "none"), "Wulf is under no flesh spell cast on it."),
    (("dismount", "Wulf"), "Wulf is already on foot."),
    (("mount", "Nobody"), "No figure 'Nobody' in The glade."),
])
def test_bad_input_is_one_line_exit_2_and_nothing_changes(
        glade: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
        message: str) -> None:
    before = glade.read_bytes()
    code, out, err = cli(capsys, "encounter", glade, *args)
    assert (code, out) == (2, "")
    assert err.startswith("tftmanager encounter: ") and message in err and err.count("\n") == 1
    assert glade.read_bytes() == before


def test_a_dead_figure_attacking_and_ending_twice(
        glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "encounter", glade, "hit", "Wulf", "14")[0] == 0
    before = glade.read_bytes()
    code, _out, err = cli(capsys, "encounter", glade, "hit", "Flavius", "5", "--by", "Wulf")
    assert (code, err) == (2, "tftmanager encounter: Wulf is dead (ST 0) and cannot "
                              "attack.\n")
    assert glade.read_bytes() == before
    assert cli(capsys, "encounter", glade, "end")[0] == 0
    after_end = glade.read_bytes()
    code, _out, err = cli(capsys, "encounter", glade, "end")
    assert code == 2 and "The glade has already ended" in err
    code, _out, err = cli(capsys, "encounter", glade, "--id", "1", "end")
    assert code == 2 and "The glade has already ended" in err
    assert glade.read_bytes() == after_end


def test_quick_figures_and_the_bestiary(glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "wolf" in cli(capsys, "encounter", glade, "bestiary")[1]
    code, out, err = cli(capsys, "encounter", glade, "add", "Germans", "--quick", "Guard",
                         "--st", "11", "--dx", "11", "--armor", "leather", "--weapon", "club")
    assert code == 0, err
    assert "Guard joins Germans (ST 11, adjDX 9, stops 2)" in out


def test_the_encounter_sheet_is_one_page(glade: Path, tmp_path: Path, qapp: object,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """(``qapp``: the command makes a QGuiApplication only when none exists; here it must
    be pytest-qt's QApplication, or later widget tests in this process abort.)"""
    assert cli(capsys, "encounter", glade, "hit", "Wulf", "6", "--by", "Flavius")[0] == 0
    out_pdf = tmp_path / "sheet.pdf"
    code, out, err = cli(capsys, "encounter", glade, "sheet", "--out", out_pdf)
    assert code == 0, err
    assert out == f"Wrote {out_pdf}: the sheet of The glade on 1 page\n"
    assert out_pdf.read_bytes().startswith(b"%PDF")


def test_options_drop_and_ready_from_the_shell(
        glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Melee's options (a)-(r) by name or letter; drop and ready a weapon by its number."""
    code, out, err = cli(capsys, "encounter", glade, "option", "Flavius", "c")
    assert code == 0, err
    assert out == "Turn 1: Flavius Marcellus chooses Dodge (c).\n"
    code, _out, err = cli(capsys, "encounter", glade, "option", "Wulf", "missile")
    assert code == 0, err
    # 003: "a figure attempting to hit a dodging figure (with a missile ...) must roll ...
    # on FOUR dice"
    code, out, _err = cli(capsys, "encounter", glade, "attack", "Wulf", "Flavius",
                          "--roll", "16")
    assert "rolls 16 on 4 dice" in cli(capsys, "encounter", glade, "show", "--log", "3")[1]
    assert cli(capsys, "encounter", glade, "drop", "Wulf", "1")[1] == \
        "Turn 1: Wulf drops the Longbow.\n"
    code, _out, err = cli(capsys, "encounter", glade, "ready", "Wulf", "1")
    assert code == 2 and "already acted this turn" in err  # it fired: (f) was its option
    assert cli(capsys, "encounter", glade, "next-turn")[0] == 0
    assert cli(capsys, "encounter", glade, "ready", "Wulf", "1")[1] == (
        "Turn 2: Wulf chooses Ready a weapon (e, k, o).\n"
        "Turn 2: Wulf readies the Longbow; it can be used next turn.\n")
    assert cli(capsys, "encounter", glade, "flee", "Wulf")[1] == (
        "Turn 2: Wulf flees unhurt; each foe may take one free attack at +4 DX this turn "
        "(004).\n")


def test_an_option_with_a_dropped_bow_is_refused_as_chosen(
        glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """003 line 126: "(f) MISSILE WEAPON ATTACK ... fire a missile weapon"; line 198: "In
    order to attack (except HTH), a figure must have a READY WEAPON" (issue 37: (f) was
    taken with the bow dropped, and only the shot refused)."""
    assert cli(capsys, "encounter", glade, "drop", "Wulf", "1")[0] == 0
    before = glade.read_bytes()
    code, out, err = cli(capsys, "encounter", glade, "option", "Wulf", "f")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "Missile weapon attack needs a missile weapon ready; Wulf's ready weapon is " \
           "none." in err
    assert glade.read_bytes() == before
    assert cli(capsys, "encounter", glade, "ready", "Wulf", "1")[0] == 0  # picked up
    before = glade.read_bytes()
    code, out, err = cli(capsys, "encounter", glade, "option", "Wulf", "f")  # a changed mind
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "Missile weapon attack cannot be taken: Wulf readied the Longbow this turn; it " \
           "can be used on the NEXT turn (Melee)." in err
    assert glade.read_bytes() == before


def test_disengaging_and_drawing_from_the_shell(
        glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """003 line 411: "When its turn to attack comes, instead of attacking, it moves one hex";
    line 397: (q) is for "A figure engaged in HTH combat"."""
    code, out, err = cli(capsys, "encounter", glade, "disengage", "Flavius")
    assert code == 0, err
    assert out == ("Turn 1: Flavius Marcellus chooses Disengage (l, r).\n"
                   "Turn 1: Flavius Marcellus disengages: instead of attacking it moves one "
                   "hex (Melee, Disengaging).\n")
    code, out, err = cli(capsys, "encounter", glade, "draw", "Wulf", "--roll", "2")
    assert code == 2 and "Draw dagger is for a figure in hand-to-hand combat" in err


def test_flesh_spells_and_riding_from_the_shell(
        glade: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """004: "people using the Stone or Iron Flesh spells" stop hits; a rider mounts and
    dismounts.  A spell that stops no hits is one line, exit 2, nothing changed."""
    code, out, err = cli(capsys, "encounter", glade, "flesh", "Wulf", "stone_flesh")
    assert code == 0, err
    assert out == ("Turn 1: Wulf is under Stone Flesh: its body stops 4 hits per attack; "
                   "it stops 4 in all.\n")
    code, out, _err = cli(capsys, "encounter", glade, "hit", "Wulf", "6")
    assert "stopped 4 (Stone Flesh 4); 2 taken" in out
    assert cli(capsys, "encounter", glade, "mount", "Flavius")[1] == \
        "Turn 1: Flavius Marcellus mounts.\n"
    assert "(mounted)" in cli(capsys, "encounter", glade, "show")[1]
    assert cli(capsys, "encounter", glade, "dismount", "Flavius")[0] == 0
    before = glade.read_bytes()
    code, out, err = cli(capsys, "encounter", glade, "flesh", "Wulf", "Sleep")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "'Sleep' is not a spell that stops hits" in err
    assert glade.read_bytes() == before


@pytest.mark.parametrize(("args", "message"), [
    # issue 37 item 18: ran for minutes (the injury chart grew a row per 10 ST)
    (("add", "A", "--quick", "Huge", "--st", "100000000000", "--dx", "10"), "ST must be"),
    # item 19: each was accepted and saved
    (("add", "A", "--quick", "G", "--st", "10", "--dx", "99999999999999999999"), "DX must be"),
    (("add", "A", "--quick", "G", "--st", "10", "--dx", "10", "--iq", "-3"), "IQ must be"),
    (("add", "A", "--quick", "G", "--st", "10", "--dx", "10", "--ma", "-3"), "MA must be"),
    (("add", "A", "--quick", "G", "--st", "10", "--dx", "10", "--damage", "999d"),
     "up to 5994 hits"),
    (("add", "A", "--quick", "G", "--st", "10", "--dx", "10", "--damage",
      "2d+99999999999999999999"), "more than any blow"),
    (("end", "--award", "Flavius=-5000"), "would leave"),
    (("show", "--log", "-5"), "Log lines must be 0 or more"),
    (("new", "X", "--seed", "99999999999999999999999"), "seed must be"),
])
def test_bounds_are_data_one_line_exit_2_nothing_saved(
        glade: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
        message: str) -> None:
    """Issue 37 items 18-19: bounds from the rules data ([limits] of injury), one line on
    stderr, exit 2, the campaign file unchanged."""
    before = glade.read_bytes()
    code, out, err = cli(capsys, "encounter", glade, *args)
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1
    assert glade.read_bytes() == before


def test_tftmanager_new_fights_by_the_house_rules(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """004 line 17: "Instead of actually doubling damage, ignore armor and shields the foe
    has"; line 19: "Whenever double or triple damage is mentioned, treat it in this fashion"
    (issue 37 item 16: a new campaign's double damage was Melee's multiply)."""
    path = tmp_path / "house.tftcampaign"
    assert cli(capsys, "new", str(path), "--demo")[0] == 0
    for args in (("new", "Ford", "--seed", "3"), ("add", "Romans", "--character", "Flavius"),
                 ("add", "Germans", "--creature", "tribesman", "--name", "Wulf")):
        assert cli(capsys, "encounter", path, *args)[0] == 0
    code, out, err = cli(capsys, "encounter", path, "attack", "Wulf", "Flavius",
                         "--roll", "4", "--roll", "5")  # a double: the longbow's 1d+2 rolls 7
    assert code == 0, err
    assert "Wulf's Longbow: 7 hits on Flavius Marcellus; 7 taken, ST 5 of 12." in out
