"""A player's desktop window against a real table server on the demo campaign.

The server runs in this process (``tests.tableserver.conftest.serving``) on
a temporary demo campaign, as ``tftmanager table-server`` runs it; the
window joins by the GM's link and is used as a person uses it: File > Join
a Table… typed into, buttons clicked.  What it does is checked in the
campaign's history as well as on the card.
"""

from __future__ import annotations

import gc
import http.server
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
import shiboken6
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLineEdit

import tftmanager.__main__
import tftmanager.tableclient.player
from tests.tableserver.conftest import serving
from tests.ui.person import answering, choose, click, type_into
from tftmanager.app import encounters, experience, journal, player_links
from tftmanager.app.campaigns import Campaign, get_profile, party_sheets, set_profile
from tftmanager.app.characters import get_character
from tftmanager.app.player_links import PlayerLink
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.tableclient.invitation import Invitation
from tftmanager.tableclient.player import AGAIN, LOST
from tftmanager.tableserver.routes import GONE, STOPPED, WRONG_LINK
from tftmanager.ui import player_window, screen_fit
from tftmanager.ui.player_window import REFUSED_TITLE, PlayerWindow

pytestmark = [pytest.mark.ui, pytest.mark.slow]
WAIT = 15_000


@pytest.fixture
def ragnar(demo_store: Campaign) -> PlayerLink:
    """Ragnar's link, with 150 XP to spend (a DX raise, then not another)."""
    ids = {s.character.name: s.id for s in party_sheets(store=demo_store)}
    experience.award(store=demo_store, character_ids=[ids["Ragnar"]], amount=150,
                     reason="The goblin cave")
    return player_links.invite(store=demo_store, character_id=ids["Ragnar"])


@pytest.fixture
def windows(qtbot, dialog_log) -> Iterator[Callable[[str], PlayerWindow]]:
    """Opens a player's window for a link; each is closed at the end (it deletes itself)."""
    opened: list[PlayerWindow] = []

    def open_window(link: str) -> PlayerWindow:
        window = PlayerWindow(Invitation.parse(link))
        window.show()
        opened.append(window)
        return window

    yield open_window
    for window in opened:
        if shiboken6.isValid(window):
            window.close()
    qtbot.wait(10)  # the closed windows are deleted


@pytest.fixture
def joined(qtbot, windows, demo_store: Campaign, ragnar: PlayerLink) -> Iterator[tuple]:
    """The table server serving the demo, and Ragnar's window joined to it."""
    with serving(demo_store) as server:
        window = windows(server.address.player_url(ragnar))
        qtbot.waitUntil(lambda: window.view is not None, timeout=WAIT)
        yield window, server
        window.close()


def _dx(store: Campaign, link: PlayerLink) -> int:
    return get_character(store=store, character_id=link.character_id).dx


def test_a_player_joins_by_the_gms_link_from_the_file_menu(qtbot, make_window, demo_store,
                                                           ragnar) -> None:
    main = make_window()
    with serving(demo_store) as server:
        link = server.address.player_url(ragnar)

        problems: list[str] = []

        def paste_and_join(dialog) -> None:
            """First the GM's page's link by mistake (refused in the dialog), then the right one."""
            if isinstance(dialog, QDialog) and dialog.windowTitle() == "Join a Table":
                [field] = dialog.findChildren(QLineEdit)
                if not problems:
                    type_into(qtbot, field, server.address.gm_url, enter=True)
                    problems.append(dialog.problem.text())
                else:
                    type_into(qtbot, field, link, enter=True)

        with answering(paste_and_join) as met:
            main.file_help.join.trigger()
        assert met == ["Join a Table", "Join a Table"]  # the dialog stayed open to mend it
        assert problems == ["That link is not a player's invitation (it should end in /p/ and "
                            "the code the GM gave you)."]
        [window] = player_window.OPEN
        try:
            qtbot.waitUntil(lambda: window.view is not None, timeout=WAIT)
            card = window.card.text()
            for text in ("Ragnar", "Human hero", "13 (11, 10)", "adjDX, with shield",
                         "adjDX: DX 13, Leather armor -2 = 11; with Large shield -1 = 10",
                         "ST 11 of 11 · wounds 0 · fatigue 0", "Spear", "1d+1",
                         "Pole Weapons", "Stops 2 hits per attack, 4 with shield"):
                assert text in card, text
            # Exactly what the server offers: four raises, the shield's and spear's moves.
            assert sorted(b.text() for b in window.offers.buttons.values()) == sorted(
                ["ST +1", "DX +1", "IQ +1", "SP +1", "Ready", "Drop", "Sling", "Drop"])
            assert "Ragnar" in window.windowTitle()
            assert window.statusBar().currentMessage().startswith("Joined the table at")
        finally:
            window.close()
            qtbot.waitUntil(lambda: not player_window.OPEN)  # deleted once closed


def test_raising_dx_is_the_players_operation_and_shows_on_the_card(qtbot, joined, demo_store,
                                                                    ragnar) -> None:
    window, _server = joined
    click(qtbot, window.offers.button("DX +1"))
    qtbot.waitUntil(lambda: "14 (12, 11)" in window.card.text(), timeout=WAIT)
    assert _dx(demo_store, ragnar) == 14
    newest = journal.history(store=demo_store, limit=1)[0]
    assert (newest.label, newest.author) == ("Ragnar: DX 13 -> 14 (100 XP)", "Ragnar's player")
    assert any("XP 50;" in line for line in window.view.standing)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "DX raised for 100 XP.",
                    timeout=WAIT)


def test_a_raise_the_rules_refuse_is_one_line_and_changes_nothing(qtbot, joined, demo_store,
                                                                  ragnar, dialog_log) -> None:
    window, _server = joined
    click(qtbot, window.offers.button("DX +1"))
    qtbot.waitUntil(lambda: window.offers.button("IQ +1").isEnabled(), timeout=WAIT)
    before = len(journal.history(store=demo_store))
    click(qtbot, window.offers.button("IQ +1"))
    qtbot.waitUntil(lambda: bool(dialog_log.errors), timeout=WAIT)
    assert dialog_log.errors == [(REFUSED_TITLE, "Needs 100 XP; Ragnar has 50.")]
    assert len(journal.history(store=demo_store)) == before
    assert get_character(store=demo_store, character_id=ragnar.character_id).iq == 8


def test_the_gms_award_arrives_without_reloading(qtbot, joined, demo_store, ragnar) -> None:
    window, _server = joined
    experience.award(store=demo_store, character_ids=[ragnar.character_id], amount=250,
                     reason="The dragon's hoard")  # the GM, in the window's campaign
    qtbot.waitUntil(lambda: any("XP 400;" in line for line in window.view.standing),
                    timeout=WAIT)


def test_the_players_notes_are_saved_and_not_overwritten_while_typed(qtbot, joined, demo_store,
                                                                     ragnar) -> None:
    window, _server = joined
    type_into(qtbot, window.offers.notes, "Owes Wulf 10 silver")
    experience.award(store=demo_store, character_ids=[ragnar.character_id], amount=5,
                     reason="A good plan")
    qtbot.waitUntil(lambda: any("XP 155;" in line for line in window.view.standing),
                    timeout=WAIT)
    assert window.offers.notes.toPlainText() == "Owes Wulf 10 silver"  # typing kept
    click(qtbot, window.offers.save_notes)
    qtbot.waitUntil(lambda: get_character(store=demo_store, character_id=ragnar.character_id
                                          ).notes == "Owes Wulf 10 silver", timeout=WAIT)
    assert journal.history(store=demo_store, limit=1)[0].author == "Ragnar's player"


def test_a_revoked_link_is_told_in_one_line_and_nothing_is_offered(qtbot, joined, demo_store,
                                                                   ragnar) -> None:
    window, _server = joined
    player_links.revoke(store=demo_store, character_id=ragnar.character_id)
    qtbot.waitUntil(lambda: window.ended, timeout=WAIT)
    assert window.statusBar().currentMessage() == WRONG_LINK
    assert window.message.text() == WRONG_LINK and window.stack.currentWidget() is window.message
    assert not any(b.isEnabled() for b in window.offers.buttons.values())


def test_a_wrong_link_is_refused_in_one_line(qtbot, windows, demo_store, ragnar) -> None:
    with serving(demo_store) as server:
        window = windows(server.address.player_url(ragnar)[:-4] + "abcd")
        qtbot.waitUntil(lambda: window.ended, timeout=WAIT)
        assert window.message.text() == WRONG_LINK


def test_the_server_stopped_and_restarted_the_window_reconnects_and_acts_once(
        qtbot, joined, demo_store, ragnar) -> None:
    window, server = joined
    lines: list[str] = []
    window.reports.line_came.connect(lambda line, _trouble: lines.append(line))
    port = int(server.address.base.rsplit(":", 1)[1])
    server.stop()
    qtbot.waitUntil(lambda: STOPPED in lines, timeout=WAIT)
    qtbot.waitUntil(lambda: any(line.startswith("Cannot reach") for line in lines),
                    timeout=WAIT)
    click(qtbot, window.offers.button("DX +1"))  # while the server is down
    qtbot.waitUntil(lambda: LOST in lines, timeout=WAIT)
    assert not window.offers.button("ST +1").isEnabled()  # one change at a time, as the page
    before = len(journal.history(store=demo_store))
    with serving(demo_store, port=port):  # the GM starts it again
        qtbot.waitUntil(lambda: "14 (12, 11)" in window.card.text(), timeout=30_000)
        assert _dx(demo_store, ragnar) == 14
        history = journal.history(store=demo_store)
        assert len(history) == before + 1  # sent again, done once
        assert history[0].label == "Ragnar: DX 13 -> 14 (100 XP)"
        qtbot.waitUntil(lambda: window.waiting == 0, timeout=WAIT)
        assert AGAIN in lines
        assert window.offers.button("ST +1").isEnabled()


class _Other(http.server.BaseHTTPRequestHandler):
    """Another kind of server at the link's address: a web page, or garbage as events."""

    body = b""
    kind = "text/html"

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", self.kind)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *_args: object) -> None:
        pass


@contextmanager
def _other_server(kind: str, body: bytes) -> Iterator[str]:
    handler = type("Handler", (_Other,), {"kind": kind, "body": body})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/p/" + "s" * 43
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(("kind", "body", "said"), [
    ("text/html", b"<html><body><h1>It works!</h1></body></html>",
     "did not answer as a TFT Manager table server: is the link right?"),
    ("text/event-stream", b"event: view\ndata: {garbage\n\n",
     "sent something that is not a TFT Manager table server's answer"),
    ("text/event-stream",
     b'event: view\ndata: {"format": "tftmanager-player-view/1", "view": {"name": 5}}\n\n',
     "sent a view this version cannot read"),
    ("text/event-stream", b"event: view\ndata: " + b"x" * 2_100_000,
     "sent an event far too large for a table server's"),
])
def test_a_link_to_another_kind_of_server_gets_one_line(qtbot, windows, kind, body,
                                                        said) -> None:
    with _other_server(kind, body) as link:
        window = windows(link)
        qtbot.waitUntil(lambda: window.ended, timeout=WAIT)
        line = window.statusBar().currentMessage()
        assert said in line and "\n" not in line and line.startswith("The server at 127.0.0.1")


def test_nothing_listening_is_one_line_and_the_window_keeps_trying(qtbot, windows) -> None:
    window = windows("http://127.0.0.1:9/p/" + "s" * 43)
    qtbot.waitUntil(lambda: "Reconnecting" in window.statusBar().currentMessage(),
                    timeout=WAIT)
    assert window.statusBar().currentMessage() == (
        "Cannot reach the server at 127.0.0.1:9 (nothing answers there). Reconnecting…")
    assert not window.ended
    qtbot.keyClick(window, Qt.Key.Key_F5)  # Table > Reconnect Now


def test_join_on_the_command_line_refuses_a_non_link_in_one_line(capsys) -> None:
    assert tftmanager.__main__.main(["--join", "ragnar please"]) == 2  # the app's, not a command
    err = capsys.readouterr().err.strip()
    assert err.startswith("tftmanager --join: That is not") and "\n" not in err
    assert gc.isenabled()  # start-up's pause of the collector is over


def test_the_window_fits_1024x700_and_works_from_the_keyboard(qtbot, joined, demo_store,
                                                              ragnar) -> None:
    window, _server = joined
    hint = window.minimumSizeHint().expandedTo(window.minimumSize())
    assert hint.width() <= 1024 - 8 and hint.height() <= 700 - 32  # a frame and a title bar
    window.resize(1024 - 8, 700 - 32)
    window.card.name.setFocus()  # the first thing Tab reaches: the character's name
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.card.name, timeout=WAIT)
    target = window.offers.button("DX +1")
    for _ in range(80):  # Tab from the card's values to the raises, as a person does
        if QApplication.focusWidget() is target:
            break
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is target
    qtbot.keyClick(target, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: _dx(demo_store, ragnar) == 14, timeout=WAIT)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.offers.button("DX +1"),
                    timeout=WAIT)  # the focus stays on the button after the update


def test_a_campaign_moved_under_the_server_is_one_line_and_the_window_waits(
        qtbot, joined, demo_store, tmp_path) -> None:
    window, _server = joined
    lines: list[str] = []
    window.reports.line_came.connect(lambda line, _trouble: lines.append(line))
    shutil.move(demo_store.path, tmp_path / "moved.tftcampaign")
    try:
        qtbot.waitUntil(lambda: GONE in lines, timeout=WAIT)
        assert not window.ended  # the GM may open it again: the window keeps trying
        assert GONE in window.statusBar().currentMessage()
    finally:
        shutil.move(tmp_path / "moved.tftcampaign", demo_store.path)


def test_readying_the_shield_is_the_players_move(qtbot, joined, demo_store, ragnar) -> None:
    window, _server = joined
    click(qtbot, window.offers.button("Ready", near="Large shield"))
    qtbot.waitUntil(lambda: "Large shield (ready)" in
                    [label.text() for label in window.offers.findChildren(QLabel)],
                    timeout=WAIT)
    items = get_character(store=demo_store, character_id=ragnar.character_id).items
    assert next(i for i in items if i.kind is ItemKind.SHIELD).state is ItemState.READIED
    newest = journal.history(store=demo_store, limit=1)[0]
    assert newest.author == "Ragnar's player" and "Large shield" in newest.label
    # What the server offers now: sling or drop the shield, no longer ready it.
    assert window.offers.button("Sling", near="Large shield")
    with pytest.raises(LookupError):
        window.offers.button("Ready", near="Large shield")


def test_memory_is_offered_when_the_gm_turns_on_the_legacy_rule(qtbot, joined, demo_store,
                                                                 ragnar) -> None:
    window, _server = joined
    assert not any(b.text().startswith("Memory") for b in window.offers.buttons.values())
    profile = get_profile(store=demo_store)
    set_profile(store=demo_store, profile=replace(profile, legacy_memory_xp=True))  # the GM
    qtbot.waitUntil(lambda: any(b.text().startswith("Memory +1 (")
                                for b in window.offers.buttons.values()), timeout=WAIT)
    [memory] = [b for b in window.offers.buttons.values() if b.text().startswith("Memory")]
    assert memory.text() == "Memory +1 (500 XP)"  # the campaign's price, as the server says
    experience.award(store=demo_store, character_ids=[ragnar.character_id], amount=400,
                     reason="The wizard's tower")
    qtbot.waitUntil(lambda: any("XP 550;" in line for line in window.view.standing),
                    timeout=WAIT)
    click(qtbot, memory)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "One more memory point.",
                    timeout=WAIT)
    assert journal.history(store=demo_store, limit=1)[0].author == "Ragnar's player"


def test_a_wizard_marks_fatigue_in_the_fight(qtbot, windows, demo_store) -> None:
    morgaine = next(s.id for s in party_sheets(store=demo_store)
                    if s.character.name == "Morgaine")
    link = player_links.invite(store=demo_store, character_id=morgaine)
    fight = encounters.new_encounter(store=demo_store, name="The bridge", seed=3)
    encounters.add_character(store=demo_store, encounter_id=fight, character_id=morgaine,
                             side="Party")
    with serving(demo_store) as server:
        window = windows(server.address.player_url(link))
        qtbot.waitUntil(lambda: window.view is not None, timeout=WAIT)
        assert window.offers.casting.text() == "In The bridge."
        choose(qtbot, window.offers.spell, "Magic Fist (1-3 ST)")
        click(qtbot, window.offers.mark)
        figure = lambda: encounters.show(  # noqa: E731 - read again each time
            store=demo_store, encounter_id=fight).encounter.figures[0]
        qtbot.waitUntil(lambda: figure().fatigue > 0, timeout=WAIT)
        qtbot.waitUntil(lambda: f"fatigue {figure().fatigue}" in window.card.legend.text(),
                        timeout=WAIT)
        assert journal.history(store=demo_store, limit=1)[0].author == "Morgaine's player"


@pytest.mark.provokes_bug
def test_a_fault_of_ours_is_a_crash_report_not_a_refusal(qtbot, windows, demo_store, ragnar,
                                                         dialog_log, monkeypatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise KeyError("a bug in reading the view")

    monkeypatch.setattr(tftmanager.tableclient.player, "read_view", broken)
    with serving(demo_store) as server:
        window = windows(server.address.player_url(ragnar))
        qtbot.waitUntil(lambda: bool(dialog_log.bugs), timeout=WAIT)
        [(title, message)] = dialog_log.errors
        assert title == "Unexpected Error" and "(KeyError)" in message
        assert "crash" in message.lower() or "details are in" in message
        assert window.ended and "unexpected error" in window.statusBar().currentMessage()


@pytest.mark.parametrize(("screen", "most"), [(QSize(1024, 700), None),
                                              (QSize(1920, 1050), QSize(1150, 630))])
def test_the_window_opens_within_the_screen(windows, monkeypatch, screen, most) -> None:
    monkeypatch.setattr(screen_fit, "available", lambda _widget: screen)
    window = windows("http://127.0.0.1:9/p/" + "s" * 43)  # no server needed to look at it
    room = screen - screen_fit.FRAME
    assert window.width() <= room.width() and window.height() <= room.height()
    if most is not None:  # a larger screen gives it more room than the smallest
        assert window.width() >= most.width() and window.height() >= most.height()
