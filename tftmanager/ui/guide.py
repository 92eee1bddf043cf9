"""Help > User Guide (F1): the short guide shipped with the app, shown without a network.

The guide is Markdown in ``resources/guide/`` and is read through
importlib.resources (``tftmanager.shipped.resource``), never from the
checkout's ``docs/``: it must open the same from a wheel or a frozen build,
where the package may not even be a folder.  Its images are read the same
way, by name, so a QTextBrowser search path (which needs a real folder) is
not needed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from tftmanager.shipped import resource

GUIDE = "guide.md"


def guide_markdown() -> str:
    """The guide's text as shipped."""
    return resource("guide", GUIDE).read_text(encoding="utf-8")


class GuideBrowser(QTextBrowser):
    """A text browser that finds the guide's images among the shipped resources."""

    def loadResource(self, kind: int, url: QUrl | str) -> Any:  # noqa: N802 - Qt API
        """Images named in the guide come from ``resources/guide``; links open outside."""
        name = url.toString() if isinstance(url, QUrl) else url
        if kind == QTextDocument.ResourceType.ImageResource.value and "/" not in name:
            node = resource("guide", name)
            if node.is_file():
                return QImage.fromData(node.read_bytes())
        return super().loadResource(kind, url)


class GuideWindow(QDialog):
    """The guide in its own window, beside the main one (not modal)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("TFT Manager User Guide")
        self.setObjectName("user_guide")
        self.browser = GuideBrowser()
        self.browser.setAccessibleName("User guide")
        self.browser.setOpenExternalLinks(True)
        self.browser.setMarkdown(guide_markdown())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(720, 640)

    def text(self) -> str:
        """The guide as shown, as plain text (for tests and screen readers)."""
        return self.browser.toPlainText()


def show_guide(parent: QWidget) -> GuideWindow:
    """Show the guide (one window per main window: F1 again brings it to the front)."""
    window = parent.findChild(GuideWindow, "user_guide")
    if not isinstance(window, GuideWindow):
        window = GuideWindow(parent)
    window.show()
    window.raise_()
    window.activateWindow()
    return window
