"""A window's actions as its menus and toolbar hold them: text, icon, tip, shortcuts.

Each of the main window's actions says here what it does
(:func:`make_main_actions`): one that only opens a window or a dialog calls
the module that shows it, with no method of the window in between.  The
icons are remembered with their names so the window can draw them again in
the new scheme's colour when the system switches between light and dark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QToolBar, QWidget

from tftmanager.ui import dialogs, menu_windows
from tftmanager.ui.icons import icon

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


class ActingWindow(Protocol):
    """What the main window's actions call on it."""

    session: CampaignSession | None

    def window(self) -> QWidget: ...  # the window itself (QWidget's), as the dialogs' parent

    def close(self) -> bool: ...

    def ask_new_campaign(self) -> None: ...

    def ask_open_campaign(self) -> None: ...

    def close_campaign(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def add_character(self) -> int | None: ...

    def duplicate_character(self) -> None: ...

    def delete_character(self) -> None: ...

    def selected(self) -> int | None: ...

    def find_character(self) -> None: ...


def keys(standard: QKeySequence.StandardKey, fallback: str) -> list[QKeySequence]:
    """The platform's shortcut, or ours where the platform has none (Quit, say)."""
    return QKeySequence.keyBindings(standard) or [QKeySequence(fallback)]


def make_action(parent: QWidget, icons: list[tuple[QAction, str]], text: str,
                icon_name: str | None, slot: Callable[[], object], tip: str,
                shortcuts: list[QKeySequence] | None = None) -> QAction:
    """An action of ``parent``; one with an icon is added to ``icons`` to be retinted."""
    action = QAction(text, parent)
    if icon_name:
        action.setIcon(icon(icon_name))
        icons.append((action, icon_name))
    action.setStatusTip(tip)
    action.setToolTip(tip)
    if shortcuts:
        action.setShortcuts(shortcuts)
    action.triggered.connect(slot)
    return action


def retint(icons: list[tuple[QAction, str]]) -> None:
    """Draw each remembered icon again in the current scheme's text colour."""
    for action, name in icons:
        action.setIcon(icon(name))


def add_toolbar(window: QMainWindow, name: str, actions: Iterable[QAction | None]) -> QToolBar:
    """A toolbar of ``actions`` (None for a separator), each button named for screen readers."""
    bar = window.addToolBar(name)
    bar.setObjectName(f"{name.lower()}_toolbar")
    for action in actions:
        if action is None:
            bar.addSeparator()
            continue
        bar.addAction(action)
        button = bar.widgetForAction(action)
        if button is not None:
            button.setAccessibleName(action.text().replace("&", "").rstrip("…"))
    return bar


# An action: its name (``act_<name>``), text, icon, what it does, tip and shortcuts.
Row = tuple[str, str, str | None, Callable[[], object], str, list[QKeySequence]]


def make_main_actions(window: ActingWindow, icons: list[tuple[QAction, str]]) -> None:
    """The main window's actions, each set on it as ``act_<name>``, with what it does."""
    w, sk, parent = window, QKeySequence.StandardKey, window.window()
    table: tuple[Row, ...] = (
        ("new", "&New Campaign…", "new", w.ask_new_campaign, "Create a new campaign file",
         keys(sk.New, "Ctrl+N")),
        ("open", "&Open Campaign…", "open", w.ask_open_campaign, "Open a campaign file",
         keys(sk.Open, "Ctrl+O")),
        ("close", "&Close Campaign", "close", w.close_campaign, "Close the campaign",
         keys(sk.Close, "Ctrl+W")),
        ("print", "&Print Cards…", None,
         lambda: menu_windows.cards(parent, w.session, w.selected(), "preview"),
         "Preview and print character cards (the selected one or the party)",
         keys(sk.Print, "Ctrl+P")),
        ("export_pdf", "E&xport Cards to PDF…", None,
         lambda: menu_windows.cards(parent, w.session, w.selected(), "pdf"),
         "Save the whole party's cards as a PDF", []),
        ("quit", "&Quit", None, w.close, "Quit TFT Manager", keys(sk.Quit, "Ctrl+Q")),
        ("undo", "&Undo", "undo", w.undo,
         "Take back the last change (even from an earlier session)", keys(sk.Undo, "Ctrl+Z")),
        ("redo", "&Redo", "redo", w.redo, "Make the last undone change again",
         keys(sk.Redo, "Ctrl+Shift+Z")),
        ("add", "&Add Character", "add-character", w.add_character,
         "Add a character to the party", [QKeySequence("Ctrl+Shift+N")]),
        ("duplicate", "D&uplicate Character", "duplicate", w.duplicate_character,
         "Copy the selected character", [QKeySequence("Ctrl+D")]),
        ("delete", "&Delete Character…", "delete", w.delete_character,
         "Delete the selected character", keys(sk.Delete, "Del")),
        ("settings", "Campaign &Rules…", "settings",
         lambda: menu_windows.edit_settings(parent, w.session),
         "Choose the rules this campaign plays by", keys(sk.Preferences, "Ctrl+,")),
        ("library", "Rules &Library…", None,
         lambda: menu_windows.edit_library(parent, w.session),
         "House-rule this campaign's talents, spells and gear", [QKeySequence("Ctrl+L")]),
        ("award", "Award E&xperience…", None,
         lambda: menu_windows.award_experience(parent, w.session),
         "Award XP to the party: a GM award or Melee's combat awards",
         [QKeySequence("Ctrl+E")]),
        ("week", "Plan and Run &Weeks…", None,
         lambda: menu_windows.plan_weeks(parent, w.session),
         "Assign jobs, study, rest; run weeks with every roll shown",
         [QKeySequence("Ctrl+Shift+W")]),
        ("survival", "&Survival Roll…", None,
         lambda: menu_windows.survival_roll(parent, w.session, w.selected()),
         "Death and dying: the chance, then the roll", []),
        ("find", "&Find Character", None, w.find_character, "Filter the party by name",
         keys(sk.Find, "Ctrl+F")),
        ("about", "&About TFT Manager", "about", lambda: dialogs.about(parent),
         "Version and rules sources", []),
    )
    for name, text, icon_name, slot, tip, shortcuts in table:
        setattr(window, f"act_{name}",
                make_action(parent, icons, text, icon_name, slot, tip, shortcuts))
