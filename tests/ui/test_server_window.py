"""A server campaign in the main window: the open dialog, other users' news, conflicts, roles."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from person import type_into
from PySide6.QtWidgets import QDialog

from tests.server.legacy import legacy_player
from tftmanager.app import campaigns, characters, experience, journal, server_campaigns
from tftmanager.app.changes import Changes
from tftmanager.app.demo import add_demo_party
from tftmanager.app.location import CampaignLocation
from tftmanager.store.errors import ConnectionLost
from tftmanager.store.server_address import parse_address
from tftmanager.ui import file_and_help_menus, server_dialog, server_window, window_state
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.operations import characters as character_ops
from tftmanager.ui.session import RECONNECTED, RETRY_FAILED, CampaignSession

pytestmark = pytest.mark.server


@pytest.fixture
def party_url(server_url: str) -> str:
    """A server campaign holding the demo party; the URL logs in as the GM."""
    store = campaigns.open_existing(path=server_url)
    try:
        add_demo_party(store=store)
    finally:
        store.close()
    return server_url


def _member_url(pg_server: Any, url: str, login: str, played: list[str],
                *, gm: bool = False) -> str:
    if gm:
        server_campaigns.add_member(url=url, login=login, characters=played, gm=True)
    else:  # a player's own window over a login an older version gave them
        legacy_player(url, login, played)
    return str(pg_server.url(parse_address(url).database, login))


def _id_of(window: MainWindow, name: str) -> int:
    return next(r.id for r in window.party_model.rows() if r.name == name)


def _row(window: MainWindow, character_id: int) -> Any:
    return window.party_model.rows()[window.party_model.row_of(character_id)]


def _open_through_dialog(window: MainWindow, url: str,
                         monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Open with the dialog as the user would (Open pressed on what the URL filled in)."""
    said: list[str] = []

    def press_open(dialog: server_dialog.ServerCampaignDialog) -> int:
        dialog.try_open()
        said.append(dialog.message.text())
        return int(QDialog.DialogCode.Accepted if dialog.session else 0)

    monkeypatch.setattr(server_dialog.ServerCampaignDialog, "exec", press_open)
    window.server.ask_open(url)
    return said


def test_the_dialog_opens_a_server_campaign_and_keeps_no_password(
        make_window, party_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    address = parse_address(party_url)
    _open_through_dialog(window, address.url.replace("@", ":secret@", 1), monkeypatch)

    assert window.session is not None and window.session.shared
    assert {"Ragnar", "Flavius Marcellus"} <= {r.name for r in window.party_model.rows()}
    assert address.display in window.windowTitle()
    recent = window_state.recent_files(window.settings)
    assert recent[0].display == address.url and "secret" not in str(window.settings.allKeys())
    assert all("secret" not in str(window.settings.value(k)) for k in window.settings.allKeys())
    window.server.fill_recent()
    assert window.recent_menu.actions()[0].text() == address.display


@pytest.mark.parametrize(("url", "expected"), [
    ("http://example.org/dragons", "must begin with postgresql://"),
    ("postgresql://127.0.0.1:1/dragons", "Cannot connect to dragons on 127.0.0.1"),
    ("postgresql://db.example.invalid/dragons", "Cannot connect to dragons on db.example"),
])
def test_a_bad_url_or_an_unreachable_server_is_said_in_the_dialog(
        make_window, url: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    said = _open_through_dialog(window, url, monkeypatch)
    assert expected in said[0]
    assert window.session is None


def test_a_database_without_a_campaign_is_said_in_the_dialog(
        make_window, pg_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    said = _open_through_dialog(window, pg_server.url("postgres"), monkeypatch)
    assert "holds no TFT Manager campaign" in said[0]
    assert window.session is None


def _award_as_bob(pg_server: Any, party_url: str, character_id: int, amount: int,
                  reason: str) -> None:
    """Another user (bob, a second GM) awards XP from his own client."""
    other = campaigns.open_existing(path=_member_url(pg_server, party_url, "bob", [], gm=True))
    try:
        experience.award(store=other, character_ids=[character_id], amount=amount,
                         reason=reason)
    finally:
        other.close()


def test_another_users_change_shows_up_with_who_made_it(
        make_window, party_url: str, pg_server: Any, qtbot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    ragnar = _id_of(window, "Ragnar")
    before = _row(window, ragnar).xp
    _award_as_bob(pg_server, party_url, ragnar, 10, "the bridge")

    qtbot.waitUntil(lambda: _row(window, ragnar).xp == before + 10)
    assert window.statusBar().currentMessage().startswith("bob: ")
    assert "Ragnar" in window.statusBar().currentMessage()
    newest = window.session.query(journal.history, limit=1)[0]
    assert newest.author == "bob"
    assert window.history.list.item(0).text().startswith(f"Week {newest.week} · ")
    assert " · bob — " in window.history.list.item(0).text()


def test_cli_history_names_who_did_each_change(
        party_url: str, pg_server: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from tftmanager.cli.main import run

    other = campaigns.open_existing(path=_member_url(pg_server, party_url, "bob", [], gm=True))
    try:
        ragnar = next(m.id for m in campaigns.party(store=other).characters
                      if m.character.name == "Ragnar")
        experience.award(store=other, character_ids=[ragnar], amount=10, reason="the bridge")
    finally:
        other.close()
    assert run(["history", party_url, "--limit", "1"]) == 0
    assert "  bob: Ragnar" in capsys.readouterr().out


def test_a_conflict_says_who_changed_what_and_shows_their_value(
        make_window, party_url: str, pg_server: Any, dialog_log,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    ragnar = _id_of(window, "Ragnar")
    window.party.select(ragnar)
    mine = window.session.query(characters.get_character, character_id=ragnar)
    other = campaigns.open_existing(path=_member_url(pg_server, party_url, "bob", [], gm=True))
    try:
        theirs = characters.get_character(store=other, character_id=ragnar)
        characters.edit_character(store=other, character_id=ragnar,
                                  character=replace(theirs, notes="Bob's notes"))
    finally:
        other.close()

    # Before the notice is heard, this window edits Ragnar from what it showed.
    character_ops.edit(window.session, ragnar, replace(mine, notes="My notes"))

    assert dialog_log.errors and "bob changed Ragnar" in dialog_log.errors[-1][1]
    assert window.editor.notes.toPlainText() == "Bob's notes"
    assert "bob changed Ragnar" in window.statusBar().currentMessage()
    assert window.session.query(characters.get_character,
                                character_id=ragnar).notes == "Bob's notes"


def test_a_players_window_shows_others_read_only_and_no_gm_tools(
        make_window, party_url: str, pg_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = _member_url(pg_server, party_url, "alice", ["Ragnar"])
    window = make_window()
    _open_through_dialog(window, alice, monkeypatch)
    assert window.session is not None and window.session.is_player

    window.party.select(_id_of(window, "Ragnar"))
    assert window.editor.tabs.widget(0).isEnabled()
    assert window.act_survival.isEnabled()  # alice's own
    assert window.server.note is not None and window.server.note.isHidden()
    others = [r.id for r in window.party_model.rows() if r.name != "Ragnar"]
    window.party.select(others[0])
    assert not window.editor.tabs.widget(0).isEnabled()
    assert not window.server.note.isHidden()
    assert window.server.note.text() == server_window.NOT_YOURS_NOTE
    assert not window.act_survival.isEnabled()
    assert window.act_survival.toolTip() == server_window.NOT_YOURS_NOTE
    for action in (window.act_week, window.act_award, window.act_settings, window.act_library):
        assert not action.isEnabled()
        assert action.toolTip() == server_window.GM_ONLY
    assert not window.act_add.isEnabled() and not window.act_delete.isEnabled()
    assert window.act_delete.toolTip() == server_window.GM_ONLY_PARTY

    # Back in a file of one's own, every tool is the GM's again, with its own tip.
    window.close_campaign()
    assert window.act_week.toolTip() != server_window.GM_ONLY
    assert window.act_add.toolTip() == "Add a character to the party"


def test_a_dropped_connection_is_retried_with_waits_that_grow(
        make_window, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The edit is tried again on a new connection, after a wait that grows each time.

    When every try fails the user's value stays where they typed it.
    """
    from tftmanager.ui import session as session_module

    waited: list[float] = []
    monkeypatch.setattr(session_module.time, "sleep", waited.append)
    window = make_window()
    assert window.new_campaign(tmp_path / "party.tftcampaign", demo=True)
    session = window.session
    assert isinstance(session, CampaignSession)
    tries: list[int] = []

    def flaky() -> Changes:
        tries.append(1)
        if len(tries) == 1:
            raise ConnectionLost(session.path, "Lost the connection to the server.")
        return Changes()

    noted: list[str] = []
    session.signals.status_noted.connect(noted.append)
    assert session.free("Edit", flaky).value == Changes()
    assert len(tries) == 2
    assert noted[-1] == RECONNECTED
    assert window.statusBar().currentMessage() == RECONNECTED

    assert waited == [session_module.RETRY_WAITS[0]]

    def dead() -> Changes:
        tries.append(1)
        raise ConnectionLost(session.path, "Lost the connection to the server.")

    failures: list[str] = []
    session.signals.action_failed.connect(failures.append)
    tries.clear()
    waited.clear()
    assert session.free("Edit", dead).value is None
    assert failures and RETRY_FAILED in failures[-1]
    assert len(tries) == 1 + len(session_module.RETRY_WAITS)
    assert waited == sorted(waited) and waited[-1] > 5 * waited[0]


def test_a_dropped_listener_reconnects_quietly_and_catches_up(
        make_window, party_url: str, pg_server: Any, qtbot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_window, "RECONNECT_MS", 50)
    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    first = window.server.listener
    assert first is not None
    database = parse_address(party_url).database
    pg_server.psql(database, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                   "WHERE application_name = 'TFT Manager (listening)'")
    qtbot.waitUntil(lambda: window.server.listener not in (None, first))

    ragnar = _id_of(window, "Ragnar")
    before = _row(window, ragnar).xp
    _award_as_bob(pg_server, party_url, ragnar, 5, "the ford")
    qtbot.waitUntil(lambda: _row(window, ragnar).xp == before + 5)


def test_a_co_gms_new_weapon_can_be_chosen_here_at_once(
        make_window, party_url: str, pg_server: Any, qtbot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The window kept the rules it first read: bob's weapon never reached its lists.
    from tftmanager.app import library
    from tftmanager.rules.library_entries import Entry

    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    bob = campaigns.open_existing(path=_member_url(pg_server, party_url, "bob", [], gm=True))
    try:
        library.save_entry(store=bob, entry=Entry("weapon", "war_bow", {
            "key": "war_bow", "name": "War Bow", "damage": "2d", "st": 14, "missile": True}))
    finally:
        bob.close()
    offered = window.editor.weapons
    qtbot.waitUntil(lambda: "War Bow (2d, ST 14)" in [
        offered.item(i).text() for i in range(offered.count())])
    assert window.session is not None and "war_bow" in window.session.library.weapons


def test_a_bug_while_hearing_news_is_raised_not_taken_for_a_dropped_connection(
        make_window, party_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the connection going is heard quietly; a mistake of ours reaches the crash hook.
    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    listener = window.server.listener
    assert listener is not None

    def broken() -> list[Any]:
        raise KeyError("payload")

    monkeypatch.setattr(listener, "pending", broken)
    with pytest.raises(KeyError):
        window.server.hear()
    assert window.server.listener is listener  # not dropped and reconnected as if lost


def test_save_a_copy_of_a_server_campaign_pulls_it_to_a_file(
        make_window, party_url: str, tmp_path, dialog_log,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    target = tmp_path / "offline.tftcampaign"
    asked: list[Path] = []
    monkeypatch.setattr(file_and_help_menus, "ask_copy_path",
                        lambda _w, beside: asked.append(beside) or target)

    assert file_and_help_menus.save_copy(window) == target
    assert asked[0].name == "Server Test.tftcampaign" and asked[0].parent.is_absolute()
    copy = campaigns.open_existing(path=target)
    try:
        assert "Ragnar" in {m.character.name for m in campaigns.party(store=copy).characters}
    finally:
        copy.close()
    assert dialog_log.infos and str(target) in dialog_log.infos[-1][1]
    assert window.session is not None and window.session.shared  # still on the server


def test_a_recent_server_campaign_reopens_and_a_refusal_shows_the_dialog(
        make_window, party_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    _open_through_dialog(window, party_url, monkeypatch)
    window.close_campaign()
    shown: list[str] = []
    monkeypatch.setattr(server_dialog.ServerCampaignDialog, "exec",
                        lambda dialog: shown.append(dialog.message.text()) or 0)

    window.server.fill_recent()
    window.recent_menu.actions()[0].trigger()
    assert window.session is not None and window.session.shared
    assert shown == []  # no password needed: no dialog

    window.close_campaign()
    assert not window.server.open_recent(
        CampaignLocation.parse("postgresql://nobody@127.0.0.1:1/gone"))
    assert shown and "Cannot connect to gone" in shown[0]
    assert window.session is None


def test_a_players_change_to_another_character_is_refused_by_the_server(
        make_window, party_url: str, pg_server: Any, dialog_log,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Even past the read-only editor (from a script, say), the database says no."""
    window = make_window()
    _open_through_dialog(window, _member_url(pg_server, party_url, "alice", ["Ragnar"]),
                         monkeypatch)
    wulf = _id_of(window, "Wulf")
    before = window.session.query(characters.get_character, character_id=wulf)
    character_ops.edit(window.session, wulf, replace(before, notes="Alice was here"))
    assert dialog_log.errors and "only the characters the GM gave you" in \
        dialog_log.errors[-1][1]
    assert window.session.query(characters.get_character, character_id=wulf) == before


def test_a_character_the_gm_adds_appears_in_a_players_party(
        make_window, party_url: str, pg_server: Any, qtbot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    _open_through_dialog(window, _member_url(pg_server, party_url, "alice", ["Ragnar"]),
                         monkeypatch)
    gm = campaigns.open_existing(path=_member_url(pg_server, party_url, "bob", [], gm=True))
    try:
        added = characters.add_new_character(store=gm)
    finally:
        gm.close()
    qtbot.waitUntil(lambda: window.party_model.row_of(added.id) >= 0)
    window.party.select(added.id)
    assert not window.editor.tabs.widget(0).isEnabled()  # not alice's


def test_a_server_campaign_opens_at_start_when_named_or_last_used(
        make_window, party_url: str, qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from tftmanager.ui import launch

    window = make_window()
    assert launch.server_url(window.settings, [CampaignLocation.parse(party_url)],
                             []) == party_url
    assert launch.server_url(window.settings, [], []) is None
    window_state.remember(window.settings, CampaignLocation.parse(parse_address(party_url).url))
    assert launch.server_url(window.settings, [], []) == parse_address(party_url).url
    assert launch.server_url(window.settings, [], [Path("a.tftcampaign")]) is None

    app = QApplication.instance()
    launch._Loader(window, app, window.settings, [], None, False, 0.0, party_url).load()
    qtbot.waitUntil(lambda: window.session is not None)
    assert window.session.shared


@pytest.mark.parametrize(("version", "expected"), [
    ("9999_future", "set up by a newer version of TFT Manager"),
    ("0001_first", "is in an older format (schema 1)"),
])
def test_a_campaign_in_another_format_is_said_in_the_dialog(
        make_window, server_url: str, pg_server: Any, version: str, expected: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    database = parse_address(server_url).database
    pg_server.psql(database, f"UPDATE alembic_version SET version_num = '{version}'")
    window = make_window()
    said = _open_through_dialog(window, server_url, monkeypatch)
    assert expected in said[0]
    assert window.session is None


def test_when_the_retry_fails_too_the_typed_value_stays_in_its_field(
        make_window, tmp_path, dialog_log, monkeypatch: pytest.MonkeyPatch) -> None:
    from tftmanager.ui.operations import characters as ops_module

    window = make_window()
    assert window.new_campaign(tmp_path / "party.tftcampaign", demo=True)
    ragnar = _id_of(window, "Ragnar")
    window.party.select(ragnar)

    def dropped(**_kwargs: object) -> Changes:
        raise ConnectionLost(tmp_path, "Lost the connection to the server.")

    monkeypatch.setattr(ops_module.characters, "edit_character", dropped)
    window.editor.spins["st"].setValue(window.editor.spins["st"].value() + 1)
    typed = window.editor.spins["st"].value()

    assert dialog_log.errors and RETRY_FAILED in dialog_log.errors[-1][1]
    assert window.editor.spins["st"].value() == typed
    assert window.session.query(characters.get_character, character_id=ragnar).st == typed - 1


def test_the_keyring_keeps_the_password_only_when_asked_and_able(
        make_window, party_url: str, monkeypatch: pytest.MonkeyPatch, qtbot) -> None:
    window = make_window()
    monkeypatch.setattr(server_dialog, "keyring_available", lambda: False)
    dialog = server_dialog.ServerCampaignDialog(window, window.signals, url=party_url)
    assert not dialog.remember.isEnabled()
    assert dialog.remember.toolTip() == server_dialog.NO_KEYRING
    dialog.deleteLater()

    kept: list[tuple[str, str]] = []
    monkeypatch.setattr(server_dialog, "keyring_available", lambda: True)
    monkeypatch.setattr(server_campaigns, "remember_password",
                        lambda address, password: kept.append((address.url, password)) or True)
    dialog = server_dialog.ServerCampaignDialog(window, window.signals, url=party_url)
    assert dialog.remember.isEnabled()
    type_into(qtbot, dialog.password, "s3cret")
    dialog.remember.setChecked(True)
    assert dialog.try_open()
    assert kept == [(parse_address(party_url).url, "s3cret")]
    window.attach(dialog.session)
    assert all("s3cret" not in str(window.settings.value(k))
               for k in window.settings.allKeys())


def test_the_keyring_is_installed_and_a_working_one_enables_remember(
        make_window, party_url: str) -> None:
    """keyring comes with the app's checkout; with a backend the box is enabled.

    (A headless machine has no Secret Service: the box then stays disabled and
    says why, as the test above checks.)
    """
    import keyring
    from keyring.backend import KeyringBackend

    class InMemory(KeyringBackend):
        priority = 1  # type: ignore[assignment]
        kept: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.kept.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.kept[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            self.kept.pop((service, username), None)

    before = keyring.get_keyring()
    keyring.set_keyring(InMemory())
    try:
        assert server_dialog.keyring_available()
        window = make_window()
        dialog = server_dialog.ServerCampaignDialog(window, window.signals, url=party_url)
        assert dialog.remember.isEnabled()
        dialog.deleteLater()
    finally:
        keyring.set_keyring(before)
