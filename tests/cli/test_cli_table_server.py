"""``tftmanager table-server``: a real process, stopped with Ctrl+C as a GM stops it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from tftmanager.app import campaigns, characters
from tftmanager.app.errors import CampaignInUse

pytestmark = [pytest.mark.cli, pytest.mark.slow]


def _name_players(path: Path) -> None:
    store = campaigns.open_existing(path=path)
    try:
        for sheet in campaigns.party_sheets(store=store):
            if sheet.character.name in ("Ragnar", "Wulf"):
                characters.edit_character(store=store, character_id=sheet.id, character=replace(
                    sheet.character, player={"Ragnar": "Alice", "Wulf": "Carl"}[
                        sheet.character.name]))
    finally:
        store.close()


def _start(*args: str) -> tuple[subprocess.Popen[str], list[str]]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "tftmanager", "table-server", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    lines: list[str] = []
    deadline = time.monotonic() + 60
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("Stop it with Ctrl+C"):
            return process, lines
    process.kill()
    raise AssertionError(f"the server did not start: {lines} {process.stderr.read()}")


def test_serves_the_players_links_holds_the_lock_and_stops_on_ctrl_c(demo: Path) -> None:
    _name_players(demo)
    process, lines = _start(str(demo), "--port", "0")
    try:
        assert lines[0].startswith("The table server listens on this computer only: "
                                   "http://127.0.0.1:")
        links = dict(re.findall(r"^  (\w+) \(\w+\): (http://\S+)$", "\n".join(lines), re.M))
        assert set(links) == {"Ragnar", "Wulf"}  # the characters with a player
        assert any(line.startswith("  The GM's page: http://127.0.0.1:") for line in lines)
        page = httpx.get(links["Ragnar"], timeout=10)
        assert page.status_code == 200 and "Ragnar" in page.text
        with pytest.raises(CampaignInUse):  # the window cannot open it meanwhile
            campaigns.open_existing(path=demo)
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "The table server stopped." in out
    for link in links.values():  # no secret in what it logged
        assert link.rsplit("/", 1)[1] not in err
    campaigns.open_existing(path=demo).close()  # the lock is released


def test_invite_and_revoke_by_name_on_the_local_network(demo: Path) -> None:
    _name_players(demo)
    process, lines = _start(str(demo), "--port", "0", "--lan", "--revoke", "Wulf",
                            "--invite", "morg")
    try:
        assert "listens on the local network" in lines[0]
        named = set(re.findall(r"^  ([\w ]+) \(", "\n".join(lines), re.M))
        assert named == {"Ragnar", "Morgaine"}  # Wulf's link revoked, Morgaine invited
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    assert process.returncode == 0


def test_the_command_serves_with_the_collector_set_for_many_short_requests(
        demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under 1,000 players the collector's passes over the young took about a quarter of
    the table servers' time at Python's default (every 700 new objects)."""
    import argparse
    import gc

    from tftmanager.app.location import CampaignLocation
    from tftmanager.cli import table_command
    from tftmanager.collector import SERVING_YOUNG
    from tftmanager.tableserver.runner import TableServer

    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(TableServer, "serve", lambda _self: seen.append(
        (gc.get_threshold()[0], gc.get_freeze_count())))
    before = gc.get_threshold()
    try:
        assert table_command.run(argparse.Namespace(
            campaign=CampaignLocation.parse(str(demo)), lan=False, port=0, invite=[],
            revoke=[])) == 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
    [(young, frozen)] = seen
    assert young == SERVING_YOUNG > before[0] and frozen > 0
