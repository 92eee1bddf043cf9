"""Message dialogs, each behind one function so tests can stand in for it.

``QMessageBox`` is imported inside them: PySide6 makes a Qt class's Python
type (and its enums) when it is first named, and nothing in the window's
start-up shows a message.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from tftmanager import APP_NAME, __version__

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def campaign_error(parent: QWidget | None, title: str, message: str,
                   backups: list[Path]) -> Path | None:
    """Say why a campaign could not be opened; returns the backup the user chose to restore.

    Restoring writes a copy of the newest backup beside the campaign and opens
    that, so the refused file is left exactly as it was.
    """
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 - see the module's note

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(message)
    restore = None
    if backups:
        newest = backups[0]
        taken = time.strftime("%Y-%m-%d %H:%M", time.localtime(newest.stat().st_mtime))
        box.setInformativeText(
            f"The newest backup is {newest.name} ({taken}). Restoring opens a copy of it "
            "saved beside the campaign; the file above is left as it is.")
        restore = box.addButton("Restore from Backup…", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Close)
    box.exec()
    if restore is not None and box.clickedButton() is restore:
        return backups[0]
    return None


def confirm_delete(parent: QWidget | None, name: str) -> bool:
    """Ask before deleting a character (Undo can still bring it back)."""
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 - see the module's note

    answer = QMessageBox.question(
        parent, "Delete Character",
        f"Delete {name}? You can undo this with Edit > Undo.",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


def ask_gear_payment(parent: QWidget | None, name: str, what: str, price: int,
                     money: int) -> bool | None:
    """Buy a piece a gear choice needs, or take it free? True: buy; False: free; None: cancel.

    The editor follows the shop's money rule, so a new armor never appears
    for nothing by accident (a turned wheel once gave Flavius fine plate).
    """
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 - see the module's note

    from tftmanager.rules.text import dollars  # noqa: PLC0415 - with the dialog

    box = QMessageBox(QMessageBox.Icon.Question, "New Equipment",
                      f"{name} does not own {what}.", parent=parent)
    box.setInformativeText(f"Buy it for ${price:,} (has {dollars(money)}), or take it free "
                           "(found, a gift, starting kit)?")
    buy = box.addButton(f"Buy (${price:,})", QMessageBox.ButtonRole.AcceptRole)
    free = box.addButton("Take Free", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    buy.setEnabled(price <= money)
    box.setDefaultButton(buy if price <= money else free)
    box.exec()
    clicked = box.clickedButton()
    return True if clicked is buy else False if clicked is free else None


def error(parent: QWidget | None, title: str, message: str) -> None:
    """Report a failure."""
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 - see the module's note

    QMessageBox.warning(parent, title, message)


def info(parent: QWidget | None, title: str, message: str) -> None:
    """Tell the user what an action did."""
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 - see the module's note

    QMessageBox.information(parent, title, message)


def ask_number(parent: QWidget | None, title: str, question: str) -> int | None:
    """Ask the GM for a whole number (None if cancelled)."""
    from PySide6.QtWidgets import QInputDialog  # noqa: PLC0415

    value, ok = QInputDialog.getInt(parent, title, question, 1, 0, 100000)
    return value if ok else None


def ask_text(parent: QWidget | None, title: str, question: str) -> str | None:
    """Ask the GM for a short text (None if cancelled or empty)."""
    from PySide6.QtWidgets import QInputDialog  # noqa: PLC0415

    value, ok = QInputDialog.getText(parent, title, question)
    return value.strip() if ok and value.strip() else None


def about(parent: QWidget | None) -> None:
    """Version and the rules sources."""
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 - see the module's note

    QMessageBox.about(
        parent,
        f"About {APP_NAME}",
        f"<h3>{APP_NAME} {__version__}</h3>"
        "<p>A character and campaign manager for <i>The Fantasy Trip</i>.</p>"
        "<p>Rules sources: <i>Melee</i> (Metagaming, 1977); <i>TFT Rules Expansion</i> and "
        "<i>TFT House Rules: Combat</i> by Bill Seurer; <i>Three Dimensional TFT</i> by "
        "David O. Miller; <i>Free-for-All Rules</i> by Michael Lietzke; and published facts "
        "about <i>In the Labyrinth</i>. Values the documents leave uncertain are marked in "
        "the rules library.</p>"
        "<p>The Fantasy Trip is a trademark of Steve Jackson Games. This is an unofficial "
        "fan tool.</p>",
    )
