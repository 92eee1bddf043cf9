"""Starting the GUI where there is no display: one line and exit 2, not a Qt abort."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.ui.launch import missing_display

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("environ", [
    {"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"}, {"QT_QPA_PLATFORM": "offscreen"},
    {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":1"},
    {"QT_QPA_PLATFORM": "wayland", "WAYLAND_DISPLAY": "wayland-1"},
])
def test_a_display_or_a_headless_platform_is_enough(environ: dict[str, str]) -> None:
    assert missing_display(environ, "linux") == ""


@pytest.mark.parametrize(("environ", "why"), [
    ({}, "neither DISPLAY nor WAYLAND_DISPLAY is set"),
    ({"QT_QPA_PLATFORM": "xcb"}, "QT_QPA_PLATFORM=xcb needs DISPLAY, which is not set"),
    ({"QT_QPA_PLATFORM": "wayland", "DISPLAY": ":0"},
     "QT_QPA_PLATFORM=wayland needs WAYLAND_DISPLAY, which is not set"),
])
def test_what_is_missing_is_said_in_one_line(environ: dict[str, str], why: str) -> None:
    message = missing_display(environ, "linux")
    assert message == (f"tftmanager: no display to open the window on ({why}); run it in a "
                       "desktop session, or use the commands (tftmanager --help).")


def test_macos_and_windows_need_no_check() -> None:
    assert missing_display({}, "darwin") == missing_display({}, "win32") == ""


@pytest.mark.skipif(sys.platform != "linux", reason="display servers are a Linux matter")
def test_the_app_without_a_display_exits_2_with_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["HOME"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "tftmanager"], env=env, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "tftmanager: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY "
        "is set); run it in a desktop session, or use the commands (tftmanager --help)."]
