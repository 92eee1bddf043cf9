"""Sheets for characters of an open campaign: the cards plus notes, ledger, possessions."""

from __future__ import annotations

from collections.abc import Sequence

from tftmanager.app import campaigns, experience
from tftmanager.app.library import library_for
from tftmanager.cards.content import CardFace, item_text
from tftmanager.cards.gather import campaign_cards, select_sheets
from tftmanager.cards.sheet import LEDGER_LINES, LedgerEntry, SheetExtras, build_sheet
from tftmanager.rules.derived import item_weight
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import WeightUnit, show_weight

# Where an item is, in the words of rules.items.ItemState for each kind.
_WHERE = {
    (ItemKind.ARMOR, ItemState.READIED): "worn",
    (ItemKind.ARMOR, ItemState.CARRIED): "in the pack",
    (ItemKind.SHIELD, ItemState.READIED): "ready on the arm",
    (ItemKind.SHIELD, ItemState.CARRIED): "slung on the back",
    (ItemKind.WEAPON, ItemState.READIED): "in hand",
    (ItemKind.WEAPON, ItemState.CARRIED): "at the belt",
}


def where(item: Item) -> str:
    """Where an item is kept, as the player would say it."""
    if item.state is ItemState.STORED:
        return "stored"
    return _WHERE.get((item.kind, item.state), str(item.state.value))


def possession_rows(items: Sequence[Item], library: RulesLibrary,
                    unit: WeightUnit) -> tuple[tuple[str, str, str], ...]:
    """Every possession: what it is, where it is, what it weighs (stored: nothing)."""
    rows = []
    for item in items:
        kg = 0.0 if item.state is ItemState.STORED else item_weight(item, library)
        rows.append((item_text(item, library), where(item),
                     show_weight(kg, unit) if kg else "-"))
    return tuple(rows)


def campaign_sheets(*, store: campaigns.Campaign, names: Sequence[str] = (),
                    ids: Sequence[int] | None = None) -> list[CardFace]:
    """Full sheets for the named characters, the given ids, or the whole party.

    Raises gather.UnknownCharacters for a name the campaign does not have.
    """
    sheets = campaigns.party_sheets(store=store)
    if ids is not None:
        wanted = set(ids)
        sheets = [s for s in sheets if s.id in wanted]
    sheets = select_sheets(sheets, names)
    # The same choice in the same order, so the cards pair with the sheets.
    cards = campaign_cards(store=store, names=names, ids=ids)
    library = library_for(store)
    unit = campaigns.get_profile(store=store).weight_unit
    faces = []
    for sheet, card in zip(sheets, cards, strict=True):
        lines = (experience.ledger_lines(store=store, character_id=sheet.id)
                 if sheet.id is not None else [])
        newest = [LedgerEntry(x.week, x.amount, x.reason) for x in reversed(lines)]
        extras = SheetExtras(
            notes=sheet.character.notes, ledger=tuple(newest[:LEDGER_LINES]),
            ledger_total=len(lines),
            possessions=possession_rows(sheet.character.items, library, unit))
        faces.append(build_sheet(card, extras))
    return faces
