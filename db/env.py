"""Alembic environment: runs on the connection TFT Manager hands it.

No alembic.ini and no logging setup: the app configures Alembic in code and
passes its own connection (Alembic cookbook, "Sharing a Connection").
"""

from __future__ import annotations

from alembic import context

from tftmanager.store import tables  # noqa: F401 - registers the table models
from tftmanager.store.tables import SQLModel

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    """Migrate on the given connection, in batch mode (SQLite cannot ALTER much)."""
    connection = config.attributes.get("connection")
    if connection is None:
        from tftmanager.store.engine import make_engine  # noqa: PLC0415

        url = config.get_main_option("sqlalchemy.url") or ""
        engine = make_engine(url.removeprefix("sqlite:///"))  # type: ignore[arg-type]
        with engine.connect() as conn:
            _run(conn)
        return
    _run(connection)


def _run(connection: object) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
