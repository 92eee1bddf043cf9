"""What a campaign file is right now, as a value two looks can compare: changed or not.

The party's kept copy (``app.kept_party``) is shown at start-up only while
the file is provably the one it was made from.  Any write changes at least
one part of this state:

- the file's identity and times (device, inode, size, modification and
  change times in nanoseconds): a write in place moves both times, and a
  file put in its place (a copy, a restore, a sync) is another inode with
  a new change time, which no program can set back;
- SQLite's 100-byte header, whose change counter every committed write
  transaction moves (in the rollback journal this app uses), also within
  one tick of a file system's coarse clock;
- a checksum of the whole content (CRC-32: ``zlib`` is already loaded and
  reads about a gigabyte a second; ``hashlib`` would load OpenSSL at every
  start), so even a same-sized write within one tick by a program other
  than SQLite, on a file system that keeps no change time, is seen.

A file with a journal or write-ahead log beside it is in the middle of a
write, or written by a program that uses WAL: it has no state (None), so
nothing kept is trusted for it.  Nor does a file too large to checksum at
start-up in a moment.  Standard library only: it runs before the store loads.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Any

# Larger files are not checksummed at start-up (and so never get a kept copy):
# about 30 ms to read and check on a slow machine.
MAX_CHECKED_BYTES = 32 * 1024 * 1024
SIDE_FILES = ("-journal", "-wal")
HEADER_BYTES = 100
CHUNK = 1024 * 1024

State = dict[str, Any]


def file_state(path: Path) -> State | None:
    """The file's state now, or None when it cannot vouch for itself (mid-write, WAL, huge)."""
    try:
        if any(os.path.lexists(f"{path}{side}") for side in SIDE_FILES):
            return None
        with open(path, "rb") as handle:  # noqa: PTH123 - one handle for stat and content
            before = os.fstat(handle.fileno())
            if before.st_size > MAX_CHECKED_BYTES or not before.st_size:
                return None
            header = handle.read(HEADER_BYTES)
            crc = zlib.crc32(header)
            while chunk := handle.read(CHUNK):
                crc = zlib.crc32(chunk, crc)
            after = os.fstat(handle.fileno())
    except OSError:
        return None
    stamp = _stamp(before)
    if stamp != _stamp(after):
        return None  # written while it was read
    return {"path": os.path.realpath(path), "stat": stamp, "header": header.hex(),
            "crc32": crc}


def _stamp(info: os.stat_result) -> list[int]:
    return [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]
