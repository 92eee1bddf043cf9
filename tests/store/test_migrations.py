"""Schema versions: old files open, upgrades back up first and restore on failure."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

from tftmanager.app.campaigns import party_sheets
from tftmanager.rules.character import Character
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.store import campaign as campaign_module
from tftmanager.store import migrate
from tftmanager.store.backup import backup_file, pre_migration_backup_path
from tftmanager.store.campaign import CampaignStore, open_campaign
from tftmanager.store.errors import MigrationFailed
from tftmanager.store.lock import is_locked
from tftmanager.store.schema import CURRENT_SCHEMA
from tftmanager.store.tables import SQLModel

pytestmark = pytest.mark.store

FIXTURE = Path(__file__).resolve().parent.parent / "data" / "campaign-schema1.tftcampaign"
DEMO_NAMES = ["Flavius Marcellus", "Joe the Barbarian", "Ragnar", "Wulf"]


def dump(path: Path) -> list[str]:
    """The database's content as SQL, for comparing two files."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def pragma(path: Path, name: str) -> int:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(con.execute(f"PRAGMA {name}").fetchone()[0])
    finally:
        con.close()


@pytest.fixture
def schema1(tmp_path: Path) -> Path:
    """A private copy of the schema-1 fixture (the original is never opened)."""
    target = tmp_path / "old.tftcampaign"
    shutil.copyfile(FIXTURE, target)
    return target


def test_schema1_fixture_opens(schema1: Path) -> None:
    original = FIXTURE.read_bytes()
    with open_campaign(schema1) as store:
        sheets = party_sheets(store=store)
        assert sorted(s.character.name for s in sheets) == DEMO_NAMES
        ragnar = next(s for s in sheets if s.character.name == "Ragnar")
        assert (ragnar.character.st, ragnar.character.dx) == (11, 13)
        assert [w.key for w in ragnar.character.loadout.weapons] == ["spear"]
        if CURRENT_SCHEMA == 1:
            assert store.backup_path is None  # already current: nothing to back up
        else:  # upgraded, after a backup beside the copy
            assert store.backup_path == schema1.with_name(schema1.name + ".schema1.bak")
            assert store.backup_path.exists()
    assert FIXTURE.read_bytes() == original


def test_backup_file_copies_the_database(tmp_path: Path, schema1: Path) -> None:
    target = tmp_path / "copies" / "old.bak"
    assert backup_file(schema1, target) == target
    assert dump(target) == dump(schema1)
    assert pragma(target, "user_version") == pragma(schema1, "user_version")
    assert pragma(target, "application_id") == pragma(schema1, "application_id")
    # No temporary files are left beside it.
    assert [p.name for p in target.parent.iterdir()] == ["old.bak"]


def test_backup_file_never_replaces_an_older_backup(tmp_path: Path, schema1: Path) -> None:
    target = tmp_path / "old.bak"
    target.write_text("an old backup", encoding="utf-8")
    written = backup_file(schema1, target)
    assert written == tmp_path / "old-2.bak"
    assert target.read_text(encoding="utf-8") == "an old backup"
    assert dump(written) == dump(schema1)
    assert backup_file(schema1, target) == tmp_path / "old-3.bak"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".tmp") == []


def test_backup_path_is_beside_the_file(tmp_path: Path) -> None:
    path = tmp_path / "north.tftcampaign"
    assert pre_migration_backup_path(path, 1) == tmp_path / "north.tftcampaign.schema1.bak"


def test_older_file_is_backed_up_before_the_upgrade(
    schema1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = dump(schema1)
    backup = schema1.with_name(schema1.name + ".schema1.bak")
    calls: list[str] = []
    real_upgrade = migrate.upgrade_to_head

    def spy_upgrade(engine: Engine) -> None:
        # The backup exists, is complete, and the file is locked while upgrading.
        assert backup.exists()
        assert dump(backup) == before
        assert is_locked(schema1)
        calls.append(str(engine.url))
        real_upgrade(engine)  # a no-op when the file is already at the head

    # Pretend this build is one schema ahead of the schema-1 fixture (if it is not already).
    monkeypatch.setattr(campaign_module, "CURRENT_SCHEMA", max(CURRENT_SCHEMA, 2))
    monkeypatch.setattr(migrate, "upgrade_to_head", spy_upgrade)
    with open_campaign(schema1) as store:
        assert calls == [f"sqlite:///{schema1}"]
        assert store.backup_path == backup
    assert dump(backup) == before


def test_failed_upgrade_restores_the_file(
    schema1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk that fills during the upgrade is the user's to act on: one line, file restored."""
    before = dump(schema1)

    def broken_upgrade(engine: Engine) -> None:
        # Half an upgrade: a change is written, then the next step finds the disk full
        # (SQLite's own SQLITE_FULL, from a page limit standing in for the disk).
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE half_done (x INTEGER)")
            conn.exec_driver_sql("DELETE FROM character_weapon")
        with engine.begin() as conn:
            pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
            conn.exec_driver_sql(f"PRAGMA max_page_count = {pages}")
            conn.exec_driver_sql("CREATE TABLE filler (x BLOB)")
            conn.exec_driver_sql("INSERT INTO filler VALUES (zeroblob(1000000))")

    monkeypatch.setattr(campaign_module, "CURRENT_SCHEMA", max(CURRENT_SCHEMA, 2))
    monkeypatch.setattr(migrate, "upgrade_to_head", broken_upgrade)
    with pytest.raises(MigrationFailed) as info:
        open_campaign(schema1)
    message = info.value.message
    assert schema1.name in message
    assert "the disk is full" in message
    assert "schema1.bak" in message
    assert dump(schema1) == before
    assert not is_locked(schema1)
    assert schema1.with_name(schema1.name + ".schema1.bak").exists()
    # Without the fake, the restored file opens normally.
    monkeypatch.undo()
    with open_campaign(schema1) as store:
        assert sorted(s.character.name for s in party_sheets(store=store)) == DEMO_NAMES


def test_a_migration_s_bug_restores_the_file_and_is_a_bug(
    schema1: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A programming error in a migration is no refusal: it keeps its traceback (a report)."""
    before = dump(schema1)

    def buggy_upgrade(engine: Engine) -> None:
        with engine.begin() as conn:
            conn.exec_driver_sql("DELETE FROM character_weapon")
            conn.exec_driver_sql("UPDATE no_such_table SET x = 1")  # SQLITE_ERROR: ours

    monkeypatch.setattr(campaign_module, "CURRENT_SCHEMA", max(CURRENT_SCHEMA, 2))
    monkeypatch.setattr(migrate, "upgrade_to_head", buggy_upgrade)
    with pytest.raises(Exception, match="no such table") as info:
        open_campaign(schema1)
    assert not isinstance(info.value, MigrationFailed)
    assert dump(schema1) == before
    assert not is_locked(schema1)


def current_heads(engine: Engine) -> tuple[set[str], set[str]]:
    """The file's Alembic revisions and the shipped scripts' heads (for drift checks)."""
    script = ScriptDirectory.from_config(migrate.alembic_config())
    with engine.connect() as conn:
        return set(MigrationContext.configure(conn).get_current_heads()), set(script.get_heads())


def test_schema_matches_the_models(store: CampaignStore) -> None:
    """The "alembic check" of this build: no drift between migrations and models."""
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
    current, heads = current_heads(store.engine)
    assert current == heads
    assert len(heads) == 1


def test_fixture_schema_matches_the_models(schema1: Path) -> None:
    with open_campaign(schema1) as store:
        with store.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, SQLModel.metadata) == []
        current, heads = current_heads(store.engine)
        assert current == heads


FIXTURES = sorted((FIXTURE.parent).glob("campaign-schema*.tftcampaign"))


def test_there_is_a_fixture_for_every_schema() -> None:
    numbers = sorted(int(p.stem.removeprefix("campaign-schema")) for p in FIXTURES)
    assert numbers == list(range(1, CURRENT_SCHEMA + 1))


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_every_schema_fixture_opens_at_the_current_schema(fixture: Path, tmp_path: Path) -> None:
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    old = pragma(copy, "user_version")
    with open_campaign(copy) as store:
        names = sorted(s.character.name for s in party_sheets(store=store))
        # The demo party gained Morgaine, a starting wizard, in schema 10's release.
        assert names == sorted(DEMO_NAMES + (["Morgaine"] if old >= 10 else []))
        assert (store.backup_path is None) == (old == CURRENT_SCHEMA)
        from tftmanager.app.library import library_for

        library = library_for(store)
        assert "running" in library.talents and "fireball" in library.spells
    assert pragma(copy, "user_version") == CURRENT_SCHEMA


def test_schema1_upgrade_copies_the_shipped_library_and_keeps_characters(schema1: Path) -> None:
    from tftmanager.app.library import differences
    from tftmanager.shipped import shipped_entries

    with open_campaign(schema1) as store:
        assert differences(store=store) == []
        from tftmanager.app.library import entries

        assert len(entries(store=store)) == len(shipped_entries())
        joe = next(s for s in party_sheets(store=store) if s.character.name.startswith("Joe"))
        assert joe.character.talents == ()  # schema 1 had no talents; nothing invented


# What the documents' figures wear and carry, in every schema's file:
# (armor, shield, shield ready, weapons carried, weapon in hand).
DEMO_GEAR = {
    "Ragnar": ("leather", "large_shield", False, ["spear"], "spear"),
    "Flavius Marcellus": ("chainmail", "large_shield", True, ["shortsword"], "shortsword"),
    "Wulf": (None, None, False, ["longbow", "two_handed_sword"], "longbow"),
    "Joe the Barbarian": ("leather", "small_shield", True, ["shortsword", "dagger"],
                          "shortsword"),
}


def gear_of(character: Character) -> tuple[object, ...]:
    gear = character.loadout
    ready = gear.ready_weapon
    return (gear.armor.key if gear.armor else None, gear.shield.key if gear.shield else None,
            gear.shield_ready, [w.key for w in gear.weapons], ready.key if ready else None)


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_every_schema_fixture_keeps_its_equipment(fixture: Path, tmp_path: Path) -> None:
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    with open_campaign(copy) as store:
        sheets = {s.character.name: s for s in party_sheets(store=store)}
    gear = dict(DEMO_GEAR)
    if int(fixture.stem.removeprefix("campaign-schema")) >= 8:  # the demo's fine dagger
        gear["Flavius Marcellus"] = ("chainmail", "large_shield", True,
                                     ["shortsword", "dagger"], "shortsword")
    for name, expected in gear.items():
        assert gear_of(sheets[name].character) == expected, name
        # One possession per piece: nothing doubled by the upgrade.
        keys = [i.key for i in sheets[name].character.items if i.kind is not ItemKind.GEAR]
        assert sorted(keys) == sorted(k for k in (*expected[:2], *expected[3]) if k), name
    # Melee's record card: leather -2 DX, the large shield -1 more; stops 2 (4 with it).
    # (Some files raised DX with experience, so the numbers follow the figure's DX.)
    ragnar = sheets["Ragnar"]
    dx = ragnar.character.dx
    assert (ragnar.derived.adj_dx, ragnar.derived.adj_dx_shield, ragnar.derived.hits_stopped,
            ragnar.derived.hits_stopped_shield, ragnar.derived.ma) == (dx - 2, dx - 3, 2, 4, 8)
    flavius = sheets["Flavius Marcellus"]
    assert flavius.derived.adj_dx_shield == flavius.character.dx - 4
    assert flavius.derived.ma == 6


def test_schema4_possessions_become_the_gear_with_their_wear(tmp_path: Path) -> None:
    # The schema-4 file gave Flavius his chainmail (55 hits taken, carried) and a
    # fine shortsword as possessions besides the keys: they are the pieces he uses.
    copy = tmp_path / "four.tftcampaign"
    shutil.copyfile(FIXTURE.with_name("campaign-schema4.tftcampaign"), copy)
    with open_campaign(copy) as store:
        flavius = next(s for s in party_sheets(store=store)
                       if s.character.name == "Flavius Marcellus")
    items = flavius.character.items
    assert [(i.kind, i.key, i.state) for i in items] == [
        (ItemKind.ARMOR, "chainmail", ItemState.READIED),
        (ItemKind.SHIELD, "large_shield", ItemState.READIED),
        (ItemKind.WEAPON, "shortsword", ItemState.READIED),
    ]
    assert items[0].hits_taken == 55
    assert items[2].quality.fine_dx == 1
    # 55 hits on chainmail (stops 3) pass its first threshold (20 + 10 x 3): stops 2.
    assert flavius.derived.hits_stopped == 2
    assert flavius.derived.hits_stopped_shield == 4


def test_upgrade_puts_back_what_the_keys_did_not_name(tmp_path: Path) -> None:
    # Possessions marked readied that the keys did not name (a spare sword "at
    # the belt", a second armor) are carried after the upgrade; stored ones stay.
    copy = tmp_path / "five.tftcampaign"
    shutil.copyfile(FIXTURE.with_name("campaign-schema5.tftcampaign"), copy)
    con = sqlite3.connect(copy)
    try:
        wulf = con.execute("SELECT id FROM character WHERE name = 'Wulf'").fetchone()[0]
        rows = [(0, "weapon", "broadsword", "readied", 0), (1, "armor", "plate", "readied", 9),
                (2, "weapon", "longbow", "stored", 0), (3, "gear", "skis", "readied", 0)]
        con.executemany(
            "INSERT INTO possession (character_id, position, kind, key, state, fine_dx, "
            "fine_damage, silver, good, hits_taken, quantity, note) "
            "VALUES (?, ?, ?, ?, ?, 0, 0, 0, 0, ?, 1, '')",
            [(wulf, *row) for row in rows])
        con.commit()
    finally:
        con.close()
    with open_campaign(copy) as store:
        character = next(s.character for s in party_sheets(store=store)
                         if s.character.name == "Wulf")
    assert [(i.key, i.state) for i in character.items] == [
        ("longbow", ItemState.READIED),  # the stored longbow is the one the keys named
        ("two_handed_sword", ItemState.CARRIED),
        ("broadsword", ItemState.CARRIED),
        ("plate", ItemState.CARRIED),
        ("skis", ItemState.READIED),  # gear keeps its state
    ]
    assert next(i for i in character.items if i.key == "plate").hits_taken == 9
    assert character.loadout.armor is None


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_every_schema_fixture_keeps_its_double_damage_reading(fixture: Path,
                                                              tmp_path: Path) -> None:
    """A new campaign plays the house rules' double damage (004 line 19); a campaign made
    before keeps the reading it stored, Melee's multiply, and its fights with it."""
    from tftmanager.app.campaigns import get_profile
    from tftmanager.rules.settings import CriticalHits, PoleCharge, RuleProfile

    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    with open_campaign(copy) as store:
        profile = get_profile(store=store)
    stored = (CriticalHits.MELEE_MULTIPLY, PoleCharge.MELEE_DOUBLE)
    if int(fixture.stem.removeprefix("campaign-schema")) >= 17:  # made with the house rules'
        stored = (RuleProfile().critical_hits, RuleProfile().pole_charge)
    assert (profile.critical_hits, profile.pole_charge) == stored


def test_a_profile_stored_empty_keeps_melees_double_damage(schema1: Path) -> None:
    """A campaign whose profile was never written (a server campaign's first row: {}) was
    played with the earlier default, Melee's multiply: a later default does not change it."""
    from tftmanager.app.campaigns import get_profile
    from tftmanager.rules.settings import CriticalHits, InjuryReactions

    con = sqlite3.connect(schema1)
    with con:
        con.execute("UPDATE campaign SET rules_profile = '{}'")
    con.close()
    with open_campaign(schema1) as store:
        profile = get_profile(store=store)
    assert profile.injury_reactions is InjuryReactions.HOUSE_BY_ST
    assert profile.critical_hits is CriticalHits.MELEE_MULTIPLY
