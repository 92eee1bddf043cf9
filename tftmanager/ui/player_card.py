"""A player's character as the table server sends it: the card's faces, read-only.

Everything shown comes from the server's view (``tableclient.wire.PlayerView``):
the stat boxes with their captions, ST as a row of boxes (wounds filled,
fatigue shaded; during a fight, the fight's count), adjusted DX with its
reasons, then each section of the card's front and back.  Nothing here is
editable and no figure is worked out here; the values can be selected and
copied, and Tab reaches each part.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QBrush, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tftmanager.tableclient.wire import Boxes, Face, PlayerView, Stat

BOX = 13  # pixels per ST box, with a gap of 3
GAP = 3
STATS_PER_ROW = 5


def _selectable(label: QLabel, name: str = "") -> QLabel:
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                  | Qt.TextInteractionFlag.TextSelectableByKeyboard)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if name:
        label.setAccessibleName(name)
    return label


class StBoxes(QWidget):
    """A box per point of ST: a wound filled, a point of fatigue half-filled, the rest open."""

    def __init__(self) -> None:
        super().__init__()
        self.boxes = Boxes(st=0, wounds=0, fatigue=0, legend="")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_boxes(self, boxes: Boxes) -> None:
        """Show these counts."""
        self.boxes = boxes
        self.setAccessibleName(boxes.legend)
        self.updateGeometry()
        self.update()

    def _per_row(self) -> int:
        return max(1, (self.width() + GAP) // (BOX + GAP))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """Room for the boxes in rows as wide as the widget."""
        rows = -(-max(self.boxes.st, 1) // max(1, (max(self.width(), 300) + GAP) // (BOX + GAP)))
        return QSize(300, rows * (BOX + GAP))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        """Its height follows its width (more rows when narrow)."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        """Rows of boxes that fit in ``width``."""
        per_row = max(1, (width + GAP) // (BOX + GAP))
        return -(-max(self.boxes.st, 1) // per_row) * (BOX + GAP)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        """Draw the boxes in the palette's colours (readable light or dark)."""
        b = self.boxes
        wounds = max(0, min(b.wounds, b.st))
        fatigue = max(0, min(b.fatigue, b.st - wounds))
        painter = QPainter(self)
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.WindowText)
        # Fatigue half-filled with the ink itself: a grey fill was 1.2:1 on the dark palette.
        shade = QBrush(ink, Qt.BrushStyle.Dense4Pattern)
        per_row = self._per_row()
        for n in range(b.st):
            rect = QRect((n % per_row) * (BOX + GAP), (n // per_row) * (BOX + GAP), BOX, BOX)
            if n < wounds:
                painter.fillRect(rect, ink)
            elif n < wounds + fatigue:
                painter.fillRect(rect, shade)
            painter.setPen(ink)
            painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.end()


def _stat_box(label: str, value: str, caption: str) -> QFrame:
    frame = QFrame()
    frame.setFrameShape(QFrame.Shape.StyledPanel)
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(6, 3, 6, 3)
    layout.setSpacing(0)
    head = QLabel(label)
    head.setAlignment(Qt.AlignmentFlag.AlignCenter)
    shown = _selectable(QLabel(value), f"{label} {caption}".strip())
    shown.setObjectName("value")
    shown.setAlignment(Qt.AlignmentFlag.AlignCenter)
    shown.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    font = shown.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.25)
    shown.setFont(font)
    layout.addWidget(head)
    layout.addWidget(shown)
    if caption:
        small = QLabel(caption)
        small.setAlignment(Qt.AlignmentFlag.AlignCenter)
        small.setWordWrap(True)
        small_font = small.font()
        small_font.setPointSizeF(small_font.pointSizeF() * 0.85)
        small.setFont(small_font)
        layout.addWidget(small)
    return frame


def face_html(face: Face) -> str:
    """A face's sections as HTML: a table per table section, a paragraph per line."""
    parts = []
    for section in face.sections:
        if not section.rows:
            continue
        parts.append(f"<h3>{escape(section.title)}</h3>")
        if section.columns:
            head = "".join(f"<th align='left'>{escape(c)}</th>" for c in section.columns)
            rows = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row)
                           + "</tr>" for row in section.rows)
            parts.append(f"<table cellspacing='0' cellpadding='4'>"
                         f"<tr>{head}</tr>{rows}</table>")
        else:
            parts.extend(f"<p>{escape(' '.join(row))}</p>" for row in section.rows)
    return "".join(parts)


class PlayerCard(QWidget):
    """The card: name, stat boxes, ST boxes, adjusted DX, and the faces' sections."""

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.name = _selectable(QLabel(), "Character")
        font = self.name.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.5)
        self.name.setFont(font)
        self.subtitle = _selectable(QLabel(), "Who the character is")
        self.subtitle.setWordWrap(True)
        self.stats = QGridLayout()
        self.stats.setSpacing(4)
        self.fight = _selectable(QLabel(), "The fight")
        self.st_boxes = StBoxes()
        self.legend = _selectable(QLabel(), "ST, wounds and fatigue")
        self.dx = _selectable(QLabel(), "Adjusted DX and why")
        self.dx.setWordWrap(True)
        self.sections = QTextBrowser()
        self.sections.setAccessibleName("The card")
        self.sections.setOpenLinks(False)
        layout.addWidget(self.name)
        layout.addWidget(self.subtitle)
        layout.addLayout(self.stats)
        parts: tuple[QWidget, ...] = (self.fight, self.st_boxes, self.legend, self.dx)
        for part in parts:
            layout.addWidget(part)
        layout.addWidget(self.sections, 1)
        self._stat_frames: list[QFrame] = []
        self._stat_keys: list[tuple[str, str]] = []

    def show_view(self, view: PlayerView) -> None:
        """Show the card as the server sent it (the scroll position is kept)."""
        self.name.setText(view.name)
        self.subtitle.setText(view.subtitle)
        self.subtitle.setVisible(bool(view.subtitle))
        self._show_stats((*view.front.stats, *view.back.stats))
        b = view.boxes
        self.fight.setText(f"In {b.fight}" if b.fight else "")
        self.fight.setVisible(bool(b.fight))
        self.st_boxes.set_boxes(b)
        self.legend.setText(b.legend)
        self.dx.setText(view.dx_reasons)
        self.dx.setVisible(bool(view.dx_reasons))
        bar = self.sections.verticalScrollBar()
        at = bar.value()
        self.sections.setHtml(face_html(view.front) + face_html(view.back))
        bar.setValue(at)

    def _show_stats(self, stats: tuple[Stat, ...]) -> None:
        """The stat boxes: new ones only when the boxes themselves change (the focus stays)."""
        if [(s.label, s.caption) for s in stats] == self._stat_keys:
            for frame, stat in zip(self._stat_frames, stats, strict=True):
                value = frame.findChild(QLabel, "value")
                if isinstance(value, QLabel):
                    value.setText(stat.value)
            return
        for frame in self._stat_frames:
            self.stats.removeWidget(frame)
            frame.deleteLater()
        self._stat_keys = [(s.label, s.caption) for s in stats]
        self._stat_frames = [_stat_box(s.label, s.value, s.caption) for s in stats]
        for n, frame in enumerate(self._stat_frames):
            self.stats.addWidget(frame, n // STATS_PER_ROW, n % STATS_PER_ROW)

    def text(self) -> str:
        """Everything the card shows, as plain text (what a reader or a test sees)."""
        stats = " ".join(
            " ".join(label.text() for label in frame.findChildren(QLabel))
            for frame in self._stat_frames)
        return "\n".join((self.name.text(), self.subtitle.text(), stats, self.fight.text(),
                          self.legend.text(), self.dx.text(),
                          self.sections.toPlainText()))
