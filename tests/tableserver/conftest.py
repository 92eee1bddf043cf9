"""A table server over the demo party, driven through Starlette's TestClient."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from tftmanager.app import experience, player_links
from tftmanager.app.campaigns import Campaign, party_sheets
from tftmanager.app.player_links import PlayerLink
from tftmanager.tableserver.routes import create_app
from tftmanager.tableserver.runner import TableServer, TableServerThread


@dataclass
class Table:
    """The open campaign, its client, and Ragnar's and Wulf's links."""

    store: Campaign
    client: TestClient
    ragnar: PlayerLink
    wulf: PlayerLink
    ids: dict[str, int]

    def page(self, link: PlayerLink) -> str:
        answer = self.client.get(f"/p/{link.secret}")
        assert answer.status_code == 200
        return answer.text

    def token(self, link: PlayerLink) -> str:
        found = re.search(r'name="tft-csrf" content="([^"]+)"', self.page(link))
        assert found is not None
        return found.group(1)

    def act(self, link: PlayerLink, *, token: str | None = None, nonce: str | None = None,
            headers: dict[str, str] | None = None, **fields: Any) -> Any:
        body = {**fields, "nonce": nonce or secrets.token_hex(12)}
        sent = {"X-CSRF-Token": self.token(link) if token is None else token,
                **(headers or {})}
        return self.client.post(f"/p/{link.secret}/act", json=body, headers=sent)


@pytest.fixture
def table(demo_store: Campaign) -> Iterator[Table]:
    ids = {s.character.name: s.id for s in party_sheets(store=demo_store)}
    experience.award(store=demo_store, character_ids=[ids["Ragnar"]], amount=150,
                     reason="The goblin cave")
    ragnar = player_links.invite(store=demo_store, character_id=ids["Ragnar"])
    wulf = player_links.invite(store=demo_store, character_id=ids["Wulf"])
    app = create_app(store=demo_store, gm_secret="g" * 43)
    with TestClient(app) as client:
        yield Table(demo_store, client, ragnar, wulf, ids)


@contextmanager
def serving(store: Campaign, port: int = 0, **options: Any) -> Iterator[TableServer]:
    """Serve ``store`` on a free local port (or ``port``) until the block ends."""
    server = TableServer(store, port=port, **options)
    thread = TableServerThread(server)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.server.started, "the table server did not start"
    try:
        yield server
    finally:
        thread.stop()


def read_events(client: httpx.Client, url: str, *, name: str, holding: str = "",
                timeout: float = 10) -> tuple[str, float]:
    """Read an event stream until an event ``name`` whose data holds ``holding``.

    Returns that data and when it arrived.
    """
    with client.stream("GET", url, timeout=timeout) as stream:
        current, data = "", []
        for line in stream.iter_lines():
            if line.startswith("event: "):
                current = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif not line:
                text = "\n".join(data)
                if current == name and holding in text:
                    return text, time.monotonic()
                current, data = "", []
    raise AssertionError(f"no {name} event held {holding!r}")


def count_render_passes(monkeypatch: pytest.MonkeyPatch) -> list[set[int]]:
    """The characters each render pass of the live pages reads (one set a pass)."""
    from tftmanager.tableserver import live

    passes: list[set[int]] = []
    read = live.player_view.read_views

    def counted(store: Any, ids: Any) -> Any:
        passes.append(set(ids))
        return read(store, ids)

    monkeypatch.setattr(live.player_view, "read_views", counted)
    return passes
