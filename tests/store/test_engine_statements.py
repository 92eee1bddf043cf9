"""Campaign files' writing engines share their compiled statements.

SQLAlchemy compiles a statement once per engine; a campaign opened anew
compiled every statement of its first actions again.  The writing engines of
all files share one dialect and one cache, so a statement one file compiled is
not compiled again for the next.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.sql import compiler
from sqlmodel import col, select

from tftmanager.store.engine import make_engine
from tftmanager.store.tables import CampaignRow

pytestmark = pytest.mark.store


def test_a_statement_compiled_for_one_file_is_not_compiled_again_for_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    original = compiler.SQLCompiler.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        compiled.append(str(self))

    monkeypatch.setattr(compiler.SQLCompiler, "__init__", counting)
    statement = select(col(CampaignRow.id)).where(col(CampaignRow.name) == "not a name")
    table: Any = CampaignRow.__table__  # type: ignore[attr-defined]
    engines = []
    try:
        for n in range(3):  # opened one after another, as campaigns are
            engines.append(make_engine(tmp_path / f"{n}.tftcampaign"))
            with engines[-1].begin() as conn:
                CampaignRow.metadata.create_all(conn, tables=[table])
                assert conn.execute(statement).all() == []  # each its own file
        assert len([text for text in compiled if "campaign.name = ?" in text]) <= 1
        assert engines[0].dialect is engines[1].dialect is engines[2].dialect
        reader = make_engine(tmp_path / "0.tftcampaign", read_only=True)
        assert reader.dialect is not engines[1].dialect  # a reading engine keeps its own
        reader.dispose()
    finally:
        for engine in engines:
            engine.dispose()
