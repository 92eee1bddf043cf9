"""The desktop player's window's API: the view as data, and actions sent exactly once.

The window (``tftmanager.tableclient``) reads ``view.json`` and ``events.json``
and posts to ``act`` as the phone page does; here through Starlette's
TestClient, with a transport that loses answers on the way back.
"""

from __future__ import annotations

import html
import json
import re
import threading
import time

import httpx
import pytest
from starlette.testclient import TestClient

from tftmanager.app import experience, journal
from tftmanager.app.characters import get_character
from tftmanager.tableclient.connection import Answer, TableClient, WrongLink
from tftmanager.tableclient.invitation import Invitation
from tftmanager.tableclient.player import DONE_BEFORE, JoinedTable
from tftmanager.tableclient.wire import FORMAT, PlayerView, read_view
from tftmanager.tableserver.routes import WRONG_LINK, create_app

from .conftest import read_events, serving

pytestmark = pytest.mark.app


class Heard:
    """What a joined table reports, kept."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.answers: list[Answer] = []

    def viewed(self, view: PlayerView) -> None:
        pass

    def said(self, line: str, *, trouble: bool) -> None:
        self.lines.append(line)

    def answered(self, action: dict[str, str], answer: Answer) -> None:
        self.answers.append(answer)

    def ended(self, line: str) -> None:
        self.lines.append(line)


class Losing(httpx.BaseTransport):
    """Passes requests on; the answers to the first ``lose`` actions never come back."""

    def __init__(self, inner: httpx.BaseTransport, lose: int, *, before: bool = False) -> None:
        self.inner, self.lose, self.before = inner, lose, before
        self.posted = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and self.lose > 0:
            self.lose -= 1
            self.posted += 1
            if self.before:  # the request itself never arrived
                raise httpx.ConnectError("refused", request=request)
            self.inner.handle_request(request).read()  # done by the server...
            raise httpx.ReadError("the line dropped", request=request)  # ...answer lost
        return self.inner.handle_request(request)


def _client(table, link, lose: int = 0, *, before: bool = False) -> TableClient:
    transport = Losing(table.client._transport, lose, before=before)
    return TableClient(Invitation("http://testserver", link.secret),
                       http=httpx.Client(transport=transport))


def test_the_view_is_the_phones_page_as_data(table) -> None:
    view, token = _client(table, table.ragnar).view()
    assert token == table.token(table.ragnar)  # the page's own CSRF token
    page = html.unescape(re.sub(r"<[^>]+>", " ", table.page(table.ragnar)))
    texts = [view.name, view.subtitle, view.dx_reasons, *view.standing, *view.possessions,
             *(s.value for s in view.front.stats), *(s.caption for s in view.front.stats),
             *(cell for face in (view.front, view.back) for section in face.sections
               for row in section.rows for cell in row)]
    for text in filter(None, texts):  # every figure the window shows, the phone shows too
        assert " ".join(text.split()) in " ".join(page.split()), text
    assert view.dx_reasons == "adjDX: DX 13, Leather armor -2 = 11; with Large shield -1 = 10"
    assert "XP 150; next point of ST, DX, IQ or SP costs 100" in view.standing
    assert [r.label for r in view.raises] == ["ST +1", "DX +1", "IQ +1", "SP +1"]
    assert view.memory is None  # not under this campaign's rules, as on the page
    shield = next(h for h in view.holdings if h.name == "Large shield")
    assert (shield.state, [m.label for m in shield.moves]) == ("slung", ["Ready", "Drop"])
    assert (view.boxes.st, view.boxes.wounds, view.boxes.fatigue) == (11, 0, 0)


def test_a_wrong_link_gets_the_pages_own_line(table) -> None:
    answer = table.client.get("/p/" + "x" * 43 + "/view.json")
    assert (answer.status_code, answer.json()) == (404, {"ok": False, "message": WRONG_LINK})
    bad = Invitation("http://testserver", "x" * 43)
    with pytest.raises(WrongLink, match="Ask the GM for your link"):
        TableClient(bad, http=table.client).view()


def _raise_dx(client: TableClient) -> tuple[Answer | None, Heard]:
    heard = Heard()
    joined = JoinedTable(client, heard)
    _view, joined.token = client.view()
    request = {"action": "raise", "attribute": "dx", "nonce": "n" * 32}
    return joined.deliver(request), heard


def test_an_action_whose_answer_was_lost_is_asked_again_and_done_once(table) -> None:
    before = len(journal.history(store=table.store))
    answer, heard = _raise_dx(_client(table, table.ragnar, lose=1))
    assert answer == Answer(True, DONE_BEFORE)  # "already received": the lost try was done
    assert "The connection dropped; trying again…" in heard.lines
    assert get_character(store=table.store, character_id=table.ids["Ragnar"]).dx == 14
    assert len(journal.history(store=table.store)) == before + 1
    assert journal.history(store=table.store, limit=1)[0].author == "Ragnar's player"


def test_an_action_that_never_arrived_is_sent_again_and_done_once(table) -> None:
    before = len(journal.history(store=table.store))
    answer, _heard = _raise_dx(_client(table, table.ragnar, lose=2, before=True))
    assert answer == Answer(True, "DX raised for 100 XP.")
    assert len(journal.history(store=table.store)) == before + 1


def test_with_no_answer_at_all_the_action_is_kept_not_reported(table) -> None:
    answer, heard = _raise_dx(_client(table, table.ragnar, lose=3, before=True))
    assert answer is None  # the sender waits for the connection and sends it again
    assert get_character(store=table.store, character_id=table.ids["Ragnar"]).dx == 13
    assert heard.lines.count("The connection dropped; trying again…") == 2


def test_a_token_from_before_a_restart_is_renewed_once(table) -> None:
    client = _client(table, table.ragnar)
    joined = JoinedTable(client, Heard())
    joined.token = "0" * 64  # the last run's
    answer = joined.deliver({"action": "raise", "attribute": "st", "nonce": "s" * 32})
    assert answer == Answer(True, "ST raised for 100 XP.")
    assert joined.token == table.token(table.ragnar)


def test_a_refusal_comes_back_word_for_word(table) -> None:
    client = _client(table, table.ragnar)
    joined = JoinedTable(client, Heard())
    _view, joined.token = client.view()
    joined.deliver({"action": "raise", "attribute": "dx", "nonce": "a" * 32})
    refused = joined.deliver({"action": "raise", "attribute": "iq", "nonce": "b" * 32})
    assert refused == Answer(False, "Needs 100 XP; Ragnar has 50.")


@pytest.mark.slow
def test_the_desktop_stream_sends_the_token_then_the_view_as_data(table) -> None:
    with serving(table.store) as server, httpx.Client() as client:
        url = server.address.player_url(table.ragnar) + "/events.json"
        token, _ = read_events(client, url, name="token")
        assert token == server.app.state.table.csrf(table.ragnar.secret)

        def award() -> None:
            time.sleep(0.5)
            experience.award(store=table.store, character_ids=[table.ids["Ragnar"]],
                             amount=250, reason="The dragon's hoard")

        threading.Thread(target=award).start()
        text, _ = read_events(client, url, name="view", holding="XP 400")
        assert json.loads(text)["format"] == FORMAT
        assert "XP 400; next point of ST, DX, IQ or SP costs 100" in read_view(
            text, where="here").standing


class Restarting(httpx.BaseTransport):
    """The first action reaches the server and its answer is lost as the server restarts."""

    def __init__(self, before: httpx.BaseTransport, after: httpx.BaseTransport) -> None:
        self.before, self.after = before, after
        self.restarted = False

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and not self.restarted:
            self.before.handle_request(request).read()  # done by the first run...
            self.restarted = True
            raise httpx.ReadError("the server went away", request=request)  # ...unanswered
        return (self.after if self.restarted else self.before).handle_request(request)


def test_an_answer_lost_in_a_restart_is_done_once_after_it(table) -> None:
    before = len(journal.history(store=table.store))
    with TestClient(create_app(store=table.store)) as restarted:  # a new run: new key, nonces
        transport = Restarting(table.client._transport, restarted._transport)
        client = TableClient(Invitation("http://testserver", table.ragnar.secret),
                             http=httpx.Client(transport=transport))
        answer, _heard = _raise_dx(client)
    assert answer == Answer(True, DONE_BEFORE)  # the new run's token, then "already received"
    assert len(journal.history(store=table.store)) == before + 1
    assert get_character(store=table.store, character_id=table.ids["Ragnar"]).dx == 14
