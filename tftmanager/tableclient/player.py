"""A joined table: the live stream kept open, and the player's actions sent exactly once.

Two threads per joined link, as the phone page's script does it:

- the **listener** keeps ``events.json`` open: each ``view`` is the card as
  it is now, each ``token`` the run's token for actions; when the stream
  drops (the network, a restart, the campaign closed) it says so in one line
  and connects again, waiting a little longer each time; a link that opens
  nothing (revoked, renewed, mistyped) or a server that is not a table
  server ends it, in one line;
- the **sender** sends the player's actions in order, each with its own
  nonce: an answer lost on the way is asked again with the same nonce (the
  server answers "already received" if the first got through, so it is
  done once), up to three times, and then waits for the connection to come
  back and sends it again, still once.

What happens is told to a :class:`Reports` (the window), from these threads.
"""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Callable
from typing import Protocol

from tftmanager.refusal import Refusal
from tftmanager.tableclient.connection import Answer, Gone, TableClient, Unreachable, WrongLink
from tftmanager.tableclient.wire import NotUnderstood, PlayerView, read_view

# Waits before connecting again (seconds): a restarting server comes back in a moment.
RECONNECT_WAITS = (1.0, 2.0, 3.0, 5.0)
# After a dropped action: tries at once, then after these waits; then it waits for the stream.
RESEND_WAITS = (0.7, 1.4)
PENDING_WAIT = 3.0
LOST = ("The connection dropped: your change will be sent when it is back (never twice).")
DONE_BEFORE = "Done."
DROPPED = "The connection to {where} dropped; reconnecting…"
AGAIN = "Connected again."


class Reports(Protocol):
    """Who hears what the table says (called from the client's threads)."""

    def viewed(self, view: PlayerView) -> None:
        """The card as it is now."""

    def said(self, line: str, *, trouble: bool) -> None:
        """One line about the connection (``trouble``: it is down and being mended)."""

    def answered(self, action: dict[str, str], answer: Answer) -> None:
        """The server's answer to one action (a refusal is ``ok=False``)."""

    def ended(self, line: str) -> None:
        """The link opens nothing here: no more reconnecting (one line says why)."""

    def broke(self, what: str, exc: BaseException) -> None:
        """A fault of ours stopped ``what`` (a thread): a bug to report, not a refusal."""


class JoinedTable:
    """The listener and the sender for one invitation."""

    def __init__(self, client: TableClient, reports: Reports, *,
                 reconnect_waits: tuple[float, ...] = RECONNECT_WAITS) -> None:
        self.client = client
        self.reports = reports
        self.reconnect_waits = reconnect_waits
        self.token = ""
        self.stopping = threading.Event()
        self._token_came = threading.Event()
        self._hurry = threading.Event()
        self._actions: queue.Queue[dict[str, str] | None] = queue.Queue()
        self._listener = threading.Thread(target=self._listen, name="table-listener",
                                          daemon=True)
        self._sender = threading.Thread(target=self._send_all, name="table-sender", daemon=True)

    def start(self) -> None:
        """Join: open the stream and be ready to send."""
        self._listener.start()
        self._sender.start()

    def send(self, action: str, **fields: str) -> dict[str, str]:
        """Queue one action (sent in order, once); the request as sent."""
        request = {**fields, "action": action, "nonce": secrets.token_hex(18)}
        self._actions.put(request)
        return request

    def reconnect_now(self) -> None:
        """Drop the stream and connect again at once (the player asked)."""
        self._hurry.set()
        self.client.interrupt()

    def stop(self, timeout: float = 1.0) -> None:
        """Stop both threads and let go of the connection.

        A thread still inside a request after ``timeout`` ends by itself (the
        connection closed under it); what it would report goes nowhere.
        """
        self.stopping.set()
        self._actions.put(None)
        self._token_came.set()
        self._hurry.set()
        self.client.interrupt()
        for thread in (self._listener, self._sender):
            if thread.is_alive() and thread is not threading.current_thread():
                thread.join(timeout)
        self.client.close()

    # The listener ------------------------------------------------------------------------

    def _guarded(self, what: str, work: Callable[[], None]) -> None:
        """A thread's whole work: a fault in it is a bug of ours, reported, never a refusal."""
        try:
            work()
        except Exception as exc:  # noqa: BLE001 - reported as a bug, with its traceback
            if not self.stopping.is_set():  # (closing ends a request half-way: no fault)
                self.reports.broke(what, exc)

    def _listen(self) -> None:
        self._guarded("Following the table", self._follow)

    def _send_all(self) -> None:
        self._guarded("Sending your change", self._send_in_order)

    def _follow(self) -> None:
        joined = False
        troubled = False
        tries = 0
        while not self.stopping.is_set():
            try:
                with self.client.events() as events:
                    for event in events:
                        if self.stopping.is_set():
                            return
                        if event.name == "token":
                            self.token = event.data
                            self._token_came.set()
                        elif event.name == "view":
                            view = read_view(event.data, where=self.client.where)
                            if troubled:
                                self.reports.said(AGAIN, trouble=False)
                            joined, troubled, tries = True, False, 0
                            self.reports.viewed(view)
                        elif event.name == "revoked":
                            self.reports.ended(event.data)
                            return
                        elif event.name in ("gone", "trouble"):
                            troubled = True
                            self.reports.said(event.data, trouble=True)
                            break
                if not troubled and not self.stopping.is_set():
                    troubled = True
                    self.reports.said(DROPPED.format(where=self.client.where), trouble=True)
            except WrongLink as exc:
                self.reports.ended(exc.message)
                return
            except NotUnderstood as exc:
                if not joined:
                    self.reports.ended(exc.message)
                    return
                troubled = True
                self.reports.said(exc.message, trouble=True)
            except (Unreachable, Gone) as exc:
                if self.stopping.is_set():
                    return
                troubled = True
                self.reports.said(f"{exc.message} Reconnecting…", trouble=True)
            wait = self.reconnect_waits[min(tries, len(self.reconnect_waits) - 1)]
            tries += 1
            self._hurry.wait(wait)
            self._hurry.clear()

    # The sender --------------------------------------------------------------------------

    def _send_in_order(self) -> None:
        while not self.stopping.is_set():
            request = self._actions.get()
            if request is None:
                return
            answer = self.deliver(request, resent=False)
            if answer is None:
                self.reports.said(LOST, trouble=True)
            while answer is None and not self.stopping.is_set():
                self._token_came.wait(PENDING_WAIT)
                self._token_came.clear()
                if self.stopping.is_set():
                    return
                answer = self.deliver(request, resent=True, waits=())
            if answer is not None:
                self.reports.answered(request, answer)

    def deliver(self, request: dict[str, str], *, resent: bool = False,
                waits: tuple[float, ...] = RESEND_WAITS) -> Answer | None:
        """Send one request: the server's answer, or None when none came after the tries.

        A try whose answer was lost is asked again with the same nonce; "already
        received" then means the lost try got through, and it counts as done.
        ``resent``: an earlier call already tried this request.
        """
        for attempt in range(len(waits) + 1):
            try:
                answer = self.client.act(request, self.token)
                if answer.stale_token:  # a token from before a restart: the new one, once
                    _view, self.token = self.client.view()
                    answer = self.client.act(request, self.token)
            except Unreachable:
                if attempt < len(waits):
                    self.reports.said("The connection dropped; trying again…", trouble=True)
                    if self.stopping.wait(waits[attempt]):
                        return None
                continue
            except Refusal as exc:  # the link, the campaign, the answer: its line, nothing done
                return Answer(False, exc.message)
            if answer.replayed and (attempt > 0 or resent):
                return Answer(True, DONE_BEFORE)  # the lost try got through: done once
            return answer
        return None
