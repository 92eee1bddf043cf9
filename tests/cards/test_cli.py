"""``tftmanager cards``: the PDF, and one clear line for every bad input."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from tftmanager.app.campaigns import new_campaign
from tftmanager.cli import cards_command

from .conftest import DEMO, pdf_text

pytestmark = pytest.mark.cli


@pytest.fixture(autouse=True)
def _widgets_app(qapp: object) -> None:
    """The command makes a QGuiApplication only when none exists; in this test
    process make it pytest-qt's QApplication, or later widget tests abort."""


def cards(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    """Run the sub-command as main.py will once it is registered there."""
    parser = argparse.ArgumentParser(prog="tftmanager")
    sub = parser.add_subparsers(dest="command", required=True)
    cards_command.add_parser(sub)
    code = cards_command.run(parser.parse_args(["cards", *map(str, argv)]))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str, *words: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("tftmanager cards: ")
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def test_whole_party(capsys: pytest.CaptureFixture[str], demo: Path, tmp_path: Path) -> None:
    out_pdf = tmp_path / "party.pdf"
    code, out, err = cards(capsys, demo, "--out", out_pdf)
    assert (code, err) == (0, "")
    pages = len(pypdf.PdfReader(str(out_pdf)).pages)
    assert out.strip() == f"Wrote {out_pdf}: cards for 5 characters on {pages} pages"
    text = pdf_text(out_pdf)
    for name in DEMO:
        assert name in text


def test_named_characters_size_paper_and_duplex(capsys: pytest.CaptureFixture[str], demo: Path,
                                                tmp_path: Path) -> None:
    out_pdf = tmp_path / "two.pdf"
    code, out, _ = cards(capsys, demo, "--out", out_pdf, "--name", "ragnar", "--name", "Wulf",
                         "--size", "a6", "--paper", "a4", "--duplex")
    assert code == 0 and "cards for 2 characters on 2 pages" in out
    text = pdf_text(out_pdf)
    assert "Ragnar" in text and "Wulf" in text and "Flavius" not in text


def test_several_names_after_one_flag(capsys: pytest.CaptureFixture[str], demo: Path,
                                      tmp_path: Path) -> None:
    code, out, _ = cards(capsys, demo, "--out", tmp_path / "x.pdf", "--name", "Ragnar", "Wulf")
    assert code == 0 and "2 characters" in out


def test_unknown_names_are_listed_with_who_is_there(capsys: pytest.CaptureFixture[str],
                                                    demo: Path, tmp_path: Path) -> None:
    out_pdf = tmp_path / "x.pdf"
    code, out, err = cards(capsys, demo, "--out", out_pdf, "--name", "Ragnar", "--name", "Bob")
    assert (code, out) == (2, "")
    one_line(err, "No character named 'Bob'",
             "Flavius Marcellus, Joe the Barbarian, Morgaine, Ragnar, Wulf")
    assert not out_pdf.exists()


def test_unwritable_path(capsys: pytest.CaptureFixture[str], demo: Path, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.pdf"
    code, _, err = cards(capsys, demo, "--out", target)
    assert code == 2
    one_line(err, str(target), "does not exist")
    code, _, err = cards(capsys, demo, "--out", tmp_path)
    assert code == 2
    one_line(err, "is a folder")


def test_bad_campaign(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cards(capsys, tmp_path / "nowhere.tftcampaign", "--out", tmp_path / "x.pdf")
    assert code == 2
    one_line(err, "nowhere.tftcampaign")
    junk = tmp_path / "junk.tftcampaign"
    junk.write_text("not a database")
    code, _, err = cards(capsys, junk, "--out", tmp_path / "x.pdf")
    assert code == 2
    one_line(err, "junk.tftcampaign")


def test_empty_campaign(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.tftcampaign"
    new_campaign(path=empty).close()
    code, _, err = cards(capsys, empty, "--out", tmp_path / "x.pdf")
    assert code == 2
    one_line(err, "no characters")


def test_bad_size_is_a_usage_error(demo: Path, tmp_path: Path) -> None:
    parser = argparse.ArgumentParser(prog="tftmanager")
    cards_command.add_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["cards", str(demo), "--out", str(tmp_path / "x.pdf"), "--size", "5x7"])


def test_runs_headless_and_exits_cleanly(demo: Path, tmp_path: Path) -> None:
    """A fresh process with no display: offscreen Qt, a PDF, and a clean exit.

    A clean exit matters: PySide6 6.12 on Python 3.11 crashes at exit after
    many painter calls unless tftmanager.cards.none_refcount has done its work.
    """
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    script = ("import argparse, sys\n"
              "from tftmanager.cli import cards_command\n"
              "p = argparse.ArgumentParser(); s = p.add_subparsers(dest='command')\n"
              "cards_command.add_parser(s)\n"
              "sys.exit(cards_command.run(p.parse_args(sys.argv[1:])))\n")
    out_pdf = tmp_path / "big.pdf"
    argv = ["cards", str(demo), "--out", str(out_pdf), "--size", "sheet"]
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", script, *argv], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "none_dealloc" not in done.stderr
    assert out_pdf.stat().st_size > 1000


def test_the_main_command_line_knows_cards(tmp_path) -> None:
    """Through tftmanager.cli.main, as `tftmanager cards` runs it."""
    from tftmanager.cli.main import run

    campaign = tmp_path / "c.tftcampaign"
    assert run(["new", str(campaign), "--demo"]) == 0
    out = tmp_path / "cards.pdf"
    assert run(["cards", str(campaign), "--out", str(out), "--name", "Ragnar"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
