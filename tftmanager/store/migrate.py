"""Alembic, run from code on the campaign's own connection.

Imported only when a file must be created or upgraded, so opening an
up-to-date campaign never pays for Alembic's import.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
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
            drop_triggers(conn)  # batch mode rebuilds tables; the triggers come back after
            command.upgrade(cfg, "head")
            if recorded_columns(conn) != tables:  # rows recorded before fit the tables no more
                forget_row_images(conn)
            install_triggers(conn)
        raw.execute("PRAGMA foreign_keys=ON")
        bad = raw.execute("PRAGMA foreign_key_check").fetchall()
        if bad:
            raise RuntimeError(f"Foreign key check failed after migration: {bad[:3]}")

