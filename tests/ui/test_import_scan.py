"""PySide6's per-import source check is answered by name for packages using no __feature__."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import PySide6.QtCore  # noqa: F401 - installs PySide6's import hook and its check

from tftmanager.ui.import_scan import answered_by_name, skip_source_scan


def test_pyside6_still_has_the_check_this_answers() -> None:
    """A PySide6 upgrade that renames the check makes the shortcut do nothing: notice it."""
    feature = sys.modules.get("shibokensupport.feature")
    assert feature is not None and hasattr(feature, "_mod_uses_pyside")


def test_the_apps_and_storage_modules_are_answered_without_reading_their_source() -> None:
    asked: list[str] = []

    def original(module: ModuleType) -> bool:
        asked.append(module.__name__)
        return True

    fake = SimpleNamespace(_mod_uses_pyside=original)
    assert skip_source_scan({"shibokensupport.feature": fake})  # type: ignore[dict-item]
    assert not skip_source_scan({"shibokensupport.feature": fake})  # type: ignore[dict-item]
    check = fake._mod_uses_pyside
    assert check(ModuleType("sqlalchemy.orm.session")) is False
    assert check(ModuleType("tftmanager.rules.week")) is False
    assert check(ModuleType("json.decoder")) is False
    assert check(ModuleType("tftmanager.ui.party")) is False  # the app uses no __feature__
    assert check(ModuleType("tftmanagerplus.party")) is True  # a prefix is not a package
    assert check(ModuleType("PySide6.QtCore")) is True
    assert asked == ["tftmanagerplus.party", "PySide6.QtCore"]


def test_nothing_to_answer_without_pyside6s_check() -> None:
    assert not skip_source_scan({})
    assert not skip_source_scan({"shibokensupport.feature": ModuleType("feature")})
    assert answered_by_name("sqlmodel") and not answered_by_name("PySide6.QtCore")


def test_the_start_up_answers_before_the_apps_modules_are_imported(tmp_path: Path) -> None:
    """``python -m tftmanager``: none of the window's modules had its source read at start."""
    then = ("feature = sys.modules['shibokensupport.feature']\n"
            "print('read', sorted(n for n, v in feature.pyside_feature_dict.items()\n"
            "                     if n.startswith('tftmanager') and v != -1))")
    code = ("import runpy, sys; sys.argv = ['tftmanager']\n"
            "try:\n    runpy.run_module('tftmanager', run_name='__main__')\n"
            "except SystemExit:\n    pass\n" + then)
    env = dict(os.environ, HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen",
               TFTMANAGER_STARTUP_PROBE="party")
    done = subprocess.run([sys.executable, "-c", code], env=env, text=True,
                          capture_output=True, timeout=120, check=True)
    assert done.stdout.splitlines()[-1] == "read []", done.stdout
