"""Possessions and money: buy, sell, give, move, record hits on armor, repair.

Each use case changes the character and its money ledger in one operation
(Edit > Undo takes it back from the campaign's journal) and returns what it
did: the character before and after, and the money entries it wrote.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from tftmanager.app.changes import Changes
from tftmanager.app.characters import get_character
from tftmanager.app.deed_words import record
from tftmanager.app.deeds import Event, Who, deed
from tftmanager.app.item_names import entry_name as entry_name  # named by the windows too
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


class ItemGone(EquipmentRefused):
    """The possession named is not (or no longer) there, or not one the caller may touch."""


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


@dataclass(frozen=True)
class _Step:
    """What one possession action does, decided on the character as the transaction reads it."""

    after: Character
    event: Event
    facts: dict[str, object]
    money: int = 0
    kind: MoneyKind = MoneyKind.PAY
    reason: str = ""
    check_balance: bool = False
    what: str = ""  # the thing paid for, in a refusal ("Skis (pair) costs $100...")


def _apply(store: CampaignStore, character_id: int, decide: Callable[[Character], _Step]
           ) -> Deal:
    """Run ``decide(character)`` on the stored character and write it as one operation."""
    batch = str(uuid.uuid4())
    with store.operation(OpKind.EQUIPMENT) as op:
        session = op.session
        stored = queries.get_character(session=session, character_id=character_id)
        before = stored.character
        step = decide(before)
        record(op, deed(step.event, Who(stored.uid, before.name), **step.facts))
        after = step.after
        check_input(after)
        lines: tuple[LedgerLine, ...] = ()
        if step.money:
            refusal = money_refusal(step.money, step.kind)
            if refusal:
                raise EquipmentRefused(refusal)
            if step.check_balance:
                balance = ledger.balance(session=session, character_id=character_id,
                                         table=ledger.MONEY)
                refusal = purchase_refusal(-step.money, balance, step.what or step.reason)
                if refusal:
                    raise EquipmentRefused(refusal)
            week = queries.campaign(session=session, campaign_id=store.campaign_id).week
            ledger.append(session=session, table=ledger.MONEY, character_id=character_id,
                          amount=step.money, kind=step.kind.value,
                          reason=step.reason[:REASON_MAX], week=week, batch=batch)
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
        return _apply(store, character_id, lambda c: _Step(
            add(c), Event.TOOK, {"what": f"{label}{count}"}))
    return _apply(store, character_id, lambda c: _Step(
        add(c), Event.BOUGHT,
        {"what": f"{label}{count}", "price": price}, -price, MoneyKind.BUY,
        f"Bought {label}{count}", check_balance=True, what=label[0].upper() + label[1:]))


def give(*, store: CampaignStore, character_id: int, item: Item) -> Deal:
    """Add an item without paying (found, a gift, starting kit)."""
    name = entry_name(library_for(store), item.kind, item.key)
    return _apply(store, character_id, lambda c: _Step(
        replace(c, items=(*c.items, item)), Event.GIVEN, {"what": name}))


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
    if not added:  # "2-handed sword: stored elsewhere", not "put on possessions"
        moves = "; ".join(f"{entry_name(library, i.kind, i.key)}: "
                          f"{where_text(i.kind, i.state).lower()}"
                          for i in moved_items(before.items, items))
        return _apply(store, character_id, lambda c: _Step(
            replace(c, items=items), Event.TOLD,
            {"text": f"{c.name}: {moves or 'gear unchanged'}"}))
    if not pay or price == 0:
        return _apply(store, character_id, lambda c: _Step(
            replace(c, items=items), Event.GIVEN, {"what": names}))
    return _apply(store, character_id, lambda c: _Step(
        replace(c, items=items), Event.BOUGHT, {"what": names, "price": price}, -price,
        MoneyKind.BUY, f"Bought {names}", check_balance=True, what=names))


def _item(character: Character, uid: str) -> Item:
    """The possession ``uid`` names, as the character now holds it."""
    found = next((item for item in character.items if item.uid == uid), None)
    if found is None:
        raise ItemGone("That item is no longer there.")
    return found


def _without(character: Character, uid: str) -> Character:
    return replace(character, items=tuple(i for i in character.items if i.uid != uid))


def _with_item(character: Character, uid: str, **changes: object) -> Character:
    """The character with one possession changed."""
    _item(character, uid)
    return replace(character, items=tuple(
        replace(i, **changes) if i.uid == uid else i  # type: ignore[arg-type]
        for i in character.items))


def sell(*, store: CampaignStore, character_id: int, uid: str, price: int) -> Deal:
    """Sell the possession ``uid`` for an agreed price (0 to simply get rid of it)."""
    library = library_for(store)
    if price < 0:
        raise EquipmentRefused("A sale cannot cost money; record a payment instead.")

    def decide(c: Character) -> _Step:
        item = _item(c, uid)
        name = entry_name(library, item.kind, item.key)
        if not price:
            return _Step(_without(c, uid), Event.DISCARDED, {"what": name})
        return _Step(_without(c, uid), Event.SOLD, {"what": name, "price": price}, price,
                     MoneyKind.SELL, f"Sold {name}")
    return _apply(store, character_id, decide)


def move(*, store: CampaignStore, character_id: int, uid: str, state: ItemState,
         kinds: Collection[ItemKind] | None = None) -> Deal:
    """Ready, carry or store the possession ``uid`` elsewhere.

    ``kinds``: the only kinds it may be (a player's page moves weapons and
    shields); another is refused as ``ItemGone``, as one not there is, in
    the same operation that reads it (no read of its own before).
    """
    library = library_for(store)

    def decide(c: Character) -> _Step:
        item = _item(c, uid)
        if kinds is not None and item.kind not in kinds:
            raise ItemGone("That item is not one to move here.")
        name = entry_name(library, item.kind, item.key)
        return _Step(_with_item(c, uid, state=state), Event.TOLD,
                     {"text": f"{c.name}: {name} {state.value}"})
    return _apply(store, character_id, decide)


def record_hits(*, store: CampaignStore, character_id: int, uid: str, hits: int) -> Deal:
    """Add hits the armor or shield ``uid`` has stopped (entered after a fight)."""
    if isinstance(hits, bool) or not isinstance(hits, int) or hits <= 0:
        raise EquipmentRefused("Hits stopped must be a whole number above 0.")
    library = library_for(store)

    def decide(c: Character) -> _Step:
        item = _item(c, uid)
        if item.kind not in (ItemKind.ARMOR, ItemKind.SHIELD):
            raise EquipmentRefused("Only armor and shields wear from the hits they stop.")
        return _Step(_with_item(c, uid, hits_taken=item.hits_taken + hits), Event.STOPPED,
                     {"what": entry_name(library, item.kind, item.key), "hits": hits})
    return _apply(store, character_id, decide)


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


def repair(*, store: CampaignStore, character_id: int, uid: str) -> Deal:
    """Repair the metal armor or shield ``uid``: pay the cost, reset its hits."""
    library = library_for(store)

    def decide(c: Character) -> _Step:
        item = _item(c, uid)
        cost, refusal = repair_quote(library, item)
        if refusal:
            raise EquipmentRefused(refusal)
        name = entry_name(library, item.kind, item.key)
        return _Step(_with_item(c, uid, hits_taken=0), Event.REPAIRED,
                     {"what": name, "price": cost}, -cost, MoneyKind.REPAIR,
                     f"Repaired {name}", check_balance=True,
                     what=f"Repairing the {name.lower()}")
    return _apply(store, character_id, decide)


def record_money(*, store: CampaignStore, character_id: int, amount: int, kind: MoneyKind,
                 reason: str) -> Deal:
    """A money entry with no item: starting money, pay, found, upkeep, a correction."""
    text = " ".join(reason.split())
    if not text:
        raise EquipmentRefused("Give a reason for the entry.")
    refusal = money_refusal(amount, kind)
    if refusal:
        raise EquipmentRefused(refusal)
    batch = str(uuid.uuid4())
    values = {"character_id": character_id, "amount": amount, "kind": kind.value,
              "reason": text[:REASON_MAX], "batch": batch}
    with store.operation(OpKind.EQUIPMENT) as op:  # the character itself is not changed
        session = op.session
        stored = queries.get_character(session=session, character_id=character_id)
        character = stored.character
        record(op, deed(Event.MONEY, Who(stored.uid, character.name), amount=amount,
                        reason=text))
        values["week"] = queries.campaign(session=session, campaign_id=store.campaign_id).week
        if kind in (MoneyKind.PAY, MoneyKind.UPKEEP):  # checked by the insert itself
            line = ledger.append_within_balance(session=session, table=ledger.MONEY,
                                                values=values)
        else:
            [line] = ledger.append_many(session=session, table=ledger.MONEY, rows=[values])
        if line is None:
            balance = ledger.balance(session=session, character_id=character_id,
                                     table=ledger.MONEY)
            raise EquipmentRefused(purchase_refusal(-amount, balance, text))
    return Deal(character_id, character, character, batch, (line,),
                Changes(characters=frozenset({character_id}), ledger=True))


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
