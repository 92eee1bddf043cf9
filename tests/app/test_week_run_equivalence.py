"""A seeded run of weeks gives what it gave before the run's save was made compact.

``tests/data/weeks/run-20-weeks.json`` was written by the code before the
run's report and history were kept compactly (``python
tests/app/test_week_run_equivalence.py`` writes it again): for a mixed party
(the demo, soldiers in the three bench jobs, a wounded resting figure, an
idler and a student) run 20 weeks with seed 7, every week's report as shown
(the command line's text and each character's part as the window shows it),
the totals table, the ledger lines each week returned, the ledgers and
characters as saved, and the campaign's story.  A faster save must give all
of it unchanged; and one Undo must put every table back as it was before the
run, and Redo as it was after.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app.abilities import start_study
from tftmanager.app.assignments import assign, set_job_value
from tftmanager.app.campaign_journal import campaign_journal
from tftmanager.app.campaigns import new_campaign
from tftmanager.app.characters import create_character
from tftmanager.app.journal import redo, undo
from tftmanager.app.journal_export import to_markdown
from tftmanager.app.week_report import AppliedWeek, totals_text
from tftmanager.app.weeks import run_weeks
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

EXPECTED = Path(__file__).resolve().parent.parent / "data" / "weeks" / "run-20-weeks.json"
JOBS = ("garrison", "guard_1", "war_1")
# Columns that say when a row was written, not what it holds.
STAMPS = frozenset({"created_at", "updated_at"})


def _soldier(i: int) -> Character:
    return Character(name=f"Soldier {i:02d}", race="human", st=11 + i % 4, dx=12, iq=8,
                     items=outfit(armor="leather", weapons=("broadsword",),
                                  ready_weapon="broadsword"),
                     talents=(KnownTalent("sword"), KnownTalent("shield")))


def _party(store: CampaignStore) -> None:
    """The demo party plus soldiers, a wounded sleeper, an idler and a student."""
    for job in ("garrison", "guard_1"):
        set_job_value(store=store, job=job, field_name="xp_week", value=1)
    for i in range(12):
        cid = create_character(store=store, character=_soldier(i)).id
        assign(store=store, character_id=cid,
               data=Assignment(activity=Activity.JOB, job=JOBS[i % 3]))
    sleepy = create_character(store=store, character=replace(
        _soldier(90), name="Sleepy", wounds=4, recovery_weeks=2)).id
    assign(store=store, character_id=sleepy, data=Assignment(activity=Activity.REST))
    idler = create_character(store=store, character=replace(_soldier(91), name="Idler")).id
    assign(store=store, character_id=idler, data=Assignment(activity=Activity.IDLE))
    student = create_character(store=store, character=replace(_soldier(92), name="Student",
                                                              iq=14)).id
    assign(store=store, character_id=student, data=Assignment(activity=Activity.STUDY))
    start_study(store=store, character_id=student, key="climbing", teacher=True)


def _rows(path: Path, table: str) -> list[dict[str, Any]]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        return [{k: r[k] for k in r.keys() if k not in STAMPS}  # noqa: SIM118 - a Row
                for r in con.execute(f'SELECT * FROM "{table}" ORDER BY rowid')]
    finally:
        con.close()


def _shown(results: list[AppliedWeek]) -> dict[str, Any]:
    """What the run shows and returns: the reports, the totals, each week's ledger lines."""
    return {
        "text": [applied.report.text() for applied in results],
        "totals": totals_text(results),
        "sections": [[{
            "name": cw.name, "activity": cw.activity, "lines": list(cw.lines),
            "rolls": list(cw.rolls), "xp": cw.xp, "money": cw.money, "wounds": cw.wounds,
            "events": list(cw.events), "worked": cw.worked, "wounds_after": cw.wounds_after,
            "st": cw.st} for cw in applied.report.characters] for applied in results],
        "stops": [applied.report.stop for applied in results],
        "xp_lines": [[[line.character_id, line.amount, line.kind, line.reason, line.week]
                      for line in applied.xp_lines] for applied in results],
        "money_lines": [[[line.character_id, line.amount, line.kind, line.reason, line.week]
                         for line in applied.money_lines] for applied in results],
        "changed": [sorted(applied.changes.characters) for applied in results],
    }


def _saved(path: Path) -> dict[str, Any]:
    """The ledgers, characters, assignments and studies as the run saved them."""
    strip = ("id", "batch", "uid")  # a batch and a character's uid are fresh uuids
    return {table: [{k: v for k, v in row.items() if k not in strip}
                    for row in _rows(path, table)]
            for table in ("xp_entry", "money_entry", "character", "assignment", "study")}


def run_and_capture(path: Path) -> dict[str, Any]:
    """Make the party, run 20 weeks with seed 7, and gather what the run gave and saved."""
    with new_campaign(path=path, name="Twenty weeks", demo=True) as store:
        _party(store)
        results = run_weeks(store=store, weeks=20, seed=7, stop_on=frozenset())
        story = to_markdown(campaign_journal(store=store))
    return {"shown": _shown(results), "saved": _saved(path), "story": story}


def test_a_seeded_run_gives_what_it_gave_before(tmp_path: Path) -> None:
    expected = json.loads(EXPECTED.read_text())
    got = run_and_capture(tmp_path / "run.tftcampaign")
    assert got["shown"]["text"] == expected["shown"]["text"]
    assert got["shown"] == expected["shown"]
    assert got["saved"] == expected["saved"]
    assert got["story"] == expected["story"]


def test_one_undo_takes_the_seeded_run_back_and_redo_makes_it_again(
        tmp_path: Path, campaign_dump: Callable[[Path], Any]) -> None:
    _dump = campaign_dump  # (the suite's one reader of every recorded row)
    path = tmp_path / "undo.tftcampaign"
    with new_campaign(path=path, name="Twenty weeks", demo=True) as store:
        _party(store)
        before = _dump(path)
        run_weeks(store=store, weeks=20, seed=7, stop_on=frozenset())
        after = _dump(path)
        story = to_markdown(campaign_journal(store=store))
        assert after != before
        undo(store=store)
        assert _dump(path) == before
        redo(store=store)
        assert _dump(path) == after
        assert to_markdown(campaign_journal(store=store)) == story
        undo(store=store)
        assert _dump(path) == before


if __name__ == "__main__":  # writes the expectations again (only from the code they pin)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        captured = run_and_capture(Path(folder) / "run.tftcampaign")
    EXPECTED.parent.mkdir(parents=True, exist_ok=True)
    EXPECTED.write_text(json.dumps(captured, indent=1, ensure_ascii=False) + "\n")
    sys.exit(0)
