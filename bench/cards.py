"""Benchmark: a PDF of 100 characters' cards (target: under 0.25 s).

The timing runs in a fresh process (Qt is imported there, not in the
benchmark runner) and covers what the user waits for: open the campaign,
read the party, set every card and write the PDF.  The first run also loads
the fonts; the median of the later runs is what a second export costs.

Run alone with ``python bench/cards.py``, or call ``bench_cards()`` from
bench/run.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tftmanager.app.campaigns import new_campaign
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.shipped import shipped_library
from tftmanager.store import queries

RACES = ("human", "elf", "dwarf", "halfling", "orc")
ARMORS = (None, "leather", "chainmail", "plate")
LOADOUTS = (("broadsword", "dagger"), ("spear",), ("longbow", "shortsword", "dagger"),
            ("battleaxe",), ("mace", "javelin"))

TIMER = """
import json, statistics, sys, time
from pathlib import Path
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from tftmanager.app.campaigns import open_existing
from tftmanager.cards.export import export_pdf
from tftmanager.cards.gather import campaign_cards
campaign, out, runs = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
times, pages = [], 0
for _ in range(runs + 1):
    start = time.perf_counter()
    with open_existing(path=campaign) as store:
        cards = campaign_cards(store=store)
    pages = export_pdf(out, cards)
    times.append(time.perf_counter() - start)
print(json.dumps({"first": times[0], "median": statistics.median(times[1:]),
                  "pages": pages, "bytes": out.stat().st_size}))
"""


def generated_character(i: int, talent_keys: list[str]) -> Character:
    """A varied figure with a few talents, deterministic for ``i``."""
    shift = i % 5
    weapons = LOADOUTS[i % len(LOADOUTS)]
    talents = tuple(KnownTalent(k) for k in talent_keys[i % 20:i % 20 + 3 + i % 6])
    return Character(
        name=f"Figure {i:04d}", race=RACES[i % len(RACES)], st=10 + shift, dx=14 - shift,
        iq=9 + i % 4, items=outfit(
            armor=ARMORS[i % len(ARMORS)],
            shield="small_shield" if len(weapons) == 1 and i % 2 else None,
            weapons=weapons, ready_weapon=weapons[0]), talents=talents,
        notes="Generated for the benchmark.")


def make_campaign(path: Path, count: int) -> Path:
    """A campaign holding ``count`` generated characters (one transaction)."""
    keys = sorted(k for k, t in shipped_library().talents.items() if t.iq <= 10)
    store = new_campaign(path=path, name=f"Cards {count}")
    try:
        with store.operation("bench", f"{count} generated characters") as op:
            for i in range(count):
                queries.insert_character(session=op.session, campaign_id=store.campaign_id,
                                         character=generated_character(i, keys))
    finally:
        store.close()
    return path


def bench_cards(count: int = 100, runs: int = 3) -> dict[str, Any]:
    """Time the PDF export of ``count`` characters' 3x5 cards on Letter."""
    with tempfile.TemporaryDirectory(prefix="tftm-bench-cards-") as tmp:
        campaign = make_campaign(Path(tmp) / "cards.tftcampaign", count)
        env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
        done = subprocess.run(
            [sys.executable, "-c", TIMER, str(campaign), str(Path(tmp) / "cards.pdf"), str(runs)],
            capture_output=True, text=True, check=True, env=env)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    seconds = result["median"]
    return {
        "name": "cards_pdf",
        "characters": count,
        "runs": runs,
        "seconds": seconds,
        "first_seconds": result["first"],
        "pages": result["pages"],
        "text": (f"cards PDF for {count} characters ({result['pages']} pages, "
                 f"{result['bytes'] // 1024} KB): {seconds:.3f} s "
                 f"(median of {runs}; first run {result['first']:.3f} s); target < 0.25 s"),
    }


if __name__ == "__main__":
    print(bench_cards()["text"])
