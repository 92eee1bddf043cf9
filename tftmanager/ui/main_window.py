"""The main window: menus, the party beside the editor, undo, campaign files.

Built to paint before the store is imported: the controller (and with it
sqlmodel) is imported only when a campaign is opened, right after first paint.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QUndoView,
    QWidget,
)

from tftmanager import APP_NAME
from tftmanager.ui import dialogs
from tftmanager.ui.icons import icon
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.app.changes import Changes
    from tftmanager.app.sheet import Sheet
    from tftmanager.ui.controller import Controller
    from tftmanager.ui.editor import CharacterEditor
    from tftmanager.ui.party import PartyPanel
    from tftmanager.ui.party_model import PartyModel
    from tftmanager.ui.party_rows import PartyRow
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

CAMPAIGN_FILTER = "TFT Manager campaigns (*.tftcampaign);;All files (*)"
MAX_RECENT = 10


def _keys(standard: QKeySequence.StandardKey, fallback: str) -> list[QKeySequence]:
    """The platform's shortcut, or ours where the platform has none (Quit, say)."""
    keys = QKeySequence.keyBindings(standard)
    return keys or [QKeySequence(fallback)]


class MainWindow(QMainWindow):
    """The window a game master lives in."""

    party_model: PartyModel
    party: PartyPanel
    editor: CharacterEditor

    def __init__(self, settings: QSettings) -> None:
        super().__init__()
        self.settings = settings
        self.signals = AppSignals(self)
        self.stack = QUndoStack(self)
        self.controller: Controller | None = None
        # Where rolling backups go (set by the composition root; None takes none).
        self.backup_root: Path | None = None
        self.setWindowIcon(icon("app"))
        self.setWindowTitle(APP_NAME)

        self._make_actions()
        self._panels_built = False
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)

        self.history = QUndoView(self.stack)
        self.history.setEmptyLabel("Campaign opened")
        self.history.setAccessibleName("Undo history")
        self.history_dock = QDockWidget("History", self)
        self.history_dock.setObjectName("history_dock")
        self.history_dock.setWidget(self.history)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.history_dock.hide()

        self._make_menus()
        self._make_toolbar()
        self.week_label = QLabel()
        self.week_label.setAccessibleName("Campaign week")
        self.statusBar().addPermanentWidget(self.week_label)
        self.statusBar().showMessage("Ready")

        self.signals.changes_applied.connect(self._on_changes)
        self.signals.action_failed.connect(
            lambda message: dialogs.error(self, "Not saved", message))
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._retint_icons)
        self._update_actions()
        self._restore_geometry()
        # Paint first: the party and editor (and the rules they import) are
        # built right after the window first shows.
        QTimer.singleShot(0, self.ensure_panels)

    # Construction

    def ensure_panels(self) -> None:
        """Build the party table and the editor (once)."""
        if self._panels_built:
            return
        from tftmanager.ui.editor import CharacterEditor  # noqa: PLC0415 - after first paint
        from tftmanager.ui.party import PartyPanel  # noqa: PLC0415
        from tftmanager.ui.party_model import PartyModel  # noqa: PLC0415

        self._panels_built = True
        self.party_model = PartyModel()
        self.party = PartyPanel(
            self.party_model, [self.act_add, self.act_duplicate, self.act_delete])
        self.editor = CharacterEditor()
        self.splitter.addWidget(self.party)
        self.splitter.addWidget(self.editor)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        splitter = self.settings.value("window/splitter")
        if splitter is not None:
            self.splitter.restoreState(splitter)
        else:
            self.splitter.setSizes([470, 810])
        self.party.selection_changed.connect(self._on_selection)

    def _action(self, text: str, icon_name: str | None, slot: object, tip: str,
                keys: list[QKeySequence] | None = None) -> QAction:
        action = QAction(text, self)
        if icon_name:
            action.setIcon(icon(icon_name))
            self._icons.append((action, icon_name))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        if keys:
            action.setShortcuts(keys)
        action.triggered.connect(slot)
        return action

    def _make_actions(self) -> None:
        self._icons: list[tuple[QAction, str]] = []
        sk = QKeySequence.StandardKey
        self.act_new = self._action("&New Campaign…", "new", self.ask_new_campaign,
                                    "Create a new campaign file", _keys(sk.New, "Ctrl+N"))
        self.act_open = self._action("&Open Campaign…", "open", self.ask_open_campaign,
                                     "Open a campaign file", _keys(sk.Open, "Ctrl+O"))
        self.act_close = self._action("&Close Campaign", "close", self.close_campaign,
                                      "Close the campaign", _keys(sk.Close, "Ctrl+W"))
        self.act_print = self._action("&Print Cards…", None, lambda: self.cards("preview"),
                                      "Preview and print character cards (the selected "
                                      "one or the party)", _keys(sk.Print, "Ctrl+P"))
        self.act_export_pdf = self._action("E&xport Cards to PDF…", None,
                                           lambda: self.cards("pdf"),
                                           "Save character cards as a PDF", [])
        self.act_quit = self._action("&Quit", None, self.close, "Quit TFT Manager",
                                     _keys(sk.Quit, "Ctrl+Q"))
        self.act_undo = self.stack.createUndoAction(self, "&Undo")
        self.act_undo.setIcon(icon("undo"))
        self._icons.append((self.act_undo, "undo"))
        self.act_undo.setShortcuts(_keys(sk.Undo, "Ctrl+Z"))
        self.act_redo = self.stack.createRedoAction(self, "&Redo")
        self.act_redo.setIcon(icon("redo"))
        self._icons.append((self.act_redo, "redo"))
        self.act_redo.setShortcuts(_keys(sk.Redo, "Ctrl+Shift+Z"))
        self.act_add = self._action("&Add Character", "add-character", self.add_character,
                                    "Add a character to the party", [QKeySequence("Ctrl+Shift+N")])
        self.act_duplicate = self._action("D&uplicate Character", "duplicate",
                                          self.duplicate_character,
                                          "Copy the selected character",
                                          [QKeySequence("Ctrl+D")])
        self.act_delete = self._action("&Delete Character…", "delete", self.delete_character,
                                       "Delete the selected character",
                                       _keys(sk.Delete, "Del"))
        self.act_settings = self._action("Campaign &Rules…", "settings", self.edit_settings,
                                         "Choose the rules this campaign plays by",
                                         _keys(sk.Preferences, "Ctrl+,"))
        self.act_library = self._action("Rules &Library…", None, self.edit_library,
                                        "House-rule this campaign's talents, spells and gear",
                                        [QKeySequence("Ctrl+L")])
        self.act_award = self._action("Award E&xperience…", None, self.award_experience,
                                      "Award XP to the party: a GM award or Melee's combat "
                                      "awards", [QKeySequence("Ctrl+E")])
        self.act_week = self._action("Plan and Run &Weeks…", None, self.plan_weeks,
                                     "Assign jobs, study, rest; run weeks with every roll shown",
                                     [QKeySequence("Ctrl+Shift+W")])
        self.act_survival = self._action("&Survival Roll…", None, self.survival_roll,
                                         "Death and dying: the chance, then the roll",
                                         [])
        self.act_find = self._action("&Find Character", None, self._focus_filter,
                                     "Filter the party by name", _keys(sk.Find, "Ctrl+F"))
        self.act_about = self._action("&About TFT Manager", "about",
                                      lambda: dialogs.about(self), "Version and rules sources")

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.act_new)
        file_menu.addAction(self.act_open)
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.act_close)
        file_menu.addSeparator()
        file_menu.addAction(self.act_print)
        file_menu.addAction(self.act_export_pdf)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_add)
        edit_menu.addAction(self.act_duplicate)
        edit_menu.addAction(self.act_delete)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_find)
        campaign_menu = bar.addMenu("&Campaign")
        campaign_menu.addAction(self.act_settings)
        campaign_menu.addAction(self.act_library)
        campaign_menu.addSeparator()
        campaign_menu.addAction(self.act_award)
        campaign_menu.addAction(self.act_week)
        campaign_menu.addAction(self.act_survival)
        view_menu = bar.addMenu("&View")
        toggle = self.history_dock.toggleViewAction()
        toggle.setText("&History")
        view_menu.addAction(toggle)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_about)

    def _make_toolbar(self) -> None:
        bar = self.addToolBar("Main")
        bar.setObjectName("main_toolbar")
        for action in (self.act_new, self.act_open, None, self.act_undo, self.act_redo, None,
                       self.act_add, self.act_duplicate, self.act_delete, None,
                       self.act_settings):
            if action is None:
                bar.addSeparator()
                continue
            bar.addAction(action)
            button = bar.widgetForAction(action)
            if button is not None:
                button.setAccessibleName(action.text().replace("&", "").rstrip("…"))

    def _retint_icons(self) -> None:
        """Redraw the icons in the new scheme's text colour (light/dark switch)."""
        for action, name in self._icons:
            action.setIcon(icon(name))
        if self._panels_built:
            self.party.table.viewport().update()

    # Settings

    def _restore_geometry(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1180, 760)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)

    def _save_geometry(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        if self._panels_built:
            self.settings.setValue("window/splitter", self.splitter.saveState())

    def recent_files(self) -> list[str]:
        """Recently opened campaigns, newest first."""
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self.settings.setValue("last_campaign", str(path))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = [p for p in self.recent_files() if Path(p).exists()]
        for path in paths:
            action = self.recent_menu.addAction(Path(path).name)
            action.setStatusTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_campaign(Path(p)))
        if not paths:
            self.recent_menu.addAction("No recent campaigns").setEnabled(False)

    # Campaign files

    def ask_new_campaign(self) -> None:
        """Ask where to create a campaign, then create and open it."""
        name, _ = QFileDialog.getSaveFileName(self, "New Campaign", "", CAMPAIGN_FILTER)
        if name:
            path = Path(name)
            if not path.suffix:
                path = path.with_suffix(".tftcampaign")
            self.new_campaign(path)

    def ask_open_campaign(self) -> None:
        """Ask for a campaign file and open it."""
        name, _ = QFileDialog.getOpenFileName(self, "Open Campaign", "", CAMPAIGN_FILTER)
        if name:
            self.open_campaign(Path(name))

    def new_campaign(self, path: Path, *, demo: bool = False) -> bool:
        """Create a campaign file and open it in this window."""
        from tftmanager.store.errors import CampaignError  # noqa: PLC0415
        from tftmanager.ui.controller import Controller  # noqa: PLC0415

        self.close_campaign()
        self.ensure_panels()
        try:
            controller = Controller.create(path, self.signals, self.stack, demo=demo)
        except CampaignError as exc:
            dialogs.error(self, "Cannot Create Campaign", exc.message)
            return False
        self._attach(controller)
        return True

    def open_campaign(self, path: Path) -> bool:
        """Open a campaign file; a refused file gets a dialog (and a backup, if any)."""
        from tftmanager.app.campaigns import backups_of  # noqa: PLC0415
        from tftmanager.store.errors import CampaignError  # noqa: PLC0415
        from tftmanager.ui.controller import Controller  # noqa: PLC0415

        if self.controller is not None and self.controller.path == path.resolve():
            return True
        self.close_campaign()
        self.ensure_panels()
        try:
            controller = Controller.open(path, self.signals, self.stack)
        except CampaignError as exc:
            backup = dialogs.campaign_error(
                self, "Cannot Open Campaign", exc.message,
                backups_of(path=path, root=self.backup_root))
            if backup is not None:
                return self._open_backup_copy(path, backup)
            return False
        self._attach(controller)
        if self.backup_root is not None:
            controller.take_backup(self.backup_root)
        if controller.backup_path is not None:
            self.statusBar().showMessage(
                f"Upgraded to the current format; the old file was kept as "
                f"{controller.backup_path.name}", 10000)
        return True

    def _open_backup_copy(self, path: Path, backup: Path) -> bool:
        from tftmanager.app.campaigns import copy_of_backup  # noqa: PLC0415

        return self.open_campaign(copy_of_backup(path=path, backup=backup))

    def close_campaign(self) -> None:
        """Close the open campaign, if any."""
        if self.controller is None:
            return
        self.controller.close()
        self.controller = None
        if self._panels_built:
            self.editor.set_controller(None)
            self.party_model.set_rows([])
        self.signals.campaign_closed.emit()
        self.setWindowTitle(APP_NAME)
        self.week_label.setText("")
        self._update_actions()

    def _attach(self, controller: Controller) -> None:
        self.controller = controller
        self.stack.clear()
        self.editor.set_controller(controller)
        self._remember(controller.path)
        self._refresh_party()
        self.setWindowTitle(f"{controller.name()} — {controller.path.name} — {APP_NAME}")
        self.setWindowFilePath(str(controller.path))
        self.signals.campaign_opened.emit(controller.path)
        self.statusBar().showMessage(f"Opened {controller.path}", 5000)
        rows = self.party_model.rows()
        if rows:
            self.party.select(sorted(rows, key=lambda r: r.name.casefold())[0].id)
        self._show_week()
        self._update_actions()
        self._offer_library_update()

    def _show_week(self) -> None:
        self.week_label.setText(f"Week {self.controller.week()}" if self.controller else "")

    def _offer_library_update(self) -> None:
        """A newer shipped library is offered as differences, never applied silently."""
        if self.controller is None:
            return
        differences = self.controller.library_differences()
        if not differences:
            return
        from tftmanager.ui import library_review  # noqa: PLC0415

        choice = library_review.ask_review(self, differences)
        if choice is not None:
            self.controller.review_library(*choice)

    # Party and editor

    def _row(self, sheet: Sheet, balances: dict[int, int]) -> PartyRow:
        from tftmanager.ui.party_rows import PartyRow  # noqa: PLC0415

        assert self.controller is not None
        race = self.controller.library.races.get(sheet.character.race)
        return PartyRow.from_sheet(sheet, race.name if race else sheet.character.race,
                                   balances.get(sheet.id or 0, 0))

    def _refresh_party(self) -> None:
        if self.controller is None:
            return
        selected = self.party.selected_id()
        balances = self.controller.balances()
        self.party_model.set_rows([self._row(s, balances) for s in self.controller.sheets()])
        self.party.select(selected)

    def _on_changes(self, changes: Changes) -> None:
        if self.controller is None:
            return
        if changes.party or changes.settings:
            self._refresh_party()
        else:
            balances = self.controller.balances()
            for character_id in changes.characters:
                self.party_model.update_row(
                    self._row(self.controller.sheet(character_id), balances))
        self.editor.on_changes(changes)
        if changes.week:
            self._show_week()
        added = changes.characters - changes.removed
        if changes.party and len(added) == 1:
            self.party.select(next(iter(added)))
        self.statusBar().showMessage("Saved", 2000)
        self._update_actions()

    def _on_selection(self, character_id: int | None) -> None:
        self.editor.show_character(character_id)
        self._update_actions()

    def _update_actions(self) -> None:
        has_campaign = self.controller is not None
        has_selection = (has_campaign and self._panels_built
                         and self.party.selected_id() is not None)
        for action in (self.act_close, self.act_add, self.act_settings, self.act_find,
                       self.act_print, self.act_export_pdf,
                       self.act_library, self.act_week, self.act_award):
            action.setEnabled(has_campaign)
        self.act_survival.setEnabled(has_selection)
        self.act_duplicate.setEnabled(has_selection)
        self.act_delete.setEnabled(has_selection)

    def _focus_filter(self) -> None:
        self.party.filter_edit.setFocus()
        self.party.filter_edit.selectAll()

    def add_character(self) -> int | None:
        """Add a new character at the race minimums and select it."""
        if self.controller is None:
            return None
        from tftmanager.rules.character import Character  # noqa: PLC0415

        profile = self.controller.profile()
        race = self.controller.library.races.get("human") or next(
            iter(self.controller.library.races.values()))
        limits = race.limits(profile.creation)
        names = {row.name for row in self.party_model.rows()}
        name, n = "New character", 2
        while name in names:
            name, n = f"New character {n}", n + 1
        character = Character(name=name, race=race.key, st=limits.min_st, dx=limits.min_dx,
                              iq=limits.min_iq or 8)
        return self.controller.add(character)

    def duplicate_character(self) -> None:
        """Copy the selected character."""
        selected = self.party.selected_id()
        if self.controller is not None and selected is not None:
            self.controller.duplicate(selected, self.controller.character(selected).name)

    def delete_character(self) -> None:
        """Delete the selected character after confirmation."""
        selected = self.party.selected_id()
        if self.controller is None or selected is None:
            return
        name = self.controller.character(selected).name
        if dialogs.confirm_delete(self, name):
            self.controller.delete(selected, name)

    def edit_library(self) -> None:
        """Show the campaign's rules library editor."""
        if self.controller is None:
            return
        from tftmanager.ui.library_editor import LibraryEditor  # noqa: PLC0415

        editor = LibraryEditor(self.controller, self)
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.show()

    def award_experience(self) -> QWidget | None:
        """The award form for the whole party."""
        if self.controller is None:
            return None
        from tftmanager.ui.award_dialog import AwardDialog  # noqa: PLC0415

        dialog = AwardDialog(self.controller, None, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def cards(self, how: str) -> object:
        """Print Preview or Export PDF for the selected character (or the whole party).

        The print support module loads only now, not at start-up.
        """
        if self.controller is None:
            return None
        from tftmanager.ui.print_preview import (  # noqa: PLC0415
            export_pdf_dialog,
            open_print_preview,
        )

        selected = self.party.selected_id() if self._panels_built else None
        ids = [] if selected is None else [selected]
        if how == "pdf":
            return export_pdf_dialog(self, self.controller, ids)
        return open_print_preview(self, self.controller, ids)

    def plan_weeks(self) -> QWidget | None:
        """The week planner: activities, eligibility, running weeks, the report."""
        if self.controller is None:
            return None
        from tftmanager.ui.week_planner import WeekPlanner  # noqa: PLC0415

        planner = WeekPlanner(self.controller, self)
        planner.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        planner.show()
        return planner

    def survival_roll(self) -> QWidget | None:
        """The survival calculator for the selected character."""
        selected = self.party.selected_id() if self._panels_built else None
        if self.controller is None or selected is None:
            return None
        from tftmanager.ui.survival_dialog import SurvivalDialog  # noqa: PLC0415

        dialog = SurvivalDialog(self.controller, selected, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def edit_settings(self) -> None:
        """Show the campaign rules dialog and apply what the GM chose."""
        if self.controller is None:
            return
        from tftmanager.ui.settings_dialog import CampaignSettingsDialog  # noqa: PLC0415

        controller = self.controller
        entries = controller.library_entries()
        xp = next((e for e in entries if e.kind == "experience"), None)
        jobs = next((e for e in entries if e.kind == "job_rules"), None)
        dialog = CampaignSettingsDialog(controller.profile(), self, xp, jobs)
        if dialog.exec():
            self.apply_settings(dialog)

    def apply_settings(self, dialog: CampaignSettingsDialog) -> None:
        """Apply what the settings dialog holds, as one undo step."""
        controller = self.controller
        if controller is None:
            return
        profile, edited, jobs = dialog.profile(), dialog.xp_entry(), dialog.job_rules_entry()
        if profile == controller.profile() and edited is None and jobs is None:
            return
        self.stack.beginMacro("Change campaign rules")
        controller.set_profile(profile)
        entries = controller.library_entries()
        for new, kind in ((edited, "experience"), (jobs, "job_rules")):
            if new is not None:
                old = next((e for e in entries if e.kind == kind), None)
                controller.save_library_entry(old, new)
        self.stack.endMacro()

    # Closing

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        """Remember the window and release the campaign."""
        self._save_geometry()
        self.close_campaign()
        self.settings.sync()
        super().closeEvent(event)

