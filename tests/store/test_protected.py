"""What an export may not replace, known by content and by the names the app gives.

``store.protected`` is asked by ``store.files`` before every export is
written; these are its cases one by one (the commands and dialogs that use
it are in tests/cli/test_cli_outputs_refused.py and tests/ui/test_save_refusals.py).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from tftmanager.store.backup import backup_file, pre_migration_backup_path, rolling_backup
from tftmanager.store.files import OutputError, write_text
from tftmanager.store.protected import BACKUP_NAME, copy_refusal, replace_refusal
from tftmanager.store.schema import CURRENT_SCHEMA

FIXTURE = Path(__file__).parent.parent / "data" / f"campaign-schema{CURRENT_SCHEMA}.tftcampaign"


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "party.tftcampaign"
    shutil.copyfile(FIXTURE, path)
    return path


def test_a_campaign_is_known_by_its_content_whatever_its_name(campaign: Path) -> None:
    disguised = campaign.with_name("notes.md")
    shutil.copyfile(campaign, disguised)
    assert "is a TFT Manager campaign" in replace_refusal(disguised)
    with pytest.raises(OutputError, match="is a TFT Manager campaign"):
        write_text(disguised, "# notes")
    assert disguised.read_bytes() == campaign.read_bytes()


def test_another_sqlite_file_or_a_text_file_may_be_replaced(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    text = tmp_path / "old.md"
    text.write_text("last week")
    assert replace_refusal(other) == replace_refusal(text) == ""
    assert replace_refusal(tmp_path / "new.md") == ""


@pytest.mark.parametrize(("suffix", "what"), [(".lock", "lock file"),
                                              ("-journal", "unfinished-write journal")])
def test_a_campaigns_lock_and_journal_are_kept(campaign: Path, suffix: str, what: str) -> None:
    companion = campaign.with_name(campaign.name + suffix)
    companion.write_bytes(b'{"pid": 1, "host": "here"}')
    message = replace_refusal(companion)
    assert f"is the {what} of the campaign {campaign.name}" in message
    assert copy_refusal(companion) == message  # a copy may not replace it either


def test_a_lock_whose_campaign_is_gone_is_only_a_file(tmp_path: Path) -> None:
    orphan = tmp_path / "gone.tftcampaign.lock"
    orphan.write_text("{}")
    assert replace_refusal(orphan) == ""


def test_every_backup_name_the_app_gives_is_recognised(campaign: Path, tmp_path: Path) -> None:
    """Backups are campaigns by content; by name too, so a damaged one is kept as well."""
    made = [backup_file(campaign, pre_migration_backup_path(campaign, 4)),
            backup_file(campaign, pre_migration_backup_path(campaign, 4)),  # -2
            rolling_backup(campaign, tmp_path / "rolling")]
    for backup in made:
        assert BACKUP_NAME.fullmatch(backup.name), backup.name
        backup.write_bytes(b"damaged")
        assert "is a backup TFT Manager made" in replace_refusal(backup)
        assert "is a backup" in copy_refusal(backup)
    assert not BACKUP_NAME.fullmatch("party.tftcampaign")
    assert not BACKUP_NAME.fullmatch("notes.bak")


def test_a_copy_may_replace_a_closed_campaign_an_export_may_not(campaign: Path) -> None:
    assert copy_refusal(campaign) == ""
    assert replace_refusal(campaign)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_a_file_that_cannot_be_read_is_kept(tmp_path: Path) -> None:
    secret = tmp_path / "secret.pdf"
    secret.write_bytes(b"?")
    secret.chmod(0)
    try:
        assert "cannot be read" in replace_refusal(secret)
    finally:
        secret.chmod(0o600)
