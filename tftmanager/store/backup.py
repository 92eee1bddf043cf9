"""Consistent copies of a campaign file, made with SQLite's backup API.

Copying a live SQLite file byte by byte can catch it mid-transaction; the
backup API cannot.  The copy is written through :mod:`tftmanager.store.files`
(a temporary file in the target's folder, synced, renamed, the folder synced),
so a crash leaves either no copy or a whole one.  A backup never replaces an
earlier one: an existing ``NAME.schemaN.bak`` makes the next ``NAME.schemaN-2.bak``.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from tftmanager.store.files import (
    OutputError,
    Refusal,
    describe_os_error,
    nothing_refused,
    write_with,
)


def _copy_into(source: Path) -> Callable[[Path], None]:
    def fill(tmp: Path) -> None:
        src = sqlite3.connect(source.as_uri() + "?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    return fill


def backup_file(source: Path, target: Path, *, overwrite: bool = False,
                names: Iterable[Path] | None = None, refuse: Refusal = nothing_refused) -> Path:
    """Copy ``source`` to ``target`` (or a fresh name beside it); returns the path written.

    ``names`` are the names to try in turn (default ``NAME-2.bak``...);
    ``overwrite`` is for putting a campaign back from its own backup, and for
    a copy the user chose to write over a file (``refuse`` then says which
    files a copy must keep).
    """
    fill = _copy_into(Path(source).resolve())
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(target, f"{target.parent}: cannot make the folder "
                          f"({describe_os_error(exc)})") from exc
    if overwrite:
        return write_with(target, fill, refuse=refuse)
    return write_with(target, fill, replace=False,
                      names=names if names is not None else _backup_names(target))


def _backup_names(target: Path) -> Iterator[Path]:
    """``NAME.bak``, then ``NAME-2.bak``, ``NAME-3.bak``... (still found by ``*.bak``)."""
    yield target
    stem = target.name[:-4] if target.name.endswith(".bak") else target.name
    for n in range(2, 10000):
        yield target.with_name(f"{stem}-{n}.bak")


def pre_migration_backup_path(campaign: Path, schema: int) -> Path:
    """Where the copy taken before upgrading from ``schema`` goes (beside the file)."""
    return campaign.with_name(f"{campaign.name}.schema{schema}.bak")


def rolling_backup(campaign: Path, folder: Path, *, keep: int = 5) -> Path:
    """Copy an open campaign into ``folder`` (taken on open) and keep the newest ``keep``.

    These are what "Restore from Backup..." offers when the campaign itself is
    later found damaged.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    written = backup_file(campaign, folder / f"{campaign.name}.{stamp}.bak")
    for old in rolling_backups(campaign, folder)[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return written


def backup_folder(root: Path, campaign: Path) -> Path:
    """The folder under ``root`` for one campaign's rolling backups (one per file path)."""
    digest = hashlib.sha256(str(campaign.resolve()).encode("utf-8")).hexdigest()[:10]
    return root / f"{campaign.stem}-{digest}"


def rolling_backups(campaign: Path, folder: Path) -> list[Path]:
    """Rolling backups of ``campaign`` in ``folder``, newest first."""
    if not folder.is_dir():
        return []
    return _newest_first(folder.glob(f"{glob.escape(campaign.name)}.*.bak"))


def all_backups(campaign: Path, folder: Path | None) -> list[Path]:
    """Every backup of ``campaign``: rolling ones and those beside it, newest first."""
    beside = (list(campaign.parent.glob(f"{glob.escape(campaign.name)}.schema*.bak"))
              if campaign.parent.is_dir() else [])
    rolling = rolling_backups(campaign, folder) if folder is not None else []
    return _newest_first([*beside, *rolling])


def _newest_first(paths: Iterable[Path]) -> list[Path]:
    dated = []
    for path in paths:
        with contextlib.suppress(OSError):
            dated.append((path.stat().st_mtime, path.name, path))
    return [p for _m, _n, p in sorted(dated, reverse=True)]
