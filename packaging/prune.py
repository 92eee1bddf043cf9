"""Drop from the frozen folder what a desktop TFT Manager never loads.

PyInstaller's Qt hooks collect every plugin of each Qt module imported: the
embedded-Linux platforms (eglfs, linuxfb, vnc), TLS and network-information
backends (QtNetwork is imported only for the local socket that hands a
campaign to a running window), image formats the app never reads, the GTK
theme (whose cairo/pango libraries would clash with the system's GTK), and
Qt's translations (the app is in English).  Removing them, and then every
bundled library nothing left links to, keeps the archive as small as the Qt
modules used allow.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

# Relative to PySide6/Qt/plugins.
UNUSED_PLUGINS = (
    "egldeviceintegrations", "generic", "networkinformation", "tls",
    "platforms/libqeglfs.so", "platforms/libqlinuxfb.so", "platforms/libqminimalegl.so",
    "platforms/libqvkkhrdisplay.so", "platforms/libqvnc.so",
    "platformthemes/libqgtk3.so",
    # The on-screen keyboard (from PySide6-Addons) is a QML app: it brings Qml and Quick.
    "platforminputcontexts/libqtvirtualkeyboardplugin.so",
    "imageformats/libqgif.so", "imageformats/libqicns.so", "imageformats/libqtga.so",
    "imageformats/libqtiff.so", "imageformats/libqwbmp.so", "imageformats/libqwebp.so",
)


def _needed(elf: Path) -> set[str]:
    """The sonames an ELF file links to (readelf's NEEDED entries)."""
    out = subprocess.run(["readelf", "-d", str(elf)], capture_output=True, text=True,
                         check=False).stdout
    return {line.split("[", 1)[1].split("]", 1)[0]
            for line in out.splitlines() if "(NEEDED)" in line}


def _is_elf(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(4) == b"\x7fELF"


def _orphans(internal: Path, executable: Path) -> list[Path]:
    """Bundled libraries that nothing left in the folder links to.

    Candidates are the libraries at the top of ``_internal`` and Qt's own
    (``PySide6/Qt/lib``, which the top-level names link to); the roots are the
    executable, libpython (which the bootloader opens by name) and every other
    ELF file: extension modules and the Qt plugins that are left.
    """
    qt_lib = internal / "PySide6" / "Qt" / "lib"
    candidates: dict[str, list[Path]] = {}
    for folder in (internal, qt_lib):
        for path in folder.glob("*.so*") if folder.is_dir() else ():
            candidates.setdefault(path.name, []).append(path)
    roots = [executable, *internal.glob("libpython*")]
    roots += [p for p in internal.rglob("*.so*") if p.parent not in (internal, qt_lib)
              and p.is_file() and not p.is_symlink() and _is_elf(p)]
    keep: set[str] = set()
    todo = [p.resolve() for p in roots]
    while todo:
        for name in _needed(todo.pop()):
            if name in candidates and name not in keep:
                keep.add(name)
                todo += [p.resolve() for p in candidates[name]]
    return [path for name, paths in candidates.items()
            if name not in keep and not name.startswith("libpython") for path in paths]


def prune(app: Path) -> list[Path]:
    """Remove the unused plugins, translations and orphaned libraries; return them."""
    if not sys.platform.startswith("linux") or shutil.which("readelf") is None:
        return []
    internal = app / "_internal"
    qt = internal / "PySide6" / "Qt"
    removed = []
    for relative in UNUSED_PLUGINS:
        target = qt / "plugins" / relative
        if target.exists():
            shutil.rmtree(target) if target.is_dir() else target.unlink()
            removed.append(target)
    if (qt / "translations").is_dir():
        shutil.rmtree(qt / "translations")
        removed.append(qt / "translations")
    while orphans := _orphans(internal, app / app.name):
        for path in orphans:
            path.unlink(missing_ok=True)
        removed += orphans
    return removed
