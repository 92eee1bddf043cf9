"""Consistent copies of a campaign file, made with SQLite's backup API.

Copying a live SQLite file byte by byte can catch it mid-transaction; the
backup API cannot.  The copy is written to a temporary file in the target's
folder, flushed to disk, then renamed over the target, so a crash leaves either
the old backup or the new one, never half of one.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path


def backup_file(source: Path, target: Path) -> Path:
    """Copy ``source`` to ``target`` atomically and durably; returns ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        with tmp.open("rb+") as handle:
            os.fsync(handle.fileno())
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


def pre_migration_backup_path(campaign: Path, schema: int) -> Path:
    """Where the copy taken before upgrading from ``schema`` goes (beside the file)."""
    return campaign.with_name(f"{campaign.name}.schema{schema}.bak")
