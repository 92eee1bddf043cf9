"""The main window: menus, the party beside the editor, undo, campaign files.

Built to paint before the store is imported: the session (and with it
sqlmodel) is imported only when a campaign is opened, right after first paint.
"""

from __future__ import annotations

from contextlib import nullcontext
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tftmanager import APP_NAME
from tftmanager.ui import (
    campaign_files,
    dialogs,
    dock_sizes,
    main_panels,
    read_only,
    story_menu,
    window_actions,
    window_state,
)
from tftmanager.ui.icons import icon
from tftmanager.ui.signals import AppSignals

KEEP_AFTER_MS = 300  # the party is kept for the next start once changes pause this long

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from tftmanager.app.changes import Changes
    from tftmanager.app.peek import CampaignPreview
    from tftmanager.app.sheet import Sheet
    from tftmanager.ui.editor import CharacterEditor
    from tftmanager.ui.file_and_help_menus import FileAndHelpActions
    from tftmanager.ui.history_panel import HistoryPanel
    from tftmanager.ui.party import PartyPanel
    from tftmanager.ui.party_model import PartyModel
    from tftmanager.ui.party_rows import PartyRow
    from tftmanager.ui.players_menu import PlayersViewMenu
    from tftmanager.ui.server_window import ServerActions
    from tftmanager.ui.session import CampaignSession


def _operations() -> ModuleType:
    """The GUI's actions, imported after the first paint (they bring in the store)."""
    from tftmanager.ui import operations  # noqa: PLC0415 - paint first, then load

    return operations


class MainWindow(QMainWindow):
    """The window a game master lives in."""

    party_model: PartyModel
    party: PartyPanel
    editor: CharacterEditor
    history: HistoryPanel
    # The actions of the menus and toolbar, made by window_actions.make_main_actions
    act_new: QAction
    act_open: QAction
    act_close: QAction
    act_print: QAction
    act_export_pdf: QAction
    act_quit: QAction
    act_undo: QAction
    act_redo: QAction
    act_add: QAction
    act_duplicate: QAction
    act_delete: QAction
    act_settings: QAction
    act_library: QAction
    act_award: QAction
    act_week: QAction
    act_survival: QAction
    act_find: QAction
    act_about: QAction
    panels_built: bool  # the editor and history (they may wait for the store)
    # Made as the menus are filled (``fill_menus``)
    server: ServerActions
    players_view: PlayersViewMenu
    file_help: FileAndHelpActions
    recent_menu: QMenu

    def __init__(self, settings: QSettings, *, menus_later: bool = False) -> None:
        """The window, its toolbar and its menus' titles; the menus' entries at once.

        ``menus_later``: the owner calls ``fill_menus`` (start-up does once the
        party is on screen: their modules and dialogs' classes were about a
        twentieth of the start to it); until then the menus are empty.
        """
        super().__init__()
        self.settings = settings
        self.menus_filled = False
        self.signals = AppSignals(self)
        self.session: CampaignSession | None = None
        # The campaign shown from its start-up preview, until it is opened (``ui.main_panels``).
        self.preview: tuple[Path, CampaignPreview] | None = None
        self.opening_preview = self.panels_built = self.party_built = False
        # The party's rows as shown from the copy kept from the last run, until the file is
        # read (``main_panels.show_kept_party``); lines for the log once it is set up.
        self.kept_rows: list[PartyRow] | None = None
        self.start_notes: list[str] = []
        self._keep_timer = QTimer(self)  # the party kept for the next start, once edits pause
        self._keep_timer.setSingleShot(True)
        self._keep_timer.setInterval(KEEP_AFTER_MS)
        self._keep_timer.timeout.connect(self.keep_party)
        # Where rolling backups go (set by the composition root; None takes none).
        self.backup_root: Path | None = None
        self.setWindowIcon(icon("app"))
        self.setWindowTitle(APP_NAME)

        self._icons: list[tuple[QAction, str]] = []  # redrawn on a light/dark switch
        window_actions.make_main_actions(self, self._icons)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.read_only = read_only.ReadOnlyView(  # its banner, above the splitter
            self, lambda: self.session, lambda: (
                self.act_undo, self.act_redo, self.act_add, self.act_duplicate, self.act_delete,
                self.act_settings, self.act_library, self.act_award, self.act_week,
                self.act_survival), lambda: self.editor.tabs if self.panels_built else None)
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.read_only.banner)
        central_layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.history_dock = QDockWidget("History", self)
        self.history_dock.setObjectName("history_dock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.hide()
        dock_sizes.give_room(self, self.history_dock)

        bar = self.menuBar()
        self.menus = {title: bar.addMenu(title)
                      for title in ("&File", "&Edit", "&Campaign", "&View", "&Help")}
        self.story = story_menu.StoryDocks(self, self.signals)  # its docks, in the layout
        window_actions.add_toolbar(self, "Main", (
            self.act_new, self.act_open, None, self.act_undo, self.act_redo, None,
            self.act_add, self.act_duplicate, self.act_delete, None, self.act_settings))
        self.week_label = QLabel()
        self.week_label.setAccessibleName("Campaign week")
        self.statusBar().addPermanentWidget(self.week_label)
        self.statusBar().showMessage("Ready")

        self.signals.changes_applied.connect(self._on_changes)
        self.signals.journal_changed.connect(self._show_journal)
        self.signals.action_failed.connect(lambda m: dialogs.error(self, "Not saved", m))
        self.signals.action_refused.connect(lambda t, m: dialogs.error(self, t, m))
        self.signals.bug_reported.connect(lambda m: dialogs.error(self, "Unexpected Error", m))
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._retint_icons)
        if not menus_later:
            self.fill_menus()
        self._update_actions()
        window_state.restore(self, self.settings)
        # Paint first: the party and editor (and the rules they import) are
        # built right after the window first shows.
        QTimer.singleShot(0, self.ensure_party)

    # Construction

    def ensure_party(self) -> None:
        """Build the party table (once); it needs no store, so it can show a preview."""
        if not self.party_built:
            self.party_built = True
            main_panels.build_party(self)
            self.party.selection_changed.connect(self._on_selection)

    def ensure_panels(self) -> None:
        """Build the party table and the editor (once)."""
        self.ensure_party()
        if not self.panels_built:
            self.panels_built = True
            main_panels.build_editor(self)
            self.editor.preview_edited.connect(partial(main_panels.show_kept_edit, self))

    def fill_menus(self) -> None:
        """Fill the menus (once), with the actions their modules add; shortcuts work from then."""
        if self.menus_filled:
            return
        self.menus_filled = True
        from tftmanager.ui import window_menus  # noqa: PLC0415 - see __init__'s menus_later

        window_menus.fill(self)
        self._update_actions()

    def _retint_icons(self) -> None:
        """Redraw the icons in the new scheme's text colour (light/dark switch)."""
        window_actions.retint(self._icons)
        if self.panels_built:
            self.party.table.viewport().update()

    # Campaign files

    def ask_new_campaign(self) -> None:
        """Ask where to create a campaign (in the user's documents), then create and open it."""
        path = window_state.ask_campaign_path(self, new=True, settings=self.settings)
        if path is not None:
            self.new_campaign(path)

    def ask_open_campaign(self) -> None:
        """Ask for a campaign file and open it."""
        path = window_state.ask_campaign_path(self, new=False, settings=self.settings)
        if path is not None:
            self.open_campaign(path)

    def new_campaign(self, path: Path, *, demo: bool = False, history: bool = False) -> bool:
        """Create a campaign file and open it in this window."""
        session = campaign_files.create(self, self.signals, path, demo=demo, history=history)
        if session is not None:
            self.close_campaign()
            self.attach(session)
        return session is not None

    def open_campaign(self, path: Path) -> bool:
        """Open a campaign file; a refused one gets a dialog and leaves the open one open."""
        if self.session is not None and self.session.path == path.resolve():
            self.statusBar().showMessage(f"{path.name} is already open in this window.", 10000)
            return True
        session = campaign_files.open_or_offer_backup(self, self.signals, path,
                                                      self.backup_root)
        if session is not None:
            self.close_campaign()
            self.attach(session)
            if session.backup_path is not None:
                self.statusBar().showMessage("Upgraded to the current format; the old file "
                                             f"was kept as {session.backup_path.name}", 10000)
        return session is not None

    def close_campaign(self) -> None:
        """Close the open campaign, if any."""
        if self.session is None:
            return
        if self._keep_timer.isActive():
            self.keep_party()  # the last change, for the next start
        self.players_view.stop()  # the table server goes before the store it serves
        self.session.close()
        self.session = None
        if self.panels_built:
            self.editor.set_session(None)
            self.party_model.set_rows([])
        if self.party_built:
            self.party.filter_edit.clear()  # a filter is for this campaign's names only
        self.signals.campaign_closed.emit()
        self.setWindowTitle(APP_NAME)
        self.week_label.setText("")
        self._update_actions()

    def attach(self, session: CampaignSession) -> None:
        """Show an opened campaign (a file or a server's) in this window."""
        from tftmanager.app import campaigns  # noqa: PLC0415 - with the store
        from tftmanager.ui import preview_editing  # noqa: PLC0415 - not before the first paint

        self.fill_menus()  # (once) if start-up has not yet
        self.ensure_panels()
        self.session = session
        adopted = preview_editing.adopt(self.editor, session)  # its kept edits applied
        self.preview = None
        if not adopted:
            self.editor.set_session(session)
        window_state.remember(self.settings, session.location)  # never with a password
        self._refresh_party(quietly=adopted)
        shown = f"{session.place} (read-only)" if session.read_only else session.place
        self.setWindowTitle(f"{session.query(campaigns.campaign_name)} — {shown} — {APP_NAME}")
        self.setWindowFilePath("" if session.shared else str(session.path))
        self.signals.campaign_opened.emit(session.location)
        how = " read-only: nothing in it can be changed" if session.read_only else ""
        self.statusBar().showMessage(f"Opened {session.location.short}{how}", 5000)
        if not adopted:
            self.party.select(self.party_model.first_by_name())  # the first by name, if any
        self._show_week()
        self._update_actions()
        self._keep_timer.start()
        from tftmanager.ui import menu_windows  # noqa: PLC0415 - with the menus

        menu_windows.offer_library_update(self, session)

    def _show_week(self) -> None:
        if self.session is None:
            self.week_label.setText("")
            return
        from tftmanager.app import campaigns  # noqa: PLC0415 - with the store

        self.week_label.setText(f"Week {self.session.query(campaigns.current_week)}")

    # Party and editor

    def _row(self, sheet: Sheet, balances: dict[int, int]) -> PartyRow:
        from tftmanager.ui.party_rows import PartyRow  # noqa: PLC0415

        assert self.session is not None
        race = self.session.library.races.get(sheet.character.race)
        return PartyRow.from_sheet(sheet, race.name if race else sheet.character.race,
                                   balances.get(sheet.id or 0, 0))

    def _refresh_party(self, *, quietly: bool = False) -> None:
        """The party from the store, the selection kept (``quietly``: the editor not told)."""
        if self.session is None:
            return
        from tftmanager.app import campaigns, experience  # noqa: PLC0415 - with the store

        selected = self.party.selected_id()
        balances = self.session.query(experience.balances)
        from tftmanager.ui.party_rows import pending_rows  # noqa: PLC0415 - rows on demand
        with QSignalBlocker(self.party) if quietly else nullcontext():
            self.party_model.set_rows(pending_rows(self.session.query(campaigns.party),
                                                   balances))
            self.party.select(selected)

    def _on_changes(self, changes: Changes) -> None:
        if self.session is None:
            return
        from tftmanager.app import campaigns, experience  # noqa: PLC0415 - with the store

        if changes.party or changes.settings:
            self._refresh_party()
        else:
            balances = self.session.query(experience.balances)
            for character_id in changes.characters:
                self.party_model.update_row(
                    self._row(self.session.query(campaigns.character_sheet,
                                                 character_id=character_id), balances))
        self.editor.on_changes(changes)
        if changes.week:
            self._show_week()
        added = changes.characters - changes.removed
        if changes.party and len(added) == 1:
            self.party.select(next(iter(added)))
        self._say_saved()
        self._update_actions()
        self._keep_timer.start()

    def keep_party(self) -> None:
        """Keep the party's rows for the next start (``ui.kept_rows``); a failure is only logged."""
        self._keep_timer.stop()
        note = ""
        if self.session is not None:
            from tftmanager.ui import kept_rows  # noqa: PLC0415 - once opened

            note = kept_rows.keep(self.session, self.party_model.rowCount()
                                  if self.party_built else 0)
            if note:
                from tftmanager.activity_log import LOGGER  # noqa: PLC0415 - set up by now

                LOGGER.info(note)
        self.signals.party_kept.emit(note)

    def _say_saved(self) -> None:
        """The status bar names what was just saved (the journal's newest operation)."""
        if self.session is None:
            return
        from tftmanager.app import journal  # noqa: PLC0415 - with the store

        newest = self.session.query(journal.history, limit=1)
        done = newest[0].label if newest and not newest[0].undone else ""
        self.statusBar().showMessage(f"Saved: {done}" if done else "Saved", 8000)

    def _on_selection(self, character_id: int | None) -> None:
        if self.panels_built:  # the start-up preview has no editor yet
            self.editor.show_character(character_id)
        self._update_actions()

    def _update_actions(self) -> None:
        has_campaign = self.session is not None
        has_selection = (has_campaign and self.panels_built
                         and self.party.selected_id() is not None)
        for action in (self.act_close, self.act_add, self.act_settings, self.act_find,
                       self.act_print, self.act_export_pdf,
                       self.act_library, self.act_week, self.act_award):
            action.setEnabled(has_campaign)
        self.act_survival.setEnabled(has_selection)
        self.act_duplicate.setEnabled(has_selection)
        self.act_delete.setEnabled(has_selection)
        if self.menus_filled:
            self.server.restrict()  # a player's login: the GM's tools are disabled
        self._show_journal()

    # Undo, redo and history: the campaign's journal

    def undo(self) -> None:
        """Take back the newest change (it may have been made in an earlier session)."""
        if self.session is not None:
            from tftmanager.app import journal  # noqa: PLC0415 - with the store

            operation = self.session.query(journal.next_undo)
            _operations().journal.undo(self.session)
            redo = self.session.query(journal.next_redo)
            if operation is not None and redo is not None and redo.id == operation.id:
                self.statusBar().showMessage(f"Undone: {operation.label}", 8000)

    def redo(self) -> None:
        """Make the newest undone change again."""
        if self.session is not None:
            from tftmanager.app import journal  # noqa: PLC0415 - with the store

            operation = self.session.query(journal.next_redo)
            _operations().journal.redo(self.session)
            again = self.session.query(journal.next_undo)
            if operation is not None and again is not None and again.id == operation.id:
                self.statusBar().showMessage(f"Redone: {operation.label}", 8000)

    def _show_journal(self) -> None:
        """Undo and Redo name what they would do; the History panel lists the journal."""
        session = self.session
        undo = redo = None
        if session is not None:
            from tftmanager.app import journal  # noqa: PLC0415 - with the store

            undo, redo = session.query(journal.next_undo), session.query(journal.next_redo)
        pending = ((self.act_undo, "&Undo", undo), (self.act_redo, "&Redo", redo))
        for action, text, operation in pending:
            action.setEnabled(operation is not None)
            action.setText(f"{text} {operation.label}" if operation else text)
        if self.panels_built:
            self.history.show_session(session)
        self.read_only.apply()  # last: a read-only campaign's edits stay disabled

    def find_character(self) -> None:
        """Edit > Find: the party's filter, ready to be typed over."""
        self.party.filter_edit.setFocus()
        self.party.filter_edit.selectAll()

    def add_character(self) -> int | None:
        """Add a new character at the race minimums and select it."""
        if self.session is None:
            return None
        created: int | None = _operations().characters.add_new(self.session)
        if created is not None and self.panels_built and self.editor.character_id == created:
            self.editor.name_to_type_over()
        return created

    def duplicate_character(self) -> None:
        """Copy the selected character."""
        if self.session is not None and (selected := self.party.selected_id()) is not None:
            from tftmanager.app import characters  # noqa: PLC0415 - with the store

            copy = _operations().characters.duplicate(
                self.session, selected,
                self.session.query(characters.get_character, character_id=selected).name)
            if copy is not None and self.editor.character_id == copy:
                self.editor.name_to_type_over()  # the copy wants a name of its own

    def delete_character(self) -> None:
        """Delete the selected character after confirmation."""
        if self.session is not None and (selected := self.party.selected_id()) is not None:
            from tftmanager.app import characters  # noqa: PLC0415 - with the store

            name = self.session.query(characters.get_character, character_id=selected).name
            if dialogs.confirm_delete(self, name):
                _operations().characters.delete(self.session, selected, name)

    def selected(self) -> int | None:
        """The character selected in the party (None before the panels are built)."""
        return self.party.selected_id() if self.panels_built else None

    # Closing

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        """Remember the window and release the campaign (opened first if edits wait for it)."""
        dock_sizes.close_floating(self)  # first, as the event filter it replaces did
        if self.session is None and self.panels_built and self.editor.kept_edits():
            main_panels.open_preview_now(self)  # nothing typed before the store loaded is lost
        window_state.save(self, self.settings,
                          self.splitter.saveState() if self.panels_built else None)
        self.close_campaign()
        self.settings.sync()
        super().closeEvent(event)

