"""Campaign files: creating, reopening, transactions, and refusing bad files unchanged."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore, create_campaign, open_campaign
from tftmanager.store.errors import (
    CampaignError,
    DamagedCampaign,
    NewerCampaign,
    NotACampaign,
)
from tftmanager.store.lock import is_locked, lock_path
from tftmanager.store.schema import APPLICATION_ID, CURRENT_SCHEMA

pytestmark = pytest.mark.store

RAGNAR = Character(
    name="Ragnar", race="human", st=11, dx=13, iq=8,
    items=outfit(armor="leather", shield="large_shield", weapons=("spear",),
                 ready_weapon="spear"),
)
# Order matters: the player lists weapons in the order they want them shown.
WULF = Character(
    name="Wulf", race="human", st=14, dx=10, player="Anna", notes="Germanic tribesman",
    items=outfit(weapons=("two_handed_sword", "longbow", "dagger"), ready_weapon="longbow"),
)


def names(store: CampaignStore) -> list[str]:
    with store.operation("test") as op:
        return [
            s.character.name
            for s in queries.list_characters(session=op.session, campaign_id=store.campaign_id)
        ]


def test_create_and_reopen_round_trip(campaign_path: Path) -> None:
    profile = RuleProfile(creation=CreationScheme.MELEE)
    with (
        create_campaign(campaign_path, "Northmen", profile) as store,
        store.operation("test") as op,
    ):
        ragnar = queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=RAGNAR
        )
        wulf = queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=WULF
        )
    assert not is_locked(campaign_path)
    with open_campaign(campaign_path) as store:
        assert store.backup_path is None
        with store.operation("test") as op:
            info = queries.campaign(session=op.session, campaign_id=store.campaign_id)
            assert info.name == "Northmen"
            stored = queries.rule_profile(session=op.session, campaign_id=store.campaign_id)
            assert stored == profile
            stored = queries.list_characters(session=op.session, campaign_id=store.campaign_id)
            assert [(s.id, s.uid) for s in stored] == [(ragnar.id, ragnar.uid), (wulf.id, wulf.uid)]
            assert [s.character for s in stored] == [RAGNAR, WULF]
            assert [w.key for w in stored[1].character.loadout.weapons] == [
                "two_handed_sword", "longbow", "dagger"]
            again = queries.get_character(session=op.session, character_id=wulf.id)
            assert again.character == WULF


def test_update_keeps_weapon_order(store: CampaignStore) -> None:
    with store.operation("test") as op:
        stored = queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=WULF
        )
    reordered = replace(WULF, items=outfit(weapons=("dagger", "longbow", "two_handed_sword")))
    with store.operation("test") as op:
        queries.update_character(session=op.session, character_id=stored.id, character=reordered)
    with store.operation("test") as op:
        got = queries.get_character(session=op.session, character_id=stored.id).character
    assert [w.key for w in got.loadout.weapons] == ["dagger", "longbow", "two_handed_sword"]


def test_an_edit_read_to_be_changed_writes_the_fields_it_changed_with_no_orm_row(
        store: CampaignStore, campaign_path: Path) -> None:
    """A player's action reads and writes plain rows; an edit after it sees what it wrote."""
    from sqlalchemy import event

    from tftmanager.store.tables import CharacterRow

    with store.operation("test") as op:
        stored = queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=WULF)
    written: list[str] = []
    with store.operation("test") as op:
        event.listen(op.session.get_bind(), "before_cursor_execute",
                     lambda *a: written.append(a[2]), named=False)
        got = queries.get_character(session=op.session, character_id=stored.id)
        queries.update_character(session=op.session, character_id=stored.id,
                                 character=replace(got.character, notes="Bats.", fatigue=2))
        assert not [k for k in op.session.identity_map if k[0] is CharacterRow]
        again = queries.get_character(session=op.session, character_id=stored.id)
        assert (again.character.notes, again.character.fatigue) == ("Bats.", 2)
        queries.update_character(session=op.session, character_id=stored.id,
                                 character=replace(again.character, wounds=3))
    updates = [w for w in written if w.startswith("UPDATE character ")]
    assert len(updates) == 2 and "notes" in updates[0] and "fatigue" in updates[0]
    assert "st =" not in updates[0] and "name" not in updates[0]  # only what changed
    with store.operation("test") as op:
        last = queries.get_character(session=op.session, character_id=stored.id).character
    assert (last.notes, last.fatigue, last.wounds, last.st) == ("Bats.", 2, 3, WULF.st)
    con = sqlite3.connect(campaign_path)
    try:  # the journal has each image, for undo (its triggers see a plain UPDATE too)
        images = con.execute("SELECT count(*) FROM row_change WHERE table_name = 'character' "
                             "AND action = 'U'").fetchone()[0]
    finally:
        con.close()
    assert images == 2


def test_header_identifies_the_file(store: CampaignStore, campaign_path: Path) -> None:
    con = sqlite3.connect(campaign_path)
    try:
        assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT_SCHEMA
    finally:
        con.close()
    header = campaign_path.read_bytes()[:100]
    assert header.startswith(b"SQLite format 3\x00")
    assert header[68:72] == b"TFTM"  # application_id, big-endian, at offset 68


def test_session_pragmas(store: CampaignStore) -> None:
    with store.operation("test") as op:
        conn = op.session.connection()
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "delete"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_failed_transaction_writes_nothing(store: CampaignStore) -> None:
    with pytest.raises(RuntimeError, match="midway"), store.operation("test") as op:
        queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=RAGNAR
        )
        queries.insert_character(session=op.session, campaign_id=store.campaign_id, character=WULF)
        raise RuntimeError("midway")
    assert names(store) == []
    # The file itself holds nothing either (not just this connection).
    con = sqlite3.connect(store.path)
    try:
        assert con.execute("SELECT count(*) FROM character").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM possession").fetchone()[0] == 0
    finally:
        con.close()


def test_deleting_a_character_deletes_its_possessions(store: CampaignStore) -> None:
    with store.operation("test") as op:
        stored = queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=WULF
        )
    with store.operation("test") as op:
        queries.delete_character(session=op.session, character_id=stored.id)
    con = sqlite3.connect(store.path)
    try:
        assert con.execute("SELECT count(*) FROM possession").fetchone()[0] == 0
    finally:
        con.close()


def test_create_refuses_an_existing_file(campaign_path: Path) -> None:
    campaign_path.write_text("keep me", encoding="utf-8")
    with pytest.raises(CampaignError, match=campaign_path.name):
        create_campaign(campaign_path, "x")
    assert campaign_path.read_text(encoding="utf-8") == "keep me"
    assert not lock_path(campaign_path).exists()


def test_create_refuses_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(CampaignError, match="does not exist"):
        create_campaign(tmp_path / "nowhere" / "x.tftcampaign", "x")


def test_close_releases_the_lock(campaign_path: Path) -> None:
    store = create_campaign(campaign_path, "x")
    assert is_locked(campaign_path)
    store.close()
    assert not is_locked(campaign_path)
    # A clean close leaves no lock file beside the campaign.
    assert not lock_path(campaign_path).exists()


# A process that starts a big write and dies before committing: the rollback
# journal is left beside the file, and some changed pages are already in it.
CRASHING_WRITER = """
import os, sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA cache_size = 1")  # spill changed pages to the file early
con.execute("BEGIN IMMEDIATE")
con.execute("UPDATE journal_state SET replaying = 1")  # a raw writer, not a user action
for i in range(2000):
    con.execute("UPDATE character SET notes = ?", ("x" * 900 + str(i),))
    con.execute("INSERT INTO possession (character_id, position, kind, key, state, fine_dx,"
                " fine_damage, silver, good, hits_taken, quantity, note)"
                " VALUES (1, 99, 'weapon', 'junk', 'carried', 0, 0, 0, 0, 0, 1, '')")
os._exit(0)  # no commit, no close: as if the power went
"""


def test_write_interrupted_by_a_crash_is_rolled_back(tmp_path: Path) -> None:
    path = make_real_campaign(tmp_path / "crash.tftcampaign")
    before = path.read_bytes()
    subprocess.run([sys.executable, "-c", CRASHING_WRITER, str(path)], check=True, timeout=120)
    journal = path.with_name(path.name + "-journal")
    assert journal.exists()
    assert path.read_bytes() != before  # the file really holds half a transaction
    with open_campaign(path) as store:
        assert names(store) == ["Ragnar", "Wulf"]
        with store.operation("test") as op:
            wulf = queries.list_characters(session=op.session, campaign_id=store.campaign_id)[1]
        assert wulf.character == WULF
    assert not journal.exists()


# --- Files that must be refused, untouched ---------------------------------


def make_real_campaign(path: Path) -> Path:
    with create_campaign(path, "Real") as store, store.operation("test") as op:
        for character in (RAGNAR, WULF):
            queries.insert_character(session=op.session, campaign_id=store.campaign_id,
                                     character=character)
    return path


def make_text_file(path: Path) -> None:
    path.write_text("These are my campaign notes, not a database.\n", encoding="utf-8")


def make_empty_file(path: Path) -> None:
    path.write_bytes(b"")


def make_foreign_sqlite(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO recipes (name) VALUES ('bread')")
    con.commit()
    con.close()


def make_damaged(path: Path) -> None:
    source = make_real_campaign(path.with_name("source.tftcampaign"))
    shutil.copyfile(source, path)
    data = bytearray(path.read_bytes())
    con = sqlite3.connect(source)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    assert len(data) >= 3 * page_size
    # Overwrite the b-tree header of page 2 (a table's root page) with junk.
    data[page_size : page_size + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))


def make_newer(path: Path) -> None:
    make_real_campaign(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.commit()
    con.close()


def make_unversioned(path: Path) -> None:
    make_real_campaign(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 0")
    con.commit()
    con.close()


REFUSED: dict[str, tuple[Callable[[Path], None], type[CampaignError], str]] = {
    "text file": (make_text_file, NotACampaign, "not a TFT Manager campaign"),
    "empty file": (make_empty_file, NotACampaign, "not a TFT Manager campaign"),
    "foreign sqlite": (make_foreign_sqlite, NotACampaign, "another program"),
    "damaged": (make_damaged, DamagedCampaign, "damaged"),
    "newer version": (make_newer, NewerCampaign, "newer version"),
    "no version": (make_unversioned, DamagedCampaign, "no campaign format version"),
}


@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_refused_files_are_left_unchanged(tmp_path: Path, kind: str) -> None:
    make, error, words = REFUSED[kind]
    path = tmp_path / f"{kind.replace(' ', '-')}.tftcampaign"
    make(path)
    before = path.read_bytes()
    had_lock_file = lock_path(path).exists()
    with pytest.raises(error) as info:
        open_campaign(path)
    assert path.name in info.value.message
    assert words in info.value.message
    assert info.value.path == path
    assert path.read_bytes() == before
    assert lock_path(path).exists() == had_lock_file  # refused before the lock
    assert not path.with_name(path.name + "-journal").exists()
    # Asking twice gives the same answer (nothing was half-opened).
    with pytest.raises(error):
        open_campaign(path)
    assert path.read_bytes() == before


def test_damage_is_really_detected_by_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "damaged.tftcampaign"
    make_damaged(path)
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError:
        rows = None  # "database disk image is malformed"
    finally:
        con.close()
    assert rows != [("ok",)]
    # The undamaged original passes the same check.
    con = sqlite3.connect(f"file:{path.with_name('source.tftcampaign')}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    finally:
        con.close()


def test_newer_message_names_both_versions(tmp_path: Path) -> None:
    path = tmp_path / "future.tftcampaign"
    make_newer(path)
    with pytest.raises(NewerCampaign) as info:
        open_campaign(path)
    assert "format 99" in info.value.message
    assert f"reads up to {CURRENT_SCHEMA}" in info.value.message


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(NotACampaign, match="There is no file"):
        open_campaign(tmp_path / "missing.tftcampaign")
    assert not (tmp_path / "missing.tftcampaign").exists()
    with pytest.raises(NotACampaign, match="is a folder"):
        open_campaign(tmp_path)
    assert list(tmp_path.iterdir()) == []


def _alembic_loaded_after_opening(path: Path) -> bool:
    """Whether a fresh interpreter has imported Alembic after opening ``path`` to edit it."""
    script = ("import sys\nfrom pathlib import Path\n"
              "from tftmanager.store.campaign import open_campaign\n"
              "open_campaign(Path(sys.argv[1])).close()\n"
              "print('alembic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script, str(path)], check=True,
                          capture_output=True, text=True, timeout=120)
    return done.stdout.strip() == "True"


def test_alembic_is_loaded_only_for_a_file_that_needs_upgrading(demo: Path,
                                                                 tmp_path: Path) -> None:
    assert not _alembic_loaded_after_opening(demo)  # current: nothing to migrate
    older = tmp_path / "older.tftcampaign"
    shutil.copyfile(Path(__file__).parent.parent / "data" / "campaign-schema6.tftcampaign",
                    older)
    assert _alembic_loaded_after_opening(older)
    with sqlite3.connect(older) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT_SCHEMA
