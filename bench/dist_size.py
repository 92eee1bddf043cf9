"""``make bench``: the size of the frozen app's archive (built first if stale).

Kept apart from bench/run.py: it times nothing, and building the app takes a
minute or two, which only happens when the sources changed since the last
``make dist``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import build_dist  # noqa: E402 - found through the path set just above

MB = 1024 * 1024


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and files under ``folder`` (symlinks not followed, not counted twice)."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def main() -> int:
    """Print one line: the archive, its size, and the unpacked folder's."""
    archive = build_dist.archive_path()
    if not build_dist.is_fresh(archive):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        archive = build_dist.build()
    size, files = folder_size(build_dist.DIST / build_dist.NAME)
    print(f"dist archive {archive.name}: {archive.stat().st_size / MB:.1f} MB "
          f"(unpacked {size / MB:.0f} MB in {files} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
