"""PySide6's per-import source check is answered by name for Qt-free packages."""

from __future__ import annotations

import sys
from types import ModuleType, SimpleNamespace

import PySide6.QtCore  # noqa: F401 - installs PySide6's import hook and its check

from tftmanager.ui.import_scan import is_qt_free, skip_source_scan


def test_pyside6_still_has_the_check_this_answers() -> None:
    """A PySide6 upgrade that renames the check makes the shortcut do nothing: notice it."""
    feature = sys.modules.get("shibokensupport.feature")
    assert feature is not None and hasattr(feature, "_mod_uses_pyside")


def test_qt_free_modules_are_answered_without_reading_their_source() -> None:
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
    assert check(ModuleType("tftmanager.ui.party")) is True
    assert check(ModuleType("tftmanager.rulesbook")) is True  # a prefix is not a package
    assert asked == ["tftmanager.ui.party", "tftmanager.rulesbook"]


def test_nothing_to_answer_without_pyside6s_check() -> None:
    assert not skip_source_scan({})
    assert not skip_source_scan({"shibokensupport.feature": ModuleType("feature")})
    assert is_qt_free("sqlmodel") and not is_qt_free("PySide6.QtCore")
