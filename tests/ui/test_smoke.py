"""``--smoke``: the real start-up, then exit 0 only with a campaign open."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.__main__ import _is_for_the_app
from tftmanager.app.demo import demo_entries
from tftmanager.ui import smoke

pytestmark = pytest.mark.ui


@pytest.mark.parametrize(("args", "environ", "expected"), [
    (["--smoke"], {}, True), (["x.tftcampaign", "--smoke"], {}, True),
    ([], {"TFTMANAGER_SMOKE": "1"}, True), ([], {"TFTMANAGER_SMOKE": "0"}, False),
    ([], {}, False), (["x.tftcampaign"], {"TFTMANAGER_SMOKE": ""}, False),
])
def test_the_flag_or_the_variable_asks_for_it(args: list[str], environ: dict[str, str],
                                              expected: bool) -> None:
    assert smoke.wanted(args, environ) is expected


def test_the_flag_goes_to_the_app_not_the_command_line() -> None:
    assert _is_for_the_app(["--smoke"])
    assert not _is_for_the_app(["--version"])


def test_a_window_without_a_campaign_fails(make_window, capsys) -> None:
    assert smoke.report(make_window()) == smoke.EXIT_NOTHING_OPEN
    assert "opened no campaign" in capsys.readouterr().err


def test_a_window_with_the_demo_passes(main_window, capsys) -> None:
    assert smoke.report(main_window) == 0
    assert capsys.readouterr().out == (
        f"smoke: ok, party.tftcampaign open with {len(demo_entries())} characters\n")


def test_the_time_limit_ends_a_start_that_hangs(capsys) -> None:
    ended: list[int] = []
    timer = smoke.arm_time_limit(limit_ms=10, end=ended.append)
    timer.join(5)
    assert ended == [smoke.EXIT_TIMED_OUT]
    assert "no campaign open after" in capsys.readouterr().err


def test_a_finished_start_up_is_not_ended() -> None:
    ended: list[int] = []
    timer = smoke.arm_time_limit(limit_ms=50, end=ended.append)
    timer.cancel()
    timer.join(5)
    assert ended == []


def test_a_fresh_start_makes_the_demo_and_exits_0(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-m", "tftmanager", "--smoke"], env=env,
                            capture_output=True, text=True, timeout=150, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"smoke: ok, Demo Campaign.tftcampaign open with {len(demo_entries())} characters\n")
    assert list(tmp_path.rglob("Demo Campaign.tftcampaign"))
