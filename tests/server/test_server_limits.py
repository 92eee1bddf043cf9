"""A hostile player's own connection against the limits kept as data in the campaign.

Money gained, history lines, how much a player may add, and how long a
session may hold the others up: each is tried as the player's own login,
straight at the database (and through the app where the app offers it).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import replace
from typing import Any

import pytest

from tftmanager.app import campaigns, characters, equipment, experience
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind
from tftmanager.rules.money import MoneyKind
from tftmanager.store.errors import NotYours, ServerError

from .hostile import LOCK_TIMEOUT, character_id, refused, snapshot

pytestmark = pytest.mark.server

MONEY_ROW = ("INSERT INTO money_entry (character_id, amount, kind, reason, week, batch, "
             "created_at) VALUES (%s, %s, %s, 'x', 1, '', now())")


def _as_alice(url: str) -> str:
    return url.replace("//tft@", "//alice@")


def _finish(alice: Any, op: int, label: str) -> None:
    """tft_finish as a hostile client calls it: its own words for the line, its own look."""
    seen = alice.execute("SELECT coalesce(jsonb_object_agg(character_id, version), '{}') "
                         "FROM character_version").fetchone()[0]
    deed = json.dumps({"event": "award", "amount": 1000, "reason": "the dragon",
                       "xp_kind": "award", "who": [{"uid": "", "name": "Ragnar"}]})
    alice.execute("SELECT tft_finish(%s, %s, 'k', '{\"fields\": {}}', %s, %s::jsonb)",
                  (op, label, deed, json.dumps(seen)))


def test_a_player_spends_their_money_but_gains_none(party_url: str, alice: Any,
                                                     owner: Any) -> None:
    """The docs' table: money gained (pay, finds, sales, corrections) is the GM's."""
    with campaigns.open_existing(path=party_url) as gm:
        ragnar = character_id(gm, "Ragnar")
        equipment.record_money(store=gm, character_id=ragnar, amount=30, kind=MoneyKind.FOUND,
                               reason="Troll hoard")
    with campaigns.open_existing(path=_as_alice(party_url)) as store:
        balance = equipment.money(store=store, character_id=ragnar)
        for kind in (MoneyKind.FOUND, MoneyKind.JOB, MoneyKind.START, MoneyKind.CORRECTION):
            with pytest.raises(NotYours, match="money gained"):
                equipment.record_money(store=store, character_id=ragnar, amount=1000,
                                       kind=kind, reason="Mine")
        dagger = equipment.buy(store=store, character_id=ragnar, kind=ItemKind.WEAPON,
                               key="dagger")
        with pytest.raises(NotYours):
            equipment.sell(store=store, character_id=ragnar, uid=dagger.after.items[-1].uid,
                           price=5000)
        spent = balance - equipment.money(store=store, character_id=ragnar)
    assert spent > 0  # a purchase within the balance is theirs
    before = snapshot(owner)
    for kind, amount in (("found", 100), ("sell", 50), ("correction", 100), ("job", 9),
                         ("buy", 5), ("buy", -(balance - spent + 1)), ("correction", -1)):
        assert "row-level security" in refused(alice, MONEY_ROW, ragnar, amount, kind,
                                               operation=True)
    for attack in ("UPDATE money_entry SET amount = 99999", "DELETE FROM money_entry"):
        assert "permission denied" in refused(alice, attack)
    assert snapshot(owner) == before


def test_a_players_history_line_is_the_servers_account(party_url: str, alice: Any,
                                                       owner: Any) -> None:
    """Whatever label a player's client sends, the line says what the server saw change."""
    with alice.transaction():
        op = alice.execute("SELECT tft_begin(1, 'experience')").fetchone()[0]
        alice.execute("UPDATE character SET notes = 'quiet week' WHERE name = 'Ragnar'")
        _finish(alice, op, "GM: Ragnar +1000 XP for the dragon")
    label, key, meta, deed, characters_ = owner.execute(
        "SELECT label, merge_key, meta, deed, characters FROM operation WHERE id = %s",
        (op,)).fetchone()
    assert (label, key, meta, deed) == ("Ragnar: notes", "", "{}", "{}")  # told as the label
    assert json.loads(characters_) == [character_id_in(owner, "Ragnar")]
    with campaigns.open_existing(path=_as_alice(party_url)) as store:
        ragnar = character_id(store, "Ragnar")
        st = characters.get_character(store=store, character_id=ragnar).st
        balance = experience.status(store=store, character_id=ragnar).balance
        experience.raise_attribute(store=store, character_id=ragnar, attribute=Attribute.ST)
        cost = balance - experience.status(store=store, character_id=ragnar).balance
    newest = owner.execute("SELECT label FROM operation ORDER BY id DESC LIMIT 1").fetchone()[0]
    # (the raise also counts the point bought, a column of its own)
    assert re.fullmatch(rf"Ragnar: (bought points \d+ → \d+, )?ST {st} → {st + 1}, "
                        rf"spent {cost} XP", newest), newest


def character_id_in(owner: Any, name: str) -> int:
    return int(owner.execute("SELECT id FROM character WHERE name = %s",
                             (name,)).fetchone()[0])


def _usage(owner: Any, cid: int) -> tuple[int, int]:
    rows, size = owner.execute("SELECT rows, bytes FROM tft_private.usage "
                               "WHERE character_id = %s", (cid,)).fetchone()
    return int(rows), int(size)


def test_many_small_changes_meet_the_characters_quota(party_url: str, alice: Any,
                                                      owner: Any) -> None:
    ragnar = character_id_in(owner, "Ragnar")
    rows, size = _usage(owner, ragnar)
    assert "only the GM sets the limits" in refused(
        alice, "SELECT tft_set_limit('character_rows', 1000000)")
    owner.execute("SELECT tft_set_limit('character_rows', %s)", (rows + 2,))
    with campaigns.open_existing(path=_as_alice(party_url)) as store:
        for _ in range(2):
            equipment.give(store=store, character_id=ragnar, item=_torch())
        with pytest.raises(ServerError, match=r"Ragnar holds the most entries .* a player may "
                           f"add to, {rows + 2:,}\\. Nothing was changed"):
            equipment.give(store=store, character_id=ragnar, item=_torch())
        rows, size = _usage(owner, ragnar)
        owner.execute("SELECT tft_set_limit('character_bytes', %s)", (size + 100,))
        current = characters.get_character(store=store, character_id=ragnar)
        with pytest.raises(ServerError, match="Ragnar holds the most text a player may add"):
            characters.edit_character(store=store, character_id=ragnar,
                                      character=replace(current, notes=current.notes + "x" * 200))
        characters.edit_character(store=store, character_id=ragnar,  # shrinking is not growing
                                  character=replace(current, notes=""))
    with campaigns.open_existing(path=party_url) as gm:  # the GM's changes are never refused
        equipment.give(store=gm, character_id=ragnar, item=_torch())
    counted = owner.execute("SELECT jsonb_object_agg(character_id, array[rows, bytes]) "
                            "FROM tft_private.usage").fetchone()[0]
    owner.execute("SELECT tft_recount()")
    assert owner.execute("SELECT jsonb_object_agg(character_id, array[rows, bytes]) "
                         "FROM tft_private.usage").fetchone()[0] == counted


def _torch() -> Any:
    from tftmanager.rules.items import Item, ItemState

    return Item(ItemKind.GEAR, "skis", ItemState.CARRIED)


def test_a_player_makes_a_limited_number_of_changes_a_day(party_url: str, alice: Any,
                                                          owner: Any) -> None:
    done = owner.execute("SELECT coalesce(max(operations), 0) FROM tft_private.daily "
                         "WHERE login = 'alice' AND day = (now() AT TIME ZONE 'UTC')::date"
                         ).fetchone()[0]
    owner.execute("SELECT tft_set_limit('player_operations_per_day', %s)", (done + 1,))
    with alice.transaction():
        op = alice.execute("SELECT tft_begin(1, 'character')").fetchone()[0]
        alice.execute("UPDATE character SET notes = 'one' WHERE name = 'Ragnar'")
        _finish(alice, op, "")
    before = snapshot(owner)
    assert "too many changes today" in refused(alice, "SELECT 1", operation=True)
    for zone in ("Pacific/Kiritimati", "Etc/GMT+12"):  # a day ahead, a day behind: same day
        alice.execute(f"SET TimeZone = '{zone}'")
        assert "too many changes today" in refused(alice, "SELECT 1", operation=True)
    with campaigns.open_existing(path=_as_alice(party_url)) as store, \
            pytest.raises(ServerError, match=f"at most {done + 1:,} changes a day"):
        ragnar = character_id(store, "Ragnar")
        current = characters.get_character(store=store, character_id=ragnar)
        characters.edit_character(store=store, character_id=ragnar,
                                  character=replace(current, notes="two"))
    assert snapshot(owner) == before


def test_a_limit_past_what_the_players_checks_hold_is_refused(owner: Any) -> None:
    """The players' checks hold integers: a larger limit would stop every player's change."""
    was = owner.execute("SELECT value FROM tft_private.limits "
                        "WHERE name = 'character_rows'").fetchone()[0]
    assert "must be 0 to 2147483647" in refused(
        owner, "SELECT tft_set_limit('character_rows', 2147483648)")
    assert owner.execute("SELECT value FROM tft_private.limits "
                         "WHERE name = 'character_rows'").fetchone()[0] == was


def test_a_player_who_lengthens_their_own_timeouts_is_ended(party_url: str, alice: Any,
                                                            owner: Any) -> None:
    """PostgreSQL lets any login set its timeouts (they are user settings): the reaper stands."""
    import psycopg

    for setting in ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"):
        alice.execute(f"SET {setting} = 0")  # allowed: what follows must not depend on them
    owner.execute("SELECT tft_set_limit('transaction_seconds', 1)")
    alice.execute("BEGIN")
    alice.execute("SELECT tft_begin(1, 'character')")
    alice.execute("UPDATE character SET notes = 'held forever' WHERE name = 'Ragnar'")
    time.sleep(1.5)
    began = time.monotonic()
    with campaigns.open_existing(path=party_url) as gm:
        ragnar = character_id(gm, "Ragnar")
        current = characters.get_character(store=gm, character_id=ragnar)
        with pytest.raises(ServerError, match="so the server ended it"):
            characters.edit_character(store=gm, character_id=ragnar,
                                      character=replace(current, notes="GM's"))
        assert time.monotonic() - began < LOCK_TIMEOUT + 5
        gm.look()
        characters.edit_character(store=gm, character_id=ragnar,
                                  character=replace(current, notes="GM's"))
        assert characters.get_character(store=gm, character_id=ragnar).notes == "GM's"
    with pytest.raises(psycopg.OperationalError):
        alice.execute("SELECT 1")
    assert not re.search("held forever", json.dumps(snapshot(owner)))
