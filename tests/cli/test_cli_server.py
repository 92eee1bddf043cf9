"""``tftmanager server|push|pull`` and a server URL wherever a campaign file goes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import cli

pytestmark = [pytest.mark.cli, pytest.mark.server]


def test_a_group_campaign_from_a_file_to_a_player_and_back(
        tmp_path: Path, pg_server: Any, capsys: pytest.CaptureFixture[str]) -> None:
    played = tmp_path / "played.tftcampaign"
    assert cli(capsys, "new", played, "--demo")[0] == 0
    url = pg_server.url(pg_server.new_database_name())
    code, out, err = cli(capsys, "push", played, url)
    assert (code, err) == (0, "") and "5 characters" in out
    code, out, err = cli(capsys, "server", "add-player", url, "dora", "--character", "wulf")
    assert (code, err, out) == (0, "", "dora is a player of the campaign, playing Wulf.\n")
    # a player holds no database login (issue 39): she acts through the table server
    player = url.replace("//tft@", "//dora@")
    code, out, err = cli(capsys, "list", player)
    assert code == 2 and out == "" and "Cannot connect" in err and "dora" in err
    code, out, _ = cli(capsys, "list", url)
    assert code == 0 and "Ragnar" in out and "Wulf" in out
    code, out, err = cli(capsys, "xp", "award", url, "--name", "Wulf", "--amount", "100",
                         "--reason", "Tracked the goblins")
    assert (code, err) == (0, "")
    code, out, _ = cli(capsys, "history", url, "--limit", "2")
    assert "Wulf: +100 XP, Tracked the goblins" in out and "dora plays Wulf" in out
    back = tmp_path / "back.tftcampaign"
    code, out, err = cli(capsys, "pull", url, back)
    assert (code, err) == (0, "") and back.exists()
    code, out, _ = cli(capsys, "xp", "show", back, "Wulf")
    assert code == 0 and "Tracked the goblins" in out
    code, out, err = cli(capsys, "copy", url, back)
    assert code == 2 and "already exists" in err


@pytest.mark.parametrize(("args", "message"), [
    (["new", "postgresql://gm@host/dragons"], "server init postgresql://gm@host/dragons"),
    (["server", "init", "postgresql://gm@127.0.0.1:1/x"], "Cannot connect"),
    (["list", "postgresql://gm@127.0.0.1:1"], "names no database"),
    (["server", "add-player", "postgresql://gm@127.0.0.1:1/x", "dora"], "--character"),
])
def test_bad_server_commands_say_why_in_one_line(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, *args)
    assert code == 2
    assert message in (err + out) and len((err + out).strip().splitlines()) == 1


def test_server_init_then_upgrade_is_a_check(
        pg_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = pg_server.url(pg_server.new_database_name())
    code, out, err = cli(capsys, "server", "init", url, "--name", "Dragons")
    assert (code, err) == (0, "") and "the campaign is ready" in out
    code, out, err = cli(capsys, "server", "init", url)
    assert code == 2 and "is not empty" in err
    code, out, err = cli(capsys, "server", "upgrade", url, "--dump-dir", tmp_path)
    assert (code, err) == (0, "") and "already at this version" in out
    code, out, err = cli(capsys, "list", url)
    assert (code, out) == (0, "No characters.\n")


def test_a_password_typed_in_a_campaign_url_is_never_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The URL is read as a server campaign's location, and said without its password."""
    code, out, err = cli(capsys, "new", "postgresql://gm:hunter2@host/dragons?password=hunter2")
    assert code == 2 and "server init postgresql://gm@host/dragons" in err
    assert "hunter2" not in out + err
