"""A server's failures are sorted by SQLSTATE, each rule with the real PostgreSQL error.

What the user (or the server's keeper) can act on is one line; anything else
raised by the server in a store's transaction is our bug, with a crash report.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from tftmanager.app.campaigns import open_existing
from tftmanager.app.errors import failure_of
from tftmanager.refusal import Refusal
from tftmanager.store.errors import ServerError
from tftmanager.store.server import ServerCampaignStore

pytestmark = pytest.mark.server


@pytest.fixture
def server_store(server_url: str) -> Iterator[ServerCampaignStore]:
    store = open_existing(path=server_url)
    assert isinstance(store, ServerCampaignStore)
    yield store
    store.close()


def _fails(store: ServerCampaignStore, *statements: str) -> BaseException:
    try:
        with store.transaction() as session:
            for statement in statements:
                session.execute(text(statement))
    except BaseException as exc:  # noqa: BLE001 - the very error is what is tested
        return exc
    raise AssertionError("the server took it")


def _state(exc: BaseException) -> str:
    cause = exc if isinstance(exc, DBAPIError) else exc.__cause__
    assert isinstance(cause, DBAPIError)
    return str(getattr(cause.orig, "sqlstate", ""))


def test_a_statement_timeout_is_busy(server_store: ServerCampaignStore) -> None:
    exc = _fails(server_store, "SET LOCAL statement_timeout = 20", "SELECT pg_sleep(2)")
    assert _state(exc) == "57014"
    assert isinstance(exc, ServerError) and "busy" in exc.message


def test_a_server_that_takes_no_changes_is_said_so(server_store: ServerCampaignStore) -> None:
    exc = _fails(server_store, "SET TRANSACTION READ ONLY", "UPDATE campaign SET week = week")
    assert _state(exc) == "25006"  # class 25: the server does not take changes now
    assert isinstance(exc, ServerError) and "refused" in exc.message


@pytest.mark.parametrize(("statement", "state"), [
    ("SELECT no_such_column FROM campaign", "42703"),
    ("SELECT * FROM no_such_table", "42P01"),
    ("UPDATE campaign SET week = 10000000000", "22003"),
])
def test_anything_else_is_a_bug_with_a_crash_report(
        server_store: ServerCampaignStore, statement: str, state: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path))
    exc = _fails(server_store, statement)
    assert _state(exc) == state
    assert not isinstance(exc, Refusal)
    failure = failure_of("Broken", exc, start=0.0, command="test", argv=[])
    assert failure.bug and failure.report is not None and failure.report.exists()


def test_a_server_that_cannot_be_reached_is_said_so() -> None:
    with pytest.raises(ServerError, match="Cannot connect to"):
        open_existing(path="postgresql://nobody@127.0.0.1:1/none")
