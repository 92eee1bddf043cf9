"""A player's page: their character's card as printed, live, with what they may do.

``read_view`` gathers everything through ``app`` (the card's faces as the
printed card builds them, the XP status, the possessions, the fight in
progress); ``live_html`` turns it into the part of the page that the event
stream replaces when the campaign changes.  The notes editor stays outside
that part, so a player typing is never overwritten by someone else's award.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from tftmanager.app import campaigns, encounters, equipment
from tftmanager.app.campaigns import Campaign
from tftmanager.app.library import library_for
from tftmanager.app.player_links import PlayerLink
from tftmanager.app.sheet import Sheet
from tftmanager.cards.content import CardFace
from tftmanager.cards.gather import cards_of
from tftmanager.refusal import Refusal
from tftmanager.rules.character import Character
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.tableserver.html import boxes, esc, face

# Sections the page shows in its own way (possessions with buttons, standing with XP).
OWN_SECTIONS = frozenset({"Possessions", "Memory, experience and money"})
MOVES = ((ItemState.READIED, "Ready"), (ItemState.CARRIED, "Sling"),
         (ItemState.STORED, "Drop"))
STATE_WORDS = {ItemState.READIED: "ready", ItemState.CARRIED: "slung",
               ItemState.STORED: "dropped"}


@dataclass(frozen=True)
class Holding:
    """A weapon or shield the player may ready, sling or drop."""

    uid: str
    name: str
    state: ItemState


@dataclass(frozen=True)
class PlayerView:
    """Everything a player's page shows, read in one go."""

    character: Character
    front: CardFace
    back: CardFace
    standing: tuple[str, ...]
    memory_cost: int | None
    holdings: tuple[Holding, ...]
    spells: tuple[tuple[str, str], ...]  # key, "Fire (2 ST)"
    in_fight: str  # the fight in progress this character is in, or ""
    # ST, wounds and fatigue as the fight has them (hits and spells cast since it began).
    fight_st: tuple[int, int, int] | None = None
    dx_reasons: str = ""  # "DX 13, Leather armor -2 = 11; with Large shield -1 = 10"


def _figures(store: Campaign) -> tuple[str, dict[int, tuple[int, int, int]]]:
    """The fight in progress and its characters' ST, wounds and fatigue ("", {} if none)."""
    fight = encounters.in_progress_id(store=store)
    if fight is None:  # (not a refusal raised and caught: a campaign's fights parsed to say why)
        return "", {}
    try:
        view = encounters.show(store=store, encounter_id=fight)
    except Refusal:  # gone meanwhile
        return "", {}
    return view.encounter.name, {
        f.character_id: (f.st, f.wounds_before + f.wounds, f.fatigue)
        for f in view.encounter.figures if f.character_id is not None}


def _sheets(store: Campaign, wanted: set[int]) -> list[Sheet]:
    """These characters' sheets: one read for one character, the party's for several."""
    if len(wanted) == 1:
        try:
            return [campaigns.character_sheet(store=store, character_id=next(iter(wanted)))]
        except LookupError:  # deleted meanwhile: no view, as for a link that opens nothing
            return []
    return [s for s in campaigns.party_sheets(store=store) if s.id in wanted]


def read_views(store: Campaign, character_ids: Collection[int]) -> dict[int, PlayerView]:
    """These characters as the campaign has them now, in a few bulk reads for them all.

    The live pages of every connected player are read together after each
    change: the party, ledgers and studies once, not once per page.
    """
    wanted = set(character_ids)
    with store.reading():  # one transaction for every read below
        sheets = _sheets(store, wanted)
        cards = cards_of(store=store, sheets=sheets)
        library = library_for(store)
        profile = campaigns.get_profile(store=store)
        fight, figures = _figures(store)
    tables = library.xp_costs
    memory_cost = tables.memory_cost if tables and profile.legacy_memory_xp else None
    views = {}
    for sheet, card in zip(sheets, cards, strict=True):
        c = sheet.character
        assert sheet.id is not None
        holdings = tuple(
            Holding(item.uid, equipment.entry_name(library, item.kind, item.key), item.state)
            for item in c.items
            if item.kind in (ItemKind.WEAPON, ItemKind.SHIELD) and item.uid)
        spells = tuple((key, f"{spell.name} ({spell.st_cost} ST)") for key in c.spells
                       if (spell := library.spells.get(key)) is not None)
        standing = next((tuple(" ".join(r) for r in s.rows) for s in card.back.sections
                         if s.title == "Memory, experience and money"), ())
        views[sheet.id] = PlayerView(
            character=c, front=card.front, back=card.back, standing=standing,
            memory_cost=memory_cost, holdings=holdings, spells=spells,
            in_fight=fight if sheet.id in figures else "", fight_st=figures.get(sheet.id),
            dx_reasons=sheet.derived.dx_reasons(c.dx))
    return views


def read_view(store: Campaign, link: PlayerLink) -> PlayerView:
    """One player's character as the campaign has it now."""
    return read_views(store, [link.character_id])[link.character_id]


def _button(action: str, label: str, **fields: str) -> str:
    hidden = "".join(f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">'
                     for k, v in fields.items())
    return (f'<form class="act" data-action="{esc(action)}">{hidden}'
            f'<button type="submit">{esc(label)}</button></form>')


def _experience(view: PlayerView) -> str:
    raises = "".join(_button("raise", f"{a.label} +1", attribute=a.value) for a in Attribute)
    memory = (_button("memory", f"Memory +1 ({view.memory_cost:,} XP)")
              if view.memory_cost is not None else "")
    lines = "".join(f"<p>{esc(line)}</p>" for line in view.standing)
    return (f'<section class="part" id="experience"><h3>Experience</h3>{lines}'
            f'<div class="buttons">{raises}{memory}</div></section>')


def _possessions(view: PlayerView) -> str:
    rows = []
    for h in view.holdings:
        buttons = "".join(_button("move", label, item=h.uid, state=state.value)
                          for state, label in MOVES if state is not h.state)
        rows.append(f'<li><span>{esc(h.name)} <em>{esc(STATE_WORDS[h.state])}</em></span>'
                    f'<span class="buttons">{buttons}</span></li>')
    rest = next((s for s in view.back.sections if s.title == "Possessions"), None)
    others = "".join(f"<p>{esc(' '.join(r))}</p>" for r in rest.rows) if rest else ""
    listed = f'<ul class="holdings">{"".join(rows)}</ul>' if rows else ""
    return (f'<section class="part" id="possessions"><h3>Possessions</h3>{listed}'
            f"{others}</section>")


def _fatigue(view: PlayerView) -> str:
    if not view.spells:
        return ""
    where = (f"In {esc(view.in_fight)}." if view.in_fight
             else "Fatigue is marked during a fight the GM is running.")
    options = "".join(f'<option value="{esc(k)}">{esc(n)}</option>' for k, n in view.spells)
    return (f'<section class="part" id="casting"><h3>Cast a spell</h3><p>{where}</p>'
            f'<form class="act" data-action="fatigue"><label>Spell '
            f'<select name="spell">{options}</select></label>'
            f'<button type="submit">Mark fatigue</button></form></section>')


def card_html(view: PlayerView) -> str:
    """The live part but for the notes it carries: kept to be sent again after a notes edit."""
    c = view.character
    st, wounds, fatigue = view.fight_st or (c.st, c.wounds, c.fatigue)
    where = f'<p class="sub">In {esc(view.in_fight)}</p>' if view.fight_st else ""
    return (
        f'<header><h1>{esc(c.name)}</h1><p class="sub">{esc(view.front.subtitle)}</p></header>'
        f'<section class="part" id="st"><h3>ST, wounds and fatigue</h3>{where}'
        f"{boxes(st, wounds, fatigue)}</section>"
        f'{face(view.front, skip=OWN_SECTIONS, note="adjDX: " + view.dx_reasons)}'
        f"{_experience(view)}{_possessions(view)}{_fatigue(view)}"
        f'{face(view.back, skip=OWN_SECTIONS)}'
    )


def notes_now(notes: str) -> str:
    """The notes as stored, at the end of the live part (the page's script fills the box)."""
    return f'<template id="notes-now">{esc(notes)}</template>'


def live_html(view: PlayerView) -> str:
    """The part of the page the event stream replaces: the card and its buttons."""
    return card_html(view) + notes_now(view.character.notes)


def notes_editor(notes: str) -> str:
    """The notes editor (outside the live part: typing is never overwritten)."""
    return (f'<section class="part" id="notes"><h3>My notes</h3>'
            f'<form class="act" data-action="notes"><textarea name="notes" rows="5" '
            f'maxlength="8000" aria-label="My notes">{esc(notes)}</textarea>'
            f'<button type="submit">Save notes</button></form></section>')
