"""A campaign whose recorded version was set back by hand is refused, not "migrated" again.

Setting ``user_version`` to 4 on a current file left the tables at the
current format while the version said 4: every open (even ``list``) ran an
upgrade that had nothing to do, left the version at 4 and wrote another
backup.  It is now refused in one line with nothing written.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tftmanager.cli.main import run
from tftmanager.store.campaign import open_campaign, open_campaign_for_reading
from tftmanager.store.inspect import VersionSetBack
from tftmanager.store.schema import CURRENT_SCHEMA

DATA = Path(__file__).parent.parent / "data"
CURRENT_FIXTURE = DATA / f"campaign-schema{CURRENT_SCHEMA}.tftcampaign"


@pytest.fixture
def set_back(tmp_path: Path) -> Path:
    """A current-format campaign whose user_version was then set to 4 by hand."""
    path = tmp_path / "set back.tftcampaign"
    shutil.copyfile(CURRENT_FIXTURE, path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 4")
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize("opener", [open_campaign, open_campaign_for_reading])
def test_a_version_set_back_is_refused_with_nothing_written(
        set_back: Path, opener: Callable[[Path], object]) -> None:
    before = set_back.read_bytes()
    with pytest.raises(VersionSetBack) as refused:
        opener(set_back)
    assert f"records format 4 but its tables are format {CURRENT_SCHEMA}" in refused.value.message
    assert f"PRAGMA user_version = {CURRENT_SCHEMA}" in refused.value.message
    assert set_back.read_bytes() == before
    assert not list(set_back.parent.glob("*.bak"))


def test_list_says_so_in_one_line_every_time(set_back: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    before = set_back.read_bytes()
    for _ in range(2):
        assert run(["list", str(set_back)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "was changed outside TFT Manager" in err
    assert set_back.read_bytes() == before
    assert not list(set_back.parent.glob("*.bak"))


def test_put_right_it_opens_again(set_back: Path) -> None:
    con = sqlite3.connect(set_back)
    con.execute(f"PRAGMA user_version = {CURRENT_SCHEMA}")
    con.commit()
    con.close()
    with open_campaign_for_reading(set_back) as store:
        assert store.campaign_id
    assert not list(set_back.parent.glob("*.bak"))
