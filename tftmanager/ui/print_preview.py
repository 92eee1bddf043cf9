"""Print Preview, Print and Export PDF for character cards.

Qt's own preview dialog gives zoom, paging, page setup and the system Print
dialog; this adds the card choices (who, which size, duplex) and Export PDF.
Every page it shows is painted by tftmanager.cards, exactly as the PDF and
the printer get it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QKeySequence, QPageSize
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QMainWindow,
    QToolBar,
    QWidget,
)

from tftmanager.app import campaigns
from tftmanager.ui import dialogs, screen_fit
from tftmanager.ui.fonts import register_fonts
from tftmanager.ui.save_as import PDF, ask_save_path

if TYPE_CHECKING:
    from tftmanager.cards.content import CardContent, CardFace
    from tftmanager.cards.layout import CardSize, Paper
    from tftmanager.ui.session import CampaignSession

CHARACTER_SHEET = "character-sheet"  # a full sheet per character, not a card size
# The card modules (layout, rules, painter) and the store are imported when
# first used: the main window imports this module before its first paint.

SIZE_LABELS = {"3x5": "3 x 5 in", "4x6": "4 x 6 in", "a6": "A6", "sheet": "Full page",
               CHARACTER_SHEET: "Character sheet"}
PDF_FILTER = PDF[0][0]
DUPLEX_TIP = ("Print each card's back behind its front. Print both sides with "
              "'flip on long edge'.")


def paper_of(printer: QPrinter) -> Paper:
    """The paper for a PDF export: A4 when the printer is set to A4, else Letter."""
    from tftmanager.cards.layout import Paper  # noqa: PLC0415 - see above

    is_a4 = printer.pageLayout().pageSize().id() == QPageSize.PageSizeId.A4
    return Paper.A4 if is_a4 else Paper.LETTER


def _cards(session: CampaignSession, character_ids: Sequence[int] | None) -> list[CardContent]:
    from tftmanager.cards.gather import campaign_cards  # noqa: PLC0415 - on demand

    return session.query(campaign_cards, ids=character_ids or None)


def _sheets(session: CampaignSession, character_ids: Sequence[int] | None) -> list[CardFace]:
    from tftmanager.cards.sheet_gather import campaign_sheets  # noqa: PLC0415 - on demand

    return session.query(campaign_sheets, ids=character_ids or None)


class CardPreviewDialog(QPrintPreviewDialog):
    """Qt's print preview with a card toolbar: who, size, duplex, Export PDF."""

    def __init__(self, session: CampaignSession, character_ids: Sequence[int],
                 parent: QWidget | None = None) -> None:
        self._card_printer = QPrinter(QPrinter.PrinterMode.HighResolution)  # kept alive here
        super().__init__(self._card_printer, parent)
        self.setWindowTitle("Print Cards")
        self.session = session
        self.character_ids = list(character_ids)
        self.family = register_fonts()[0]
        self._contents: list[CardContent] | None = None
        preview = self.findChild(QPrintPreviewWidget)
        assert preview is not None
        self.preview = preview
        toolbar = self.findChild(QToolBar)
        assert toolbar is not None
        for action in toolbar.actions():  # the card size decides the page's orientation
            if action.text() in ("Portrait", "Landscape"):
                action.setVisible(False)
        # The card choices on a row of their own, under Qt's: each row fits a
        # 1024-pixel screen, and Duplex and Export PDF never hide in an overflow.
        self.cards_bar = QToolBar("Cards", self)
        self.cards_bar.setMovable(False)
        self._build_toolbar(self.cards_bar)
        inner = toolbar.parentWidget()  # Qt keeps its toolbar in a main window of its own
        assert isinstance(inner, QMainWindow)
        inner.addToolBarBreak()
        inner.addToolBar(self.cards_bar)
        self.setMinimumWidth(max(toolbar.sizeHint().width(),
                                 self.cards_bar.sizeHint().width()) + 24)
        screen_fit.fit(self, QSize(max(self.minimumWidth(), 900), 640))
        self.paintRequested.connect(self.paint)

    def _build_toolbar(self, toolbar: QToolBar) -> None:
        self.scope_box = QComboBox()
        self.scope_box.setAccessibleName("Characters to print")
        if self.character_ids:
            count = len(self.character_ids)
            self.scope_box.addItem("Selected character" if count == 1
                               else f"{count} selected characters", "selected")
        self.scope_box.addItem("Whole party", "party")
        self.size_box = QComboBox()
        self.size_box.setAccessibleName("Card size")
        for size, label in SIZE_LABELS.items():
            self.size_box.addItem(label, size)
        self.duplex_box = QCheckBox("Duplex")
        self.duplex_box.setToolTip(DUPLEX_TIP)
        toolbar.addWidget(QLabel("Cards for "))
        toolbar.addWidget(self.scope_box)
        toolbar.addWidget(QLabel(" Size "))
        toolbar.addWidget(self.size_box)
        toolbar.addWidget(self.duplex_box)
        self.export_action = QAction("Export PDF…", self)  # the dialog's, as the bar moves
        toolbar.addAction(self.export_action)
        self.export_action.setToolTip("Save these cards as a PDF file")
        self.export_action.triggered.connect(self.export)
        self.scope_box.currentIndexChanged.connect(self._scope_changed)
        self.size_box.currentIndexChanged.connect(self.preview.updatePreview)
        self.duplex_box.toggled.connect(self.preview.updatePreview)

    def card_size(self) -> CardSize:
        """The size chosen in the toolbar (a full page for the character sheet)."""
        from tftmanager.cards.layout import CardSize  # noqa: PLC0415 - see above

        return CardSize.SHEET if self.sheets_chosen() else CardSize(self.size_box.currentData())

    def sheets_chosen(self) -> bool:
        """True when the full character sheet is chosen instead of cards."""
        return bool(self.size_box.currentData() == CHARACTER_SHEET)

    def selected_ids(self) -> list[int] | None:
        """The characters chosen: the selection, or None for the whole party."""
        return self.character_ids if self.scope_box.currentData() == "selected" else None

    def contents(self) -> list[CardContent]:
        """The cards' words, read once per choice of characters."""
        if self._contents is None:
            self._contents = _cards(self.session, self.selected_ids())
        return self._contents

    def _scope_changed(self) -> None:
        self._contents = None
        self.preview.updatePreview()

    def paint(self, printer: QPrinter) -> None:
        """Paint every page on the preview's (or the real) printer."""
        from tftmanager.cards.export import paint_document, set_document  # noqa: PLC0415

        size = printer.pageLayout().pageSize().size(QPageSize.Unit.Millimeter)
        if self.sheets_chosen():
            from tftmanager.cards.export import set_sheets  # noqa: PLC0415

            sheets = set_sheets(_sheets(self.session, self.selected_ids()),
                                (size.width(), size.height()), self.family)
            paint_document(printer, sheets, printer.pageLayout().pageSize(), self.family)
            return
        document = set_document(self.contents(), self.card_size(),
                                (size.width(), size.height()),
                                duplex=self.duplex_box.isChecked(), family=self.family)
        if self.duplex_box.isChecked():  # backs are placed for a long-edge flip
            printer.setDuplex(QPrinter.DuplexMode.DuplexLongSide)
        if document.pages:
            paint_document(printer, document, printer.pageLayout().pageSize(), self.family)

    def export(self) -> Path | None:
        """Export PDF with the choices made here, and say where it went."""
        if self.sheets_chosen():  # the sheets' export says where they went itself
            return export_sheets_dialog(self, self.session, self.selected_ids() or [],
                                        paper_of(self._card_printer))
        path = export_pdf_dialog(self, self.session, self.selected_ids() or [],
                                 size=self.card_size(), paper=paper_of(self._card_printer),
                                 duplex=self.duplex_box.isChecked())
        if path is not None:  # a silent export leaves the user wondering
            dialogs.info(self, "Exported", f"Saved the cards "
                         f"({self.scope_box.currentText().lower()}) to {path}.")
        return path


def open_print_preview(parent: QWidget | None, session: CampaignSession,
                       character_ids: Sequence[int]) -> CardPreviewDialog | None:
    """Print Preview for the characters given (none given: the whole party)."""
    if not session.query(campaigns.party_sheets):
        dialogs.error(parent, "Nothing to print", "This campaign has no characters yet.")
        return None
    dialog = CardPreviewDialog(session, character_ids, parent)
    dialog.exec()
    return dialog


def export_pdf_dialog(parent: QWidget | None, session: CampaignSession,
                      character_ids: Sequence[int], *,
                      size: CardSize | None = None, paper: Paper | None = None,
                      duplex: bool = False) -> Path | None:
    """Ask where to save, then write the cards (none given: the whole party).

    Without a size, 3x5 cards; without a paper, the printer's default paper.
    """
    contents = _cards(session, character_ids)
    if not contents:
        dialogs.error(parent, "Nothing to export", "This campaign has no characters yet.")
        return None
    suggested = (session.beside.with_name(f"{contents[0].front.name} card.pdf")
                 if len(contents) == 1 else session.beside.with_suffix(".cards.pdf"))
    path = ask_save_path(parent, "Export Cards to PDF", suggested, refused="Cards not exported")
    if path is None:
        return None
    from tftmanager.cards.export import export_pdf  # noqa: PLC0415 - see above
    from tftmanager.cards.layout import CardSize  # noqa: PLC0415

    ran = session.free("Export cards", export_pdf, writes=False, refused_as="Cards not exported",
                       path=path, contents=contents, size=size or CardSize.THREE_BY_FIVE,
                       duplex=duplex, family=register_fonts()[0],
                       paper=paper if paper is not None else paper_of(QPrinter()))
    return path if ran.done else None


def export_sheets_dialog(parent: QWidget | None, session: CampaignSession,
                         character_ids: Sequence[int], paper: Paper) -> Path | None:
    """Ask where to save, then write full character sheets (none given: the party)."""
    faces = _sheets(session, character_ids)
    if not faces:
        dialogs.error(parent, "Nothing to export", "This campaign has no characters yet.")
        return None
    suggested = (session.beside.with_name(f"{faces[0].name} sheet.pdf")
                 if len(faces) == 1 else session.beside.with_suffix(".sheets.pdf"))
    path = ask_save_path(parent, "Export Character Sheets to PDF", suggested,
                         refused="Sheets not exported")
    if path is None:
        return None
    from tftmanager.cards.export import export_sheets_pdf  # noqa: PLC0415 - see above

    if not session.free("Export sheets", export_sheets_pdf, writes=False,
                        refused_as="Sheets not exported", path=path, faces=faces, paper=paper,
                        family=register_fonts()[0]).done:
        return None
    dialogs.info(parent, "Sheets Exported",
                 f"Saved {len(faces)} character sheet{'' if len(faces) == 1 else 's'} to {path}.")
    return path


def card_actions(parent: QWidget, session_of: Callable[[], CampaignSession | None],
                 selected: Callable[[], int | Sequence[int] | None]) -> list[QAction]:
    """File-menu actions: Print Cards… and Export Cards to PDF….

    The callables are read when an action fires, so the actions can be made
    before a campaign is open; ``selected`` gives the selected character id
    (or ids, or None: then the preview starts on the whole party).
    """
    def run(action: Callable[[QWidget, CampaignSession, Sequence[int]], object]) -> None:
        session = session_of()
        if session is None:
            return
        chosen = selected()
        ids = [] if chosen is None else [chosen] if isinstance(chosen, int) else list(chosen)
        action(parent, session, ids)

    print_action = QAction("&Print Cards…", parent)
    print_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Print)
                              or [QKeySequence("Ctrl+P")])
    print_action.setStatusTip("Preview and print character cards (the selected one or the party)")
    print_action.triggered.connect(lambda: run(open_print_preview))
    export_action = QAction("E&xport Cards to PDF…", parent)
    export_action.setStatusTip("Save the whole party's cards as a PDF")
    export_action.triggered.connect(lambda: export_pdf_dialog(parent, session, [])
                                    if (session := session_of()) is not None else None)
    return [print_action, export_action]
