"""Asking where an export goes: the one save step of every export in the GUI.

Cards, sheets, the party board, the encounter sheet, the journal, a Foundry
actor and Save a Copy all ask here.  A name typed without one of the
formats' suffixes gets the chosen format's; and the place is checked by the
one writer (``app.outputs``) before any work is done, so choosing a campaign,
its lock, a backup, a folder or a missing folder is one line in a dialog and
nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtWidgets import QWidget

from tftmanager.app.outputs import OutputError, check_output
from tftmanager.ui import dialogs, window_state

# A file dialog's filter and the suffix a name typed in it gets.
Format = tuple[str, str]

PDF: tuple[Format, ...] = (("PDF files (*.pdf)", ".pdf"),)


def with_suffix(path: Path, formats: Sequence[Format], chosen: str = "") -> Path:
    """``path``, or with the chosen format's suffix when it has none of the formats'.

    A format with no suffix ("All files") adds none.
    """
    if path.suffix.lower() in {suffix for _filter, suffix in formats if suffix}:
        return path
    suffix = next((s for f, s in formats if f == chosen), formats[0][1])
    return path.with_name(path.name + suffix)


def ask_save_path(parent: QWidget | None, title: str, suggested: Path | str,
                  formats: Sequence[Format] = PDF, *, refused: str = "Not saved",
                  check: Callable[[Path], None] = check_output) -> Path | None:
    """Ask where to save; None when cancelled or when the place is refused (and said so).

    ``refused`` titles the dialog that says why.  ``check`` is the writer's
    check of the place (Save a Copy's lets a closed campaign be replaced).
    """
    from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415 - made when first asked

    suggested = window_state.outside_app_data(Path(suggested))  # never the hidden data folder
    name, chosen = QFileDialog.getSaveFileName(parent, title, str(suggested),
                                               ";;".join(f for f, _suffix in formats))
    if not name:
        return None
    from tftmanager.ui.runner import free_check  # noqa: PLC0415 - asked only when saving

    path = with_suffix(Path(name), formats, chosen)
    for place in (Path(name), path):  # the file pointed at, before a suffix was added
        checked = free_check(check, answers=(OutputError,), path=place)
        if checked.refusal is not None:  # said before any work, under the action's title
            dialogs.error(parent, refused, checked.refusal.message)
            return None
    return path
