"""What the main window remembers between runs, and where it asks for campaign files.

Geometry, dock and splitter state and the recent campaigns live in the
user's settings; file dialogs start in the last folder used, else in the
user's documents (never the folder the app happened to be started from).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, QStandardPaths
from PySide6.QtWidgets import QMainWindow, QSplitter

from tftmanager.app.location import CAMPAIGN_SUFFIX, CampaignLocation, new_campaign_path
from tftmanager.ui import screen_fit

CAMPAIGN_FORMATS = (("TFT Manager campaigns (*.tftcampaign)", CAMPAIGN_SUFFIX),
                    ("All files (*)", ""))
CAMPAIGN_FILTER = ";;".join(f for f, _suffix in CAMPAIGN_FORMATS)
MAX_RECENT = 10
# Fits a 1366 x 768 laptop screen less its panels and title bar, and is wide
# enough for every party column beside the editor and its Derived panel.
DEFAULT_SIZE = (1340, 700)
PARTY_WIDTH = 580  # the party table's share of the default width
EDITOR_LEAST = 670  # the editor's width that shows its fields and Derived panel side by side
# A remembered size below this shows neither the party nor the editor: it was left by
# a window closed before it was ever laid out (or a damaged setting), not chosen.
USABLE = QSize(480, 320)


def first_size(available: QSize | None) -> QSize:
    """The default size, smaller on a screen that cannot hold it, larger on a large one."""
    return screen_fit.opening_size(QSize(*DEFAULT_SIZE), available)


def restore(window: QMainWindow, settings: QSettings) -> None:
    """Put the window back where it was (or give it a sensible first size)."""
    geometry = settings.value("window/geometry")
    restored = geometry is not None and window.restoreGeometry(geometry)
    if not restored or not usable(window.size()):
        window.resize(first_size(screen_fit.available(window)))
    state = settings.value("window/state")
    if state is not None:
        window.restoreState(state)


def usable(size: QSize) -> bool:
    """Whether a remembered window size is one a user could have chosen to work in."""
    return size.width() >= USABLE.width() and size.height() >= USABLE.height()


def restore_splitter(splitter: QSplitter, settings: QSettings) -> None:
    """The party beside the editor, as the user left them (the editor wider at first)."""
    splitter.setStretchFactor(0, 2)
    splitter.setStretchFactor(1, 3)
    state = settings.value("window/splitter")
    if state is not None:
        splitter.restoreState(state)
    else:  # the party's share of the default width, less on a narrow screen
        width = splitter.width() if splitter.width() > 0 else DEFAULT_SIZE[0]
        party = min(round(width * PARTY_WIDTH / DEFAULT_SIZE[0]), width - EDITOR_LEAST)
        splitter.setSizes([party, width - party])


def save(window: QMainWindow, settings: QSettings, splitter: QByteArray | None) -> None:
    """Remember the window, its docks and (once built) the party/editor splitter."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/state", window.saveState())
    if splitter is not None:
        settings.setValue("window/splitter", splitter)


def recent_files(settings: QSettings) -> list[CampaignLocation]:
    """Recently opened campaigns (files and server campaigns), newest first."""
    from tftmanager.ui.runner import free_query  # noqa: PLC0415 - a light module

    value = settings.value("recent", [])
    if isinstance(value, str):
        value = [value]
    return ([free_query(CampaignLocation.parse, text=str(v)) for v in value]
            if isinstance(value, list) else [])


def remember(settings: QSettings, where: CampaignLocation) -> None:
    """Put a campaign at the top of the recent list; it is also the one opened next time.

    What is kept is the location's ``display``: a server's URL never holds the password.
    """
    recent = [where] + [w for w in recent_files(settings) if w.display != where.display]
    settings.setValue("recent", [w.display for w in recent[:MAX_RECENT]])
    settings.setValue("last_campaign", where.display)


def start_folder(settings: QSettings) -> str:
    """Where the user keeps campaigns, for the New and Open dialogs.

    The folder last chosen in one of them, else the last campaign's folder,
    else ~/Campaigns or the documents folder. The app's own data folder (the
    demo campaigns, hidden under the home folder) is never offered: files
    saved there are lost to the user.
    """
    from tftmanager.ui.runner import free_query  # noqa: PLC0415 - a light module

    for key in ("last_folder", "last_campaign"):
        value = settings.value(key)
        where = free_query(CampaignLocation.parse, text=value) if isinstance(value, str) else None
        if where is None or where.file is None:
            continue
        folder = where.file if key == "last_folder" else where.file.parent
        if folder.is_dir() and not is_app_data(folder):
            return str(folder)
    return str(users_folder())


def users_folder() -> Path:
    """~/Campaigns when the user has one, else the documents folder."""
    campaigns = Path.home() / "Campaigns"
    if campaigns.is_dir():
        return campaigns
    return Path(QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation))


def is_app_data(path: Path) -> bool:
    """Whether a path is inside the app's own (hidden) data folder."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return bool(location) and path.resolve().is_relative_to(Path(location).resolve())


def outside_app_data(suggested: Path) -> Path:
    """A file name suggested beside a campaign, moved to the user's folder if that is hidden."""
    return users_folder() / suggested.name if is_app_data(suggested.parent) else suggested


def ask_campaign_path(window: QMainWindow, *, new: bool,
                      settings: QSettings | None = None) -> Path | None:
    """Ask for a campaign file to create (suffix added if missing) or to open."""
    from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415 - made when first asked

    folder = start_folder(settings or QSettings())
    if new:
        name, _ = QFileDialog.getSaveFileName(window, "New Campaign", folder, CAMPAIGN_FILTER)
    else:
        name, _ = QFileDialog.getOpenFileName(window, "Open Campaign", folder, CAMPAIGN_FILTER)
    if not name:
        return None
    if settings is not None:
        settings.setValue("last_folder", str(Path(name).parent))
    from tftmanager.ui.runner import free_query  # noqa: PLC0415 - a light module

    return free_query(new_campaign_path, text=name) if new else Path(name)


def data_folder() -> Path:
    """Where the app keeps its own files (the demo campaigns, backups)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    folder = Path(location)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
