"""References travel with the library: saved, exported, imported; a bad one is refused."""

from __future__ import annotations

import pytest

from tftmanager.app.campaigns import new_campaign
from tftmanager.app.library import (
    LibraryError,
    entries,
    export_library,
    import_library,
    library_for,
    save_entry,
)
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.references import Reference
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app


def _entry(store: CampaignStore, kind: str, key: str) -> Entry:
    return next(e for e in entries(store=store) if (e.kind, e.key) == (kind, key))


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_export_and_import_keep_references(store: CampaignStore, tmp_path,
                                           fmt: str) -> None:
    sword = _entry(store, "talent", "sword")
    save_entry(store=store, entry=Entry("talent", "sword",
                                        {**sword.data, "reference": "ITL p. 23, Talents"}))
    text = export_library(store=store, fmt=fmt)
    assert "ITL p. 23, Talents" in text
    other = new_campaign(path=tmp_path / "other.tftcampaign", name="Other")
    try:
        import_library(store=other, text=text, fmt=fmt)
        library = library_for(other)
        assert library.talents["sword"].reference == Reference("ITL", "23", "Talents")
        # Entries without their own reference keep the one their source gives.
        assert library.spells["fire"].reference == Reference("Wizard")
        assert library.weapons["main_gauche"].reference == Reference("Advanced Melee", "13")
    finally:
        other.close()


def test_an_unreadable_reference_is_refused_in_one_line(store: CampaignStore) -> None:
    sword = _entry(store, "talent", "sword")
    before = export_library(store=store)
    with pytest.raises(LibraryError, match=r"^talent Sword: ', p\. 3' is not a reference"):
        save_entry(store=store, entry=Entry("talent", "sword",
                                            {**sword.data, "reference": ", p. 3"}))
    text = before.replace('key = "sword"\n', 'key = "sword"\nreference = 23\n', 1)
    with pytest.raises(LibraryError, match="its reference must be text"):
        import_library(store=store, text=text, fmt="toml")
    assert export_library(store=store) == before
