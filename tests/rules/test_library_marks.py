"""The library's assumed and uncertain values are found wherever they sit."""

from __future__ import annotations

import pytest

from tftmanager.rules.library_entries import JOB_RULES, Entry
from tftmanager.rules.library_marks import MarkLevel, entry_marks, is_marked, review_list
from tftmanager.shipped import shipped_entries

pytestmark = pytest.mark.rules


def test_marks_at_every_depth_with_their_source() -> None:
    entry = Entry("job_rules", "table", {
        "source": "Expansion",
        "rest": {"heals_all_wounds": True, "assumed": "no healing rate given"},
        "thief_factors": {"source": "Thieves", "wizard_spells": [],
                          "wizard_spells_assumed": "our list"},
        "lifestyle": [{"key": "poor", "uncertain": "scan"}],
    })
    marks = {(m.field, m.level, m.text, m.source) for m in entry_marks(entry)}
    assert marks == {
        ("rest", MarkLevel.ASSUMED, "no healing rate given", "Expansion"),
        ("thief_factors.wizard_spells", MarkLevel.ASSUMED, "our list", "Thieves"),
        ("lifestyle[0]", MarkLevel.UNCERTAIN, "scan", "Expansion"),
    }


def test_a_true_flag_and_empty_marks() -> None:
    talent = Entry("talent", "sword", {"key": "sword", "category_assumed": True,
                                       "assumed": "", "uncertain": "", "source": "ITL"})
    assert [(m.field, m.text) for m in entry_marks(talent)] == [
        ("category", "category: no document states it (assumed)")]
    assert is_marked(talent) and not is_marked(talent, [MarkLevel.UNCERTAIN])
    settled = Entry("talent", "axe", {"key": "axe", "category_assumed": False, "assumed": ""})
    assert not is_marked(settled)


def test_the_shipped_review_list_names_the_open_readings() -> None:
    marks = review_list(shipped_entries())
    fields = {(m.kind, m.key, m.field) for m in marks}
    assert (JOB_RULES, "table", "rest") in fields
    assert (JOB_RULES, "table", "lifestyle_period") in fields
    assert (JOB_RULES, "table", "thief_factors.wizard_spells") in fields
    assert ("job", "war_1", "") in fields
    armorer = [m.text for m in marks if (m.kind, m.key) == ("job", "armorer")]
    assert not any("Goldsmith" in text for text in armorer)  # settled by the documents
    assert marks[0].level is MarkLevel.ASSUMED and marks[-1].level is MarkLevel.UNCERTAIN
    assert all(m.source for m in marks if m.kind == "job")
