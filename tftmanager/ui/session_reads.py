"""The query runner: how a window reads the open campaign.

A read is a function of ``tftmanager.app`` handed to :meth:`CampaignReads.query`
with its keyword arguments (``session.query(campaigns.character_sheet,
character_id=...)``), which gives it the store, as ``CampaignSession.act``
gives an action; no class mirrors ``app`` read by read.  Changes go the
other way, through ``ui.operations`` and ``CampaignSession.act``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from tftmanager.app import campaigns
from tftmanager.app.library import library_for
from tftmanager.rules.library import RulesLibrary

T = TypeVar("T")


class CampaignReads:
    """The reads of one open campaign, for the windows."""

    store: campaigns.Campaign

    def query(self, read: Callable[..., T], /, **arguments: Any) -> T:
        """Run a read of ``tftmanager.app`` on the open campaign: ``read(store=, **arguments)``.

        The query runner beside ``CampaignSession.act``: a read changes
        nothing and signals nothing; what it raises is the caller's (a bug
        reaches the window's crash hook).
        """
        return read(store=self.store, **arguments)

    @property
    def library(self) -> RulesLibrary:
        """The rules library the campaign plays by (built once, kept by the store)."""
        return self.query(library_for)
