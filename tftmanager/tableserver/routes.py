"""The table server's app: a player's page, its live stream and actions, the GM's page.

``create_app`` builds the Starlette app over one open campaign (``app.state.table``
holds it).  Every page asks ``player_links.link_for`` first (an action in
the same worker thread that carries it out), so a wrong, malformed or
revoked secret gets the same answer (404, nothing about who exists), and a
link revoked while its page is open ends that page's stream.
The app functions are blocking (SQLite, or a server's connection), so each
read and write runs in the thread pool; writes take the table's lock one at a
time, on top of the store's own transaction, so a page's edit and the
window's never interleave inside one operation.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tftmanager import activity_log
from tftmanager.app import player_links, server_campaigns
from tftmanager.app.campaigns import Campaign
from tftmanager.app.documents import DocumentError, parse_json
from tftmanager.app.errors import RequestDone, failure_of
from tftmanager.app.player_links import PlayerLink
from tftmanager.refusal import Refusal
from tftmanager.tableserver import actions, player_json, player_view
from tftmanager.tableserver.html import esc, message_page, page
from tftmanager.tableserver.live import LiveViews
from tftmanager.tableserver.news import News, Watcher
from tftmanager.tableserver.security import Bucket, Guard

STATIC = Path(__file__).resolve().parent / "static"
HEARTBEAT_SECONDS = 15.0
NONCES_KEPT = 10_000
WRONG_LINK = ("This link opens nothing: it is mistyped, or the GM revoked it. "
              "Ask the GM for your link.")
GONE = "The campaign was closed or moved. The GM needs to open it and start the players' view."
REPLAYED = "That request was already received, and done once."
STOPPED = "The table server stopped. This page reconnects by itself when the GM starts it again."


class TableRefused(Refusal, ValueError):
    """The table server cannot serve this campaign; the message says why."""


@dataclass
class Table:
    """What the app serves: the campaign, its news, and the secrets of this run."""

    store: Campaign
    gm_secret: str
    news: News = field(default_factory=News)
    key: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    writing: threading.Lock = field(default_factory=threading.Lock)
    nonces: OrderedDict[str, None] = field(default_factory=OrderedDict)
    watch_interval: float = 0.1
    watcher: Watcher | None = None
    # This server's players' operations, until the watch hears of them (no news then).
    own: set[int] = field(default_factory=set)
    closing: bool = False
    views: LiveViews = field(init=False)
    # Told (from a worker thread) after each player's action: the character's id and the
    # line the player saw; the window refreshes its views and history from it.
    on_change: Callable[[int, str], None] | None = None

    def __post_init__(self) -> None:
        self.views = LiveViews(self.store, self.news)

    def csrf(self, secret: str) -> str:
        """The page's token for its actions: bound to its link and to this run."""
        return hmac.new(self.key, b"csrf:" + secret.encode(), hashlib.sha256).hexdigest()

    def seen_nonce(self, nonce: str) -> bool:
        """Whether this run already took this request (in flight, or done: not made again).

        Only this run's; a request done before a restart is found in the
        campaign's record (``table_request``) when it comes back.
        """
        if nonce in self.nonces:
            return True
        self.nonces[nonce] = None
        while len(self.nonces) > NONCES_KEPT:
            self.nonces.popitem(last=False)
        return False


def _table(request: Request) -> Table:
    table: Table = request.app.state.table
    return table


async def _link(request: Request) -> PlayerLink | None:
    table = _table(request)
    if table.news.gone:
        return None
    secret = str(request.path_params.get("secret", ""))
    return await run_in_threadpool(player_links.link_for, store=table.store, secret=secret)


def _wrong_link(json_answer: bool = False) -> Response:
    if json_answer:
        return JSONResponse({"ok": False, "message": WRONG_LINK}, status_code=404)
    return HTMLResponse(message_page("No such link", WRONG_LINK), status_code=404)


def _gone(json_answer: bool = False) -> Response:
    if json_answer:
        return JSONResponse({"ok": False, "message": GONE, "gone": True}, status_code=503)
    return HTMLResponse(message_page("The campaign is not open", GONE), status_code=503)


async def _opened(request: Request, *, json_answer: bool = False
                  ) -> Response | tuple[Table, PlayerLink, str]:
    """The table, the link its secret opens and the secret; or the answer that it opens none."""
    table = _table(request)
    if table.news.gone:
        return _gone(json_answer)
    link = await _link(request)
    if link is None:
        return _wrong_link(json_answer)
    return table, link, str(request.path_params["secret"])


async def player_page(request: Request) -> Response:
    """A player's page: their card, live, and what they may do."""
    opened = await _opened(request)
    if isinstance(opened, Response):
        return opened
    table, link, secret = opened
    found = await table.views.page(table.news.version, link.character_id, secret)
    if found is None:
        return _wrong_link()
    live, notes = found
    body = (f'<main class="player"><div id="status" role="status" aria-live="polite"></div>'
            f'<div id="live">{live}</div>{notes}</main>')
    return HTMLResponse(page(link.name, body, meta={
        "tft-csrf": table.csrf(secret), "tft-base": f"/p/{secret}"}))


def _event(name: str, data: str) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {name}\n{lines}\n"


async def _stream(table: Table, render: Callable[[int], Awaitable[str | None]], *,
                  name: str = "live") -> AsyncIterator[str]:
    """Send the view whenever the campaign changes and it looks different; ping between.

    ``render(version)`` gives the view, or None once the page's link no longer opens;
    it goes as the event ``name``.
    """
    yield "retry: 1000\n\n"
    seen = table.news.version
    last = ""
    while True:
        if table.news.gone or table.closing:
            yield _event("gone", GONE if table.news.gone else STOPPED)
            return
        try:
            html = await render(seen)
        except Exception as exc:  # noqa: BLE001 - sorted by failure_of: a refusal or a bug
            if table.news.gone or table.closing:
                continue  # said above, on the next turn
            failure = failure_of("table server: live page", exc,
                                 start=activity_log.started("table server: live page"),
                                 command="table-server", argv=[])
            yield _event("trouble", failure.message)
            return  # the page reconnects by itself
        if html is None:
            yield _event("revoked", WRONG_LINK)
            return
        if html != last:
            yield _event(name, html)
            last = html
        version = await table.news.wait(seen, HEARTBEAT_SECONDS)
        if version == seen:
            yield ": still here\n\n"
        seen = version


async def player_events(request: Request) -> Response:
    """The player's page's live stream (server-sent events)."""
    opened = await _opened(request)
    if isinstance(opened, Response):
        return opened
    table, link, secret = opened
    cid = link.character_id

    async def stream() -> AsyncIterator[str]:
        # The page's token for this run: a page open before a restart acts again with it.
        yield _event("token", table.csrf(secret))
        table.views.watching[cid] += 1
        try:
            async for chunk in _stream(
                    table, lambda version: table.views.player(version, cid, secret)):
                yield chunk
        finally:
            table.views.watching[cid] -= 1
            if table.views.watching[cid] <= 0:
                del table.views.watching[cid]

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"X-Accel-Buffering": "no"})


async def _view_data(table: Table, secret: str) -> str | None:
    """The view as JSON text for the link's character now; None once the link opens nothing."""

    def read() -> str | None:
        link = player_links.link_for(store=table.store, secret=secret)
        if link is None:
            return None
        data = player_json.view_json(player_view.read_view(table.store, link))
        return json.dumps({"format": player_json.FORMAT, "view": data},
                          separators=(",", ":"), ensure_ascii=False)

    return await run_in_threadpool(read)


async def player_view_json(request: Request) -> Response:
    """The player's view as data and this run's token (the desktop player's window)."""
    opened = await _opened(request, json_answer=True)
    if isinstance(opened, Response):
        return opened
    table, _link, secret = opened
    text = await _view_data(table, secret)
    if text is None:
        return _wrong_link(json_answer=True)
    return JSONResponse({"ok": True, "token": table.csrf(secret), **json.loads(text)})


async def player_events_json(request: Request) -> Response:
    """The desktop window's live stream: this run's token, then the view as data when it changes.

    The same stream as the page's (``gone``, ``revoked``, ``trouble``, pings), its
    ``view`` events holding ``player_json``'s data instead of HTML.
    """
    opened = await _opened(request, json_answer=True)
    if isinstance(opened, Response):
        return opened
    table, _link, secret = opened

    async def stream() -> AsyncIterator[str]:
        yield _event("token", table.csrf(secret))
        async for chunk in _stream(table, lambda _version: _view_data(table, secret),
                                   name="view"):
            yield chunk

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"X-Accel-Buffering": "no"})


def _cross_site(request: Request) -> bool:
    """A request another site's page made: its Origin or Fetch Metadata say so."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin != own:
        return True
    return request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none")


def _fields(body: bytes) -> dict[str, str] | None:
    try:  # within the size and nesting any document a user hands us is held to
        fields = parse_json(body.decode("utf-8"))
    except (DocumentError, UnicodeDecodeError):
        return None
    if not isinstance(fields, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in fields.items()):
        return None
    return fields


def _answer(ok: bool, message: str, status: int = 200, **more: Any) -> JSONResponse:
    return JSONResponse({"ok": ok, "message": message, **more}, status_code=status)


async def player_act(request: Request) -> Response:
    """One action of the player's: checked, carried out once, answered in one line.

    The link is looked up in the worker thread that carries the action out
    (one hand-over to a thread, not two).  A request that fails a check has
    its link looked up first all the same: a secret that opens nothing is
    answered 404 whatever else is wrong with the request.
    """
    table = _table(request)
    if table.news.gone:
        return _gone(json_answer=True)
    secret = str(request.path_params.get("secret", ""))
    checked = await _checked(request, table, secret)
    if isinstance(checked, Response):
        return _wrong_link(json_answer=True) if await _link(request) is None else checked
    fields, nonce = checked
    return await _carry_out(table, secret, fields, nonce)


async def _checked(request: Request, table: Table, secret: str
                   ) -> Response | tuple[dict[str, str], str]:
    """The request's fields and nonce; or the answer to a request not made by its page."""
    token = request.headers.get("x-csrf-token", "")
    if _cross_site(request) or not hmac.compare_digest(token.encode(),
                                                       table.csrf(secret).encode()):
        return _answer(False, "This request did not come from your page; reload it.", 403)
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _answer(False, "The request was not understood; reload the page.", 415)
    try:
        body = await request.body()
    except ClientDisconnect:  # the page went away while sending: nobody to answer
        return Response(status_code=400)
    fields = _fields(body)
    nonce = (fields or {}).get("nonce", "")
    if fields is None or not 16 <= len(nonce) <= 64 or not nonce.isascii():
        return _answer(False, "The request was not understood; reload the page.", 400)
    if table.seen_nonce(nonce):
        return _replayed()
    return fields, nonce


def _replayed() -> JSONResponse:
    return _answer(False, REPLAYED, 409, replayed=True)


@dataclass(frozen=True)
class _Done:
    """What a player's action came to, told from the worker thread."""

    link: PlayerLink | None  # None: the secret opens nothing (any more)
    every: list[PlayerLink] | None = None  # the links, as read with it
    message: str | None = None  # None: a request done before (even before a restart)


async def _carry_out(table: Table, secret: str, fields: dict[str, str],
                     nonce: str) -> Response:
    label = f"table server: {fields.get('action', '?')[:20]}"
    start = activity_log.started(label)

    def work() -> _Done:
        """The link, and what to tell the player."""
        every, link = player_links.links_and_link(store=table.store, secret=secret)
        if link is None:
            return _Done(None)
        # A file has one writer at a time; a server campaign's players act at once, each
        # operation in its own transaction on its own connection.
        with contextlib.nullcontext() if table.store.shared else table.writing:
            try:
                if len(table.own) > NONCES_KEPT:  # notices not heard: an extra render only
                    table.own.clear()
                # Its notice is told by this answer (a file has none): its operation is
                # this server's own from before it commits, however soon the watch hears.
                return _Done(link, every, actions.act(
                    table.store, link, fields, nonce=nonce,
                    operations=table.own if table.store.shared else None))
            except RequestDone:  # its operation found the record: nothing done again
                return _Done(link, every)
            except Refusal:
                # Done before, a request is often refused now (its XP is spent): the record,
                # read only on this path, tells a repeat from a refusal.
                if player_links.request_done(store=table.store, nonce=nonce):
                    return _Done(link, every)
                raise

    try:
        done = await run_in_threadpool(work)
    except Exception as exc:  # noqa: BLE001 - sorted by failure_of: a refusal or a bug
        table.nonces.pop(nonce, None)  # refused: the same request may be tried again
        failure = failure_of(label, exc, start=start, command="table-server", argv=[])
        return _answer(False, failure.message, 500 if failure.bug else 422)
    link = done.link
    if link is None:
        table.nonces.pop(nonce, None)
        return _wrong_link(json_answer=True)
    if done.message is None:
        return _replayed()
    activity_log.done(label, start)
    # The pages' next version, rendered once: this answer's card and every open page's.
    noted = actions.notes_written(fields)
    version = await table.news.changed(frozenset({link.character_id}),
                                       None if noted is None else {link.character_id: noted})
    if table.on_change is not None:
        table.on_change(link.character_id, f"{link.author}: {done.message}")
    found = await table.views.page(version, link.character_id, secret, done.every)
    return _answer(True, done.message, live=found[0] if found is not None else "")


def _gm_table(request: Request) -> Table | Response:
    """The table the GM's link is for, or the answer to a wrong link or a closed campaign."""
    table = _table(request)
    if not hmac.compare_digest(str(request.path_params["secret"]).encode(),
                               table.gm_secret.encode()):
        return _wrong_link()
    if table.news.gone:
        return _gone()
    return table


async def gm_page(request: Request) -> Response:
    """The GM's read-only page: the party board and the fight in progress."""
    table = _gm_table(request)
    if isinstance(table, Response):
        return table
    live = await table.views.gm(table.news.version)
    body = (f'<main class="gm"><div id="status" role="status" aria-live="polite"></div>'
            f'<div id="live">{live}</div></main>')
    secret = table.gm_secret
    return HTMLResponse(page("The party", body, meta={"tft-base": f"/gm/{esc(secret)}"}))


async def gm_events(request: Request) -> Response:
    """The GM's page's live stream."""
    table = _gm_table(request)
    if isinstance(table, Response):
        return table

    async def stream() -> AsyncIterator[str]:
        table.views.gm_watching += 1
        try:
            async for chunk in _stream(table, table.views.gm):
                yield chunk
        finally:
            table.views.gm_watching -= 1

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"X-Accel-Buffering": "no"})


async def nothing(_request: Request) -> Response:
    """Anything else: no listing, no hint of who plays here."""
    return _wrong_link()


def create_app(*, store: Campaign, gm_secret: str | None = None, hosts: tuple[str, ...] = (),
               watch_interval: float = 0.1, requests: Bucket | None = None,
               actions_bucket: Bucket | None = None,
               on_change: Callable[[int, str], None] | None = None) -> Starlette:
    """The table server's app over an open campaign (the caller keeps it open and closes it).

    ``hosts`` are the names the server answers to (empty: any, as in tests);
    ``gm_secret`` opens the GM's page (a new one each run when not given).
    A campaign open read-only is refused: its one snapshot belongs to the
    window's thread, and nobody could act on it anyway.
    """
    if store.read_only:
        raise TableRefused("This campaign is open read-only: the players' view needs it "
                           "open for editing.")
    table = Table(store=store, gm_secret=gm_secret or secrets.token_urlsafe(32),
                  watch_interval=watch_interval, on_change=on_change)
    server_campaigns.serve_many(store=store)  # a server campaign's players act at once

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        table.news.bind(asyncio.get_running_loop())
        table.watcher = Watcher(store, table.news, watch_interval, table.own)
        table.watcher.start()
        try:
            yield
        finally:
            table.closing = True
            table.watcher.stop()
            table.news.poke()

    app = Starlette(routes=[
        Route("/p/{secret}", player_page),
        Route("/p/{secret}/events", player_events),
        Route("/p/{secret}/act", player_act, methods=["POST"]),
        Route("/p/{secret}/view.json", player_view_json),
        Route("/p/{secret}/events.json", player_events_json),
        Route("/gm/{secret}", gm_page),
        Route("/gm/{secret}/events", gm_events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/{rest:path}", nothing),
    ], lifespan=lifespan)
    app.state.table = table
    app.add_middleware(Guard, hosts=hosts, requests=requests, actions=actions_bucket)
    return app
