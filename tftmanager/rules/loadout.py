"""What a figure wears and holds, read from (and set on) its possessions.

Possessions are the only model of equipment: an item's state says where it is.
``READIED`` armor is worn, a ``READIED`` shield is ready on the arm and a
``READIED`` weapon is in hand; ``CARRIED`` armor is in the pack, a
``CARRIED`` shield is slung on the back and a ``CARRIED`` weapon is sheathed
or at the belt; ``STORED`` items are kept elsewhere and are not on the figure.

The editor's armor, shield and weapon choices are edits of these
possessions (the functions below), and older files that named the gear as
keys (``armor``, ``shield``, ``weapons``...) are read with ``outfit``, which
turns the keys into possessions without doubling an item already owned.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.records import Record

Items = tuple[Item, ...]
# The editor's gear choices, which edit possessions; validation reports
# problems with what is worn and carried under these names.
GEAR_FIELDS = ("armor", "shield", "shield_ready", "weapons", "ready_weapon")

_WHERE = {
    ItemKind.ARMOR: {ItemState.READIED: "Worn", ItemState.CARRIED: "In the pack"},
    ItemKind.SHIELD: {ItemState.READIED: "Ready", ItemState.CARRIED: "Slung on the back"},
    ItemKind.WEAPON: {ItemState.READIED: "In hand", ItemState.CARRIED: "Carried"},
    ItemKind.GEAR: {ItemState.READIED: "At hand", ItemState.CARRIED: "Carried"},
    ItemKind.MAGIC: {ItemState.READIED: "Readied (in use)", ItemState.CARRIED: "Carried"},
}
STORED_TEXT = "Stored elsewhere"


def where_text(kind: ItemKind, state: ItemState) -> str:
    """The words for an item's state, which depend on what the item is."""
    if state is ItemState.STORED:
        return STORED_TEXT
    return _WHERE[kind][state]


@dataclass(frozen=True, eq=False, repr=False)
class Loadout(Record):
    """The worn armor, the shield on the figure and the weapons it carries.

    ``extra_armor`` lists any further armor marked worn: only one body armor
    can be worn at a time, so validation reports it.
    """

    armor: Item | None
    shield: Item | None
    weapons: Items
    extra_armor: Items = ()

    @property
    def shield_ready(self) -> bool:
        """The shield is on the arm (not slung on the back)."""
        return self.shield is not None and self.shield.state is ItemState.READIED

    @property
    def ready_weapons(self) -> Items:
        """Weapons in hand."""
        return tuple(w for w in self.weapons if w.state is ItemState.READIED)

    @property
    def ready_weapon(self) -> Item | None:
        """The first weapon in hand, if any."""
        ready = self.ready_weapons
        return ready[0] if ready else None


def _on_figure(items: Iterable[Item], kind: ItemKind) -> list[Item]:
    return [i for i in items if i.kind is kind and i.state is not ItemState.STORED]


def loadout_of(items: Items) -> Loadout:
    """Pick the loadout out of the possessions (the first worn armor counts)."""
    worn = [i for i in items if i.kind is ItemKind.ARMOR and i.state is ItemState.READIED]
    shields = _on_figure(items, ItemKind.SHIELD)
    shields.sort(key=lambda i: i.state is not ItemState.READIED)  # stable: ready first
    return Loadout(
        armor=worn[0] if worn else None,
        shield=shields[0] if shields else None,
        weapons=tuple(_on_figure(items, ItemKind.WEAPON)),
        extra_armor=tuple(worn[1:]),
    )


def _index(items: Items, item: Item | None) -> int | None:
    """Position of this very item (identity, not equality: two daggers are equal)."""
    return next((n for n, i in enumerate(items) if i is item), None)


def _spare(items: Items, kind: ItemKind, key: str, skip: int | None) -> int | None:
    """An owned item of this key not in use, carried before stored."""
    found = [n for n, i in enumerate(items) if i.kind is kind and i.key == key and n != skip
             and i.state is not ItemState.READIED]
    found.sort(key=lambda n: items[n].state is ItemState.STORED)
    return found[0] if found else None


def _put_in_use(items: Items, kind: ItemKind, key: str | None, current: Item | None,
                state: ItemState) -> Items:
    """Put an item of ``key`` in use (an owned spare first, else a new one).

    The item in use until now is kept, stored: a choice in the editor never
    throws a possession away (selling or discarding is the Possessions tab's).
    """
    listed = list(items)
    at = _index(items, current)
    if current is not None and current.key == key and at is not None:
        listed[at] = replace(current, state=state)
        return tuple(listed)
    spare = _spare(items, kind, key, at) if key is not None else None
    if at is not None:
        listed[at] = replace(items[at], state=ItemState.STORED)
    if spare is not None:
        listed[spare] = replace(items[spare], state=state)
    elif key is not None:
        listed.append(Item(kind, key, state))
    return tuple(listed)


def added_items(before: Items, after: Items) -> Items:
    """What ``after`` holds that ``before`` did not: the pieces a choice would need to get.

    Compared as owned things (kind, key, workmanship and count), wherever they
    are kept, so putting on a stored spare adds nothing.
    """
    return _unmatched(before, after, _owned)


def moved_items(before: Items, after: Items) -> Items:
    """The pieces ``before`` had that ``after`` keeps somewhere else (stored, worn...).

    What the history says of a gear choice that buys nothing ("2-handed
    sword: stored elsewhere").
    """
    added = added_items(before, after)
    moved = _unmatched(before, after, lambda item: (*_owned(item), item.state))
    return tuple(item for item in moved if item not in added)


def _owned(item: Item) -> tuple[object, ...]:
    return (item.kind, item.key, item.quality, item.quantity)


def _unmatched(before: Items, after: Items,
               key: Callable[[Item], tuple[object, ...]]) -> Items:
    """The items of ``after`` with no match (by ``key``) left in ``before``."""
    left = [key(i) for i in before]
    unmatched: list[Item] = []
    for item in after:
        if key(item) in left:
            left.remove(key(item))
        else:
            unmatched.append(item)
    return tuple(unmatched)


def wear_armor(items: Items, key: str | None) -> Items:
    """Wear armor of this key (None: no armor); the armor worn until now is stored."""
    return _put_in_use(items, ItemKind.ARMOR, key, loadout_of(items).armor, ItemState.READIED)


def take_shield(items: Items, key: str | None, ready: bool) -> Items:
    """Carry a shield of this key, ready or slung (None: no shield)."""
    state = ItemState.READIED if ready else ItemState.CARRIED
    return _put_in_use(items, ItemKind.SHIELD, key, loadout_of(items).shield, state)


def ready_shield(items: Items, ready: bool) -> Items:
    """Ready the shield on the figure, or sling it on the back."""
    shield = loadout_of(items).shield
    if shield is None:
        return items
    return take_shield(items, shield.key, ready)


def carry_weapons(items: Items, keys: Iterable[str]) -> Items:
    """Carry exactly these weapons: others on the figure are stored, new ones taken.

    A stored weapon of a wanted key is taken along before a new one is added;
    weapons kept elsewhere that are not wanted stay where they are.
    """
    wanted = list(dict.fromkeys(keys))
    kept = [replace(i, state=ItemState.STORED)
            if i.kind is ItemKind.WEAPON and i.state is not ItemState.STORED
            and i.key not in wanted else i
            for i in items]
    on_figure = {i.key for i in _on_figure(kept, ItemKind.WEAPON)}
    for key in wanted:
        if key in on_figure:
            continue
        spare = _spare(tuple(kept), ItemKind.WEAPON, key, None)
        if spare is not None:
            kept[spare] = replace(kept[spare], state=ItemState.CARRIED)
        else:
            kept.append(Item(ItemKind.WEAPON, key, ItemState.CARRIED))
    return tuple(kept)


def ready_weapon(items: Items, key: str | None) -> Items:
    """Take this carried weapon in hand (None: nothing in hand); others go back to the belt."""
    result = [replace(i, state=ItemState.CARRIED)
              if i.kind is ItemKind.WEAPON and i.state is ItemState.READIED else i
              for i in items]
    if key is None:
        return tuple(result)
    for n, item in enumerate(result):
        if item.kind is ItemKind.WEAPON and item.key == key \
                and item.state is ItemState.CARRIED:
            result[n] = replace(item, state=ItemState.READIED)
            return tuple(result)
    result.append(Item(ItemKind.WEAPON, key, ItemState.READIED))
    return tuple(result)


def outfit(
    items: Items = (),
    *,
    armor: str | None = None,
    shield: str | None = None,
    shield_ready: bool = False,
    weapons: Iterable[str] = (),
    ready_weapon: str | None = None,
) -> Items:
    """Possessions for gear named by keys, as the first figures and old files give it.

    The keys say what is on the figure and how: the armor is worn, the shield
    ready or slung, the ``ready_weapon`` in hand and the other weapons carried.
    An owned item of the same key becomes that piece (keeping its quality and
    wear) instead of a second one being added; anything else marked worn or
    in hand is put back in the pack, since the keys were what counted.  The
    named gear is listed first, then the other possessions in their order.
    """
    wanted: list[tuple[ItemKind, str, ItemState]] = []
    if armor:
        wanted.append((ItemKind.ARMOR, armor, ItemState.READIED))
    if shield:
        wanted.append((ItemKind.SHIELD, shield,
                       ItemState.READIED if shield_ready else ItemState.CARRIED))
    weapon_keys = list(weapons)
    if ready_weapon and ready_weapon not in weapon_keys:
        weapon_keys.append(ready_weapon)
    done_ready = False
    for key in weapon_keys:
        in_hand = key == ready_weapon and not done_ready
        done_ready = done_ready or in_hand
        wanted.append((ItemKind.WEAPON, key,
                       ItemState.READIED if in_hand else ItemState.CARRIED))
    rest = [replace(i, state=ItemState.CARRIED)
            if i.state is ItemState.READIED and i.kind not in (ItemKind.GEAR, ItemKind.MAGIC)
            else i
            for i in items]
    gear: list[Item] = []
    claimed: set[int] = set()
    order = (ItemState.READIED, ItemState.CARRIED, ItemState.STORED)
    for kind, key, state in wanted:
        owned = [n for n, i in enumerate(items) if i.kind is kind and i.key == key
                 and n not in claimed]
        # The item the keys meant: the one in use, else carried, else stored.
        owned.sort(key=lambda n: order.index(items[n].state))
        if owned:
            claimed.add(owned[0])
            gear.append(replace(items[owned[0]], state=state))
        else:
            gear.append(Item(kind, key, state))
    # The named gear comes first, so it is what ``loadout_of`` picks.
    return (*gear, *(i for n, i in enumerate(rest) if n not in claimed))
