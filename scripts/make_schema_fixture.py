"""Write ``tests/data/campaign-schemaN.tftcampaign`` for this build's schema.

Run once when a release adds a schema (``python scripts/make_schema_fixture.py``):
the demo party plus a few journalled actions, so the migration tests open a
file of every schema ever released, journal included.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tftmanager.app import encounters, experience, journal, player_links, weeks
from tftmanager.app.campaigns import new_campaign, party_sheets
from tftmanager.store.schema import CURRENT_SCHEMA

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def main() -> int:
    """Create the fixture; refuse to overwrite one that was already released."""
    path = DATA / f"campaign-schema{CURRENT_SCHEMA}.tftcampaign"
    if path.exists():
        print(f"{path.name} already exists: released fixtures are never rewritten.")
        return 2
    store = new_campaign(path=path, name="Fixture", demo=True)
    try:
        ids = [s.id for s in party_sheets(store=store) if s.id is not None]
        experience.award(store=store, character_ids=ids, amount=120, reason="Fixture award")
        experience.award(store=store, character_ids=ids[:1], amount=5, reason="Undone award")
        journal.undo(store=store)  # a redo tail, too
        fight = encounters.new_encounter(store=store, name="Fixture fight", seed=1)
        encounters.add_character(store=store, encounter_id=fight, character_id=ids[0],
                                 side="Party")
        encounters.add_template(store=store, encounter_id=fight, key="wolf", side="Wolves")
        encounters.hit(store=store, encounter_id=fight, target="Wolf", damage=4)
        player_links.invite(store=store, character_id=ids[0])  # schema 14: a player's link
        weeks.run_weeks(store=store, weeks=3, seed=1)  # schema 17: the week log as a range
    finally:
        store.close()
    print(f"Wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
