"""A copy of what the party table showed, kept from the last run on the same campaign file.

At start-up the window shows the party from this copy before the rules are
even imported (working the figures out is most of the start to the party);
it then reads the file as always and replaces any row that differs.  The
copy is used only while it provably belongs to the file as it is now: its
key holds the file's state (``store.file_state``: identity, times, SQLite's
header with its change counter, a checksum of the content), this build's
version and the shipped rules data's state (an older campaign reads values
it lacks from there).  Anything else (no copy, another file, a changed or
replaced file, a damaged, foreign or newer copy) gives no rows and a reason
to log: the window then starts as it did before the copy existed.

The copy holds the rows' plain values and nothing more, as JSON in the
user's cache folder (one file per campaign path), written atomically
(``keep``) after the campaign opened or changed.  ``keep`` takes the file's
state before and after the rows are read and keeps nothing unless the two
agree, so a write by another program in between is never attributed to the
rows read before it.  Deleting the folder is always safe.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from tftmanager import __version__
from tftmanager.shipped import DOCUMENTS, rules_folder
from tftmanager.shipped_cache import cache_folder, rules_key
from tftmanager.store.file_state import State, file_state

FORMAT = 1
KIND = "tftmanager-kept-party"
# A party larger than this is not kept: every row is worked out to keep it.
MAX_ROWS = 200
# Copies kept for this many campaign files at most (the ones written last);
# older ones, for files long closed, moved or deleted, are removed.
MAX_COPIES = 50

Values = list[Any]  # one row: its values, in the order of ``fields``


def copy_file(path: Path, folder: Path | None = None) -> Path:
    """Where the copy of ``path``'s party is kept (named by a checksum of the real path)."""
    where = os.path.realpath(path)
    digest = f"{zlib.crc32(where.encode('utf-8', 'surrogateescape')):08x}"
    return (folder or cache_folder()) / f"party-{digest}.json"


def _shipped_stamp() -> list[list[Any]] | None:
    """The shipped rules files' names, sizes and times (None when not files on disk)."""
    folder = rules_folder()
    try:
        return None if folder is None else rules_key(folder, DOCUMENTS)
    except OSError:
        return None


def _key(state: State) -> dict[str, Any]:
    return {"file": state, "version": __version__, "shipped": _shipped_stamp()}


def load(path: Path, fields: Sequence[str], *,
         folder: Path | None = None) -> tuple[list[Values] | None, str]:
    """The kept rows for ``path`` as it is now, else None; and why not, in a line for the log.

    A missing copy gives no reason (the first open of a file); a copy that
    does not match, is damaged, foreign or from another version says so.
    """
    target = copy_file(path, folder)
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, ""
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"kept party {target.name} unreadable: {exc}"
    try:
        saved = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested past the stack
        return None, f"kept party {target.name} damaged: not JSON"
    if not isinstance(saved, dict) or saved.get("kind") != KIND:
        return None, f"kept party {target.name} ignored: not a copy of a party"
    if saved.get("format") != FORMAT or saved.get("version") != __version__:
        return None, (f"kept party {target.name} ignored: made by another version "
                      f"({saved.get('version')}, format {saved.get('format')})")
    state = file_state(path)
    if state is None:
        return None, f"kept party {target.name} ignored: {path.name} cannot vouch for its state"
    if saved.get("key") != _key(state):
        return None, f"kept party {target.name} ignored: {path.name} changed since it was kept"
    rows = saved.get("rows")
    if saved.get("fields") != list(fields) or not _well_formed(rows, len(fields)):
        return None, f"kept party {target.name} damaged: its rows are not the table's"
    return rows, ""


def _well_formed(rows: object, width: int) -> bool:
    return (isinstance(rows, list) and len(rows) <= MAX_ROWS
            and all(isinstance(r, list) and len(r) == width for r in rows))


def keep(path: Path, fields: Sequence[str], read_rows: Callable[[], list[Values] | None], *,
         folder: Path | None = None) -> str:
    """Keep the rows ``read_rows`` reads of ``path`` now; why not, in a line ("" when kept).

    ``read_rows`` reads the campaign as it is (None: more than ``MAX_ROWS``,
    not kept).  The file's state is taken before and after the read: if they
    differ, something wrote in between and nothing is kept.  A copy that is
    not replaced is removed (it could no longer match the file anyway).
    """
    target = copy_file(path, folder)
    before = file_state(path)
    rows = read_rows() if before is not None else None
    if before is None or rows is None or len(rows) > MAX_ROWS:
        _drop(target)
        return ""  # a file too large, mid-write or a party too large: nothing to keep
    if file_state(path) != before:
        _drop(target)
        return f"party of {path.name} not kept: the file changed while it was read"
    text = json.dumps({"kind": KIND, "format": FORMAT, "version": __version__,
                       "key": _key(before), "fields": list(fields), "rows": rows})
    return _write(target, text)


def forget(path: Path, *, folder: Path | None = None) -> None:
    """Remove the copy kept for ``path``, if any (its party grew past ``MAX_ROWS``)."""
    _drop(copy_file(path, folder))


def _write(target: Path, text: str) -> str:
    import tempfile  # noqa: PLC0415 - only when a copy is written

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".party-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            Path(temp).replace(target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        return f"party not kept in {target.parent}: {exc}"
    _prune(target.parent)
    return ""


def _prune(folder: Path) -> None:
    """Remove all but the ``MAX_COPIES`` copies written last, so the folder cannot grow forever.

    Each campaign path opened gets its own copy; without this, every file
    ever opened (renamed, moved, deleted since) would leave one behind.
    """
    with suppress(OSError):
        copies = []
        for entry in os.scandir(folder):
            if entry.name.startswith("party-") and entry.name.endswith(".json"):
                with suppress(OSError):
                    copies.append((entry.stat().st_mtime_ns, entry.path))
        if len(copies) > MAX_COPIES:
            for _, old in sorted(copies, reverse=True)[MAX_COPIES:]:
                _drop(Path(old))


def _drop(target: Path) -> None:
    with suppress(OSError):
        target.unlink(missing_ok=True)
