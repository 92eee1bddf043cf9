"""File > Import Stat Blocks: paste or open text, see what every line became, then import.

The preview is the import's own reading (``app.statblocks.preview``), redone
as the text changes: each line with what it became, problems in red (the
Import button stays off while any remains, and nothing is imported) and
assumptions in yellow (a race assumed, equipment kept in the notes).  The
marks are also words ("Not understood:", "Note:") so colour is not needed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QProgressDialog,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns, statblocks
from tftmanager.app.arrivals import Already
from tftmanager.refusal import Refusal
from tftmanager.rules.statblock import LineNote
from tftmanager.rules.text import count
from tftmanager.ui import dialogs, screen_fit
from tftmanager.ui.background import Background
from tftmanager.ui.operations import interop
from tftmanager.ui.runner import Ran, free_check
from tftmanager.ui.session import CampaignSession
from tftmanager.ui.unknowns_table import UnknownsTable

PROBLEM = QColor("#f8d0d0")
WARNING = QColor("#fbefc4")
INK = QColor("#202020")
LARGE_TEXT = 100_000  # characters: read under a progress bar, off the window's thread
TEXT_FILTER = "Text files (*.txt *.md *.text);;All files (*)"
HELP = ("Paste stat blocks below or open a text file. Each line shows what it became. "
        "Lines in red are not understood: fix them, nothing is imported until then. "
        "Lines in yellow were read with an assumption. Names the library lacks are listed "
        "below: each is kept in the notes unless you choose a library entry or add it.")


class StatBlockImportDialog(QDialog):
    """Paste, preview line by line, import all figures or none."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Import Stat Blocks")
        screen_fit.fit(self, QSize(1000, 680))
        layout = QVBoxLayout(self)
        intro = QLabel(HELP)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Stat block text")
        self.text.setPlaceholderText("Orc Guard: ST 12 DX 10 IQ 8 MA 10; Talents: Axe/Mace, "
                                     "Shield; Weapons: Mace; Armor: Leather")
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout.addWidget(self.text, 2)
        row = QHBoxLayout()
        self.open_button = QPushButton("Open File…")
        self.open_button.clicked.connect(self._open_file)
        row.addWidget(self.open_button)
        row.addStretch(1)
        row.addWidget(QLabel("Import into:"))
        self.target = QComboBox()
        self.target.addItems(["The party", "The bestiary"])
        self.target.setAccessibleName("Import into")
        self.target.currentIndexChanged.connect(self._schedule)
        row.addWidget(self.target)
        layout.addLayout(row)
        same = QHBoxLayout()
        self.already_label = QLabel("Figures the party already has:")
        self.already = QComboBox()  # shown when a figure's name is the party's
        self.already.addItem("Update the character of that name", Already.UPDATE)
        self.already.addItem("Add a copy under a new name", Already.COPY)
        self.already.setAccessibleName("Figures the party already has")
        same.addWidget(self.already_label)
        same.addWidget(self.already)
        same.addStretch(1)
        layout.addLayout(same)
        self._show_already(False)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Line", "Text", "Became"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setColumnWidth(1, 380)
        self.table.setWordWrap(True)
        layout.addWidget(self.table, 4)
        self.unknowns = UnknownsTable()  # names the library lacks: notes, a library entry, add
        self.unknowns.changed.connect(self._schedule)
        layout.addWidget(self.unknowns, 2)
        self.summary = QLabel()
        self.summary.setAccessibleName("Import summary")
        layout.addWidget(self.summary)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.addButton("Import", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._import)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.background = Background(self)  # a long text is read in a worker
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(200)
        self._timer.timeout.connect(self.refresh)
        self.text.textChanged.connect(self._schedule)
        self.refresh()

    @property
    def bestiary(self) -> bool:
        """Whether the figures go to the bestiary (else the party)."""
        return self.target.currentIndex() == 1

    def _schedule(self) -> None:
        self._timer.start()

    def _open_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open Stat Blocks", "", TEXT_FILTER)
        if name:
            self.load(Path(name))

    def load(self, path: Path) -> None:
        """Put a text file's contents in the box (a file that cannot be read is said so)."""
        try:
            self.text.setPlainText(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError) as exc:
            dialogs.error(self, "Cannot read the file", f"{path.name}: {exc}")

    def refresh(self) -> None:
        """Read the text again and show every line's reading."""
        text = self.text.toPlainText()
        if not text.strip():
            self.table.setRowCount(0)
            self.summary.setText("Nothing to import yet.")
            self.import_button.setEnabled(False)
            return
        if not self.bestiary and len(text) > LARGE_TEXT:
            self._read_in_background(text)
            return
        seen = (self.session.check(statblocks.preview_templates, answers=(Refusal,), text=text)
                if self.bestiary else
                self.session.check(statblocks.preview, answers=(Refusal,), text=text,
                                   choices=self.unknowns.choices()))
        if seen.refusal is not None:  # said in the summary; a bug goes to the crash report
            self._say(str(seen.refusal))
        elif seen.value is not None:
            self._show(seen.value)

    def _say(self, message: str) -> None:
        self.summary.setText(message)
        self.import_button.setEnabled(False)

    def _read_in_background(self, text: str) -> None:
        """A long text is read off the window's thread, under a progress bar that cancels."""
        size = free_check(statblocks.check_size, answers=(Refusal,), text=text)
        if size.refusal is not None:  # refused before a line is read
            self._say(str(size.refusal))
            return
        self._say("Reading…")
        self.background.read(statblocks.read_figures, saying="Reading the stat blocks…",
                             answers=(Refusal,), on_done=self._read,
                             on_cancel=lambda: self._say("Reading cancelled: nothing will "
                                                         "be imported."),
                             text=text, library=self.session.library,
                             profile=self.session.query(campaigns.get_profile),
                             choices=self.unknowns.choices())

    def _read(self, seen: Ran[statblocks.Preview]) -> None:
        if seen.refusal is not None:
            self._say(str(seen.refusal))
        elif seen.value is not None:
            self._show(seen.value)

    @property
    def progress(self) -> QProgressDialog | None:
        """The bar of a long reading under way (tests cancel it)."""
        return self.background.progress

    def done(self, result: int) -> None:
        """Close (QDialog's), stopping a reading not yet begun."""
        self.background.close()
        super().done(result)

    def _show_already(self, shown: bool) -> None:
        self.already_label.setVisible(shown)
        self.already.setVisible(shown)

    def _show(self, seen: statblocks.Preview) -> None:
        """Every line's reading, the names the library lacks, and what would be imported."""
        self._fill([n for n in seen.lines if n.text.strip() or n.problems])
        self._show_already(bool(seen.already) and not self.bestiary)
        self.unknowns.show_unknowns(seen.unknowns)
        blocks = sum(1 for n in seen.lines if any(b.startswith("name: ") for b in n.became))
        figures = blocks if self.bestiary else len(seen.figures)  # a group: its figures
        if seen.problems:
            lines = sum(1 for n in seen.lines if n.problems)
            self.summary.setText(f"{count(len(seen.problems), 'problem')} in "
                                 f"{count(lines, 'line')} (in red): fix them in the text. "
                                 "Nothing will be imported until then.")
        else:
            where = "bestiary" if self.bestiary else "party"
            self.summary.setText(f"Ready: {count(figures, 'figure')} for the {where}, "
                                 f"{count(len(seen.warnings), 'note')} to check.")
        self.import_button.setEnabled(not seen.problems and figures > 0)

    def _fill(self, notes: list[LineNote]) -> None:
        self.table.setRowCount(len(notes))
        for row, note in enumerate(notes):
            became = "; ".join(note.became)
            marks = [f"Not understood: {p}" for p in note.problems]
            marks += [f"Note: {w}" for w in note.warnings]
            cells = [str(note.number), note.text.rstrip(), "\n".join(filter(None, [
                became, *marks]))]
            colour = PROBLEM if note.problems else WARNING if note.warnings else None
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                item.setTextAlignment((Qt.AlignmentFlag.AlignRight if column == 0
                                       else Qt.AlignmentFlag.AlignLeft)
                                      | Qt.AlignmentFlag.AlignTop)
                if colour is not None:
                    item.setBackground(QBrush(colour))
                    item.setForeground(QBrush(INK))
                self.table.setItem(row, column, item)
        self.table.resizeRowsToContents()
        first = next((r for r, n in enumerate(notes) if n.problems), None)
        target = self.table.item(first, 0) if first is not None else None
        if target is not None:  # the first line to fix in view
            self.table.scrollToItem(target, QTableWidget.ScrollHint.PositionAtCenter)

    def _import(self) -> None:
        already = Already(self.already.currentData()) if self.already.isVisible() else None
        if interop.import_statblocks(self.session, self.text.toPlainText(),
                                     bestiary=self.bestiary, choices=self.unknowns.choices(),
                                     already=already):
            self.accept()
