"""A JSON copy of the parsed shipped rules data, kept like Python keeps ``.pyc`` files.

Parsing the eleven shipped TOML files takes about half of a bare window's
start-up on a slow machine; reading the same data back as JSON takes a
twentieth of that.  The TOML stays the only source: the copy is keyed by
each file's size and modification time (in nanoseconds) and by the folder it
came from, so an edited file is parsed again and the copy rewritten.  The
copy lives in the user's cache folder; any trouble reading or writing it
(read-only disk, damaged file, data JSON cannot hold exactly) simply means
parsing the TOML as before.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

FORMAT = 2  # 2: the folder is part of the key (the file name is a short checksum of it)
Documents = dict[str, dict[str, Any]]


def cache_folder(environ: dict[str, str] | None = None, platform: str = sys.platform) -> Path:
    """The user's cache folder for TFT Manager (XDG on Linux, the usual places elsewhere)."""
    env = os.environ if environ is None else environ
    if platform == "win32" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / "TFT Manager" / "cache"
    if platform == "darwin":
        return Path.home() / "Library" / "Caches" / "TFT Manager"
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tftmanager"


def rules_key(folder: Path, names: tuple[str, ...]) -> list[list[Any]]:
    """What must not change for the copy to hold: the folder, each file's name, size and mtime."""
    key: list[list[Any]] = [[str(folder.resolve())]]
    for name in names:
        stat = (folder / f"{name}.toml").stat()
        key.append([name, stat.st_size, stat.st_mtime_ns])
    return key


def _file_for(folder: Path) -> Path:
    """One copy per installed rules folder (a checkout and an install never share one).

    The name is a CRC of the folder (zlib: hashlib would load OpenSSL on every
    start); two folders with the same CRC only take turns rewriting the copy,
    since the key it holds names its folder.
    """
    digest = f"{zlib.crc32(str(folder.resolve()).encode('utf-8')):08x}"
    return cache_folder() / f"rules-{digest}.json"


def load_documents(folder: Path | None, names: tuple[str, ...],
                   parse: Callable[[], Documents]) -> Documents:
    """The documents from the copy when it matches the files, else ``parse()`` (and save)."""
    if folder is None or not folder.is_dir():
        return parse()
    try:
        key = rules_key(folder, names)
        target = _file_for(folder)
    except OSError:
        return parse()
    try:
        saved = json.loads(target.read_text(encoding="utf-8"))
        if saved.get("format") == FORMAT and saved.get("key") == key:
            documents: Documents = saved["documents"]
            return documents
    except (OSError, ValueError, AttributeError, KeyError, RecursionError):
        pass
    documents = parse()
    _save(target, key, documents)
    return documents


def _save(target: Path, key: list[list[Any]], documents: Documents) -> None:
    """Write the copy atomically, only if JSON gives back exactly what TOML gave."""
    import tempfile  # noqa: PLC0415 - only when the copy is written, not each time it is read

    try:
        text = json.dumps({"format": FORMAT, "key": key, "documents": documents})
        if json.loads(text)["documents"] != documents:
            return  # e.g. a TOML date: not kept, parsed each time
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=".rules-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        Path(temp).replace(target)
    except (OSError, TypeError, ValueError):
        return
