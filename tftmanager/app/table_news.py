"""Whether the open campaign changed, for the table server's live pages.

The table server cannot name the store (import-linter keeps it above
``app``); this hands it the store's watch, which sees a file's or a
server's changes, and a campaign moved or closed underneath (``Seen.GONE``).
"""

from __future__ import annotations

from tftmanager.store.campaign import CampaignStore
from tftmanager.store.watch import FileWatch, ListenWatch, Seen
from tftmanager.store.watch import watch as _watch

__all__ = ["Seen", "watch"]


def watch(*, store: CampaignStore) -> FileWatch | ListenWatch:
    """A watch over the open campaign: ``look()`` says same, changed or gone."""
    return _watch(store)
