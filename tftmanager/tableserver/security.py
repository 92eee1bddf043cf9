"""What every request meets before a page: hosts, rates, sizes, and the security headers.

One plain ASGI middleware, so a refused request costs no routing and no
read of the campaign:

- **Host**: only the names the server listens on (a page fetched through a
  DNS-rebinding name is refused);
- **rate**: a token bucket per client address, a smaller one for actions;
- **size**: an action must say its length, at most ``MAX_BODY`` bytes, and
  a client sending more than that is cut off;
- **headers**: a Content-Security-Policy with no inline script or style and
  no framing, nosniff, no referrer (a page's address holds its secret), no
  caching of pages (the script and stylesheet are kept an hour), and the
  cross-origin isolation headers.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 16_384  # a player's notes fit many times over
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)


# The script and the stylesheet hold no secret: a phone keeps them for the next page.
STATIC_HEADERS = tuple((k, b"public, max-age=3600") if k == b"cache-control" else (k, v)
                       for k, v in HEADERS)


@dataclass
class Bucket:
    """A token bucket: ``burst`` requests at once, ``per_second`` after that."""

    burst: float
    per_second: float
    tokens: dict[str, tuple[float, float]] = field(default_factory=dict)

    def take(self, who: str, now: float) -> bool:
        """Whether ``who`` may make one more request now."""
        tokens, then = self.tokens.get(who, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.per_second)
        if tokens < 1:
            self.tokens[who] = (tokens, now)
            return False
        if len(self.tokens) > 10_000:  # a flood of addresses cannot grow it without bound
            self.tokens.clear()
        self.tokens[who] = (tokens - 1, now)
        return True


async def _refuse(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), *HEADERS]})
    await send({"type": "http.response.body", "body": text.encode()})


class Guard:
    """The middleware: hosts, rates and sizes checked, headers added."""

    def __init__(self, app: ASGIApp, *, hosts: tuple[str, ...] = (),
                 requests: Bucket | None = None, actions: Bucket | None = None,
                 max_body: int = MAX_BODY) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.requests = requests or Bucket(burst=60, per_second=20)
        self.actions = actions or Bucket(burst=10, per_second=2)
        self.max_body = max_body

    def _host_ok(self, scope: Scope) -> bool:
        if not self.hosts:
            return True
        host = next((v.decode("latin-1") for k, v in scope.get("headers", ())
                     if k == b"host"), "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name.lower().strip("[]") in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check, then pass the request on with the headers added to its answer."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._host_ok(scope):
            await _refuse(send, 421, "This server does not answer to that name.")
            return
        client = (scope.get("client") or ("?", 0))[0]
        now = time.monotonic()
        posting = scope["method"] not in ("GET", "HEAD")
        if not self.requests.take(client, now) or (posting and not self.actions.take(client, now)):
            await _refuse(send, 429, "Too many requests: wait a moment and try again.")
            return
        declared = next((v for k, v in scope.get("headers", ()) if k == b"content-length"), None)
        if posting and declared is None:
            await _refuse(send, 411, "Say the request's length.")
            return
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _refuse(send, 413, "That request is too large.")
            return
        await self._pass(scope, receive, send)

    async def _pass(self, scope: Scope, receive: Receive, send: Send) -> None:
        received = 0

        async def counted() -> Message:
            """The body as declared: a client sending more than it said is cut off."""
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    return {"type": "http.disconnect"}
            return message

        static = scope["path"].startswith("/static/")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                headers = STATIC_HEADERS if static else HEADERS
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in headers if h[0] not in names)]
            await send(message)

        await self.app(scope, counted, with_headers)
