"""Render the app icon (one SVG) to the PNG sizes desktops look for, and to .ico/.icns.

Run at build time (``make dist``, ``make install-desktop``) so the SVG stays the
only icon kept in the repository.  Usage::

    python packaging/icons.py OUT_DIR      # OUT_DIR/hicolor/NxN/apps/ID.png ...
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent
APP_ID = "io.github.tftmanager.TFTManager"
SVG = HERE / f"{APP_ID}.svg"
# The hicolor sizes of the freedesktop icon theme spec that desktops ask for.
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def _application() -> None:
    """A QGuiApplication (painting needs one), offscreen unless a platform is set."""
    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication([sys.argv[0]])


def render(size: int) -> QImage:
    """The icon as a size x size QImage with a transparent background."""
    _application()
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(SVG)).render(painter)
    painter.end()
    return image


def render_hicolor(out: Path) -> list[Path]:
    """Write ``out/hicolor/NxN/apps/ID.png`` for every size and the scalable SVG."""
    written = []
    for size in SIZES:
        target = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not render(size).save(str(target), "PNG"):
            raise OSError(f"could not write {target}")
        written.append(target)
    scalable = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(SVG.read_bytes())
    written.append(scalable)
    return written


def render_platform_icon(out: Path, platform: str = sys.platform) -> Path | None:
    """The executable's icon: .ico on Windows, .icns on macOS.

    None elsewhere, or when Qt's image plugin cannot write the format (the app
    then builds with PyInstaller's own icon rather than failing).
    """
    kind = {"win32": "ico", "darwin": "icns"}.get(platform)
    if kind is None:
        return None
    target = out / f"{APP_ID}.{kind}"
    target.parent.mkdir(parents=True, exist_ok=True)
    ok = render(256).save(str(target), kind.upper())
    return target if ok else None


if __name__ == "__main__":
    for path in render_hicolor(Path(sys.argv[1])):
        print(path)
