"""The composition root of the desktop app: build the window, paint, then load.

The window is shown before the campaign store (sqlmodel, SQLAlchemy) is even
imported; the party and then the editor appear from a read-only look at the
file (the preview), and the campaign opens after the editor's first paint.
A campaign reopened as it was left shows its party first from the rows kept
from the last run (``app.kept_party``), before any rule is imported; the
menus' entries, the app's style and the input guard follow the party.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from tftmanager import APP_NAME, ORG_NAME
from tftmanager.app.location import CampaignLocation
from tftmanager.collector import collector_paused, keep_for_good, paused_for_start_up
from tftmanager.ui import main_panels, single_instance, smoke
from tftmanager.ui.import_scan import skip_source_scan
from tftmanager.ui.window_state import data_folder

if TYPE_CHECKING:
    from tftmanager.ui.main_window import MainWindow

DESKTOP_ID = "io.github.tftmanager.TFTManager"
DEMO_FILE = "Demo Campaign.tftcampaign"
FUSION = ("-style", "Fusion")  # Qt's own option: no Python class of QStyle made for it
JOIN = "--join"  # tftmanager --join LINK: a player's window for the GM's invitation link
_STARTED = time.perf_counter()


def configure_application(app: QApplication, *, guard_input: bool = True,
                          framed: bool = True) -> None:
    """Names (for QSettings and QStandardPaths) and style; the bundled fonts load when printing.

    ``guard_input=False`` leaves the input guard to the caller (start-up installs
    it once the editor is on screen), and ``framed=False`` the app's own style
    (``install_style``): start-up gives the application plain Fusion until the
    party is on screen (``QApplication`` made with ``-style Fusion``).
    """
    app.setOrganizationName(ORG_NAME)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    QGuiApplication.setDesktopFileName(DESKTOP_ID)
    if framed:
        install_style(app)
    if guard_input:
        install_input_guard(app)  # the wheel over an unfocused box scrolls; Tab leaves tables


def install_style(app: QApplication) -> None:
    """Fusion (it follows the system light/dark scheme) with visible check boxes (once).

    Start-up installs it after the party is on screen, before the editor (the
    first check boxes): the style's Python class makes PySide6 build every
    enum of ``QStyle`` (about a tenth of a bare window's start), and the party
    table is drawn the same by plain Fusion, which the application starts with.
    """
    from tftmanager.ui import style  # noqa: PLC0415 - see above

    style.apply(app)


def install_input_guard(app: QApplication) -> None:
    """The input guard (``ui.input_guard``), installed once, after the style; imported only then.

    Its module names ``QEvent``, whose Python types PySide6 makes (about a
    fiftieth of a bare window's start) when first named: after the party shows.
    """
    from tftmanager.ui import input_guard  # noqa: PLC0415 - see above

    install_style(app)  # the guard hears of new boxes from the app's style
    input_guard.install(app)


def first_campaign(settings: QSettings, argv: list[str]) -> tuple[Path, bool]:
    """The campaign to open: the one named, the last one, or a fresh demo copy.

    Returns the path and whether it must be created as the demo.
    """
    from tftmanager.ui.runner import free_query  # noqa: PLC0415 - a light module

    if argv:
        return Path(argv[0]), False
    last = settings.value("last_campaign")  # a file, or a server campaign (opened elsewhere)
    where = free_query(CampaignLocation.parse, text=last) if isinstance(last, str) else None
    if where is not None and where.file is not None and where.file.exists():
        return where.file, False
    demo = data_folder() / DEMO_FILE
    return demo, not demo.exists()


def start_log(notes: list[str] | None = None) -> None:
    """The log of actions, refusals and bugs (Help > Show Log Folder), before any action.

    Start-up sets it up once the editor is on screen (its logging modules
    took about a twentieth of the start to the party), before any input is
    read; ``notes`` are what start-up noted before (why the party's kept copy
    was not used), written then and emptied.
    """
    from tftmanager import activity_log  # noqa: PLC0415 - after the first paint

    activity_log.configure()
    for note in notes or ():
        activity_log.LOGGER.info(note)
    if notes:
        notes.clear()


def install_crash_hook(parent: QWidget) -> None:
    """A bug in a slot shows one dialog naming its crash report, not a console traceback.

    What writes the report is imported when a bug happens, not at start-up.
    """

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        from tftmanager import activity_log  # noqa: PLC0415 - see above
        from tftmanager.crash import write_crash_report  # noqa: PLC0415
        from tftmanager.ui import dialogs  # noqa: PLC0415

        path = write_crash_report("gui", sys.argv, exc.with_traceback(tb),
                                  activity_log.recent_actions())
        activity_log.crashed("A window", time.perf_counter(), exc, path)
        where = f"The details are in {path}." if path else "No crash report could be written."
        dialogs.error(parent, "Unexpected Error",
                      f"TFT Manager hit an unexpected error ({kind.__name__}). {where} "
                      "Please report it. Changes made before it were saved.")

    sys.excepthook = hook


# Qt platforms that draw without a display server (tests, screenshots, VNC).
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay")


def missing_display(environ: Mapping[str, str], platform: str = sys.platform) -> str:
    """Why the GUI cannot start here, in one line ("" when it can).

    Without a display Qt aborts the process (exit 134) with a page about
    plugins; checked before the QApplication exists, the user reads what is
    missing and what to do instead.  Only Linux and the other X11/Wayland
    systems need a display server; macOS and Windows always have one.
    """
    if platform in ("darwin", "win32", "cygwin"):
        return ""
    qpa = environ.get("QT_QPA_PLATFORM", "").split(":")[0].strip().lower()
    if qpa in HEADLESS_PLATFORMS:
        return ""
    if qpa.startswith("wayland") and environ.get("WAYLAND_DISPLAY"):
        return ""
    if qpa.startswith("xcb") and environ.get("DISPLAY"):
        return ""
    if not qpa and (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        return ""
    if qpa:
        needs = "WAYLAND_DISPLAY" if qpa.startswith("wayland") else "DISPLAY"
        wanted = f"QT_QPA_PLATFORM={qpa} needs {needs}, which is not set"
    else:
        wanted = "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return (f"tftmanager: no display to open the window on ({wanted}); run it in a "
            "desktop session, or use the commands (tftmanager --help).")


def main(argv: list[str] | None = None) -> int:
    """Start the desktop app (exit 2 with one line when there is no display)."""
    args = list(sys.argv[1:] if argv is None else argv)
    paused_for_start_up()  # tftmanager-gui starts here
    if QApplication.instance() is None:
        missing = missing_display(os.environ)
        if missing:
            print(missing, file=sys.stderr)
            return 2
    app = QApplication.instance() or QApplication([sys.argv[0], *FUSION, *args])
    assert isinstance(app, QApplication)
    from tftmanager.cards.none_refcount import keep_none_alive  # noqa: PLC0415
    from tftmanager.ui.runner import free_query  # noqa: PLC0415 - a light module

    keep_none_alive()  # a guard against a PySide6 release that leaks None
    skip_source_scan()  # the storage layer is imported after Qt: spare reading its sources
    configure_application(app, guard_input=False, framed=False)  # both once the party shows
    if args and args[0] == JOIN:  # a player's window: no campaign, no main window
        install_input_guard(app)  # no editor to wait for: the guard and the log now
        start_log()
        return join(app, args[1:])
    probe = os.environ.get("TFTMANAGER_STARTUP_PROBE")
    smoke_test = smoke.wanted(args, os.environ)
    named = [free_query(CampaignLocation.parse, text=a) for a in args if not a.startswith("-")]
    urls = [w for w in named if w.is_server]  # server campaigns: no file, so no hand-over
    paths = [w.path for w in named if not w.is_server]
    alone = bool(probe) or smoke_test or bool(urls)  # these starts stand alone
    instance = single_instance.server_name(data_folder())
    if not alone and single_instance.hand_over(instance, paths):
        return 0  # the running window took the campaign
    from tftmanager.ui.main_window import MainWindow  # noqa: PLC0415 - after the app exists

    settings = QSettings()
    window = MainWindow(settings, menus_later=True)  # filled once the party is shown
    install_crash_hook(window)
    if not alone:
        single_instance.Receiver(instance, single_instance.opener(window), parent=window)
    if smoke_test:
        smoke.arm_time_limit()
    window.show()
    window.repaint()  # the first paint, before anything else is loaded
    shown = time.perf_counter() - _STARTED
    keep_for_good()
    if probe == "shown":  # make bench: stop at the first shown window
        print(f"shown {shown:.4f}", flush=True)
        window.close()
        return 0

    loader = _Loader(window, app, settings, paths, probe, smoke_test, shown,
                     server_url(settings, urls, paths))
    QTimer.singleShot(0, loader.load)
    return app.exec()


def join(app: QApplication, args: list[str]) -> int:
    """``tftmanager --join LINK``: the player's window for the GM's invitation link alone.

    A link that is not one is refused in one line (exit 2), before any window.
    """
    from tftmanager.tableclient.invitation import Invitation, LinkNotUnderstood  # noqa: PLC0415
    from tftmanager.ui.player_window import open_player_window  # noqa: PLC0415
    from tftmanager.ui.runner import free_check  # noqa: PLC0415

    keep_for_good(started=True)  # the collector, paused for start-up, runs again
    read = free_check(Invitation.parse, answers=(LinkNotUnderstood,),
                      text=args[0] if args else "")
    if read.value is None:
        refusal = read.refusal.message if read.refusal is not None else ""
        print(f"tftmanager --join: {refusal}", file=sys.stderr)
        return 2
    window = open_player_window(read.value)
    install_crash_hook(window)
    return app.exec()


def server_url(settings: QSettings, urls: list[CampaignLocation],
               paths: list[Path]) -> str | None:
    """The server campaign to open at start: the one named, else the last one used."""
    from tftmanager.ui.runner import free_query  # noqa: PLC0415 - a light module

    last = settings.value("last_campaign")
    if urls:
        return urls[0].url
    return (free_query(CampaignLocation.parse, text=last).url
            if not paths and isinstance(last, str)
            else None)


def _open_fully(window: MainWindow, app: QApplication, path: Path, create: bool) -> bool:
    """Open (or create the demo) without a preview, as any open; whether it opened."""
    window.fill_menus()
    install_input_guard(app)  # a dialog of the open may have a combo box
    start_log(window.start_notes)
    try:
        done = window.new_campaign(path, demo=True) if create else window.open_campaign(path)
        if not done and window.session is None:
            main_panels.drop_preview(window)
        window.ensure_panels()
    finally:
        keep_for_good(started=True)
    return done



class _Loader:
    """After the first paint: party and editor from the preview, then the open.

    Each step is queued on the event loop after the one before it has painted,
    so the window answers between them; ``probe`` (make bench) stops at a stage.
    """

    def __init__(self, window: MainWindow, app: QApplication, settings: QSettings,
                 paths: list[Path], probe: str | None, smoke_test: bool, shown: float,
                 url: str | None = None) -> None:
        self.window, self.app, self.settings, self.paths = window, app, settings, paths
        self.probe, self.smoke_test, self.shown, self.url = probe, smoke_test, shown, url
        window.signals.party_kept.connect(lambda _why: self.report("kept"))  # bench's warm start

    def report(self, stage: str) -> None:
        """For make bench: print the time to a stage and quit, when asked to stop there."""
        if self.probe == stage:
            print(f"shown {self.shown:.4f} {stage} {time.perf_counter() - _STARTED:.4f}",
                  flush=True)
            self.window.close()
            QTimer.singleShot(0, self.app.quit)

    def load(self) -> None:
        try:
            self.show_party()
        except BaseException:
            keep_for_good(started=True)
            raise

    def show_party(self) -> None:
        # The bundled fonts are not loaded here: only the cards, sheets and PDFs
        # use them, and they load them when first asked (about 15 ms of start-up).
        window = self.window
        window.backup_root = data_folder() / "backups"
        if self.url is not None:  # a server campaign: no preview (no file), asked if refused
            window.fill_menus()
            install_input_guard(self.app)
            start_log()
            window.ensure_panels()
            url = self.url
            QTimer.singleShot(0, lambda: self.opened(window.server.open_url(url)))
            return
        path, create = first_campaign(self.settings, [str(p) for p in self.paths])
        if not create and main_panels.show_kept_party(window, path):
            self.party_shown()  # as kept from the last run: no rule loaded yet
            if self.probe != "party":
                QTimer.singleShot(0, lambda: self.look(path))
        else:
            self.look(path, create=create)

    def party_shown(self) -> None:
        self.window.repaint()  # the party on screen while the rules or the store load
        keep_for_good()
        self.report("party")

    def look(self, path: Path, *, create: bool = False) -> None:
        """The file read as it is now (its rows replace any kept ones), then the editor."""
        window = self.window
        kept = window.kept_rows is not None
        if not create and main_panels.show_preview(window, path):
            if not kept:
                self.party_shown()
                if self.probe == "party":
                    return
            window.fill_menus()  # after the party's paint; their shortcuts work from now
            QTimer.singleShot(0, self.show_editor)
        else:
            self.opened(_open_fully(window, self.app, path, create))

    def show_editor(self) -> None:
        install_style(self.app)  # before the editor's check boxes
        if main_panels.show_preview_editor(self.window):
            # Lay the editor out before painting it: its wrapped labels get their
            # heights only then, and this frame stays while the store loads.
            self.app.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
            self.window.repaint()
            install_input_guard(self.app)  # before any input is read
            keep_for_good(started=True)
            self.report("editor")
            if self.probe == "editor":
                return
        start_log(self.window.start_notes)
        QTimer.singleShot(0, self.load_store)  # the store loads after the editor's first paint

    def load_store(self) -> None:
        with collector_paused():  # the storage layer's modules live until the app quits
            main_panels.open_preview_now(self.window)
        keep_for_good(started=True)
        self.opened(self.window.session is not None)

    def opened(self, _done: bool) -> None:
        install_input_guard(self.app)  # (once) if not yet: before any input is read
        keep_for_good(started=True)
        for stage in ("party", "editor", "loaded"):  # make bench's stages; without a preview, all
            self.report(stage)
        if self.smoke_test and not self.probe:
            smoke.finish(self.window, self.app)
