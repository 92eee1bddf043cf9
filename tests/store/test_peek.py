"""The start-up look at a party: the same party the store reads, or nothing at all."""

from __future__ import annotations

import shutil
from pathlib import Path

from tftmanager.app import experience
from tftmanager.app.campaigns import party_sheets
from tftmanager.app.peek import party_preview
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore, model_structure
from tftmanager.store.peek import peek_party
from tftmanager.store.structure import TABLES

DATA = Path(__file__).parent.parent / "data"


def test_the_look_reads_the_party_the_store_reads(demo_store: CampaignStore) -> None:
    with demo_store.transaction() as session:
        stored = queries.list_characters(session=session, campaign_id=demo_store.campaign_id)
    peeked = peek_party(demo_store.path)
    assert peeked is not None
    assert [(m.id, m.uid, m.character) for m in peeked.members] == \
        [(s.id, s.uid, s.character) for s in stored]
    assert peeked.xp == {cid: xp for cid, xp in experience.balances(store=demo_store).items()
                         if xp}


def test_the_preview_evaluates_as_the_open_campaign_does(demo_store: CampaignStore) -> None:
    preview = party_preview(demo_store.path)
    assert preview is not None
    party, _ = preview
    assert [party.sheet(m) for m in party.characters] == party_sheets(store=demo_store)


def test_any_doubt_gives_no_preview(tmp_path: Path, demo_store: CampaignStore) -> None:
    older = tmp_path / "older.tftcampaign"
    shutil.copyfile(DATA / "campaign-schema6.tftcampaign", older)
    assert peek_party(older) is None  # migrated by the real open, after a backup
    assert peek_party(tmp_path / "missing.tftcampaign") is None
    not_ours = tmp_path / "notes.tftcampaign"
    not_ours.write_text("not a campaign", encoding="utf-8")
    assert peek_party(not_ours) is None
    hot = tmp_path / "hot.tftcampaign"
    shutil.copyfile(demo_store.path, hot)
    (tmp_path / "hot.tftcampaign-journal").write_bytes(b"\0" * 512)
    assert peek_party(hot) is None  # a crash's journal: the real open rolls it back
    assert not older.with_name(older.name + "-journal").exists()


def test_the_quick_reads_check_the_tables_the_models_declare() -> None:
    expected = {name: sorted(columns) for name, columns in model_structure().items()}
    assert {name: sorted(columns) for name, columns in TABLES.items()} == expected, \
        f"store/structure.py is out of date; TABLES should be {expected}"
