"""The main window's menus, filled once the party is on screen.

The menus' titles are there from the first paint; their entries (and the
modules they come from: the books, the exchange formats, the players' view,
the server window) are made here, after the party's paint, so start-up does
not wait for them. Their shortcuts work from then on.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMenu

from tftmanager.ui import (
    books,
    books_dialog,
    file_and_help_menus,
    interop_menu,
    menu_windows,
    players_menu,
    server_window,
    story_menu,
)

# The MainWindow, which imports this module (so it is not imported back here).
MainWindow = Any


def fill(window: MainWindow) -> None:
    """Add every menu's entries to ``window`` (once: ``MainWindow.fill_menus`` guards it)."""
    books.use_settings(window.settings)  # the user's rulebook PDFs (Preferences)
    file_menu, edit_menu, campaign_menu, view_menu, help_menu = window.menus.values()
    file_menu.addAction(window.act_new)
    file_menu.addAction(window.act_open)
    window.recent_menu = QMenu("Open &Recent", window)
    window.recent_menu.aboutToShow.connect(lambda: window.server.fill_recent())
    file_menu.addMenu(window.recent_menu)
    file_menu.addAction(window.act_close)
    file_menu.addSeparator()
    file_menu.addActions([window.act_print, window.act_export_pdf])
    interop_menu.add_to(window, file_menu)
    file_menu.addSeparator()
    file_menu.addAction(window.act_quit)
    edit_menu.addActions([window.act_undo, window.act_redo])
    edit_menu.addSeparator()
    edit_menu.addActions([window.act_add, window.act_duplicate, window.act_delete])
    edit_menu.addSeparator()
    edit_menu.addAction(window.act_find)
    books_dialog.add_to(window, edit_menu)
    campaign_menu.addAction(window.act_settings)
    campaign_menu.addAction(window.act_library)
    campaign_menu.addSeparator()
    for action in (window.act_award, window.act_week, window.act_survival):
        campaign_menu.addAction(action)
    menu_windows.add_encounter_menu(window, campaign_menu)
    window.players_view = players_menu.install(window, campaign_menu)
    toggle = window.history_dock.toggleViewAction()
    toggle.setText("&History")
    view_menu.addAction(toggle)
    story_menu.add_to_menus(window.story, campaign_menu, view_menu)
    help_menu.addAction(window.act_about)
    window.file_help = file_and_help_menus.FileAndHelpActions(window)  # Save, Copy, Guide
    window.server = server_window.install(window)  # server campaigns: open, news, roles
    window.read_only.watch_menus()
