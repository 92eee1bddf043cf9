"""The use cases hold no SQL: every query is a store function taking a ``session``.

import-linter keeps ``ui``, ``cli`` and ``cards`` off the store; what it
cannot see is SQL written inside ``app`` with the store's own libraries.  A
use case may hold the open transaction (sqlmodel's ``Session``, for type
hints) and hand it to the store, and nothing more: no SQLAlchemy import, no
``select``/``text`` from sqlmodel, no ``session.exec``/``execute`` call, and no
other call on the session either (``session.add``, ``.get``, ``.delete``,
``.flush``: those are rows, which the store keeps; import-linter keeps ``app``
off ``store.tables``).
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "tftmanager" / "app"
ALLOWED_FROM_SQLMODEL = {"Session"}
QUERY_CALLS = {"exec", "execute", "scalars", "scalar"}


def _sql_in(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            root = node.module.partition(".")[0]
            names = {a.name for a in node.names}
            if root == "sqlalchemy" or (root == "sqlmodel" and names - ALLOWED_FROM_SQLMODEL):
                found.append(f"line {node.lineno}: from {node.module} import {sorted(names)}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names
                      if a.name.partition(".")[0] in ("sqlalchemy", "sqlmodel")]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and (node.func.attr in QUERY_CALLS or _is_session(node.func.value))):
            found.append(f"line {node.lineno}: .{node.func.attr}(...)")
    return found


def _is_session(node: ast.expr) -> bool:
    """``session`` or ``op.session``: the open transaction, which app only hands on."""
    return ((isinstance(node, ast.Name) and node.id == "session")
            or (isinstance(node, ast.Attribute) and node.attr == "session"))


def test_no_use_case_writes_sql() -> None:
    held = {path.name: sql for path in sorted(APP.glob("*.py")) if (sql := _sql_in(path))}
    assert held == {}


def test_the_check_sees_sql(tmp_path: Path) -> None:
    """The check itself finds what the modules that held SQL or rows used to do."""
    sample = tmp_path / "sample.py"
    sample.write_text("from sqlalchemy import text\n"
                      "from sqlmodel import Session, select\n"
                      "def rows(session: Session) -> list:\n"
                      "    return session.execute(text('SELECT 1')).all()\n"
                      "def keep(op, campaign) -> None:\n"
                      "    op.session.add(campaign)\n", encoding="utf-8")
    assert sorted(line.split(":")[0] for line in _sql_in(sample)) == [
        "line 1", "line 2", "line 4", "line 6"]
