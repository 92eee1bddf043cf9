"""How many connections one address may hold open at once.

uvicorn reads a request's head with no time limit and accepts every
connection: a player on the network who opens thousands of sockets and
sends half a request on each ("slowloris", a ten-line script) used up the
server's file descriptors (1,024 by default on Linux, 256 on macOS), and
every other phone, the GM's page included, got nothing until they stopped.
The request rates of ``security.Guard`` never see such a connection: it
never finishes a request.

So each address may hold ``MAX_PER_ADDRESS`` connections; one more is
closed as it is accepted (a phone uses two or three: its page, its event
stream, an action).  This computer's own addresses are not counted: the
host is trusted, a TLS proxy in front of the server connects from there
(and holds its own limits), and so do the benchmarks' simulated players.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_PER_ADDRESS = 64
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
_LOG = logging.getLogger("tftmanager.tableserver")
_SAID_EVERY = 60.0  # seconds between log lines about one address


def capped_protocol(limit: int = MAX_PER_ADDRESS,
                    exempt: frozenset[str] = LOOPBACK) -> type[H11Protocol]:
    """The HTTP protocol of uvicorn, closing an address's connections past ``limit``.

    Each call makes a class with its own count (one per server), so two
    servers in one process (tests, the window's and a command's) never share.
    """
    held: Counter[str] = Counter()
    said: dict[str, float] = {}

    class Capped(H11Protocol):
        counted: str | None = None
        refused = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer: Any = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else None
            if address is not None and address not in exempt:
                if held[address] >= limit:
                    _refuse(address, limit, said)
                    self.refused = True
                    transport.abort()
                    return
                held[address] += 1
                self.counted = address
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.counted is not None:
                held[self.counted] -= 1
                if held[self.counted] <= 0:
                    del held[self.counted]
                self.counted = None
            if not self.refused:  # a refused one never reached uvicorn
                super().connection_lost(exc)

    return Capped


def _refuse(address: str, limit: int, said: dict[str, float]) -> None:
    now = time.monotonic()
    if now - said.get(address, -_SAID_EVERY) >= _SAID_EVERY:
        said[address] = now
        _LOG.warning("%s holds %s connections already: more are closed as they come",
                     address, limit)
