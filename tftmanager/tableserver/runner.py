"""Running the table server: in the foreground (``tftmanager table-server``) or in a thread.

It listens on this computer only (127.0.0.1) unless the GM asks for the local
network; then it binds every address and names the one players' phones can
reach.  uvicorn's access log is off: a page's address holds its secret.
The window runs it in a thread (``TableServerThread``) over its own open
store, so the window and the pages share one lock and one journal.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass

import uvicorn

from tftmanager.app.campaigns import Campaign
from tftmanager.app.player_links import PlayerLink
from tftmanager.tableserver.connections import LOOPBACK, MAX_PER_ADDRESS, capped_protocol
from tftmanager.tableserver.routes import create_app

DEFAULT_PORT = 8765
LOCAL = "127.0.0.1"
EVERYWHERE = "0.0.0.0"  # only with --lan, which the GM chooses


@dataclass(frozen=True)
class Address:
    """Where the pages are: the base URL players' links start with, and the GM's page."""

    base: str
    gm_secret: str

    def player_url(self, link: PlayerLink) -> str:
        """A player's invitation link (what their QR code holds)."""
        return f"{self.base}/p/{link.secret}"

    @property
    def gm_url(self) -> str:
        """The GM's read-only page."""
        return f"{self.base}/gm/{self.gm_secret}"


def lan_address() -> str:
    """The address of this computer on the local network (no packet is sent to learn it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing decides, nothing is sent
            return str(probe.getsockname()[0])
        except OSError:
            return LOCAL


def bind(*, lan: bool, port: int) -> socket.socket:
    """A listening socket: the port asked for, or (when it is taken) any free one."""
    host = EVERYWHERE if lan else LOCAL
    for wanted in (port, 0):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, wanted))
        except OSError:
            sock.close()
            if wanted == 0:
                raise
            continue
        sock.listen(128)
        return sock
    raise OSError("no port")  # pragma: no cover - the loop returns or raises


class TableServer:
    """One table server over an open campaign, ready to serve on its socket."""

    def __init__(self, store: Campaign, *, lan: bool = False, port: int = DEFAULT_PORT,
                 gm_secret: str | None = None,
                 on_change: Callable[[int, str], None] | None = None,
                 connection_cap: int = MAX_PER_ADDRESS,
                 exempt: frozenset[str] = LOOPBACK) -> None:
        self.socket = bind(lan=lan, port=port)
        bound = self.socket.getsockname()[1]
        name = lan_address() if lan else LOCAL
        hosts = (LOCAL, "localhost", name)
        self.app = create_app(store=store, gm_secret=gm_secret, hosts=hosts,
                              on_change=on_change)
        self.address = Address(f"http://{name}:{bound}", self.app.state.table.gm_secret)
        config = uvicorn.Config(self.app, access_log=False, log_level="warning",
                                timeout_graceful_shutdown=2, lifespan="on",
                                http=capped_protocol(connection_cap, exempt))
        self.server = uvicorn.Server(config)

    def serve(self) -> None:
        """Serve until Ctrl+C (or ``stop``)."""
        try:
            asyncio.run(self.server.serve(sockets=[self.socket]))
        finally:
            self.socket.close()

    def stop(self) -> None:
        """Ask the server to finish (safe from any thread); open pages are told first."""
        self.app.state.table.closing = True
        self.app.state.table.news.poke()
        self.server.should_exit = True

    def changed(self) -> None:
        """The window changed the campaign: the pages update at once, not at the next look."""
        self.app.state.table.news.poke()


class TableServerThread(threading.Thread):
    """The table server in a thread of the window's process (Campaign > Players' View)."""

    def __init__(self, server: TableServer) -> None:
        super().__init__(name="table-server", daemon=True)
        self.table = server

    def run(self) -> None:
        """Serve until stopped."""
        self.table.serve()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving and wait for the thread."""
        self.table.stop()
        self.join(timeout)
