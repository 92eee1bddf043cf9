"""What the command-line tests share: running one command, and the demo party's file.

``cli`` is a plain function (tests import it: ``from .conftest import cli``);
the ``demo`` fixture comes from tests/conftest.py (a copy of the session's demo
campaign, as ``tftmanager new demo.tftcampaign --demo`` makes it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tftmanager.cli.main import run


def cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """Run one command line: its exit code, standard output and standard error."""
    code = run([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err
