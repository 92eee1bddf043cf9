"""Spare PySide6's look at the source of every module imported after it.

Once Qt is imported, PySide6 replaces ``__import__`` and, for each new
module, reads its whole source file to see whether it mentions PySide6 (for
its opt-in ``__feature__`` syntax, which TFT Manager never uses).  Start-up
imports about a hundred of the app's own modules after Qt, and opening a
campaign the storage layer (SQLAlchemy, sqlmodel, pydantic: about 350
modules) after the window is up; reading their sources was a tenth of the
start to the editor, most of it the system's time reading files (which an
instruction count does not show).  Modules of the standard library, of the
storage layer's packages and of the app itself are answered by name here
(the answer only says the module uses no ``__feature__``); every other
module still gets PySide6's own check.  ``import_qt`` imports Qt and
installs the answer before the app's modules are imported (``python -m
tftmanager``); ``launch.main`` installs it too, for the other ways in.  If a
PySide6 release drops or renames the check, this does nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

# Packages known not to use PySide6's __feature__ syntax (besides the standard
# library): the storage layer's libraries and TFT Manager itself.
NO_FEATURE = ("sqlalchemy", "sqlmodel", "pydantic", "pydantic_core", "alembic",
              "annotated_types", "typing_extensions", "typing_inspection", "tftmanager")


def answered_by_name(name: str) -> bool:
    """Whether a module belongs to the standard library or a package that uses no __feature__."""
    return (name.partition(".")[0] in sys.stdlib_module_names
            or any(name == root or name.startswith(root + ".") for root in NO_FEATURE))


def skip_source_scan(modules: dict[str, ModuleType] | None = None) -> bool:
    """Answer PySide6's per-module check by name for those packages; True if installed."""
    feature = (sys.modules if modules is None else modules).get("shibokensupport.feature")
    original: Callable[[ModuleType], bool] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or original is None or getattr(original, "qt_free_shortcut", False):
        return False

    def uses_pyside(module: ModuleType) -> bool:
        if answered_by_name(getattr(module, "__name__", "")):
            return False
        return original(module)

    uses_pyside.qt_free_shortcut = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True


def import_qt() -> None:
    """Import Qt's core (which installs PySide6's check), then the answer by name."""
    import PySide6.QtCore  # noqa: F401, PLC0415 - the desktop app only

    skip_source_scan()
