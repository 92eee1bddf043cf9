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
from tftmanager.rules.text import count
from tftmanager.ui.runner import free_query
from tftmanager.ui.session import CampaignSession


def buy(session: CampaignSession, character_id: int, kind: ItemKind, key: str, quality: Quality,
        quantity: int = 1) -> equipment.Deal | None:
    """Buy an item (undoable); None when refused."""
    name = free_query(equipment.entry_name, library=session.library, kind=kind, key=key)
    return session.act(f"Buy {name}", equipment.buy, character_id=character_id, kind=kind, key=key,
                       quality=quality, quantity=quantity).value


def change_outfit(session: CampaignSession, character_id: int, items: tuple[Item, ...],
                  pay: bool) -> equipment.Deal | None:
    """A Character-tab gear choice: a swap, a purchase or a gift (undoable)."""
    return session.act("Change gear", equipment.change_outfit, character_id=character_id,
                       items=items, pay=pay).value


def sell(session: CampaignSession, character_id: int, uid: str,
         price: int) -> equipment.Deal | None:
    """Sell (or drop, at $0) the possession ``uid`` (undoable)."""
    return session.act("Sell" if price else "Drop", equipment.sell, character_id=character_id,
                       uid=uid, price=price).value


def move_item(session: CampaignSession, character_id: int, uid: str,
              state: ItemState) -> equipment.Deal | None:
    """Ready, carry or store the possession ``uid`` (undoable)."""
    return session.act(f"Move to {state.value}", equipment.move, character_id=character_id,
                       uid=uid, state=state).value


def record_hits(session: CampaignSession, character_id: int, uid: str,
                hits: int) -> equipment.Deal | None:
    """Record hits the armor or shield ``uid`` stopped (undoable)."""
    return session.act(f"Record {count(hits, 'hit')}", equipment.record_hits,
                       character_id=character_id, uid=uid, hits=hits).value


def repair(session: CampaignSession, character_id: int, uid: str) -> equipment.Deal | None:
    """Repair the metal armor or shield ``uid`` (undoable)."""
    return session.act("Repair", equipment.repair, character_id=character_id, uid=uid).value


def record_money(session: CampaignSession, character_id: int, amount: int, kind: MoneyKind,
                 reason: str) -> equipment.Deal | None:
    """A money entry (undoable)."""
    return session.act(f"{kind.label} ${abs(amount)}", equipment.record_money,
                       character_id=character_id, amount=amount, kind=kind, reason=reason).value
