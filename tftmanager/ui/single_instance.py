"""One window per user: a second launch hands its campaign file to the running one.

A double-click on a ``.tftcampaign`` starts ``tftmanager-gui FILE``.  If TFT
Manager is already running for this user (the same data folder), the new
process sends the file's absolute path over a local socket (a Unix socket, a
named pipe on Windows), waits for the running window's "ok", and exits 0; the
running window opens the campaign and comes to the front.  With nothing
listening, or no answer in time, the new process opens its own window.

The message is one line of JSON, ``{"open": ["/abs/path", ...]}`` (an empty
list only raises the window); the answer is ``ok``.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDir, QObject, Qt

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalSocket

    from tftmanager.ui.main_window import MainWindow

CONNECT_MS = 500
ANSWER_MS = 3000
MAX_MESSAGE = 64 * 1024


# Unix sockets' paths are limited to 108 bytes (104 on macOS); keep well inside.
MAX_SOCKET_PATH = 100


def server_name(data_folder: Path, platform: str = sys.platform,
                runtime_dir: str | None = None) -> str:
    """The socket: one per user and data folder (tests and portable copies apart).

    On Unix it is a full path in a folder only this user can write (the
    session's ``XDG_RUNTIME_DIR``, else the data folder), never a guessable
    name in the shared temporary folder, where another user could listen
    first and be handed every campaign path. Windows names a pipe.
    """
    data_folder = data_folder.resolve()
    raw = str(data_folder).encode("utf-8", "surrogateescape")
    # Two checksums from zlib, which is loaded already: hashlib would load OpenSSL
    # before the window shows (a fiftieth of a bare window's start).  The name
    # only keeps one user's data folders apart; it guards no secret.
    digest = f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}"
    name = f"tftmanager-{digest}"
    if platform == "win32":
        return name
    runtime = os.environ.get("XDG_RUNTIME_DIR") if runtime_dir is None else runtime_dir
    if runtime and Path(runtime).is_dir() and len(f"{runtime}/{name}") <= MAX_SOCKET_PATH:
        return str(Path(runtime) / name)
    if len(f"{data_folder}/{name}") <= MAX_SOCKET_PATH:
        return str(data_folder / name)
    private = _private_temp_folder()  # a data folder too deep for a socket's path
    return str((private or data_folder) / name)


def _private_temp_folder() -> Path | None:
    """``/tmp/tftmanager-UID``, made 0700 and checked to be this user's own, or None.

    Used only when the data folder's path is too long for a socket: a folder
    another user made (or a link planted there) is refused, not used.
    """
    if not hasattr(os, "getuid"):
        return None
    folder = Path(QDir.tempPath()) / f"tftmanager-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    own = info.st_uid == os.getuid() and stat.S_ISDIR(info.st_mode)
    return folder if own and not info.st_mode & 0o077 else None


def encode(paths: Sequence[Path]) -> bytes:
    """The one-line message asking the running window to open ``paths``."""
    return json.dumps({"open": [str(p.resolve()) for p in paths]}).encode("utf-8") + b"\n"


def decode(message: bytes) -> list[Path] | None:
    """The paths in a message, or None for anything that is not one."""
    try:
        data = json.loads(message.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    paths = data.get("open") if isinstance(data, dict) else None
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        return None
    return [Path(p) for p in paths]


def nobody_listening(name: str, platform: str = sys.platform) -> bool:
    """True when no window can be listening: on Unix its socket file does not exist.

    QLocalServer makes the socket file (at ``name``, a full path); without it a
    connection cannot succeed, so a first launch need not load QtNetwork
    (about a tenth of the bare window's start-up) before its window shows.
    Windows' named pipes have no such file: there the connection is tried.
    """
    where = Path(name) if Path(name).is_absolute() else Path(QDir.tempPath()) / name
    return platform != "win32" and not where.exists()


def hand_over(name: str, paths: Sequence[Path]) -> bool:
    """Send ``paths`` to a running TFT Manager; True when it answered that it took them."""
    if nobody_listening(name):
        return False
    from PySide6.QtNetwork import QLocalSocket  # noqa: PLC0415 - only if a window may listen

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(CONNECT_MS):
        return False
    socket.write(encode(paths))
    socket.flush()  # may send it all at once, leaving nothing for waitForBytesWritten
    socket.waitForBytesWritten(ANSWER_MS)
    taken = socket.waitForReadyRead(ANSWER_MS) and bytes(socket.readAll().data()).strip() == b"ok"
    socket.disconnectFromServer()
    return taken


class Receiver(QObject):
    """Listens for later launches and passes their paths to ``open_paths``."""

    def __init__(self, name: str, open_paths: Callable[[list[Path]], None],
                 parent: QObject | None = None) -> None:
        from PySide6.QtNetwork import QLocalServer  # noqa: PLC0415 - see nobody_listening

        super().__init__(parent)
        self.open_paths = open_paths
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        if not self.server.listen(name):
            # Nobody answered hand_over, so a socket left by a crashed run is stale.
            QLocalServer.removeServer(name)
            self.server.listen(name)

    def listening(self) -> bool:
        """Whether later launches can reach this window."""
        return self.server.isListening()

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            buffer = bytearray()

            def read(sock: QLocalSocket = socket, buf: bytearray = buffer) -> None:
                buf += bytes(sock.readAll().data())
                if b"\n" not in buf and len(buf) < MAX_MESSAGE:
                    return
                paths = decode(bytes(buf).split(b"\n", 1)[0])
                sock.write(b"ok\n" if paths is not None else b"refused\n")
                sock.flush()
                sock.disconnectFromServer()
                if paths is not None:
                    self.open_paths(paths)

            socket.readyRead.connect(read)
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                read()


def opener(window: MainWindow) -> Callable[[list[Path]], None]:
    """What the running window does with handed-over paths: open the last, come forward."""
    def open_paths(paths: list[Path]) -> None:
        if window.isMinimized():
            window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
        window.show()
        window.raise_()
        window.activateWindow()
        if paths:  # one window holds one campaign: the file double-clicked last wins
            window.open_campaign(paths[-1])

    return open_paths
