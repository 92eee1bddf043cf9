"""Bench: a campaign of 1,000 characters and 5,000 journal entries opens its journal and board.

Builds the campaign once (characters, 5,000 recorded operations of every
kind, and job weeks whose reports tell a sentence per character), then times
what the GUI does on the main thread: the Journal window reading and showing
the story, and the Party Board reading and showing every figure.  The longest
of these is the time the window cannot answer; it is compared with
``FREEZE_SECONDS``.  Run with ``python bench/journal_board.py`` (``make bench``).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from sqlalchemy import text

from tftmanager.app.campaigns import new_campaign, open_existing
from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.store import journal, queries
from tftmanager.store.campaign import CampaignStore

CHARACTERS = 1000
ENTRIES = 5000
WEEKS_LOGGED = 4
FREEZE_SECONDS = 2.0  # longer than this on the main thread reads as a frozen window
LABELS = ("{n}: +10 XP, Bench award", "{n}: ST 10 -> 11 (100 XP)", "{n}: bought Dagger ($10)",
          "{n}: works as Garrison", "Ran week 1 (seed 1)", "Goblin ambush: {n} took 2 hits")
KINDS = ("experience", "experience", "equipment", "jobs", "settings", "encounter")


def _character(i: int) -> Character:
    return Character(name=f"Figure {i:04d}", race=("human", "elf", "dwarf")[i % 3],
                     st=10 + i % 5, dx=14 - i % 5, iq=8,
                     items=outfit(armor=("leather", None)[i % 2], shield=None,
                                  weapons=("dagger",), ready_weapon="dagger"))


def _report(week: int, ids: list[int]) -> str:
    return json.dumps({"week": week, "seed": week, "stop": "", "characters": [
        {"character_id": cid, "name": f"Figure {n:04d}", "activity": "Job: Garrison",
         "lines": ["Found work as Garrison."], "rolls": [], "xp": 1, "money": 5,
         "wounds": 0, "events": [], "worked": True} for n, cid in enumerate(ids)]})


def build(path: Path) -> Path:
    """The campaign: characters, 5,000 operations, and logged weeks (one write each)."""
    store = new_campaign(path=path, name="Bench journal")
    try:
        with store.transaction() as session, journal.unrecorded(session):  # set-up, no history
            for i in range(CHARACTERS):
                queries.insert_character(session=session, campaign_id=store.campaign_id,
                                         character=_character(i))
        with store.operation("week", f"Ran weeks 1-{WEEKS_LOGGED} (seed 1)") as op:
            ids = [int(r[0]) for r in op.session.execute(text("SELECT id FROM character"))]
            for week in range(1, WEEKS_LOGGED + 1):
                op.session.execute(text(
                    "INSERT INTO week_log (campaign_id, week, seed, batch, report, created_at)"
                    " VALUES (:c, :w, :w, :b, :r, :t)"),
                    {"c": store.campaign_id, "w": week, "b": f"bench-{week}",
                     "r": _report(week, ids), "t": datetime.now(UTC)})
        _operations(store, ids)
    finally:
        store.close()
    return path


def _operations(store: CampaignStore, ids: list[int]) -> None:
    """5,000 history lines (the operation rows alone: old ones keep no row images)."""
    now = datetime.now(UTC)
    rows = [{"c": store.campaign_id, "k": KINDS[i % len(KINDS)],
             "l": LABELS[i % len(LABELS)].format(n=f"Figure {i % CHARACTERS:04d}"),
             "w": 1 + i * 12 // ENTRIES, "ch": json.dumps([ids[i % len(ids)]]), "t": now}
            for i in range(ENTRIES - 1)]
    with store.transaction() as session:
        session.execute(text(
            "INSERT INTO operation (campaign_id, kind, label, week, characters, merge_key, "
            "meta, undone, undoable, created_at, updated_at) VALUES "
            "(:c, :k, :l, :w, :ch, '', '{}', 0, 0, :t, :t)"), rows)


def _median(action: object, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(path: Path) -> dict[str, float]:
    """Seconds the main thread is busy: journal window and board, each shown once."""
    from PySide6.QtWidgets import QApplication

    from tftmanager.ui.journal_window import JournalWindow
    from tftmanager.ui.party_board import PartyBoard
    from tftmanager.ui.session import CampaignSession
    from tftmanager.ui.signals import AppSignals

    app = QApplication.instance() or QApplication([])
    store = open_existing(path=path)
    session = CampaignSession(store, AppSignals())
    try:
        def journal() -> None:
            window = JournalWindow(session)
            window.show()
            app.processEvents()
            window.close()
            window.deleteLater()

        board = PartyBoard()
        board.show()

        def show_board() -> None:
            board.show_session(session)
            app.processEvents()

        result = {"journal_s": _median(journal), "board_s": _median(show_board)}
        result["entries"] = float(len(board.all_rows))
        board.close()
    finally:
        store.close()
    return result


def main() -> int:
    """Build, measure, print one line (and JSON with --json)."""
    with tempfile.TemporaryDirectory(prefix="tftm-journal-") as tmp:
        start = time.perf_counter()
        path = build(Path(tmp) / "journal.tftcampaign")
        built = time.perf_counter() - start
        result = measure(path)
    worst = max(result["journal_s"], result["board_s"])
    verdict = "no freeze" if worst <= FREEZE_SECONDS else "FREEZES"
    print(f"journal+board, {CHARACTERS:,} characters and {ENTRIES:,} journal entries: "
          f"journal window {result['journal_s']:.2f} s, board {result['board_s']:.2f} s "
          f"(limit {FREEZE_SECONDS:.1f} s: {verdict}; built in {built:.1f} s)")
    if "--json" in sys.argv:
        print(json.dumps({"name": "journal_board", **result, "built_s": built}))
    return 0 if worst <= FREEZE_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
