"""The table server's HTTP API as the desktop window uses it: the view, its stream, actions.

One :class:`TableClient` per joined link, over httpx.  Every way a request
can go wrong becomes one line the player reads (a refusal subclass): the
server cannot be reached, the link opens nothing, the campaign is closed,
the answer is not a table server's.  Nothing here decides what a player may
do: an action is sent as the phone page sends it (JSON, the run's CSRF
token, a nonce so that a resent request is done once) and the server's
answer is reported word for word.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from tftmanager import __version__
from tftmanager.refusal import Refusal
from tftmanager.tableclient.invitation import Invitation
from tftmanager.tableclient.wire import (
    NotUnderstood,
    PlayerView,
    first_upper,
    message_of,
    read_view,
)

CONNECT_SECONDS = 5.0
ANSWER_SECONDS = 10.0
# The server pings an open stream every 15 s: a silence this long means the line is dead.
STREAM_SILENCE_SECONDS = 40.0
MAX_EVENT_BYTES = 2_000_000  # far past any card; a server sending more is not a table server


class Unreachable(Refusal, OSError):
    """The table server cannot be reached now (stopped, restarting, the network down)."""


class WrongLink(Refusal, LookupError):
    """The server answered that the link opens nothing (mistyped, renewed or revoked)."""


class Gone(Refusal, OSError):
    """The campaign behind the server was closed or moved; the GM can open it again."""


@dataclass(frozen=True)
class Event:
    """One server-sent event: its name and its data."""

    name: str
    data: str


@dataclass(frozen=True)
class Answer:
    """The server's answer to an action, in the player's words."""

    ok: bool
    message: str
    replayed: bool = False  # "already received": the same request (nonce) was done before
    stale_token: bool = False  # the token is from before a restart: fetch the new one


class TableClient:
    """The API of one table server, for one invitation."""

    def __init__(self, invitation: Invitation, *, http: httpx.Client | None = None) -> None:
        self.invitation = invitation
        self.http = http or httpx.Client(
            timeout=httpx.Timeout(ANSWER_SECONDS, connect=CONNECT_SECONDS),
            headers={"User-Agent": f"TFT-Manager/{__version__}"}, follow_redirects=False)
        self._open: httpx.Response | None = None
        self._lock = threading.Lock()

    @property
    def where(self) -> str:
        """The server, as messages name it."""
        return f"the server at {self.invitation.host}"

    def _unreachable(self, exc: httpx.HTTPError) -> Unreachable:
        if isinstance(exc, httpx.TimeoutException):
            why = "it did not answer in time"
        elif isinstance(exc, httpx.ConnectError):
            why = "nothing answers there"
        else:
            why = "the connection dropped"
        return Unreachable(f"Cannot reach {self.where} ({why}).")

    def _refused(self, status: int, body: bytes) -> Refusal:
        """What a failed answer to a read means: a wrong link, a closed campaign, or not ours."""
        data: Any = None
        with contextlib.suppress(ValueError, RecursionError):
            data = json.loads(body)
        if isinstance(data, dict) and data.get("ok") is False:
            message = message_of(body, "")
            if status == 404 and message:
                return WrongLink(message)
            if status == 503 and data.get("gone") and message:
                return Gone(message)
        if status in (429, 502, 503, 504):
            return Unreachable(message_of(body, f"{first_upper(self.where)} is busy or "
                                                "restarting."))
        return NotUnderstood(f"{first_upper(self.where)} did not answer as a TFT Manager "
                             "table server: is the link right?")

    def view(self) -> tuple[PlayerView, str]:
        """The character's view now, and this run's token for actions."""
        try:
            answer = self.http.get(f"{self.invitation.player_base}/view.json")
        except httpx.HTTPError as exc:
            raise self._unreachable(exc) from None
        if answer.status_code != 200:
            raise self._refused(answer.status_code, answer.content)
        view = read_view(answer.content, where=self.where)
        token = answer.json().get("token")
        if not isinstance(token, str) or not token.isascii() or len(token) > 200:
            raise NotUnderstood(f"{first_upper(self.where)} sent no token for actions.")
        return view, token

    @contextlib.contextmanager
    def events(self) -> Iterator[Iterator[Event]]:
        """The live stream, open: its events as they come (ends when the server ends it).

        A dropped line while reading raises :class:`Unreachable`.
        """
        timeout = httpx.Timeout(STREAM_SILENCE_SECONDS, connect=CONNECT_SECONDS)
        try:
            with self.http.stream("GET", f"{self.invitation.player_base}/events.json",
                                  timeout=timeout,
                                  headers={"Accept": "text/event-stream"}) as response:
                if response.status_code != 200:
                    raise self._refused(response.status_code, _head(response))
                kind = response.headers.get("content-type", "").split(";")[0].strip()
                if kind != "text/event-stream":
                    raise NotUnderstood(f"{first_upper(self.where)} did not answer as a TFT "
                                        "Manager table server: is the link right?")
                with self._lock:
                    self._open = response
                try:
                    yield self._read(response)
                finally:
                    with self._lock:
                        self._open = None
        except httpx.HTTPError as exc:
            raise self._unreachable(exc) from None

    def _read(self, response: httpx.Response) -> Iterator[Event]:
        name, size = "", 0
        data: list[str] = []
        for line in _lines(response):
            size += len(line)
            if size > MAX_EVENT_BYTES:
                raise NotUnderstood(f"{first_upper(self.where)} sent an event far too large "
                                    "for a table server's.")
            if not line:
                if data or name:
                    yield Event(name or "message", "\n".join(data))
                name, data, size = "", [], 0
            elif line.startswith(":"):
                continue  # a ping
            else:
                field, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if field == "event":
                    name = value
                elif field == "data":
                    data.append(value)

    def interrupt(self) -> None:
        """End the open stream now, from any thread (the window is closing)."""
        with self._lock:
            response = self._open
        stream = response.extensions.get("network_stream") if response is not None else None
        sock = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def act(self, fields: dict[str, str], token: str) -> Answer:
        """Send one action (its nonce in ``fields``); the server's answer.

        Raises :class:`Unreachable` when no answer came: the request may or may
        not have arrived, so the caller sends the same one (same nonce) again.
        """
        try:
            answer = self.http.post(f"{self.invitation.player_base}/act", json=fields,
                                    headers={"X-CSRF-Token": token})
        except httpx.HTTPError as exc:
            raise self._unreachable(exc) from None
        body = answer.content
        data: Any = None
        with contextlib.suppress(ValueError, RecursionError):
            data = json.loads(body)
        if answer.status_code == 403:
            return Answer(False, message_of(body, "Refused."), stale_token=True)
        if isinstance(data, dict) and isinstance(data.get("ok"), bool):
            if answer.status_code == 404 and not data["ok"]:
                raise WrongLink(message_of(body, "This link opens nothing."))
            if answer.status_code == 503 and data.get("gone"):
                raise Gone(message_of(body, "The campaign is not open."))
            return Answer(data["ok"], message_of(body, "Done." if data["ok"] else "Refused."),
                          replayed=data.get("replayed") is True)
        if answer.status_code in (429, 502, 503, 504):
            raise Unreachable(message_of(body, f"{first_upper(self.where)} is busy."))
        raise NotUnderstood(f"{first_upper(self.where)} did not answer as a TFT Manager "
                            "table server: is the link right?")

    def close(self) -> None:
        """Let go of the connections."""
        self.interrupt()
        self.http.close()


def _head(response: httpx.Response, limit: int = 65_536) -> bytes:
    """The start of a refused stream's body (enough for its message, never all of it)."""
    got = b""
    for chunk in response.iter_bytes():
        got += chunk
        if len(got) >= limit:
            break
    return got[:limit]


def _lines(response: httpx.Response) -> Iterator[str]:
    """The stream's lines, each cut at ``MAX_EVENT_BYTES`` so a line without end cannot grow."""
    pending = b""
    for chunk in response.iter_bytes():
        pending += chunk
        while True:
            cut = pending.find(b"\n")
            if cut < 0:
                break
            line, pending = pending[:cut], pending[cut + 1:]
            yield line.rstrip(b"\r").decode("utf-8", "replace")
        if len(pending) > MAX_EVENT_BYTES:
            yield pending.decode("utf-8", "replace")  # counted, and refused, by _read
            pending = b""
