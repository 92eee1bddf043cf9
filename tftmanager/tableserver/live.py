"""The live parts of every open page, rendered once per campaign change for all of them.

Ten players connected means ten event streams; after a change each needs its
own card.  Rendering them one by one would read the party ten times; here
the first stream to wake (or the player's action, whose answer carries the
new card) renders every watched character (and the GM's page, when open) in
one pass of bulk reads in one transaction (``player_view.read_views``), and
the others take their part of it: a thousand open pages cost one pass per
change, and each then only compares and sends its part.  The same pass reads the links, so a stream
whose link was revoked or renewed learns it in that pass, compared in
constant time.  When the news says which characters changed since the last
pass (this server's own players' actions), only their cards are rendered
again and the others' kept: a player's action in a campaign with ten pages
open renders one card, not ten.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
from collections import Counter
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool

from tftmanager.app import player_links
from tftmanager.app.campaigns import Campaign
from tftmanager.app.player_links import PlayerLink
from tftmanager.tableserver import gm_view, player_view
from tftmanager.tableserver.news import News


@dataclass
class Rendered:
    """One pass: each watched character's live part, the links, and the GM's page."""

    version: int = -1
    players: dict[int, str] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)  # the notes editor, for a new page
    secrets: dict[int, str] = field(default_factory=dict)
    gm: str = ""
    cards: dict[int, str] = field(default_factory=dict)  # the live parts but for their notes


@dataclass(frozen=True)
class _Pass:
    """What a pass must do: render these cards (reading them), set these notes, keep the rest."""

    version: int
    render: set[int]
    gm: bool
    kept: Rendered
    noted: dict[int, str]


class LiveViews:
    """What the open pages show now, kept for the campaign's current version."""

    def __init__(self, store: Campaign, news: News) -> None:
        self.store = store
        self.news = news
        self.watching: Counter[int] = Counter()
        self.gm_watching = 0
        self.rendered = Rendered()
        self._lock: asyncio.Lock | None = None

    def _render(self, ids: set[int], gm: bool, version: int, kept: Rendered,
                every: list[PlayerLink] | None = None,
                noted: dict[int, str] | None = None) -> Rendered:
        """Render ``ids`` (and the GM's page if ``gm``); the other cards of ``kept`` stay.

        ``every``: the links as a player's action read them in its request (not
        read again: a link revoked since is told by the next pass).  ``noted``:
        characters whose notes alone changed since ``kept``, their card kept
        and their notes set.  With nothing to render and the links given, the
        pass reads nothing.
        """
        views: dict[int, player_view.PlayerView] = {}
        if every is None or ids or gm:
            with self.store.reading():  # the links and the views in one transaction
                if every is None:
                    every = player_links.links(store=self.store)
                shown = ids & {link.character_id for link in every}
                if shown:
                    views = player_view.read_views(self.store, shown)
        secrets = {link.character_id: link.secret for link in every}
        players = {cid: html for cid, html in kept.players.items() if cid in secrets}
        notes = {cid: html for cid, html in kept.notes.items() if cid in secrets}
        cards = {cid: html for cid, html in kept.cards.items() if cid in secrets}
        texts = {cid: text for cid, text in (noted or {}).items() if cid in cards}
        for cid, view in views.items():
            cards[cid], texts[cid] = player_view.card_html(view), view.character.notes
        for cid, text in texts.items():  # a card kept or new, with its notes as they are
            players[cid] = cards[cid] + player_view.notes_now(text)
            notes[cid] = player_view.notes_editor(text)
        return Rendered(version, players, notes, secrets,
                        gm_view.live_html(self.store) if gm else "", cards)

    def _plan(self, version: int, cid: int | None) -> _Pass | None:
        """What a pass for ``version`` (and character ``cid``'s page) must do; None: nothing."""
        have = self.rendered
        missing = (cid is not None and cid not in have.players and cid in have.secrets) \
            or (cid is None and not have.gm)
        # (a pass for a later version, begun after this one was raised, shows it too)
        if have.version >= version and not missing:
            return None
        wanted = set(self.watching) | ({cid} if cid is not None else set())
        touched = self.news.touched_since(have.version)
        kept, noted = Rendered(), {}
        if touched is not None:  # only these changed: the others' cards stay
            kept = have
            # Notes alone changed: the card kept, the notes set (nothing read).
            noted = {c: n for c, n in self.news.notes_since(have.version).items()
                     if c in have.cards}
            wanted = {c for c in wanted
                      if c not in have.players or (c in touched and c not in noted)}
        return _Pass(max(version, have.version), wanted, self.gm_watching > 0 or cid is None,
                     kept, noted)

    def refresh(self, version: int, cid: int | None,
                every: list[PlayerLink] | None = None) -> Rendered:
        """``_current`` in the calling thread, without the lock (``bench/server_action_cost``)."""
        plan = self._plan(version, cid)
        if plan is not None:
            self.rendered = self._render(plan.render, plan.gm, plan.version, plan.kept,
                                         every, plan.noted)
        return self.rendered

    async def _current(self, version: int, cid: int | None,
                       every: list[PlayerLink] | None = None) -> Rendered:
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            plan = self._plan(version, cid)
            if plan is None:
                return self.rendered
            render = functools.partial(self._render, plan.render, plan.gm, plan.version,
                                       plan.kept, every, plan.noted)
            reads = bool(plan.render or plan.gm or every is None)  # else no worker thread
            self.rendered = await run_in_threadpool(render) if reads else render()
            return self.rendered

    async def page(self, version: int, cid: int, secret: str,
                   every: list[PlayerLink] | None = None) -> tuple[str, str] | None:
        """The character's live part and notes editor at ``version``.

        None once the page's link no longer opens (revoked or renewed).
        ``every``: the links, when just read (see ``_render``).
        """
        rendered = await self._current(version, cid, every)
        stored = rendered.secrets.get(cid, "")
        if not hmac.compare_digest(stored.encode(), secret.encode()) \
                or cid not in rendered.players:
            return None
        return rendered.players[cid], rendered.notes[cid]

    async def player(self, version: int, cid: int, secret: str) -> str | None:
        """The character's live part at ``version``; None once its link no longer opens."""
        found = await self.page(version, cid, secret)
        return found[0] if found is not None else None

    async def gm(self, version: int) -> str:
        """The GM's page's live part at ``version``."""
        return (await self._current(version, None)).gm
