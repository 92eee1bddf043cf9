"""Alembic, run from code on the campaign's own connection.

Imported only when a file must be created or upgraded, so opening an
up-to-date campaign never pays for Alembic's import.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

from tftmanager.shipped import migrations_dir
from tftmanager.store.journal_triggers import (
    drop_triggers,
    forget_row_images,
    install_triggers,
    recorded_columns,
)


def alembic_config() -> Config:
    """Configuration pointing at the shipped ``db/`` scripts (no alembic.ini)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    return cfg


def _keeps_history(cfg: Config, current: str | None) -> bool:
    """Whether every revision past ``current`` leaves the recorded rows as they were.

    A revision says so with ``KEEPS_HISTORY = True`` (schema 17 changes no
    table); any other may change or rewrite rows, so the history's row images
    recorded before it are dropped, as always.
    """
    if current is None:
        return False
    script = ScriptDirectory.from_config(cfg)
    return all(getattr(revision.module, "KEEPS_HISTORY", False)
               for revision in script.iterate_revisions("head", current))


def upgrade_to_head(engine: Engine) -> None:
    """Upgrade with foreign keys off (batch mode rebuilds tables), then re-check them."""
    cfg = alembic_config()
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert raw is not None
        conn.rollback()  # the BEGIN hook ran on connect; the pragma needs no transaction
        raw.execute("PRAGMA foreign_keys=OFF")
        cfg.attributes["connection"] = conn
        with conn.begin():
            tables = recorded_columns(conn)
            keeps = _keeps_history(cfg, MigrationContext.configure(conn).get_current_revision())
            drop_triggers(conn)  # batch mode rebuilds tables; the triggers come back after
            command.upgrade(cfg, "head")
            if not keeps or recorded_columns(conn) != tables:
                forget_row_images(conn)  # rows recorded before may fit the tables no more
            install_triggers(conn)
        raw.execute("PRAGMA foreign_keys=ON")
        bad = raw.execute("PRAGMA foreign_key_check").fetchall()
        if bad:
            raise RuntimeError(f"Foreign key check failed after migration: {bad[:3]}")

