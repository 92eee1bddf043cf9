"""Possessions and money: buying, selling, moving, wear, repair, money entries.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import (
    equipment,
)
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.money import MoneyKind
from tftmanager.ui.session import CampaignSession


def buy(session: CampaignSession, character_id: int, kind: ItemKind, key: str, quality: Quality,
        quantity: int = 1) -> equipment.Deal | None:
    """Buy an item (undoable); None when refused."""
    name = equipment.entry_name(session.library, kind, key)
    return session.run(f"Buy {name}", lambda: equipment.buy(
        store=session.store, character_id=character_id, kind=kind, key=key, quality=quality,
        quantity=quantity))


def change_outfit(session: CampaignSession, character_id: int, items: tuple[Item, ...],
                  pay: bool) -> equipment.Deal | None:
    """A Character-tab gear choice: a swap, a purchase or a gift (undoable)."""
    return session.run("Change gear", lambda: equipment.change_outfit(
        store=session.store, character_id=character_id, items=items, pay=pay))


def sell(session: CampaignSession, character_id: int, uid: str,
         price: int) -> equipment.Deal | None:
    """Sell (or drop, at $0) the possession ``uid`` (undoable)."""
    return session.run("Sell" if price else "Drop", lambda: equipment.sell(
        store=session.store, character_id=character_id, uid=uid, price=price))


def move_item(session: CampaignSession, character_id: int, uid: str,
              state: ItemState) -> equipment.Deal | None:
    """Ready, carry or store the possession ``uid`` (undoable)."""
    return session.run(f"Move to {state.value}", lambda: equipment.move(
        store=session.store, character_id=character_id, uid=uid, state=state))


def record_hits(session: CampaignSession, character_id: int, uid: str,
                hits: int) -> equipment.Deal | None:
    """Record hits the armor or shield ``uid`` stopped (undoable)."""
    return session.run(f"Record {hits} hits", lambda: equipment.record_hits(
        store=session.store, character_id=character_id, uid=uid, hits=hits))


def repair(session: CampaignSession, character_id: int, uid: str) -> equipment.Deal | None:
    """Repair the metal armor or shield ``uid`` (undoable)."""
    return session.run("Repair", lambda: equipment.repair(
        store=session.store, character_id=character_id, uid=uid))


def record_money(session: CampaignSession, character_id: int, amount: int, kind: MoneyKind,
                 reason: str) -> equipment.Deal | None:
    """A money entry (undoable)."""
    return session.run(f"{kind.label} ${abs(amount)}", lambda: equipment.record_money(
        store=session.store, character_id=character_id, amount=amount, kind=kind,
        reason=reason))
