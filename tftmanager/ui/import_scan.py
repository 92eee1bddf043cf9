"""Spare PySide6's look at the source of every module imported after it.

Once Qt is imported, PySide6 replaces ``__import__`` and, for each new
module, reads its whole source file to see whether it mentions PySide6 (for
its opt-in ``__feature__`` syntax, which TFT Manager never uses).  Opening a
campaign imports the storage layer (SQLAlchemy, sqlmodel, pydantic: about
350 modules) after the window is up, so start-up to the editor spent a tenth
of its time reading sources.  Modules of packages that never touch Qt are
answered by name here; every other module still gets PySide6's own check.
If a PySide6 release drops or renames the check, this does nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

# Packages known not to use Qt (besides the standard library): the storage
# layer's libraries and the app's own Qt-free layers (import-linter keeps
# rules, store and app free of Qt).
QT_FREE = ("sqlalchemy", "sqlmodel", "pydantic", "pydantic_core", "alembic",
           "annotated_types", "typing_extensions", "typing_inspection",
           "tftmanager.rules", "tftmanager.store", "tftmanager.app")


def is_qt_free(name: str) -> bool:
    """Whether a module belongs to the standard library or a package that never uses Qt."""
    return (name.partition(".")[0] in sys.stdlib_module_names
            or any(name == root or name.startswith(root + ".") for root in QT_FREE))


def skip_source_scan(modules: dict[str, ModuleType] | None = None) -> bool:
    """Answer PySide6's per-module check by name for Qt-free packages; True if installed."""
    feature = (sys.modules if modules is None else modules).get("shibokensupport.feature")
    original: Callable[[ModuleType], bool] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or original is None or getattr(original, "qt_free_shortcut", False):
        return False

    def uses_pyside(module: ModuleType) -> bool:
        if is_qt_free(getattr(module, "__name__", "")):
            return False
        return original(module)

    uses_pyside.qt_free_shortcut = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True
