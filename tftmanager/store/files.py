"""Writing files so that a crash, a full disk or a bad path never costs the old one.

Every file TFT Manager writes (exports, card PDFs, backups, copies) goes to a
temporary file in the target's own folder, is flushed and synced, and is
renamed into place; then the folder itself is synced so the rename survives a
power cut.  Only a regular file is ever replaced: a rename over ``/dev/full``
or a folder would "succeed" and destroy something that is not ours.  Nor is a
campaign, its lock or a backup (:mod:`tftmanager.store.protected`), unless the
caller writes a campaign on purpose (a copy, a restore).  Backups are never
replaced at all: ``replace=False`` picks a fresh name instead.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from tftmanager import refusal
from tftmanager.store.protected import replace_refusal


class OutputError(refusal.Refusal, OSError):
    """A file could not be written; ``message`` is one line for the user."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def describe_os_error(exc: OSError) -> str:
    """An operating-system failure in the user's words."""
    code = exc.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if code == errno.EFBIG:
        return "the file would be too large (disk full or a file size limit)"
    if code == errno.EROFS:
        return "the disk or folder is read-only"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.ENOENT:
        return "no such file or folder"
    if code == errno.EISDIR:
        return "it is a folder, not a file"
    return exc.strerror or str(exc)


Refusal = Callable[[Path], str]


def nothing_refused(_path: Path) -> str:
    """The ``refuse`` of a restore, which puts a campaign back over itself on purpose."""
    return ""


def check_target(path: Path, *, refuse: Refusal = replace_refusal) -> None:
    """Refuse a path that is not a regular file, or is in a folder that does not exist.

    ``refuse`` says which existing files must be kept besides: for every
    export a campaign, a campaign's lock or journal and a backup
    (:func:`tftmanager.store.protected.replace_refusal`).
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputError(path, f"{path}: cannot write ({describe_os_error(exc)})") from exc
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(path, f"{path}: is a folder, not a file")
    if mode is not None and not stat.S_ISREG(mode):
        raise OutputError(path, f"{path}: is not a regular file (a device or pipe); "
                          "choose a file name")
    if not path.parent.is_dir():
        raise OutputError(path, f"{path}: cannot write, the folder {path.parent} does not exist")
    refusal = refuse(path)
    if refusal:
        raise OutputError(path, refusal)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename still happened
    finally:
        os.close(fd)


def _new_file_mode(path: Path) -> int:
    """The existing file's permissions, or what the umask gives a new file."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_with(path: Path, fill: Callable[[Path], None], *, replace: bool = True,
               names: Iterable[Path] | None = None, refuse: Refusal = replace_refusal) -> Path:
    """Write ``path`` through ``fill(tmp)``, which writes the temporary file.

    With ``replace`` false an existing file is never overwritten: the first
    free name of ``names`` (default ``NAME (2).EXT``...) is taken instead; the
    path written is returned.  ``refuse`` names the existing files that must
    be kept (see :func:`check_target`); only a copy or a restore, which write
    a campaign, change it.
    """
    path = Path(path)
    if not replace:
        refuse = nothing_refused  # a fresh name replaces nothing
    check_target(path, refuse=refuse)
    import tempfile  # noqa: PLC0415 - only to write: reading commands import this module too

    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        why = f"({describe_os_error(exc)})"
        if exc.errno == errno.ENOENT:  # the folder is there, yet takes no new file (/proc)
            why = (f"there: the folder {path.parent} takes no new files (a system folder); "
                   "choose a file in one of your own folders")
        raise OutputError(path, f"{path}: cannot write {why}") from exc
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        fill(tmp)
        with tmp.open("rb+") as handle:
            handle.flush()
            os.fsync(handle.fileno())
        tmp.chmod(_new_file_mode(path))
        if replace:
            check_target(path, refuse=refuse)  # it may have changed meanwhile
            tmp.replace(path)
        else:
            path = _link_new(tmp, names if names is not None else numbered(path))
        sync_folder(path.parent)
    except OSError as exc:
        if isinstance(exc, OutputError):
            raise
        raise OutputError(path, f"{path}: cannot write ({describe_os_error(exc)})") from exc
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return path


def _link_new(tmp: Path, names: Iterable[Path]) -> Path:
    """Give ``tmp`` the first free name of ``names``; never replaces anything."""
    candidate = tmp
    for candidate in names:
        try:
            os.link(tmp, candidate)
            return candidate
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                raise
        # No hard links here (FAT, some network shares): check, then rename.
        if not candidate.exists():
            tmp.replace(candidate)
            return candidate
    raise OutputError(candidate, f"{candidate}: no free name for a new file")


def numbered(path: Path, limit: int = 10000) -> Iterator[Path]:
    """``path``, then ``NAME (2).EXT``, ``NAME (3).EXT``... up to ``limit``."""
    stem, suffix = path.name, ""
    if "." in path.name.lstrip("."):
        stem, _, rest = path.name.partition(".")
        suffix = "." + rest
    yield path
    for n in range(2, limit):
        yield path.with_name(f"{stem} ({n}){suffix}")


def write_text(path: Path, text: str) -> Path:
    """Write UTF-8 text safely (see the module docstring)."""
    return write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> Path:
    """Write bytes safely (see the module docstring)."""
    def fill(tmp: Path) -> None:
        with tmp.open("wb") as handle:
            handle.write(data)

    return write_with(path, fill)
