"""Save a Copy: a consistent copy of the open campaign that opens as the same campaign."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import campaigns, experience, journal
from tftmanager.app.copies import CopyRefused, save_copy
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.files import OutputError

Dump = Callable[[Path], dict[str, list[tuple[Any, ...]]]]


def _award_party(store: CampaignStore) -> None:
    ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
    experience.award(store=store, character_ids=ids, amount=40, reason="Session 1")


def test_the_copy_of_an_open_campaign_opens_and_equals_it(
        demo_store: CampaignStore, tmp_path: Path, campaign_dump: Dump) -> None:
    _award_party(demo_store)
    target = tmp_path / "copies" / "before the raid.tftcampaign"
    target.parent.mkdir()
    written = save_copy(store=demo_store, target=target)
    assert written == target
    assert campaign_dump(target) == campaign_dump(demo_store.path)
    with campaigns.open_existing(path=target) as copy:
        names = sorted(s.character.name for s in campaigns.party_sheets(store=copy))
        assert names == sorted(s.character.name
                               for s in campaigns.party_sheets(store=demo_store))
        # The history came along: the award can be undone in the copy.
        assert journal.undo(store=copy).operation.label == \
            journal.next_undo(store=demo_store).label  # type: ignore[union-attr]
    # Undoing in the copy left the original alone.
    assert journal.next_undo(store=demo_store) is not None


def test_the_campaign_itself_is_never_overwritten(demo_store: CampaignStore,
                                                   campaign_dump: Dump) -> None:
    before = campaign_dump(demo_store.path)
    for target in (demo_store.path,
                   demo_store.path.parent / "." / demo_store.path.name):
        with pytest.raises(CopyRefused, match="is the campaign itself"):
            save_copy(store=demo_store, target=target, replace=True)
    link = demo_store.path.with_name("link.tftcampaign")
    link.symlink_to(demo_store.path)
    with pytest.raises(CopyRefused, match="is the campaign itself"):
        save_copy(store=demo_store, target=link, replace=True)
    lock = demo_store.path.with_name(demo_store.path.name + ".lock")
    with pytest.raises(CopyRefused, match="belongs to the open campaign"):
        save_copy(store=demo_store, target=lock, replace=True)
    assert campaign_dump(demo_store.path) == before


def test_an_existing_file_is_kept_unless_replacing_is_allowed(
        demo_store: CampaignStore, tmp_path: Path, campaign_dump: Dump) -> None:
    target = tmp_path / "old.tftcampaign"
    target.write_bytes(b"an older copy")
    with pytest.raises(CopyRefused, match="already exists"):
        save_copy(store=demo_store, target=target)
    assert target.read_bytes() == b"an older copy"
    save_copy(store=demo_store, target=target, replace=True)
    assert campaign_dump(target) == campaign_dump(demo_store.path)


def test_bad_targets_are_refused_in_one_line_and_write_nothing(
        demo_store: CampaignStore, tmp_path: Path) -> None:
    with pytest.raises(CopyRefused, match="is a folder"):
        save_copy(store=demo_store, target=tmp_path)
    with pytest.raises(CopyRefused, match="does not exist"):
        save_copy(store=demo_store, target=tmp_path / "nowhere" / "copy.tftcampaign")
    assert not (tmp_path / "nowhere").exists()
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        # Root may write in a read-only folder; the kernel's /sys refuses even root.
        folder = locked if not os.access(locked, os.W_OK) else Path("/sys")
        if not folder.is_dir():
            pytest.skip("no folder this user cannot write to")
        with pytest.raises(OutputError, match=r"cannot write \(permission denied"):
            save_copy(store=demo_store, target=folder / "copy.tftcampaign")
        assert not (folder / "copy.tftcampaign").exists()
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


def test_a_campaign_open_elsewhere_is_never_replaced(demo_store: CampaignStore,
                                                      tmp_path: Path,
                                                      campaign_dump: Dump) -> None:
    """Replacing a file another window has open would pull its campaign from under it."""
    other_path = tmp_path / "other.tftcampaign"
    campaigns.new_campaign(path=other_path, name="Other").close()
    with campaigns.open_existing(path=other_path):
        before = campaign_dump(other_path)
        with pytest.raises(CopyRefused, match="open in TFT Manager; close it there"):
            save_copy(store=demo_store, target=other_path, replace=True)
        assert campaign_dump(other_path) == before
    assert save_copy(store=demo_store, target=other_path, replace=True) == other_path
