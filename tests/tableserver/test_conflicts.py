"""A GM's edit committed between a player's read and write is never overwritten (issue 39).

A player's action reads the character, then writes it.  Each test here puts
the GM's edit of the same character exactly between the two: the store's
read of the character is wrapped so that, once the player's action has
read it, the GM's window (its own thread) marks two wounds on Ragnar.
Before the fix the player's write (their notes) put the character back as
read, and the wounds were gone.  Now a server campaign refuses the write as
a conflict and the table server does it again on the character as it is;
a file's window waits for the player's action to finish.  Either way both
edits are there at the end, and the history has both.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient

from tftmanager.app import campaigns, characters, journal, player_links
from tftmanager.app.campaigns import Campaign, party_sheets
from tftmanager.store import queries
from tftmanager.tableserver import actions
from tftmanager.tableserver.routes import create_app

from .conftest import Table

GM_WINDOW = "the GM's window"


def _players_read() -> bool:
    """A read by the player's action (the GM's window reads on its own thread)."""
    return threading.current_thread().name != GM_WINDOW


def _wound_twice(store: Campaign, character_id: int) -> None:
    """The GM's edit: two wounds on the character as the GM reads it now."""
    current = characters.get_character(store=store, character_id=character_id)
    characters.edit_character(store=store, character_id=character_id,
                              character=replace(current, wounds=current.wounds + 2))


def _gm_wounds(gm: Campaign, character_id: int) -> None:
    """The GM's window makes its edit, on its own thread and connection, and commits it."""
    window = threading.Thread(target=_wound_twice, args=(gm, character_id), name=GM_WINDOW)
    window.start()
    window.join(30)


def _after_the_first_read(monkeypatch: pytest.MonkeyPatch,
                          between: Callable[[], None]) -> list[int]:
    """Run ``between`` once, right after the player's action first reads the character."""
    reads: list[int] = []
    read = queries.get_character

    def reading(**kwargs: Any) -> Any:
        found = read(**kwargs)
        if _players_read():
            reads.append(kwargs["character_id"])
            if len(reads) == 1:
                between()
        return found

    monkeypatch.setattr(queries, "get_character", reading)
    return reads


def _saves_notes_with_gm_edit_between(table: Table, between: Callable[[], None],
                                      monkeypatch: pytest.MonkeyPatch) -> Any:
    ragnar = table.ids["Ragnar"]
    before = characters.get_character(store=table.store, character_id=ragnar)
    token = table.token(table.ragnar)
    _after_the_first_read(monkeypatch, between)
    answer = table.act(table.ragnar, token=token, action="notes", notes="Owes Wulf a drink.")
    monkeypatch.undo()
    return before, answer


@pytest.mark.server
def test_a_gm_edit_between_read_and_write_survives_on_a_server(
        server_table_parts: tuple[Campaign, Campaign, Table],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _store, gm, table = server_table_parts
    ragnar = table.ids["Ragnar"]
    before, answer = _saves_notes_with_gm_edit_between(
        table, lambda: _gm_wounds(gm, ragnar), monkeypatch)
    assert answer.status_code == 200, answer.text
    now = characters.get_character(store=gm, character_id=ragnar)
    assert now.wounds == before.wounds + 2  # the GM's edit is kept
    assert now.notes == "Owes Wulf a drink."  # and the player's, done on top of it
    authors = [line.author for line in journal.history(store=gm, limit=2)]
    assert authors[0] == table.ragnar.author and authors[1] != table.ragnar.author


@pytest.mark.server
def test_a_player_told_to_look_again_when_the_character_keeps_changing(
        server_table_parts: tuple[Campaign, Campaign, Table],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM edits between every read: after its tries the player gets one line, nothing lost."""
    _store, gm, table = server_table_parts
    ragnar = table.ids["Ragnar"]
    before = characters.get_character(store=gm, character_id=ragnar)
    token = table.token(table.ragnar)
    read = queries.get_character

    def reading(**kwargs: Any) -> Any:
        found = read(**kwargs)
        if _players_read():
            _gm_wounds(gm, ragnar)
        return found

    monkeypatch.setattr(queries, "get_character", reading)
    answer = table.act(table.ragnar, token=token, action="notes", notes="Never saved.")
    monkeypatch.undo()
    assert answer.status_code == 422, answer.text
    message = answer.json()["message"]
    assert "Ragnar" in message and "again" in message and "\n" not in message
    now = characters.get_character(store=gm, character_id=ragnar)
    assert now.wounds == before.wounds + 2 * actions.TRIES  # every GM edit kept
    assert now.notes == before.notes  # the player's not made, and they were told


@pytest.fixture
def server_table_parts(server_demo_url: str) -> Iterator[tuple[Campaign, Campaign, Table]]:
    """The table server's store, the GM window's own store, and the table over the first."""
    store = campaigns.open_existing(path=server_demo_url)
    gm = campaigns.open_existing(path=server_demo_url)
    try:
        ids = {s.character.name: s.id or 0 for s in party_sheets(store=store)}
        ragnar = player_links.invite(store=store, character_id=ids["Ragnar"])
        wulf = player_links.invite(store=store, character_id=ids["Wulf"])
        with TestClient(create_app(store=store, gm_secret="g" * 43)) as client:
            yield store, gm, Table(store, client, ragnar, wulf, ids)
    finally:
        gm.close()
        store.close()


def test_a_gm_edit_between_read_and_write_survives_in_a_file(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window (another thread, the same open file) edits while the player's action runs.

    The window's edit is started right after the player's read and given a
    moment to land; with the fix it waits for the player's action instead.
    """
    ragnar = table.ids["Ragnar"]
    landed = threading.Event()
    window: list[threading.Thread] = []

    def the_window_edits() -> None:
        _wound_twice(table.store, ragnar)
        landed.set()

    def between() -> None:
        thread = threading.Thread(target=the_window_edits, name=GM_WINDOW)
        window.append(thread)
        thread.start()
        landed.wait(1.0)  # before the fix it lands here; after, it waits for the action

    before, answer = _saves_notes_with_gm_edit_between(table, between, monkeypatch)
    window[0].join(10)
    assert landed.is_set()
    assert answer.status_code == 200, answer.text
    now = characters.get_character(store=table.store, character_id=ragnar)
    assert now.wounds == before.wounds + 2
    assert now.notes == "Owes Wulf a drink."


def test_notes_changed_since_the_page_showed_them_are_not_overwritten(table: Table) -> None:
    """The GM rewrote the notes after the page showed them: the player's save says so."""
    ragnar = table.ids["Ragnar"]
    shown = characters.get_character(store=table.store, character_id=ragnar).notes
    gm_notes = "GM: Ragnar owes the temple 50 silver."
    current = characters.get_character(store=table.store, character_id=ragnar)
    characters.edit_character(store=table.store, character_id=ragnar,
                              character=replace(current, notes=gm_notes))
    refused = table.act(table.ragnar, action="notes", notes="My own notes.", was=shown)
    assert refused.status_code == 422, refused.text
    assert refused.json()["message"] == (
        "Ragnar's notes were changed since your page showed them. Your text is still in the "
        "box; save again to replace theirs with it.")
    assert characters.get_character(store=table.store, character_id=ragnar).notes == gm_notes
    again = table.act(table.ragnar, action="notes", notes="My own notes.", was=gm_notes)
    assert again.status_code == 200, again.text
    assert characters.get_character(store=table.store,
                                     character_id=ragnar).notes == "My own notes."
