"""Possessions and money: buy, sell, give, move, record hits on armor, repair.

Each use case changes the character and its money ledger in one operation
(Edit > Undo takes it back from the campaign's journal) and returns what it
did: the character before and after, and the money entries it wrote.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace

from tftmanager.app.changes import Changes
from tftmanager.app.characters import get_character
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.app.sheet import evaluate
from tftmanager.refusal import Refusal
from tftmanager.rules.character import Character, check_input
from tftmanager.rules.equipment import Armor, MagicItem, Shield
from tftmanager.rules.equipment_rules import EquipmentRules
from tftmanager.rules.items import ORDINARY, Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import added_items, moved_items, where_text
from tftmanager.rules.money import MoneyKind, money_refusal, purchase_refusal
from tftmanager.rules.text import REASON_MAX
from tftmanager.store import ledger, queries
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.ledger import LedgerLine


class EquipmentRefused(Refusal, ValueError):
    """A purchase, sale or repair that cannot be made; the message says why."""


@dataclass(frozen=True)
class Deal:
    """One equipment action: the character before and after, and its money entries."""

    character_id: int
    before: Character
    after: Character
    batch: str
    lines: tuple[LedgerLine, ...]
    changes: Changes
    note: str = ""


def _rules(library: RulesLibrary) -> EquipmentRules:
    if library.equipment_rules is None:
        raise EquipmentRefused("This campaign's library has no equipment rules.")
    return library.equipment_rules


def entry_name(library: RulesLibrary, kind: ItemKind, key: str) -> str:
    """The library name of an item."""
    entry = library.item_entry(kind, key)
    return entry.name if entry is not None else key


def price_of(library: RulesLibrary, kind: ItemKind, key: str, quality: Quality,
             quantity: int = 1) -> int:
    """What an item costs new, quality included; refuses illegal combinations."""
    rules = _rules(library)
    if kind is ItemKind.WEAPON:
        weapon = library.weapons.get(key)
        if weapon is None:
            raise EquipmentRefused(f"'{key}' is not a weapon in this campaign.")
        if not weapon.priced:
            raise EquipmentRefused(_unpriced(weapon.name))
        refusal = rules.quality_refusal(weapon, quality)
        if refusal:
            raise EquipmentRefused(refusal)
        return rules.weapon_price(weapon, quality) * quantity
    if quality != ORDINARY:
        raise EquipmentRefused("Only weapons come in fine or good quality.")
    entry = library.item_entry(kind, key)
    if entry is None:
        raise EquipmentRefused(f"'{key}' is not {kind.value} in this campaign.")
    if not isinstance(entry, MagicItem) and not entry.priced:
        raise EquipmentRefused(_unpriced(entry.name))
    if isinstance(entry, MagicItem):
        if entry.cost is None and entry.cost_per_point is None:
            raise EquipmentRefused(f"{entry.name} has no price in this campaign's library.")
        if entry.cost_per_point is not None:
            return entry.price(quantity)  # a rod: quantity is its points
        return entry.price() * quantity
    return entry.cost * quantity


def _apply(store: CampaignStore, character_id: int, change: Callable[[Character], Character],
           money: int, kind: MoneyKind, reason: str, *, label: str,
           check_balance: bool = False, what: str = "") -> Deal:
    """Run ``change(character) -> character`` and write ``money`` as one operation.

    ``label`` says what happened; the character's name is put in front of it.
    """
    batch = str(uuid.uuid4())
    with store.operation(OpKind.EQUIPMENT) as op:
        session = op.session
        before = queries.get_character(session=session, character_id=character_id).character
        op.label = f"{before.name}: {label}"
        after = change(before)
        check_input(after)
        lines: tuple[LedgerLine, ...] = ()
        if money:
            refusal = money_refusal(money, kind)
            if refusal:
                raise EquipmentRefused(refusal)
            if check_balance:
                balance = ledger.balance(session=session, character_id=character_id,
                                         table=ledger.MONEY)
                refusal = purchase_refusal(-money, balance, what or reason)
                if refusal:
                    raise EquipmentRefused(refusal)
            week = queries.campaign(session=session, campaign_id=store.campaign_id).week
            ledger.append(session=session, table=ledger.MONEY, character_id=character_id,
                          amount=money, kind=kind.value, reason=reason[:REASON_MAX], week=week,
                          batch=batch)
            lines = tuple(ledger.batch_lines(session=session, batch=batch,
                                             table=ledger.MONEY))
        queries.update_character(session=session, character_id=character_id, character=after)
    return Deal(character_id, before, after, batch, lines,
                Changes(characters=frozenset({character_id}), ledger=bool(lines)))


def buy(*, store: CampaignStore, character_id: int, kind: ItemKind, key: str,
        quality: Quality = ORDINARY, quantity: int = 1,
        state: ItemState | None = None) -> Deal:
    """Buy an item at its price (quality included) if the money is there.

    Without a ``state``, armor bought by a figure wearing none is worn (as
    a buyer puts it on); everything else goes with the figure, carried.
    """
    library = library_for(store)
    price = price_of(library, kind, key, quality, quantity)
    name = entry_name(library, kind, key)
    label = f"{quality.label} {name}".strip()
    placed = Item(kind, key, state or ItemState.CARRIED, quality, quantity=quantity)

    def add(c: Character) -> Character:
        item = placed
        if state is None and kind is ItemKind.ARMOR and c.loadout.armor is None:
            item = replace(placed, state=ItemState.READIED)
        return replace(c, items=(*c.items, item))

    count = f" x{quantity}" if quantity > 1 else ""
    entry = library.item_entry(kind, key)
    if isinstance(entry, MagicItem) and entry.cost_per_point is not None:
        count = f", {quantity} point" + ("" if quantity == 1 else "s")  # a rod: by the point
    if price == 0:
        return _apply(store, character_id, add, 0,
                      MoneyKind.BUY, label, label=f"took {label}{count} ($0)")
    return _apply(store, character_id, add, -price, MoneyKind.BUY, f"Bought {label}{count}",
                  label=f"bought {label}{count} (${price:,})",
                  check_balance=True, what=label[0].upper() + label[1:])


def give(*, store: CampaignStore, character_id: int, item: Item) -> Deal:
    """Add an item without paying (found, a gift, starting kit)."""
    name = entry_name(library_for(store), item.kind, item.key)
    return _apply(store, character_id, lambda c: replace(c, items=(*c.items, item)), 0,
                  MoneyKind.FOUND, "", label=f"given {name}")


def _unpriced(name: str) -> str:
    return (f"{name} has no price yet: the documents give none. Set its cost in the Rules "
            "Library to sell it in the shop.")


def outfit_price(library: RulesLibrary, before: Character, items: tuple[Item, ...]) -> int:
    """What the pieces a gear choice adds would cost in the shop (0 when none is new).

    A piece with no price in the documents counts 0: it can only be given.
    """
    total = 0
    for item in added_items(before.items, items):
        entry = library.item_entry(item.kind, item.key)
        if entry is not None and not isinstance(entry, MagicItem) and not entry.priced:
            continue
        total += price_of(library, item.kind, item.key, item.quality, item.quantity)
    return total


def purchase_problems(*, store: CampaignStore, character_id: int, item: Item) -> list[str]:
    """The problems an item would add to the character (a third weapon, say): said at once."""
    library = library_for(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
    before = get_character(store=store, character_id=character_id)
    after = replace(before, items=(*before.items, item))
    had = {p.message for p in evaluate(before, library, profile).errors}
    return [p.message for p in evaluate(after, library, profile).errors if p.message not in had]


def change_outfit(*, store: CampaignStore, character_id: int, items: tuple[Item, ...],
                  pay: bool) -> Deal:
    """A gear choice of the Character tab, by the shop's money rule.

    What is put on from the possessions is a swap; a piece not owned is bought
    (``pay``: its price from the money, refused when it is not there) or
    given free (found, a gift, session zero), said so in the history.
    """
    library = library_for(store)
    before = get_character(store=store, character_id=character_id)
    added = added_items(before.items, items)
    names = ", ".join(entry_name(library, i.kind, i.key) for i in added)
    price = outfit_price(library, before, items) if pay else 0
    change = _outfit(items)
    if not added:  # "2-handed sword: stored elsewhere", not "put on possessions"
        moves = "; ".join(f"{entry_name(library, i.kind, i.key)}: "
                          f"{where_text(i.kind, i.state).lower()}"
                          for i in moved_items(before.items, items))
        return _apply(store, character_id, change, 0, MoneyKind.BUY, "",
                      label=moves or "gear unchanged")
    if not pay or price == 0:
        return _apply(store, character_id, change, 0, MoneyKind.FOUND, "",
                      label=f"given {names} ($0)")
    return _apply(store, character_id, change, -price, MoneyKind.BUY, f"Bought {names}",
                  label=f"bought {names} (${price:,})", check_balance=True, what=names)


def _outfit(items: tuple[Item, ...]) -> Callable[[Character], Character]:
    return lambda c: replace(c, items=items)


def _item_at(character: Character, index: int) -> Item:
    if not 0 <= index < len(character.items):
        raise EquipmentRefused("That item is no longer there.")
    return character.items[index]


def _without(character: Character, index: int) -> Character:
    items = list(character.items)
    del items[index]
    return replace(character, items=tuple(items))


def sell(*, store: CampaignStore, character_id: int, index: int, price: int) -> Deal:
    """Sell an item for an agreed price (0 to simply get rid of it)."""
    library = library_for(store)
    character = get_character(store=store, character_id=character_id)
    item = _item_at(character, index)
    name = entry_name(library, item.kind, item.key)
    if price < 0:
        raise EquipmentRefused("A sale cannot cost money; record a payment instead.")
    return _apply(store, character_id, lambda c: _without(c, index), price, MoneyKind.SELL,
                  f"Sold {name}" if price else "",
                  label=f"sold {name} for ${price:,}" if price else f"got rid of {name}")


def _with_item(character: Character, index: int, **changes: object) -> Character:
    """The character with one possession changed."""
    items = list(character.items)
    items[index] = replace(_item_at(character, index), **changes)  # type: ignore[arg-type]
    return replace(character, items=tuple(items))


def move(*, store: CampaignStore, character_id: int, index: int, state: ItemState) -> Deal:
    """Ready, carry or store an item elsewhere."""
    library = library_for(store)
    item = _item_at(get_character(store=store, character_id=character_id), index)
    name = entry_name(library, item.kind, item.key)
    return _apply(store, character_id, lambda c: _with_item(c, index, state=state), 0,
                  MoneyKind.PAY, "", label=f"{name} {state.value}")


def record_hits(*, store: CampaignStore, character_id: int, index: int, hits: int) -> Deal:
    """Add hits an armor or shield has stopped (entered after a fight)."""
    if isinstance(hits, bool) or not isinstance(hits, int) or hits <= 0:
        raise EquipmentRefused("Hits stopped must be a whole number above 0.")

    def change(c: Character) -> Character:
        item = _item_at(c, index)
        if item.kind not in (ItemKind.ARMOR, ItemKind.SHIELD):
            raise EquipmentRefused("Only armor and shields wear from the hits they stop.")
        return _with_item(c, index, hits_taken=item.hits_taken + hits)
    item = _item_at(get_character(store=store, character_id=character_id), index)
    name = entry_name(library_for(store), item.kind, item.key)
    plural = "s" if hits != 1 else ""
    return _apply(store, character_id, change, 0, MoneyKind.PAY, "",
                  label=f"{name} stopped {hits} more hit{plural}")


def repair_quote(library: RulesLibrary, item: Item) -> tuple[int, str]:
    """(cost, refusal): what repairing would cost, or why it cannot be done."""
    rules = _rules(library)
    if item.kind not in (ItemKind.ARMOR, ItemKind.SHIELD):
        return 0, "Only armor and shields are repaired."
    entry = library.item_entry(item.kind, item.key)
    if not isinstance(entry, Armor | Shield):
        return 0, f"'{item.key}' is not in this campaign's library."
    refusal = rules.repair_refusal(entry)
    if refusal:
        return 0, refusal
    if item.hits_taken == 0:
        return 0, f"The {entry.name.lower()} has no wear to repair."
    return rules.repair_cost(entry), ""


def repair(*, store: CampaignStore, character_id: int, index: int) -> Deal:
    """Repair a metal armor or shield: pay the cost, reset its hits."""
    library = library_for(store)
    character = get_character(store=store, character_id=character_id)
    item = _item_at(character, index)
    cost, refusal = repair_quote(library, item)
    if refusal:
        raise EquipmentRefused(refusal)

    def change(c: Character) -> Character:
        return _with_item(c, index, hits_taken=0)
    name = entry_name(library, item.kind, item.key)
    return _apply(store, character_id, change, -cost, MoneyKind.REPAIR, f"Repaired {name}",
                  label=f"repaired {name} (${cost:,})", check_balance=True,
                  what=f"Repairing the {name.lower()}")


def record_money(*, store: CampaignStore, character_id: int, amount: int, kind: MoneyKind,
                 reason: str) -> Deal:
    """A money entry with no item: starting money, pay, found, upkeep, a correction."""
    text = " ".join(reason.split())
    if not text:
        raise EquipmentRefused("Give a reason for the entry.")
    refusal = money_refusal(amount, kind)  # _apply skips $0, which is still refused here
    if refusal:
        raise EquipmentRefused(refusal)
    return _apply(store, character_id, lambda c: c, amount, kind, text,
                  label=f"{'+' if amount > 0 else '-'}${abs(amount):,}, {text}",
                  check_balance=kind in (MoneyKind.PAY, MoneyKind.UPKEEP))


def money(*, store: CampaignStore, character_id: int) -> int:
    """Money on hand."""
    with store.transaction() as session:
        return ledger.balance(session=session, character_id=character_id, table=ledger.MONEY)


def money_lines(*, store: CampaignStore, character_id: int) -> list[LedgerLine]:
    """The money ledger, oldest first."""
    with store.transaction() as session:
        return ledger.lines_for(session=session, character_id=character_id,
                                table=ledger.MONEY)


def money_balances(*, store: CampaignStore) -> dict[int, int]:
    """Everyone's money."""
    with store.transaction() as session:
        return ledger.balances(session=session, campaign_id=store.campaign_id,
                               table=ledger.MONEY)
