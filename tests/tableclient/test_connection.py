"""What the client makes of every kind of answer: one line each, never a crash.

The server here is httpx's MockTransport, answering as a table server would
not (rates, proxies, error pages, garbage); the real server's answers are
tested in ``tests/tableserver/test_desktop_api.py`` and through the window.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from tftmanager.tableclient.connection import (
    Answer,
    Gone,
    TableClient,
    Unreachable,
    WrongLink,
)
from tftmanager.tableclient.invitation import Invitation
from tftmanager.tableclient.wire import NotUnderstood

SECRET = "s" * 43


def _client(answer: Callable[[httpx.Request], httpx.Response]) -> TableClient:
    return TableClient(Invitation("http://10.0.0.5:8765", SECRET),
                       http=httpx.Client(transport=httpx.MockTransport(answer)))


def _act(client: TableClient) -> Answer:
    return client.act({"action": "raise", "attribute": "dx", "nonce": "n" * 32}, "token")


def test_the_action_is_sent_as_the_page_sends_it() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"ok": True, "message": "DX raised for 100 XP."})

    assert _act(_client(answer)) == Answer(True, "DX raised for 100 XP.")
    [request] = seen
    assert request.url == f"http://10.0.0.5:8765/p/{SECRET}/act"
    assert request.headers["x-csrf-token"] == "token"
    assert request.headers["content-type"] == "application/json"
    assert "origin" not in request.headers  # not a page of another site
    assert b'"nonce":"nnnn' in request.content.replace(b" ", b"")


@pytest.mark.parametrize(("status", "body", "kind"), [
    (429, b"Too many requests: wait a moment and try again.", Unreachable),
    (502, b"<html><body>Bad Gateway</body></html>", Unreachable),
    (500, b"<html><body>Internal Server Error</body></html>", NotUnderstood),
    (200, b"{not json", NotUnderstood),
    (200, b'{"ok": "yes"}', NotUnderstood),
    (404, b'{"ok": false, "message": "This link opens nothing."}', WrongLink),
    (503, b'{"ok": false, "message": "The campaign was closed.", "gone": true}', Gone),
])
def test_an_answer_no_table_server_gives_is_one_line(status: int, body: bytes,
                                                     kind: type[Exception]) -> None:
    client = _client(lambda _request: httpx.Response(status, content=body))
    with pytest.raises(kind) as refused:
        _act(client)
    message = refused.value.message  # type: ignore[attr-defined]
    assert message and "\n" not in message and "<" not in message


def test_a_refusal_and_a_replay_are_the_servers_own_words() -> None:
    refused = _client(lambda _r: httpx.Response(
        422, json={"ok": False, "message": "Needs 100 XP; Ragnar has 50."}))
    assert _act(refused) == Answer(False, "Needs 100 XP; Ragnar has 50.")
    replayed = _client(lambda _r: httpx.Response(409, json={
        "ok": False, "message": "That request was already received, and done once.",
        "replayed": True}))
    assert _act(replayed).replayed


def test_a_token_from_another_run_is_told_apart() -> None:
    stale = _client(lambda _r: httpx.Response(
        403, json={"ok": False, "message": "This request did not come from your page."}))
    assert _act(stale).stale_token


@pytest.mark.parametrize(("status", "headers", "body", "kind", "said"), [
    (200, {"content-type": "text/html"}, b"<html>It works!</html>", NotUnderstood,
     "did not answer as a TFT Manager table server"),
    (404, {"content-type": "text/html"}, b"<html>Not Found</html>", NotUnderstood,
     "did not answer as a TFT Manager table server"),
    (404, {"content-type": "application/json"}, b'{"ok": false, "message": "No link."}',
     WrongLink, "No link."),
    (301, {"location": "http://elsewhere/"}, b"", NotUnderstood, "did not answer"),
])
def test_a_stream_that_is_not_a_table_servers_is_one_line(status, headers, body, kind,
                                                          said) -> None:
    client = _client(lambda _r: httpx.Response(status, headers=headers, content=body))
    with pytest.raises(kind, match=said), client.events() as events:
        list(events)


def test_a_stream_is_read_event_by_event() -> None:
    stream = (b"retry: 1000\n\nevent: token\ndata: abc\n\n: still here\n\n"
              b"event: view\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\n")
    client = _client(lambda _r: httpx.Response(
        200, headers={"content-type": "text/event-stream"}, content=stream))
    with client.events() as events:
        got = [(e.name, e.data) for e in events]
    assert got == [("token", "abc"), ("view", '{"a":\n1}')]


def test_nothing_listening_is_unreachable_in_one_line() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    with pytest.raises(Unreachable, match=r"^Cannot reach the server at 10.0.0.5:8765 "
                                          r"\(nothing answers there\)\.$"):
        _client(refuse).view()
