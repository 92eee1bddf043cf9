"""Fault injection: short runs inside ``make test``, long ones in ``make soak``.

``TFTM_SOAK=1`` scales every test up to the soak's figures; each test adds its
counts (runs, faults injected, corruptions, lost writes, tracebacks) to one
tally, written at the end of the session to ``$TFTM_SOAK_REPORT`` (JSON) and
printed, so the README's figures come from a real run.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .forking import Child, fork

SOAK = os.environ.get("TFTM_SOAK") == "1"
TALLY: Counter[str] = Counter()


def scale(short: int, soak: int) -> int:
    """How many rounds: ``short`` in make test, ``soak`` in make soak."""
    return soak if SOAK else short


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/faults" in str(item.path):
            item.add_marker(pytest.mark.faults)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not TALLY:
        return
    figures = dict(sorted(TALLY.items()))
    report = os.environ.get("TFTM_SOAK_REPORT")
    if report:
        Path(report).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print("\nfault injection tally:", json.dumps(figures))


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory, campaign_templates: Any) -> Path:
    """A demo campaign (a copy of the session's template) for tests to copy."""
    folder = tmp_path_factory.mktemp("template")
    return campaign_templates.file(folder / "demo.tftcampaign", name="Demo", demo=True)


@pytest.fixture
def demo_copy(demo_template: Path, tmp_path: Path) -> Iterator[Path]:
    """A fresh copy of the demo campaign in this test's folder."""
    path = tmp_path / "demo.tftcampaign"
    shutil.copyfile(demo_template, path)
    yield path


@pytest.fixture
def tally() -> Counter[str]:
    """The session's fault-injection counts (see the module docstring)."""
    return TALLY


@pytest.fixture
def rounds() -> Callable[[int, int], int]:
    """``rounds(short, soak)``: how many rounds this run makes."""
    return scale


@pytest.fixture
def forker() -> Callable[[Callable[[Callable[[str], None]], int]], Child]:
    """fork(): run a function in a child process that can be killed cheaply."""
    return fork
