"""Linux desktop integration: validated files, icons at every size, the campaign file type.

``scripts/system-deps.sh`` (run by ``make``) installs desktop-file-utils,
appstream and shared-mime-info, so on Linux these run rather than skip.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.distribution.builds import ROOT, build_dist, clean_env

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="freedesktop integration is for Linux desktops")

ID = build_dist.APP_ID
PACKAGING = ROOT / "packaging"
INSTALL = PACKAGING / "install-desktop.sh"
MIME_OF = """
import sys
from PySide6.QtCore import QMimeDatabase
db = QMimeDatabase()
for path in sys.argv[1:]:
    print(db.mimeTypeForFile(path).name())
"""


def checked(*args: str | Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True,
                            check=False, env=env, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


@pytest.fixture(scope="module")
def installed(qapp, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The desktop files installed into a scratch prefix for an app in "/opt/TFT Manager".

    ``qapp`` first: the icons are painted, and a QGuiApplication made for them
    would leave later widget tests without their QApplication.
    """
    root = tmp_path_factory.mktemp("desktop")
    share = build_dist.desktop_share(root / "staged")
    checked("sh", INSTALL, "--share", share, "--prefix", root / "prefix",
            "--exec", "/opt/TFT Manager/TFTManager")
    return root / "prefix" / "share"


def test_the_desktop_entry_is_valid() -> None:
    checked("desktop-file-validate", PACKAGING / f"{ID}.desktop")


def test_the_metainfo_is_valid_and_shows_the_readme_screenshots() -> None:
    metainfo = PACKAGING / f"{ID}.metainfo.xml"
    checked("appstreamcli", "validate", "--no-net", metainfo)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = metainfo.read_text(encoding="utf-8")
    shots = [line.split("/docs/")[1].split("<")[0] for line in text.splitlines()
             if "<image>" in line]
    assert len(shots) >= 3
    for name in shots:
        assert f"(docs/{name})" in readme, name
        assert (ROOT / "docs" / name).is_file(), name


def test_the_icon_is_rendered_at_every_hicolor_size(qapp, tmp_path: Path) -> None:
    written = build_dist.icons.render_hicolor(tmp_path)
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        image = QImage(str(tmp_path / "hicolor" / f"{size}x{size}" / "apps" / f"{ID}.png"))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(0, 0).alpha() == 0  # rounded corner: transparent
        assert image.pixelColor(size // 2, size // 2).alpha() == 255
    assert tmp_path / "hicolor" / "scalable" / "apps" / f"{ID}.svg" in written


def test_the_installed_entry_runs_the_app_with_the_file_double_clicked(installed: Path) -> None:
    entry = installed / "applications" / f"{ID}.desktop"
    checked("desktop-file-validate", entry)
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert 'Exec="/opt/TFT Manager/TFTManager" %f' in lines
    assert "TryExec=/opt/TFT Manager/TFTManager" in lines
    assert "MimeType=application/x-tftcampaign;" in lines
    checked("appstreamcli", "validate", "--no-net", installed / "metainfo" / f"{ID}.metainfo.xml")
    for size in ("16x16", "48x48", "256x256", "512x512"):
        assert (installed / "icons" / "hicolor" / size / "apps" / f"{ID}.png").is_file()


def test_a_campaign_is_known_by_its_name_and_by_its_content(installed: Path,
                                                            tmp_path: Path) -> None:
    from tftmanager.app.campaigns import new_campaign

    assert "application/x-tftcampaign:*.tftcampaign" in (
        installed / "mime" / "globs2").read_text(encoding="utf-8")
    campaign = tmp_path / "party.tftcampaign"
    new_campaign(path=campaign, demo=True).close()
    renamed = tmp_path / "party-sent-by-mail"
    renamed.write_bytes(campaign.read_bytes())
    other = tmp_path / "other.sqlite"
    other.write_bytes(b"SQLite format 3\x00" + bytes(84))
    env = clean_env(tmp_path)
    env["XDG_DATA_DIRS"] = f"{installed}:/usr/local/share:/usr/share"
    kinds = checked(sys.executable, "-c", MIME_OF, campaign, renamed, other, env=env)
    assert kinds.split()[:3] == ["application/x-tftcampaign", "application/x-tftcampaign",
                                 "application/vnd.sqlite3"]


def test_uninstall_removes_what_install_put_there(qapp, tmp_path: Path) -> None:
    share = build_dist.desktop_share(tmp_path / "staged")
    prefix = tmp_path / "prefix"
    checked("sh", INSTALL, "--share", share, "--prefix", prefix, "--exec", "tftmanager-gui")
    checked("sh", INSTALL, "--uninstall", "--prefix", prefix)
    left = [p for p in (prefix / "share").rglob(f"{ID}*") if p.is_file()]
    assert left == []
