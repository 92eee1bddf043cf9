"""Players hold no database login; the operator's tools; upgrade retires the old player logins.

A player acts through the table server, over the GM's connection, each
action an operation in the player's name (``ServerCampaignStore.acting_for``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import (
    campaigns,
    characters,
    experience,
    journal,
    player_links,
    server_campaigns,
)
from tftmanager.app.journal import NothingToUndo
from tftmanager.cli.main import run
from tftmanager.rules.experience import Attribute
from tftmanager.store.errors import ServerError
from tftmanager.store.server import ServerCampaignStore
from tftmanager.store.server_address import parse_address

from .hostile import character_id
from .legacy import legacy_player

pytestmark = pytest.mark.server


def _logins(owner: Any) -> set[str]:
    return {r[0] for r in owner.execute("SELECT rolname FROM pg_roles WHERE rolcanlogin")}


def _connect_as(url: str, login: str) -> Any:
    import psycopg

    address = parse_address(url)
    return psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                           user=login, autocommit=True)


def test_init_push_and_add_player_give_a_player_no_database_login(
        server_url: str, pg_server: Any, tmp_path: Path, demo: Path) -> None:
    import psycopg

    pushed = pg_server.url(pg_server.new_database_name())
    server_campaigns.push(path=demo, url=pushed)
    names = server_campaigns.add_member(url=pushed, login="dora", characters=["Ragnar"])
    assert names == ["Ragnar"]
    with _connect_as(server_url, "tft") as owner:  # (roles are the whole server's)
        assert "dora" not in _logins(owner)
        player_role = f"{pushed.rsplit('/', 1)[1]}_player"
        members = owner.execute(
            "SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "WHERE g.rolname = %s", (player_role,)).fetchone()[0]
        assert members == 0
    with pytest.raises(psycopg.OperationalError, match='role "dora" does not exist'):
        _connect_as(pushed, "dora")
    with pytest.raises(ServerError, match="no database password"):
        server_campaigns.add_member(url=pushed, login="bob", characters=["Wulf"],
                                    password="secret")
    with campaigns.open_existing(path=pushed) as gm:
        assert server_campaigns.assigned(store=gm) is None  # the GM changes every character
        played = journal.history(store=gm, limit=1)[0]
        assert played.label == "dora plays Ragnar"


@contextmanager
def _alice_raised(party_url: str, attribute: Attribute) -> Iterator[tuple[Any, Any, int]]:
    """The GM's campaign once alice, a player, raised Ragnar's ``attribute``: (gm, alice, id)."""
    with campaigns.open_existing(path=party_url) as gm:
        assert isinstance(gm, ServerCampaignStore)
        ragnar = character_id(gm, "Ragnar")
        alice = gm.acting_for("alice")
        experience.raise_attribute(store=alice, character_id=ragnar, attribute=attribute)
        yield gm, alice, ragnar


def test_a_players_action_is_theirs_by_name_with_the_servers_words(party_url: str) -> None:
    with _alice_raised(party_url, Attribute.ST) as (gm, alice, _ragnar):
        line = journal.history(store=gm, limit=1)[0]
        assert line.author == "alice" and line.label.startswith("Ragnar: ")
        assert "ST 11 → 12" in line.label and line.label.endswith(" XP")
        with pytest.raises(NothingToUndo):  # the GM's undo is not hers to take back
            journal.undo(store=gm.acting_for("bob"))
        journal.undo(store=alice)
        assert journal.history(store=gm, limit=1)[0].undone


def test_redo_spends_nothing_the_ledger_no_longer_holds(party_url: str) -> None:
    """Spend it all, undo, the GM corrects the XP down, redo: refused, nothing negative."""
    with _alice_raised(party_url, Attribute.DX) as (gm, alice, ragnar):
        spent = -experience.ledger_lines(store=gm, character_id=ragnar)[-1].amount
        journal.undo(store=alice)
        regained = experience.status(store=gm, character_id=ragnar).balance
        gm.look()  # the GM's window shows alice's change before the GM corrects
        # the GM leaves one XP fewer than the raise spent
        experience.correct(store=gm, character_id=ragnar, amount=-(regained - spent + 1),
                           reason="miscounted")
        with pytest.raises(NothingToUndo, match="Ragnar no longer has the XP"):
            journal.redo(store=alice)
        assert experience.status(store=gm, character_id=ragnar).balance == spent - 1


def test_upgrade_retires_player_logins_and_ends_the_sessions_in_its_way(
        party_url: str, tmp_path: Path) -> None:
    legacy_player(party_url, "carol", ["Wulf"])  # in no other campaign
    idle = _connect_as(party_url, "carol")
    idle.autocommit = False
    idle.execute("SELECT * FROM character FOR KEY SHARE")  # a lock held, then idle
    began = time.monotonic()
    done = server_campaigns.upgrade(url=party_url, dump_folder=tmp_path)
    assert time.monotonic() - began < 30
    assert done.ended >= 1 and sorted(done.players) == ["alice", "carol"]
    with _connect_as(party_url, "tft") as owner:
        assert "carol" not in _logins(owner)  # (alice plays in the other tests' campaigns)
        player_role = f"{parse_address(party_url).database}_player"
        assert owner.execute(
            "SELECT count(*) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "WHERE g.rolname = %s", (player_role,)).fetchone()[0] == 0
        plays = {r[0] for r in owner.execute("SELECT login FROM player_character")}
        assert plays == {"alice", "carol"}  # their characters stay theirs
        assert idle.closed or idle.broken or _dead(idle)


def _dead(conn: Any) -> bool:
    import psycopg

    try:
        conn.execute("SELECT 1")
    except psycopg.OperationalError:
        return True
    return False


def test_the_operator_commands(party_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with campaigns.open_existing(path=party_url) as gm:
        assert isinstance(gm, ServerCampaignStore)
        ragnar = character_id(gm, "Ragnar")
        experience.raise_attribute(store=gm.acting_for("alice"), character_id=ragnar,
                                   attribute=Attribute.IQ)
        player_links.invite(store=gm, character_id=ragnar)
    with _connect_as(party_url, "alice") as alice:  # a legacy player's session
        assert run(["server", "status", party_url]) == 0
        shown = capsys.readouterr().out
        assert "character_rows" in shown and "10,000" in shown
        assert "alice" in shown.split("today")[1]  # her change today
        assert "Ragnar" in shown.split("Usage")[1]
        pid = alice.info.backend_pid
        assert f"{pid}  alice from " in shown
        assert run(["server", "end-session", party_url, str(pid)]) == 0
        assert _dead(alice)
    assert run(["server", "end-session", party_url, "1"]) == 1
    assert "no session 1" in capsys.readouterr().err
    assert run(["server", "set-limit", party_url, "character_rows", "20000"]) == 0
    limits = {x.name: x.value for x in server_campaigns.report(url=party_url).limits}
    assert limits["character_rows"] == 20000
    assert run(["server", "set-limit", party_url, "character_roes", "5"]) != 0
    assert "no limit called 'character_roes'" in capsys.readouterr().err
    assert run(["server", "remove-player", party_url, "alice"]) == 0
    assert "alice has left the campaign and no longer plays Ragnar" in capsys.readouterr().out
    with campaigns.open_existing(path=party_url) as gm:
        assert journal.history(store=gm, limit=1)[0].label == "alice no longer plays Ragnar"
        assert not player_links.links(store=gm)  # her link to Ragnar was revoked with it
        wulf = character_id(gm, "Wulf")
        current = characters.get_character(store=gm, character_id=wulf)
        characters.edit_character(store=gm, character_id=wulf,
                                  character=replace(current, notes="still the GM's"))


def test_a_clone_never_hands_out_an_id_its_rows_hold(pg_server: Any, server_url: str) -> None:
    """A template's sequence behind its rows (after a crash) is set right in each copy."""
    template = server_url.rsplit("/", 1)[1]
    done = pg_server.psql(template, "SELECT setval(pg_get_serial_sequence('library_entry', "
                          "'id'), 1)")
    assert done.returncode == 0, done.stderr
    copy = pg_server.new_database_name()
    pg_server.clone(template, copy)
    found = pg_server.psql(copy, "SELECT nextval(pg_get_serial_sequence('library_entry', 'id'))"
                           " > (SELECT max(id) FROM library_entry)")
    assert found.stdout.strip() == "t"
