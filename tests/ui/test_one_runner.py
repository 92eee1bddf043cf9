"""The window reaches ``app`` one way: the session's runner gives every use case the store.

``CampaignSession.act`` (and ``act_long``) runs an action, ``query`` a read;
nothing else in ``tftmanager/ui`` hands ``app`` a store, so no widget can
act around the one failure path (refusal, bug, "saved, but the connection
dropped") or signal its own changes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tftmanager.ui

UI = Path(tftmanager.ui.__file__).resolve().parent
# The runner itself: where the store is handed to the app function.
RUNNER = {UI / "session.py": {"act"}, UI / "session_reads.py": {"query"}}

pytestmark = pytest.mark.ui


def store_handovers(source: str) -> list[tuple[int, str]]:
    """(line, enclosing function) of every call given ``store=`` in a module."""
    found = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) \
                else function
            if isinstance(child, ast.Call) and any(k.arg == "store" for k in child.keywords):
                found.append((child.lineno, function))
            visit(child, inner)
    visit(ast.parse(source), "")
    return found


def test_only_the_runner_hands_app_the_store() -> None:
    offenders = [f"{path.relative_to(UI.parent)}:{line} ({function or 'module'})"
                 for path in sorted(UI.rglob("*.py"))
                 for line, function in store_handovers(path.read_text(encoding="utf-8"))
                 if function not in RUNNER.get(path, set())]
    assert offenders == []


def test_the_check_sees_a_widget_calling_app_itself() -> None:
    widget = ("def sell(self):\n"
              "    equipment.sell(store=self.session.store, character_id=1, uid='u', price=0)\n")
    assert store_handovers(widget) == [(2, "sell")]
    assert store_handovers("def f(s):\n    s.act('Sell', equipment.sell, uid='u')\n") == []
