"""Every refusal the use cases raise is a Refusal, and only a Refusal is shown as one."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sqlite3
from pathlib import Path

import pytest

import tftmanager.app
from tftmanager.app.errors import failure_of, refusal_message
from tftmanager.app.experience import XPRefused
from tftmanager.refusal import Refusal
from tftmanager.store.errors import EditConflict, NewerCampaign
from tftmanager.store.files import OutputError


def _exceptions_defined_in_app() -> list[type[BaseException]]:
    found = []
    for info in pkgutil.iter_modules(tftmanager.app.__path__, "tftmanager.app."):
        module = importlib.import_module(info.name)
        found += [cls for _name, cls in inspect.getmembers(module, inspect.isclass)
                  if issubclass(cls, BaseException) and cls.__module__ == info.name
                  and not cls.__name__.startswith("_")]
    return found


def test_every_exception_the_use_cases_define_is_a_refusal() -> None:
    defined = _exceptions_defined_in_app()
    assert len(defined) >= 17
    assert [c.__name__ for c in defined if not issubclass(c, Refusal)] == []


def test_store_refusals_are_refusals_and_keep_their_older_base() -> None:
    """Code that caught ValueError or OSError for these still does."""
    assert issubclass(NewerCampaign, Refusal) and issubclass(EditConflict, Refusal)
    assert issubclass(OutputError, Refusal) and issubclass(OutputError, OSError)
    assert issubclass(XPRefused, Refusal) and issubclass(XPRefused, ValueError)
    refused = NewerCampaign(Path("x.tftcampaign"), "x.tftcampaign was saved by a newer version")
    assert refused.message == "x.tftcampaign was saved by a newer version"


@pytest.mark.parametrize(("exc", "line"), [
    (XPRefused("Not enough XP."), "Not enough XP."),
    # known by its code, never by its words: one made up with the words alone is a bug
    (sqlite3.OperationalError("database or disk is full"), None),
    (ValueError("a bug"), None),
    (KeyError("missing_key"), None),
])
def test_only_a_refusal_or_the_stores_words_are_one_line(exc: Exception,
                                                         line: str | None) -> None:
    assert refusal_message(exc) == line


def test_a_bug_is_reported_and_a_refusal_is_not(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path))
    refused = failure_of("Raise ST", XPRefused("Not enough XP."), start=0.0, command="gui",
                         argv=[])
    assert (refused.message, refused.bug, refused.report) == ("Not enough XP.", False, None)
    assert not list(tmp_path.iterdir())
    bug = failure_of("Raise ST", KeyError("missing_key"), start=0.0, command="gui", argv=[])
    assert bug.bug and bug.kind == "KeyError" and bug.report is not None
    assert bug.report.parent == tmp_path and str(bug.report) in bug.message
