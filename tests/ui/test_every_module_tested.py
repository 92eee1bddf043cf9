"""Every module of ``tftmanager.ui`` is imported by a test, or named here with the test that
drives it through the window; and the small helpers no window shows on its own are tested.

Issue 34 found 33 ui modules no test imported; widgets nobody drove hid a
crash.  A new module must come with its test: this fails until it has one.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QListWidget, QListWidgetItem, QSpinBox

import tftmanager.ui
from tftmanager.rules.character import Character
from tftmanager.rules.items import ItemKind
from tftmanager.ui import fonts, form_reset, gear_choice

pytestmark = pytest.mark.ui

TESTS = Path(__file__).parent.parent
UI = Path(tftmanager.ui.__file__).parent

# Modules driven only through the window (no name of theirs a test needs), and where.
THROUGH_THE_WINDOW = {
    "campaign_files": "ui/test_every_action.py",  # File > New, Open (cancelled), Close, Recent
    "sheet_actions": "ui/test_journeys.py",  # File > Export Character Sheets to PDF…
    "read_only": "ui/test_read_only.py",  # a read-only campaign: the banner, no edits
    "preview_session": "ui/test_startup_editor.py",  # the editor before the store arrives
    "preview_editing": "ui/test_startup_editor.py",  # edits kept, then applied
    "operations.abilities": "ui/test_every_action.py",  # Forget, Cancel Study
    "operations.journal": "ui/test_every_action.py",  # the toolbar's Undo and Redo
    "operations.encounters": "ui/test_encounter.py",  # the encounter window's buttons
    "operations.copies": "ui/test_guide_and_copies.py",  # File > Save a Copy…
    "operations.notes": "ui/test_journeys.py",  # a session note typed in its dialog
    "read_only_table": "ui/test_journeys.py",  # the picker's and the library's lists, clicked
    "players_menu": "ui/test_players_view.py",  # Campaign > Players' View…
    "players_view": "ui/test_players_view.py",  # its server, links and QR codes
    "gear_fields": "ui/test_every_action.py",  # armor, shield, weapons carried, ready weapon
    "window_actions": "ui/test_every_action.py",  # every menu action and toolbar button
    "window_menus": "ui/test_every_action.py",  # the menus' entries, each triggered
    "join_table": "ui/test_player_window.py",  # File > Join a Table…
    "join_dialog": "ui/test_player_window.py",  # the link typed in, Join pressed
    "player_card": "ui/test_player_window.py",  # the card the server sends
    "player_actions": "ui/test_player_window.py",  # the offered buttons, clicked
}


def _modules() -> list[str]:
    return sorted(".".join(p.relative_to(UI).with_suffix("").parts) for p in UI.rglob("*.py")
                  if p.name != "__init__.py")


def _imported(path: Path) -> set[str]:
    """The tftmanager.ui modules a test file imports (``operations.x`` used counts too)."""
    text = path.read_text(encoding="utf-8")
    if "tftmanager.ui" not in text:
        return set()
    tree = ast.parse(text)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "operations":
            found.add(f"tftmanager.ui.operations.{node.attr}")
    return {m.removeprefix("tftmanager.ui.") for m in found if m.startswith("tftmanager.ui.")}


def test_every_ui_module_is_imported_by_a_test_or_driven_by_a_named_one() -> None:
    imported = set().union(*(_imported(p) for p in TESTS.rglob("test_*.py")))
    untested = [m for m in _modules() if m not in imported | THROUGH_THE_WINDOW.keys()]
    assert untested == [], "ui modules no test imports (add a test, through the window)"
    for module, test in THROUGH_THE_WINDOW.items():
        assert (UI / f"{module.replace('.', '/')}.py").exists(), f"{module} has gone"
        assert (TESTS / test).exists(), f"{module}: {test} has gone"


def test_the_bundled_fonts_are_registered_once() -> None:
    families = fonts.register_fonts()
    assert "DejaVu Sans" in families
    assert fonts.register_fonts() == families  # a second call adds nothing


def test_a_blanked_form_keeps_nothing_of_the_last_record(qtbot) -> None:
    name, count, choice, ticks = QLineEdit("Ragnar"), QSpinBox(), QComboBox(), QListWidget()
    count.setRange(3, 30)
    count.setValue(12)
    choice.addItems(["Human", "Elf"])
    item = QListWidgetItem("Broadsword")
    item.setCheckState(Qt.CheckState.Checked)
    ticks.addItem(item)
    for widget in (name, count, choice, ticks):
        qtbot.addWidget(widget)
    form_reset.blank([name, count, choice, ticks])
    assert (name.text(), count.value(), choice.currentIndex()) == ("", 3, -1)
    assert ticks.item(0).checkState() == Qt.CheckState.Unchecked


def test_choosing_armor_wears_it_and_keeps_the_rest() -> None:
    """The editor's Armor box: the chosen armor is worn; the weapons stay as they were."""
    bare = Character(name="Wulf", race="human", st=12, dx=12)
    armed = replace(bare, items=gear_choice.gear_after(bare, "weapons", ("broadsword",), False))
    dressed = gear_choice.gear_after(armed, "armor", "leather", False)
    assert [(i.kind, i.key) for i in dressed if i.kind is ItemKind.ARMOR] == [
        (ItemKind.ARMOR, "leather")]
    worn = replace(armed, items=dressed).loadout.armor
    assert worn is not None and worn.key == "leather"
    assert [i for i in dressed if i.kind is ItemKind.WEAPON] == [
        i for i in armed.items if i.kind is ItemKind.WEAPON]
