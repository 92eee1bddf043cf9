"""No export replaces a campaign, its lock or a backup: every ``--out`` of the command line.

Issue 25: with ``--out`` naming the campaign, ``journal``, ``cards``, ``sheet``,
``statblock export``, ``foundry export``, ``export`` and ``library export``
replaced it with their output and exited 0; afterwards ``list`` said the file
"is not a TFT Manager campaign file".  Each is now refused in one line, exit
2, with every protected file byte for byte as it was.  The campaign is held
open for editing meanwhile (as the GUI holds it), so its lock is live.
"""

from __future__ import annotations

import argparse
import shutil
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tftmanager.app import campaigns
from tftmanager.app.campaigns import take_backup
from tftmanager.cli.main import build_parser, run
from tftmanager.store.lock import is_locked

pytestmark = pytest.mark.cli

# Every command of the command line that writes a file it is told of: what
# it is called, and its arguments with C for the campaign and O for --out.
EXPORTS: dict[str, tuple[str, ...]] = {
    "journal md": ("journal", "C", "--format", "md", "--out", "O"),
    "journal html": ("journal", "C", "--format", "html", "--out", "O"),
    "journal pdf": ("journal", "C", "--format", "pdf", "--out", "O"),
    "cards": ("cards", "C", "--out", "O"),
    "sheet": ("sheet", "C", "--out", "O"),
    "statblock export": ("statblock", "export", "C", "--out", "O"),
    "foundry export one": ("foundry", "export", "C", "Ragnar", "--out", "O"),
    "foundry export party": ("foundry", "export", "C", "--out", "O"),
    "export": ("export", "C", "Ragnar", "--out", "O"),
    "library export": ("library", "export", "C", "--out", "O"),
    "encounter sheet": ("encounter", "C", "sheet", "--out", "O"),
    "copy": ("copy", "C", "O"),
    "copy --replace": ("copy", "C", "O", "--replace"),
}
# Commands whose output is itself a campaign: a copy may replace a closed
# campaign the user names with --replace, never the one copied, a lock or a backup.
CAMPAIGN_WRITERS = {"copy --replace"}


@dataclass(frozen=True)
class Place:
    """A demo campaign held open, and the files beside it no export may replace."""

    campaign: Path
    protected: dict[str, Path]


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Place]:
    folder = tmp_path_factory.mktemp("outputs")
    campaign = folder / "demo.tftcampaign"
    assert run(["new", str(campaign), "--demo"]) == 0
    assert run(["encounter", str(campaign), "new", "The glade"]) == 0
    other = folder / "other.tftcampaign"
    shutil.copyfile(campaign, other)
    read_only = folder / "read-only.tftcampaign"
    shutil.copyfile(campaign, read_only)
    read_only.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    store = campaigns.open_existing(path=campaign)  # held, as the GUI holds it
    backup = take_backup(store=store, root=folder / "backups")
    assert is_locked(campaign)
    yield Place(campaign, {
        "the campaign exported": campaign,
        "another campaign": other,
        "a read-only campaign": read_only,
        "the campaign's lock": campaign.with_name(campaign.name + ".lock"),
        "a backup": backup,
        "a campaign named as a PDF": _renamed_copy(campaign, folder / "party.pdf"),
    })
    store.close()


def _renamed_copy(campaign: Path, target: Path) -> Path:
    shutil.copyfile(campaign, target)
    return target


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


TARGETS = ("the campaign exported", "another campaign", "a read-only campaign",
           "the campaign's lock", "a backup", "a campaign named as a PDF")
# A copy may replace a closed campaign the user names with --replace; not these.
CLOSED_CAMPAIGNS = {"another campaign", "a read-only campaign", "a campaign named as a PDF"}


@pytest.mark.parametrize(("command", "target"), [
    (command, target) for command in EXPORTS for target in TARGETS
    if not (command in CAMPAIGN_WRITERS and target in CLOSED_CAMPAIGNS)])
def test_every_export_refuses_to_replace_a_campaign_its_lock_or_a_backup(
        place: Place, command: str, target: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = place.protected[target]
    folder = place.campaign.parent
    before = _snapshot(folder)
    args = [{"C": str(place.campaign), "O": str(out)}.get(a, a) for a in EXPORTS[command]]
    code = run(args)
    _out, err = capsys.readouterr()
    assert code == 2, err
    assert err.count("\n") == 1 and out.name in err, err
    assert _snapshot(folder) == before  # every file byte for byte, and no new one


def test_the_table_holds_every_command_with_an_out_file() -> None:
    """Every command with an ``--out`` (found by walking argparse) is in EXPORTS."""
    covered = {tuple(a for a in args if a not in ("C", "O") and not a.startswith("-")
                     and a not in ("Ragnar", "md", "html", "pdf"))
               for args in EXPORTS.values()}
    assert set(_out_commands(build_parser())) <= covered


def _out_commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
                  ) -> Iterator[tuple[str, ...]]:
    for action in parser._actions:
        if "--out" in action.option_strings:
            yield path
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _out_commands(sub, (*path, name))


def test_an_ordinary_file_is_still_written(place: Place, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The refusals above are about what the file is, not about --out as such."""
    out = tmp_path / "journal.md"
    out.write_text("last week's journal")
    assert run(["journal", str(place.campaign), "--out", str(out)]) == 0
    assert out.read_text().startswith("#")
    assert capsys.readouterr().out.startswith(f"Wrote {out}")
