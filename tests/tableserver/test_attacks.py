"""Issue 40's item 5 as a suite: every way in that a player's link must not open.

Each attack is made as a browser or a script would make it, through the app's
HTTP interface; each checks the answer and that the campaign is unchanged.
"""

from __future__ import annotations

import logging
import secrets
import socket
import time

import httpx
import pytest
from starlette.testclient import TestClient

from tftmanager.app import experience, journal, player_links
from tftmanager.app.characters import get_character
from tftmanager.app.equipment import money_balances
from tftmanager.tableserver.routes import WRONG_LINK, create_app
from tftmanager.tableserver.security import CSP, Bucket

from .conftest import serving

pytestmark = pytest.mark.app


def _state(table) -> tuple[int, int, int]:
    """What an attack must not move: Ragnar's XP, his DX, and the history's length."""
    balance = experience.balances(store=table.store).get(table.ids["Ragnar"], 0)
    dx = get_character(store=table.store, character_id=table.ids["Ragnar"]).dx
    return balance, dx, len(journal.history(store=table.store))


@pytest.mark.parametrize("path", [
    "/p/{wrong}", "/p/{wrong}/events", "/p/", "/p", "/", "/characters", "/p/{short}",
    "/p/{long}", "/p/{ragnar}x", "/p/{ragnar_upper}", "/gm/{wrong}", "/gm/{ragnar}",
    "/p/%00", "/p/..%2F..%2Fetc%2Fpasswd",
])
def test_a_wrong_or_malformed_secret_gets_nothing_and_names_no_one(table, path) -> None:
    url = path.format(wrong=secrets.token_urlsafe(32), short="abc", long="a" * 5000,
                      ragnar=table.ragnar.secret, ragnar_upper=table.ragnar.secret.upper())
    answer = table.client.get(url)
    assert answer.status_code == 404
    for name in ("Ragnar", "Wulf", "Flavius", "Morgaine", "Joe"):
        assert name not in answer.text
    assert WRONG_LINK in answer.text


def test_a_wrong_secret_cannot_act(table) -> None:
    before = _state(table)
    answer = table.client.post(f"/p/{secrets.token_urlsafe(32)}/act",
                               json={"action": "raise", "attribute": "dx", "nonce": "n" * 20},
                               headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 404
    assert _state(table) == before


def test_a_revoked_link_gets_nothing_from_the_next_request_on(table) -> None:
    token = table.token(table.ragnar)
    player_links.revoke(store=table.store, character_id=table.ids["Ragnar"])
    before = _state(table)
    assert table.client.get(f"/p/{table.ragnar.secret}").status_code == 404
    assert table.client.get(f"/p/{table.ragnar.secret}/events").status_code == 404
    assert table.act(table.ragnar, token=token, action="raise",
                     attribute="dx").status_code == 404
    assert _state(table) == before


def test_a_renewed_link_replaces_the_old_one(table) -> None:
    renewed = player_links.invite(store=table.store, character_id=table.ids["Ragnar"])
    assert renewed.secret != table.ragnar.secret
    assert len(renewed.secret) >= 22  # 128 bits or more, base64
    assert table.client.get(f"/p/{table.ragnar.secret}").status_code == 404
    assert "Ragnar" in table.page(renewed)


def test_one_players_link_never_reaches_another_character(table) -> None:
    """Wulf's page is Wulf's: fields naming another character change nothing of theirs."""
    before = _state(table)
    answer = table.act(table.wulf, action="raise", attribute="dx",
                       character_id=str(table.ids["Ragnar"]), character="Ragnar")
    assert _state(table) == before  # Ragnar untouched, whatever Wulf's own answer was
    assert "Ragnar" not in answer.json()["message"]


def test_a_player_cannot_award_or_gain_money(table) -> None:
    before = _state(table)
    money = money_balances(store=table.store)
    for action in ("award", "correct", "record_money", "give", "buy", "sell", "undo", ""):
        answer = table.act(table.ragnar, action=action, amount="900", reason="me")
        assert answer.status_code == 422
        assert answer.json()["message"] == "The table server does not do that."
    assert _state(table) == before
    assert money_balances(store=table.store) == money


def test_a_cross_site_request_is_refused(table) -> None:
    before = _state(table)
    token = table.token(table.ragnar)
    cases = [
        {"token": ""},  # no token: a form posted from another site
        {"token": "0" * 64},  # a guessed one
        {"token": table.token(table.wulf)},  # another page's
        {"headers": {"Origin": "https://evil.example"}},
        {"headers": {"Sec-Fetch-Site": "cross-site"}},
        {"headers": {"Sec-Fetch-Site": "same-site"}},
    ]
    for case in cases:
        answer = table.act(table.ragnar, token=case.get("token", token),
                           headers=case.get("headers"), action="raise", attribute="dx")
        assert answer.status_code == 403, case
        assert answer.json()["message"] == "This request did not come from your page; reload it."
    assert _state(table) == before


def test_a_form_post_is_not_taken_for_an_action(table) -> None:
    before = _state(table)
    answer = table.client.post(f"/p/{table.ragnar.secret}/act",
                               data={"action": "raise", "attribute": "dx", "nonce": "n" * 20},
                               headers={"X-CSRF-Token": table.token(table.ragnar)})
    assert answer.status_code == 415
    assert _state(table) == before


@pytest.mark.parametrize("body", [b"{", b"[]", b'"raise"', b'{"action": ["raise"]}',
                                  b'{"action": "raise", "attribute": "dx"}',  # no nonce
                                  b'{"action": "raise", "attribute": "dx", "nonce": "short"}',
                                  b'{"action": "raise", "attribute": 1, "nonce": "%s"}' % (
                                      b"n" * 18),
                                  b"\xff\xfe",
                                  b"[" * 16_000,  # nested past Python's recursion limit
                                  b'{"a": ' * 40 + b"1" + b"}" * 40])
def test_a_malformed_request_is_one_clear_line_and_changes_nothing(table, body) -> None:
    before = _state(table)
    answer = table.client.post(f"/p/{table.ragnar.secret}/act", content=body, headers={
        "X-CSRF-Token": table.token(table.ragnar), "Content-Type": "application/json"})
    assert answer.status_code == 400
    assert answer.json() == {"ok": False,
                             "message": "The request was not understood; reload the page."}
    assert _state(table) == before


def test_a_replayed_request_is_done_once(table) -> None:
    balance, dx, _ = _state(table)
    first = table.act(table.ragnar, nonce="replay-me-0123456789", action="raise", attribute="dx")
    assert first.json()["ok"]
    again = table.act(table.ragnar, nonce="replay-me-0123456789", action="raise",
                      attribute="dx")
    assert again.status_code == 409 and again.json()["replayed"]
    assert _state(table)[:2] == (balance - 100, dx + 1)


def test_a_refused_request_may_be_sent_again(table) -> None:
    """A refusal frees its nonce: the same request, once affordable, goes through."""
    table.act(table.ragnar, action="raise", attribute="dx")  # 150 -> 50 XP
    refused = table.act(table.ragnar, nonce="retry-after-award-1", action="raise",
                        attribute="st")
    assert refused.status_code == 422
    experience.award(store=table.store, character_ids=[table.ids["Ragnar"]], amount=100,
                     reason="More")
    assert table.act(table.ragnar, nonce="retry-after-award-1", action="raise",
                     attribute="st").json()["ok"]


def test_a_request_too_large_is_refused_unread(table) -> None:
    before = _state(table)
    answer = table.act(table.ragnar, action="notes", notes="x" * 20_000)
    assert answer.status_code == 413
    assert answer.text == "That request is too large."
    streamed = table.client.post(
        f"/p/{table.ragnar.secret}/act", content=(b"x" * 1000 for _ in range(30)),
        headers={"X-CSRF-Token": table.token(table.ragnar),
                 "Content-Type": "application/json"})
    assert streamed.status_code == 411  # no length said: refused before reading
    assert _state(table) == before


def test_requests_past_the_rate_are_refused(demo_store) -> None:
    link = player_links.invite(store=demo_store,
                               character_id=(experience.balances(store=demo_store) and 1) or 1)
    app = create_app(store=demo_store, requests=Bucket(burst=5, per_second=0.01))
    with TestClient(app) as client:
        answers = [client.get(f"/p/{link.secret}").status_code for _ in range(8)]
    assert answers[:5] == [200] * 5
    assert answers[5:] == [429] * 3


def test_actions_past_their_own_rate_are_refused(demo_store) -> None:
    link = player_links.invite(store=demo_store, character_id=1)
    app = create_app(store=demo_store, actions_bucket=Bucket(burst=2, per_second=0.01))
    with TestClient(app) as client:
        answers = [client.post(f"/p/{link.secret}/act", json={}).status_code
                   for _ in range(4)]
    assert answers[2:] == [429, 429]
    assert answers[0] != 429


def test_a_name_the_server_does_not_answer_to_is_refused(demo_store) -> None:
    """A page fetched through another name (DNS rebinding) gets nothing."""
    link = player_links.invite(store=demo_store, character_id=1)
    app = create_app(store=demo_store, hosts=("127.0.0.1", "localhost"))
    with TestClient(app, base_url="http://evil.example") as client:
        assert client.get(f"/p/{link.secret}").status_code == 421
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        assert client.get(f"/p/{link.secret}").status_code == 200


@pytest.mark.parametrize("path", ["/p/{ragnar}", "/p/{wrong}", "/static/table.js",
                                  "/static/table.css", "/gm/{gm}"])
def test_every_answer_carries_the_security_headers(table, path) -> None:
    answer = table.client.get(path.format(ragnar=table.ragnar.secret, wrong="nope",
                                          gm="g" * 43))
    headers = answer.headers
    assert headers["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in CSP and "'unsafe-inline'" not in CSP
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["cache-control"] == ("public, max-age=3600" if "/static/" in path
                                        else "no-store")


def test_pages_hold_no_inline_script_or_style(table) -> None:
    for text in (table.page(table.ragnar), table.client.get(f"/gm/{'g' * 43}").text):
        assert "<script>" not in text and "<style" not in text
        assert " style=" not in text and " onclick=" not in text and "javascript:" not in text


def test_the_secret_is_never_logged(table, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    table.page(table.ragnar)
    table.act(table.ragnar, action="raise", attribute="dx")
    table.act(table.ragnar, action="raise", attribute="st")  # refused: logged as a refusal
    table.client.get(f"/p/{table.ragnar.secret}x")
    # The test's own HTTP client (httpx) logs the addresses it fetches; the server must not.
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name != "httpx")
    assert "table server: raise" in logged  # the actions are logged...
    assert table.ragnar.secret not in logged  # ...never the secret
    assert all(table.ragnar.secret not in op.label and table.ragnar.secret not in op.author
               for op in journal.history(store=table.store))


def test_a_link_is_compared_with_every_stored_secret(table, monkeypatch) -> None:
    """Constant time: no early exit that would tell how many links there are before it."""
    import hmac

    compared: list[bytes] = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest",
                        lambda a, b: compared.append(a) or real(a, b))
    assert player_links.link_for(store=table.store, secret=table.ragnar.secret) is not None
    assert len(compared) == len(player_links.links(store=table.store)) == 2


def _half_requests(port: int, count: int) -> list[socket.socket]:
    """Connections that send half a request's head and wait (a "slowloris")."""
    held = []
    for _ in range(count):
        held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        held[-1].sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return held


def _closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_one_address_cannot_hold_every_connection(demo_store, caplog) -> None:
    """Past its cap an address's next connection is closed at once; the others still serve."""
    with serving(demo_store, connection_cap=3, exempt=frozenset()) as server:
        port = server.socket.getsockname()[1]
        gm_page = f"http://127.0.0.1:{port}/gm/{server.address.gm_secret}"
        held = _half_requests(port, 3)
        with caplog.at_level(logging.WARNING, logger="tftmanager.tableserver"):
            (one_more,) = _half_requests(port, 1)
            assert _closed_by_server(one_more)
        assert "holds 3 connections already" in caplog.text
        for sock in held:
            sock.settimeout(0.3)
            assert not _closed_by_server(sock)  # those it took are kept
            sock.close()
        one_more.close()
        deadline = time.monotonic() + 5
        while True:  # their count is released as they close
            try:
                assert httpx.get(gm_page, timeout=5).status_code == 200
                break
            except (httpx.TransportError, AssertionError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)


def test_this_computers_own_connections_are_not_capped(demo_store) -> None:
    """The host, a TLS proxy in front and the benchmarks' players connect from here."""
    with serving(demo_store, connection_cap=3) as server:
        port = server.socket.getsockname()[1]
        held = _half_requests(port, 10)
        try:
            answer = httpx.get(f"http://127.0.0.1:{port}/gm/{server.address.gm_secret}",
                               timeout=5)
            assert answer.status_code == 200
        finally:
            for sock in held:
                sock.close()
