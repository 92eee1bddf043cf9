"""``make dist``: the frozen one-folder app for this platform, and an archive of it.

Steps, each small enough to follow in the log:

1. Stage the package as the wheel lays it out: ``tftmanager/`` with
   ``resources/`` and ``db/`` inside it as ``tftmanager.resources`` and
   ``tftmanager.db``.  PyInstaller then finds them as ordinary packages, and
   the frozen app finds its rules data and migrations through
   ``importlib.resources`` exactly as an installed wheel does (no
   ``sys._MEIPASS`` special case in the app).
2. Render the icon (PNG sizes for Linux, .ico/.icns for the executable).
3. Run PyInstaller (one folder, windowed) on ``packaging/frozen_main.py``,
   keeping only the Qt modules the app imports, then drop the plugins and
   libraries a desktop app never loads (``prune.py``).
4. On Linux, put the desktop integration (``share/`` and
   ``install-desktop.sh``) beside the executable.
5. Archive the folder as ``dist/TFTManager-VERSION-PLATFORM.tar.gz``.

Usage: ``python packaging/build_dist.py`` (prints the archive's path last), or
``python packaging/build_dist.py --share DIR`` for the desktop files alone.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import icons
import prune

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
BUILD = ROOT / "build" / "dist"
DIST = ROOT / "dist"
NAME = "TFTManager"
APP_ID = icons.APP_ID

# The Qt modules the app imports (checked by tests/packaging/test_dist_inputs.py).
QT_USED = ("QtCore", "QtGui", "QtWidgets", "QtPrintSupport", "QtSvg", "QtNetwork", "QtPdf",
           "QtPdfWidgets")
# Every other module of PySide6 (Essentials and Addons): kept out even if some
# hook or optional import would drag it in.
QT_EXCLUDED = (
    "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
    "QtAxContainer", "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization",
    "QtDBus", "QtDesigner", "QtGraphs", "QtGraphsWidgets", "QtHelp", "QtHttpServer",
    "QtLocation", "QtMultimedia", "QtMultimediaWidgets", "QtNetworkAuth", "QtNfc",
    "QtOpenGL", "QtOpenGLWidgets", "QtPositioning", "QtQml",
    "QtQuick", "QtQuick3D", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets",
    "QtRemoteObjects", "QtScxml", "QtSensors", "QtSerialBus", "QtSerialPort",
    "QtSpatialAudio", "QtSql", "QtStateMachine", "QtSvgWidgets", "QtTest", "QtTextToSpeech",
    "QtUiTools", "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick",
    "QtWebEngineWidgets", "QtWebSockets", "QtWebView", "QtXml",
)
# Python modules a desktop app never needs (the test and build tools), and the
# PostgreSQL driver: server campaigns need the pip install with the server extra.
# rich, pygments and markdown_it (with mdurl) are in the build venv for the dev tools;
# pydantic and Mako import them only if present (pretty printing, highlighted template
# errors), so without the exclusion a third of the analysed modules would be theirs.
PY_EXCLUDED = ("tkinter", "pytest", "_pytest", "hypothesis", "mypy", "PyInstaller",
               "setuptools", "pip", "IPython", "psycopg", "psycopg_binary", "keyring",
               "rich", "pygments", "markdown_it", "mdurl")


def version() -> str:
    """The package version, read from the source (no import of the app needed)."""
    text = (ROOT / "tftmanager" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'__version__ = "([^"]+)"', text)
    if match is None:
        raise SystemExit("tftmanager/__init__.py has no __version__")
    return match.group(1)


def platform_tag() -> str:
    """linux-x86_64, macos-arm64, windows-amd64...: what the archive runs on."""
    system = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform,
                                                                          sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def archive_path() -> Path:
    """Where ``make dist`` leaves the archive."""
    return DIST / f"{NAME}-{version()}-{platform_tag()}.tar.gz"


def sources() -> list[Path]:
    """Every file the frozen app is built from (its freshness is theirs)."""
    found = [ROOT / "pyproject.toml"]
    for folder in ("tftmanager", "resources", "db", "packaging"):
        found += [p for p in (ROOT / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts]
    return found


def is_fresh(archive: Path | None = None) -> bool:
    """Whether the archive (and dist/NAME beside it) is newer than every source file."""
    archive = archive or archive_path()
    if not archive.is_file() or not (DIST / NAME).is_dir():
        return False
    built = archive.stat().st_mtime
    return all(p.stat().st_mtime <= built for p in sources())


def stage() -> Path:
    """Copy the package in its installed layout into build/dist/stage."""
    staged = BUILD / "stage"
    shutil.rmtree(staged, ignore_errors=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "tftmanager", staged / "tftmanager", ignore=skip)
    shutil.copytree(ROOT / "resources", staged / "tftmanager" / "resources", ignore=skip)
    shutil.copytree(ROOT / "db", staged / "tftmanager" / "db", ignore=skip)
    return staged


def pyinstaller_args(staged: Path, icon: Path | None) -> list[str]:
    """The PyInstaller command line (one folder, windowed, only the Qt used)."""
    sep = ";" if sys.platform == "win32" else ":"
    package = staged / "tftmanager"
    args = [
        str(PACKAGING / "frozen_main.py"), "--name", NAME, "--onedir", "--windowed",
        "--noconfirm", "--log-level", "WARN",
        "--distpath", str(BUILD / "pyinstaller"), "--workpath", str(BUILD / "work"),
        "--specpath", str(BUILD),
        "--paths", str(staged),
        # Modules imported inside functions and by the migration scripts, which
        # Alembic loads from files at run time.
        "--collect-submodules", "tftmanager",
        "--hidden-import", "alembic", "--hidden-import", "alembic.op",
        "--hidden-import", "alembic.context", "--hidden-import", "sqlalchemy",
        "--hidden-import", "sqlalchemy.dialects.sqlite",
        # The data files: rules, demo, fonts, icons, and the migrations as .py
        # files (Alembic reads them from the folder, not from the archive).
        "--add-data", f"{package / 'resources'}{sep}tftmanager/resources",
        "--add-data", f"{package / 'db'}{sep}tftmanager/db",
    ]
    if sys.platform == "darwin":
        args += ["--osx-bundle-identifier", APP_ID]
    if icon is not None:
        args += ["--icon", str(icon)]
    for module in QT_EXCLUDED:
        args += ["--exclude-module", f"PySide6.{module}"]
    for module in PY_EXCLUDED:
        args += ["--exclude-module", module]
    return args


def desktop_share(share: Path) -> Path:
    """The freedesktop files as they install under ``share/``.

    The menu entry, metainfo, MIME type and the icon at every size: what
    ``install-desktop.sh`` copies.
    """
    icons.render_hicolor(share / "icons")
    for folder, source, name in (
        ("applications", f"{APP_ID}.desktop", f"{APP_ID}.desktop"),
        ("metainfo", f"{APP_ID}.metainfo.xml", f"{APP_ID}.metainfo.xml"),
        ("mime/packages", f"{APP_ID}.mime.xml", f"{APP_ID}.xml"),
    ):
        (share / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy2(PACKAGING / source, share / folder / name)
    return share


def add_desktop_integration(app: Path) -> None:
    """Linux: ``share/`` and the script installing it, beside the executable."""
    desktop_share(app / "share")
    shutil.copy2(PACKAGING / "install-desktop.sh", app / "install-desktop.sh")


def make_archive(app: Path, target: Path) -> Path:
    """tar.gz of the folder, its top directory named for the app and version."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    with tarfile.open(partial, "w:gz", compresslevel=6) as archive:
        archive.add(app, arcname=f"{NAME}-{version()}")
    partial.replace(target)  # a half-written archive never looks finished
    return target


def build() -> Path:
    """Build the frozen app into dist/NAME/ and its archive; return the archive."""
    started = time.monotonic()
    began = time.time()
    staged = stage()
    icon = icons.render_platform_icon(BUILD / "icon")
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(staged, icon)]
    subprocess.run(command, check=True, cwd=BUILD)
    frozen = BUILD / "pyinstaller" / NAME
    prune.prune(frozen)
    if sys.platform.startswith("linux"):
        add_desktop_integration(frozen)
    app = DIST / NAME
    shutil.rmtree(app, ignore_errors=True)
    DIST.mkdir(exist_ok=True)
    shutil.copytree(frozen, app, symlinks=True)
    bundle = BUILD / "pyinstaller" / f"{NAME}.app"
    if sys.platform == "darwin" and bundle.is_dir():
        shutil.rmtree(DIST / f"{NAME}.app", ignore_errors=True)
        shutil.copytree(bundle, DIST / f"{NAME}.app", symlinks=True)
        app = DIST / f"{NAME}.app"
    archive = make_archive(app, archive_path())
    # Dated when the sources were read, so an edit made during the build makes it stale.
    os.utime(archive, (began, began))
    print(f"built {app} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return archive


if __name__ == "__main__":
    if sys.argv[1:2] == ["--share"]:  # make install-desktop: only the desktop files
        print(desktop_share(Path(sys.argv[2])))
    else:
        print(build())
