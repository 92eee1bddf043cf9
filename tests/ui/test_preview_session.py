"""The preview answers the editor's reads as the store does, and opens the campaign for any other.

``PreviewSession.query`` stands in for ``CampaignSession.query`` before the
store loads: the reads of ``app.editor_reads`` come from the start-up
preview, anything else opens the campaign then and goes to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import campaigns, editor_reads
from tftmanager.ui import main_panels
from tftmanager.ui.preview_session import PreviewSession

pytestmark = pytest.mark.ui

PER_CHARACTER = (editor_reads.sheet, editor_reads.character, editor_reads.money,
                 editor_reads.studies, editor_reads.xp_status)


def _preview(make_window: Any, path: Path) -> tuple[Any, PreviewSession]:
    window = make_window()
    assert main_panels.show_preview(window, path)
    assert main_panels.show_preview_editor(window)
    preview = window.editor.session
    assert isinstance(preview, PreviewSession)
    return window, preview


def test_the_preview_answers_each_editor_read_as_the_store(
        make_window: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    window, preview = _preview(make_window, path)
    with campaigns.open_for_reading(path=path) as store:
        ids = [s.id for s in campaigns.party_sheets(store=store)]
        stored = {(read, cid): read(store=store, character_id=cid)
                  for read in PER_CHARACTER for cid in ids}
        whole = {read: read(store=store)
                 for read in (editor_reads.profile, editor_reads.has_characters)}
    answered = {(read, cid): preview.query(read, character_id=cid)
                for read in PER_CHARACTER for cid in ids}
    assert answered == stored
    assert any(answered[editor_reads.studies, cid] for cid in ids)  # the demo has studies
    assert {read: preview.query(read) for read in whole} == whole
    assert window.session is None  # none of them opened the campaign


def test_any_other_read_opens_the_campaign_and_is_answered_by_it(
        make_window: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    window, preview = _preview(make_window, path)
    with campaigns.open_for_reading(path=path) as store:
        week = campaigns.current_week(store=store)
    assert preview.query(campaigns.current_week) == week
    assert window.session is not None and not window.session.pending
    assert window.editor.session is window.session  # the editor adopted the campaign
