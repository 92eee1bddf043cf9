"""The one writer of every export: journal, cards, sheets, stat blocks, actors, JSON, TOML.

The GUI's save step, the command line's ``--out`` and the PDF writer all come
here, so each export says what it writes and nothing about how.  The store
writes it (:mod:`tftmanager.store.files`: a temporary file beside the target,
synced, renamed over a regular file only) and refuses, in one line and with
nothing changed, a campaign file (known by its content, open or closed), a
campaign's lock or journal, a backup, a device, a folder, a read-only place
and a folder that does not exist.  Each refusal is an :class:`OutputError`
whose ``message`` is that line.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tftmanager.store.files import OutputError, check_target, describe_os_error, write_bytes
from tftmanager.store.protected import copy_refusal

__all__ = ["OutputError", "check_copy_output", "check_output", "write_output", "write_outputs"]


def check_output(path: Path) -> None:
    """Refuse, before any work is done, a path an export must not write.

    Writing checks again (the file may change meanwhile); this only spares
    painting a PDF that could not be saved.
    """
    check_target(Path(path))


def check_copy_output(path: Path) -> None:
    """Refuse a path a copy of a campaign must not be written to.

    A copy is a campaign, so a closed campaign the user chose to replace is
    let through (``app.copies`` refuses the campaign itself and an open one);
    a lock, a journal, a backup, a folder or a missing folder is not.
    """
    check_target(Path(path), refuse=copy_refusal)


def write_output(path: Path, content: str | bytes) -> Path:
    """Write an export whole (text as UTF-8), or refuse with nothing changed."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    return write_bytes(Path(path), data)


def write_outputs(folder: Path, named: Sequence[tuple[str, str]]) -> list[Path]:
    """Write several text exports into ``folder`` (made if missing), one file each.

    Every file is checked before the first is written, so one refused name
    writes none of them.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise OutputError(folder, f"{folder}: is a file, not a folder; choose a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(folder, f"{folder}: cannot make the folder "
                          f"({describe_os_error(exc)})") from exc
    targets = [folder / name for name, _text in named]
    for target in targets:
        check_target(target)
    return [write_output(target, text)
            for target, (_name, text) in zip(targets, named, strict=True)]
