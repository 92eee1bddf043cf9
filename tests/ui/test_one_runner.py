"""The window reaches ``app`` one way: through the runner, which sorts every failure.

``CampaignSession.act`` (and ``act_long``) runs an action on the campaign,
``query`` (and ``check``) a read of it; ``Runner.free``, ``free_query`` and
``free_check`` do the same for what needs no campaign (a file, an address, a
price).  Nothing else in ``tftmanager/ui`` calls a function of
``tftmanager.app`` or hands it a store, and no ``except`` in ``ui`` catches a
refusal, so no widget acts around the one failure path (refusal, bug,
"saved, but the connection dropped") or signals its own changes.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import tftmanager.ui
from tftmanager.refusal import Refusal

UI = Path(tftmanager.ui.__file__).resolve().parent
# The runner itself: where an app function is called, given the store, or its refusal caught.
RUNNER = {UI / "runner.py": {"free_query", "free_check", "_run", "_failed"},
          UI / "session.py": {"act", "act_long", "check", "_tries", "open", "open_read_only",
                              "create", "open_address"},
          UI / "session_reads.py": {"query", "library"}}

# What an app function may be handed to: the runner's ways in (``Background.read`` is the
# runner's, off the window's thread; ``ask_save_path`` checks the place with ``free_check``).
RUNS = {"act", "act_long", "query", "check", "free", "free_query", "free_check", "read",
        "ask_save_path"}

pytestmark = pytest.mark.ui


def _imported(tree: ast.AST) -> dict[str, tuple[str, str | None]]:
    """Each name a module imports from ``tftmanager``: (module, member or None)."""
    names: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tftmanager"):
            for alias in node.names:
                names[alias.asname or alias.name] = (node.module or "", alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tftmanager"):
                    names[alias.asname or alias.name] = (alias.name, None)
    return names


def _resolve(expr: ast.expr, names: dict[str, tuple[str, str | None]]) -> object:
    """What ``name`` or ``name.attribute`` stands for, when it is imported from tftmanager."""
    attribute = None
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        attribute, expr = expr.attr, expr.value
    if not isinstance(expr, ast.Name) or expr.id not in names:
        return None
    module, member = names[expr.id]
    try:
        found: object = importlib.import_module(module)
        if member is not None:
            found = getattr(found, member, None) or importlib.import_module(
                f"{module}.{member}")
    except ImportError:
        return None
    return getattr(found, attribute, None) if attribute is not None else found


def _from_app(expr: ast.expr, names: dict[str, tuple[str, str | None]]) -> bool:
    """Whether ``expr`` names a function reached through ``tftmanager.app``.

    Through ``app`` counts, wherever the function is written (``app`` hands
    on some of the store's, which are the window's only through ``app``); a
    class is a value made, not an action run.
    """
    found = _resolve(expr, names)
    if not callable(found) or inspect.isclass(found) or inspect.ismodule(found):
        return False
    root = expr.value if isinstance(expr, ast.Attribute) else expr
    imported = names[root.id][0] if isinstance(root, ast.Name) else ""
    return any(m.startswith("tftmanager.app") for m in (imported, found.__module__ or ""))


def _refusal(found: object) -> bool:
    return inspect.isclass(found) and issubclass(found, Refusal)


def around_the_runner(source: str) -> list[tuple[int, str, str]]:
    """(line, enclosing function, what) of each way around the runner in a module's source."""
    tree = ast.parse(source)
    names = _imported(tree)
    found: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) \
                else function
            if isinstance(child, ast.Call):
                callee = child.func.attr if isinstance(child.func, ast.Attribute) else \
                    getattr(child.func, "id", "")
                handed = [] if callee in RUNS else [*child.args, *(k.value for k in
                                                                   child.keywords)]
                for given in handed:
                    if _from_app(given, names):
                        found.append((child.lineno, function,
                                      f"hands {ast.unparse(given)} of tftmanager.app to "
                                      f"{ast.unparse(child.func)}"))
                if any(k.arg == "store" for k in child.keywords):
                    found.append((child.lineno, function, "hands app the store"))
                if _from_app(child.func, names):
                    found.append((child.lineno, function,
                                  f"calls {ast.unparse(child.func)} of tftmanager.app"))
            if isinstance(child, ast.ExceptHandler) and child.type is not None:
                caught = (child.type.elts if isinstance(child.type, ast.Tuple)
                          else [child.type])
                if any(_refusal(_resolve(c, names)) for c in caught):
                    found.append((child.lineno, function,
                                  f"catches the refusal {ast.unparse(child.type)}"))
            visit(child, inner)
    visit(tree, "")
    return found


def test_only_the_runner_calls_app() -> None:
    offenders = [f"{path.relative_to(UI.parent)}:{line} ({function or 'module'}) {what}"
                 for path in sorted(UI.rglob("*.py"))
                 for line, function, what in around_the_runner(path.read_text(encoding="utf-8"))
                 if function not in RUNNER.get(path, set())]
    assert offenders == []


def test_the_check_sees_each_way_around_the_runner() -> None:
    widget = ("from tftmanager.app import equipment\n"
              "from tftmanager.app.equipment import EquipmentRefused, price_of\n"
              "from tftmanager.app.location import CampaignLocation\n"
              "def sell(self):\n"
              "    equipment.sell(store=self.session.store, character_id=1, uid='u', price=0)\n"
              "def price(self):\n"
              "    try:\n"
              "        return price_of(self.library, 1, 'k', 2)\n"
              "    except (KeyError, EquipmentRefused):\n"
              "        return None\n"
              "def where(text):\n"
              "    return CampaignLocation.parse(text)\n"
              "def later(pool, text):\n"
              "    return pool.submit(price_of, text)\n"
              "def keep(address):\n"
              "    from tftmanager.app.server_campaigns import remember_password\n"
              "    return remember_password(address, 'secret')  # the store's, through app\n")
    assert [(line, function) for line, function, _what in around_the_runner(widget)] == [
        (5, "sell"), (5, "sell"), (8, "price"), (9, "price"), (12, "where"), (14, "later"),
        (17, "keep")]
    through = ("from tftmanager.app import equipment\n"
               "from tftmanager.app.location import CampaignLocation\n"
               "from tftmanager.ui.runner import free_query\n"
               "def f(s):\n"
               "    s.act('Sell', equipment.sell, uid='u')\n"
               "    return free_query(CampaignLocation.parse, text='x'), CampaignLocation('a')\n")
    assert around_the_runner(through) == []
