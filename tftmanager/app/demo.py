"""The demo party: the documents' own figures, shipped as a party file."""

from __future__ import annotations

from tftmanager.app.changes import Changes
from tftmanager.app.interchange import Entry, loads
from tftmanager.app.transfer import import_entries
from tftmanager.shipped import resource
from tftmanager.store.campaign import CampaignStore


def demo_entries() -> list[Entry]:
    """Ragnar, Flavius, Wulf and Joe the Barbarian as shipped."""
    return loads(resource("demo", "party.json").read_text(encoding="utf-8"))


def add_demo_party(*, store: CampaignStore) -> Changes:
    """Add the demo party to a campaign (one transaction)."""
    return import_entries(store=store, entries=demo_entries(), as_copies=True).changes
