"""A label that shows a field's problems next to it, in words and an icon."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from tftmanager.rules.problems import Problem, Severity
from tftmanager.rules.references import with_reference
from tftmanager.ui.icons import icon


class ProblemLabel(QWidget):
    """Hidden when the field is fine; otherwise every reason, one per line."""

    def __init__(self, field: QWidget | None = None) -> None:
        super().__init__()
        self.field = field
        self.icon_label = QLabel()
        self.text_label = QLabel()
        self.text_label.setWordWrap(True)
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.icon_label.setFixedSize(18, 18)
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(4)
        layout.addWidget(self.icon_label, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.text_label, 1)
        self.setVisible(False)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """As tall as the words need at the width given, not at the label's own ideal width.

        A form lays its rows out by this hint: a wrapped label's hint is its
        height at a narrow width (three lines where two fit), which left a
        blank gap under each problem.
        """
        hint = super().sizeHint()
        if self.width() > 0:
            hint.setHeight(self.heightForWidth(self.width()))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """A new width may need another number of lines: ask the form again."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()

    def show_problems(self, problems: list[Problem]) -> None:
        """Show these problems (an empty list hides the label)."""
        self.show_messages(
            [with_reference(p.message, p.reference) for p in problems],
            error=any(p.severity is Severity.ERROR for p in problems),
        )

    def show_messages(self, messages: list[str], *, error: bool = True) -> None:
        """Show plain messages (input refused, say)."""
        text = "\n".join(messages)
        self.text_label.setText(text)
        self.icon_label.setPixmap(icon("error" if error else "warning").pixmap(16, 16))
        self.setVisible(bool(messages))
        self.setAccessibleName("Problem" if messages else "")
        self.setAccessibleDescription(text)
        if self.field is not None:
            self.field.setAccessibleDescription(text)
            self.field.setToolTip(text)

    def text(self) -> str:
        """The messages shown (empty when hidden)."""
        return self.text_label.text() if self.isVisible() or self.text_label.text() else ""
