"""The week planner: each character's activity, then run (or dry-run) weeks.

Jobs show whether the character is eligible and why not.  Running is the
app's one use case (``app.weeks.run_weeks``, through the session): when it
refuses because the scan lost job values, the planner asks the GM for them
and tries again; a run of several weeks shows a progress bar with Cancel.
The seed and the dry run are the use case's; which events stop a run early
is the GM's choice (the same as ``week --stop-on``).  The report opens with
each character's totals and the rolls fold away (``week_report_view``).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import abilities, assignments, campaigns, characters
from tftmanager.app.changes import Changes
from tftmanager.app.week_report import AppliedWeek, NeedsValues, WeekReport
from tftmanager.app.weeks import MAX_WEEKS
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.job_data import FIELD_WORDS, JobFamily
from tftmanager.rules.job_week import eligibility
from tftmanager.rules.text import count
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent
from tftmanager.ui import dialogs, operations
from tftmanager.ui.week_report_view import report_html

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

NUMBER_FIELDS = frozenset({"xp_week", "pay", "pay_max", "risk_cap"})
TEXT_HINTS = {"risk": "(x/y, e.g. 4/17)", "find": "(e.g. 3d/IQ-1)",
              "min_weeks": "(dice, e.g. 1d+2)", "damage_fail": "(dice, e.g. 2x(2d))",
              "damage_save": "(dice, e.g. 1d+1)", "pay_formula": "(e.g. 12+4d or IQ/2)"}
NO_JOB = "(choose a job)"
COLUMNS = ("Character", "Activity", "Job", "Officer", "Mounted", "Own lodging",
           "Lifestyle (idle)", "Eligibility")
# The header's words, on two lines where one would widen the column past its choices.
HEADERS = ("Character", "Activity", "Job", "Officer", "Mounted", "Own\nlodging",
           "Lifestyle (idle)\nper {period}", "Eligibility")
FAMILY_HEADINGS = {JobFamily.MERCENARY: "Mercenary jobs", JobFamily.THIEF: "Thief jobs",
                   JobFamily.WIZARD: "Wizard jobs", JobFamily.MISC: "Other jobs"}
ELIGIBILITY_ROOM = 100  # the last column's least width (its text wraps onto two lines)
NOTE_LINES = 2  # an eligibility note's lines in its row; the whole note is its tooltip


class WeekPlanner(QDialog):
    """Assign the party's weeks and run them."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.catalogue = session.library.jobs
        assert self.catalogue is not None
        self.setWindowTitle("Plan and Run Weeks")
        self.sheets = [s for s in session.query(campaigns.party_sheets) if s.id is not None]
        self.table = QTableWidget(len(self.sheets), len(COLUMNS))
        weeks = self.catalogue.lifestyle_weeks
        self.table.setHorizontalHeaderLabels(
            [h.format(period=count(weeks, "week")) for h in HEADERS])
        self.table.setWordWrap(True)
        # (always there, so a party long enough to scroll does not push a column out of view)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.table.setAccessibleName("Weekly activities")
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.widgets: list[dict[str, QWidget]] = []
        for row, sheet in enumerate(self.sheets):
            self._fill_row(row, sheet.id or 0, sheet.character.name)
        self._fit_columns()
        self.week_label = QLabel()
        self.count = QSpinBox()
        self.count.setRange(1, MAX_WEEKS)
        self.count.setPrefix("Weeks: ")
        self.count.setAccessibleName("Weeks to run")
        self.run_button = QPushButton("&Run")
        self.dry_button = QPushButton("&Dry Run")
        self.dry_button.setToolTip("Roll the weeks and show the report without writing anything")
        self.stop_on = {kind: QCheckBox(kind.value.capitalize()) for kind in StopEvent}
        for kind, box in self.stop_on.items():
            box.setChecked(kind in DEFAULT_STOP_ON)
            box.setAccessibleName(f"Stop early on {kind.value}")
            box.setToolTip(f"End a run of several weeks after a week with {kind.value}")
        self.show_rolls = QCheckBox("Show every r&oll")
        self.show_rolls.setToolTip("The dice behind each line; a run of several weeks "
                                   "opens with the totals and the rolls folded away")
        self.report = QTextBrowser()
        self.report.setAccessibleName("Week report")
        self.results: list[AppliedWeek] = []
        self.dry = False
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        controls = QHBoxLayout()
        controls.addWidget(self.week_label)
        controls.addStretch(1)
        controls.addWidget(QLabel("Stop early on:"))
        for box in self.stop_on.values():
            controls.addWidget(box)
        controls.addWidget(self.show_rolls)
        controls.addWidget(self.count)
        controls.addWidget(self.dry_button)
        controls.addWidget(self.run_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 2)
        layout.addLayout(controls)
        layout.addWidget(self.report, 3)
        layout.addWidget(buttons)
        self.resize(1010, 680)  # (a 1024-pixel screen, with the window's frame)
        self.run_button.clicked.connect(lambda: self.run(self.count.value()))
        self.dry_button.clicked.connect(lambda: self.dry_run(count=self.count.value()))
        self.show_rolls.toggled.connect(self._render)
        session.signals.changes_applied.connect(self._on_changes)
        self._show_week()

    def _fill_row(self, row: int, character_id: int, name: str) -> None:
        assert self.catalogue is not None
        data = self.session.query(assignments.get_assignment, character_id=character_id)
        item = QTableWidgetItem(name)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.setData(Qt.ItemDataRole.UserRole, character_id)
        self.table.setItem(row, 0, item)
        activity = QComboBox()
        for a in Activity:
            activity.addItem(a.label, a.value)
        activity.setCurrentIndex(activity.findData(data.activity))
        job = QComboBox()
        job.addItem(NO_JOB, "")
        for family in JobFamily:  # each under its family's heading: "Wizard jobs", ...
            listed = [j for j in self.catalogue.jobs.values() if j.family is family]
            if listed:
                job.addItem(FAMILY_HEADINGS[family])
                heading = cast(QStandardItemModel, job.model()).item(job.count() - 1)
                heading.setEnabled(False)  # a heading, never a choice
                font = heading.font()
                font.setBold(True)
                heading.setFont(font)
            for j in listed:
                job.addItem(j.name, j.key)
                job.setItemData(job.count() - 1, j.listed_name, Qt.ItemDataRole.ToolTipRole)
        job.setCurrentIndex(max(0, job.findData(data.job)))
        officer = QComboBox()
        officer.addItem("—", "")
        for o in self.catalogue.officers.values():
            officer.addItem(o.name, o.key)
        officer.setCurrentIndex(max(0, officer.findData(data.officer)))
        mounted = QCheckBox()
        mounted.setChecked(data.mounted)
        own = QCheckBox()
        own.setChecked(data.own_lifestyle)
        lifestyle = QComboBox()
        for ls in self.catalogue.lifestyles.values():  # "Poor ($30)": the header has the period
            lifestyle.addItem(f"{ls.name} (${ls.total})", ls.key)
        lifestyle.setCurrentIndex(max(0, lifestyle.findData(data.lifestyle)))
        widgets: dict[str, QWidget] = {"activity": activity, "job": job, "officer": officer,
                                       "mounted": mounted, "own": own, "lifestyle": lifestyle}
        for column, key in enumerate(("activity", "job", "officer", "mounted", "own",
                                      "lifestyle"), start=1):
            widgets[key].setAccessibleName(f"{COLUMNS[column]} for {name}")
            self.table.setCellWidget(row, column, widgets[key])
        self.widgets.append(widgets)
        for signal in (activity.currentIndexChanged, job.currentIndexChanged,
                       officer.currentIndexChanged, lifestyle.currentIndexChanged):
            signal.connect(lambda _i, r=row: self._save(r))
        for box in (mounted, own):
            box.toggled.connect(lambda _on, r=row: self._save(r))
        self._show_eligibility(row)

    def _fit_columns(self) -> None:
        """Each column as wide as its widest choice, so none is shown cut at 1024 pixels.

        The eligibility column takes what is left, its text wrapped onto two
        lines at most (the whole note is its tooltip); past the dialog's width
        the table scrolls sideways rather than cut a choice.
        """
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS) - 1):
            header.resizeSection(column, max(
                header.sectionSizeFromContents(column).width(),
                *(self._widest(self.table.cellWidget(row, column), row, column)
                  for row in range(self.table.rowCount()))))
        self.table.setColumnWidth(len(COLUMNS) - 1, ELIGIBILITY_ROOM)
        for row in range(self.table.rowCount()):
            self._fit_row(row)

    def _fit_row(self, row: int) -> None:
        """The row as tall as its note's lines, up to ``NOTE_LINES`` (the rest elided)."""
        self.table.resizeRowToContents(row)
        most = self.table.verticalHeader().defaultSectionSize() + \
            (NOTE_LINES - 1) * self.table.fontMetrics().lineSpacing()
        self.table.setRowHeight(row, min(self.table.rowHeight(row), most))

    def _widest(self, widget: QWidget | None, row: int, column: int) -> int:
        if widget is not None:  # a combo box's hint: its longest choice, frame and arrow
            return widget.sizeHint().width()
        item = self.table.item(row, column)
        return self.table.fontMetrics().horizontalAdvance(item.text()) + 16 if item else 0

    def data(self, row: int) -> Assignment:
        """The row's assignment as the widgets show it."""
        w = self.widgets[row]

        def combo(key: str) -> str:
            box = w[key]
            assert isinstance(box, QComboBox)
            return str(box.currentData() or "")

        def ticked(key: str) -> bool:
            box = w[key]
            assert isinstance(box, QCheckBox)
            return box.isChecked()
        return Assignment(activity=Activity(combo("activity")), job=combo("job"),
                          officer=combo("officer"), mounted=ticked("mounted"),
                          own_lifestyle=ticked("own"), lifestyle=combo("lifestyle"))

    def character_id(self, row: int) -> int:
        """The row's character."""
        item = self.table.item(row, 0)
        assert item is not None
        return int(item.data(Qt.ItemDataRole.UserRole))

    def set_row(self, row: int, **values: object) -> None:
        """Set widgets by name (activity, job, officer as data; mounted, own as bools)."""
        for key, value in values.items():
            widget = self.widgets[row][key]
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))

    def _save(self, row: int) -> None:
        data = self.data(row)
        if data.activity is Activity.JOB and not data.job:
            self._show_eligibility(row, "Choose a job.")
            return
        operations.weeks.assign(self.session, self.character_id(row), data)
        self._show_eligibility(row)

    def _show_eligibility(self, row: int, message: str = "") -> None:
        assert self.catalogue is not None
        data = self.data(row)
        job_box = self.widgets[row]["job"]
        assert isinstance(job_box, QComboBox)
        job_box.setItemText(0, NO_JOB if data.activity is Activity.JOB else "—")
        job_box.setEnabled(data.activity is Activity.JOB)  # a job is only a job's week's
        text = message or self._activity_note(row, data)
        if not text and data.activity is Activity.JOB and data.job:
            job = self.catalogue.jobs[data.job]
            character = self.session.query(characters.get_character,
                                           character_id=self.character_id(row))
            reasons = eligibility(character, job, self.catalogue, self.session.library,
                                  data, frozenset(self.session.query(assignments.get_assignment,
                                                                     character_id=self.character_id(row)).held))
            text = "Not eligible: " + "; ".join(reasons) if reasons else "Eligible"
            if job.missing:
                text += f" (the GM still has to set: {job.missing_words})"
        item = QTableWidgetItem(text)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.setToolTip(text)
        self.table.setItem(row, len(COLUMNS) - 1, item)
        self._fit_row(row)  # its text wrapped onto the lines it needs

    def _activity_note(self, row: int, data: Assignment) -> str:
        """What a week other than a job holds: the studies it advances."""
        if data.activity is not Activity.STUDY:
            return ""
        studies = self.session.query(abilities.studies_of, character_id=self.character_id(row))
        if not studies:
            return ("No study begun: start one with Add Talent or Spell… on the "
                    "Talents & Spells tab.")
        return "Studies " + "; ".join(f"{s.name} ({s.progress})" for s in studies)

    def _show_week(self) -> None:
        self.week_label.setText(f"Campaign week {self.session.query(campaigns.current_week)}")

    def _on_changes(self, changes: Changes) -> None:
        if changes.week:
            self._show_week()
            self._sync_activities()

    def _sync_activities(self) -> None:
        """Show activities a run changed (a study finished: back to idle) or undo restored."""
        for row in range(len(self.widgets)):
            stored = self.session.query(assignments.get_assignment,
                                        character_id=self.character_id(row)).activity
            box = self.widgets[row]["activity"]
            assert isinstance(box, QComboBox)
            if box.currentData() != stored:
                with QSignalBlocker(box):
                    box.setCurrentIndex(box.findData(stored))
                self._show_eligibility(row)

    # Running

    def _ask_missing(self, missing: list[tuple[str, str, tuple[str, ...]]]) -> bool:
        """Ask for every value the scan lost; False if the GM cancels or it is refused."""
        for key, name, fields in missing:
            for field_name in fields:
                if not self._ask_value(key, name, field_name):
                    dialogs.info(self, "Weeks Not Run",
                                 "Nothing was run: the week needs that value first. "
                                 "Set it here or in the Rules Library, then run again.")
                    return False
        return True

    def _ask_value(self, key: str, name: str, field_name: str) -> bool:
        """Ask for one lost value until it is accepted; False if the GM cancels."""
        label = FIELD_WORDS.get(field_name, field_name.replace("_", " "))
        question = (f"The scan lost {name}'s {label}. What does your table use? "
                    "(remembered in this campaign)")
        while True:  # a refused value (its reason shown) is asked for again
            value: int | str | None
            if field_name in NUMBER_FIELDS:
                value = dialogs.ask_number(self, "Job Value Needed", question)
            else:
                value = dialogs.ask_text(self, "Job Value Needed",
                                         question + f" {TEXT_HINTS.get(field_name, '')}")
            if value is None:
                return False
            if operations.weeks.set_job_value(self.session, key, field_name, value):
                return True

    def _weeks(self, count: int, seed: int | None, dry_run: bool) -> list[AppliedWeek] | None:
        """Run or dry-run ``count`` weeks (several with a progress bar and Cancel).

        The session shows a refusal; when the run needs job values the scan
        lost, the GM is asked for them and it runs again.  None when the GM
        cancels the question or the run was refused.
        """
        while True:
            ran = operations.weeks.run_weeks(self.session, count, seed, dry_run=dry_run,
                                             stop_on=self.stop_events(), parent=self)
            if not isinstance(ran.refusal, NeedsValues):
                return ran.value
            if not self._ask_missing(ran.refusal.missing):
                return None

    def run(self, count: int, seed: int | None = None) -> list[AppliedWeek]:
        """Run weeks (one undo step) and show the report of each."""
        results = self._weeks(count, seed, dry_run=False) or []
        self.show_results(results)
        return results

    def dry_run(self, seed: int | None = None, count: int = 1) -> list[WeekReport] | None:
        """Roll ``count`` weeks and show them without writing anything (None if cancelled)."""
        results = self._weeks(count, seed, dry_run=True)
        if results is None:
            return None
        self.show_results(results, dry=True)
        return [r.report for r in results]

    def stop_events(self) -> frozenset[StopEvent]:
        """The events the GM ticked to end a run early."""
        return frozenset(kind for kind, box in self.stop_on.items() if box.isChecked())

    def show_results(self, results: list[AppliedWeek], dry: bool = False) -> None:
        """Totals first for several weeks (rolls folded away), every roll for one."""
        self.results, self.dry = results, dry
        with QSignalBlocker(self.show_rolls):
            self.show_rolls.setChecked(len(results) < 2)
        self._render()

    def _render(self) -> None:
        self.report.setHtml(report_html(self.results, dry=self.dry,
                                        rolls=self.show_rolls.isChecked()))

    def done(self, result: int) -> None:
        """Stop listening when closed."""
        with contextlib.suppress(RuntimeError, TypeError):
            self.session.signals.changes_applied.disconnect(self._on_changes)
        super().done(result)
