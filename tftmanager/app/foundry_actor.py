"""Characters as Foundry VTT actors of the Fantasy Trip system (pumbers/fantasytrip-foundryvtt).

The actor's fields follow the system's data model (``FTActorData`` and the
item models ``FTTalentData``, ``FTSpellData``, ``FTEquipmentData``): the
attributes are ``system.st.max`` and so on, talents and spells are items,
weapons are equipment with ``attacks``, armor and shields equipment with
``defenses``.  What Foundry has no field for (the library keys, SP, points
bought, a possession's quality and wear, the mount) travels in the actor's
and items' ``flags.tftmanager``, which Foundry keeps on import and export,
so a character sent to Foundry and back is the same character.
docs/foundry.md lists every field.
"""

from __future__ import annotations

import html
import re
from typing import Any

from tftmanager.rules.abilities import CharacterKind, Spell
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived
from tftmanager.rules.equipment import Weapon
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary

FLAG = "tftmanager"
LOCATION = {ItemState.READIED: "readied", ItemState.CARRIED: "packed",
            ItemState.STORED: "stored"}
STATE = {"readied": ItemState.READIED, "packed": ItemState.CARRIED,
         "dropped": ItemState.CARRIED, "stowed": ItemState.STORED,
         "stored": ItemState.STORED}


def _number(text: str, default: int) -> int:
    found = re.match(r"\d+", text)
    return int(found.group(0)) if found else default


def _talent_item(library: RulesLibrary, key: str, extra: int, kind: CharacterKind
                 ) -> dict[str, Any]:
    talent = library.talents.get(key)
    cost = talent.cost if talent else 1
    if talent and kind is CharacterKind.WIZARD and talent.wizard_cost:
        cost = talent.wizard_cost
    return {
        "name": talent.name if talent else key, "type": "talent",
        "system": {"minIQ": talent.iq if talent else 7, "iqCost": cost + extra,
                   "defaultAttribute": "", "notes": html.escape(talent.summary) if talent
                   else "", "pdfReference": "", "attacks": [], "defenses": []},
        "flags": {FLAG: {"key": key, "extra_points": extra}},
    }


def _spell_item(spell: Spell | None, key: str) -> dict[str, Any]:
    cast = spell.st_cost if spell else ""
    low = _number(cast, 1)
    high = int(cast.split("-")[1]) if re.fullmatch(r"\d+-\d+", cast) else low
    return {
        "name": spell.name if spell else key, "type": "spell",
        "system": {"minIQ": spell.iq if spell else 8, "iqCost": 1,
                   "type": spell.type.value if spell else "special",
                   "stToCast": {"min": low, "max": high},
                   "stToMaintain": _number(spell.maintain, 0) if spell else 0, "stSpent": 0,
                   "defaultAttribute": "", "notes": html.escape(spell.summary) if spell else "",
                   "pdfReference": "", "attacks": [], "defenses": []},
        "flags": {FLAG: {"key": key}},
    }


def _attacks(weapon: Weapon, item: Item) -> list[dict[str, Any]]:
    damage = weapon.damage.add(item.quality.fine_damage)
    dice = f"{damage.count}d6" + (f"{damage.plus:+d}" if damage.plus else "")
    kind = ("missile" if weapon.missile else "polearm" if weapon.pole else "melee")
    attacks = [{"action": "Attack", "minST": weapon.st, "type": kind,
                "toHitMod": item.quality.fine_dx, "baseDamage": dice, "effects": "",
                "talent": None}]
    if weapon.throwable and not weapon.missile:
        attacks.append({**attacks[0], "action": "Throw", "type": "thrown"})
    return attacks


def _equipment(library: RulesLibrary, item: Item) -> dict[str, Any]:
    entry = library.item_entry(item.kind, item.key)
    system: dict[str, Any] = {
        "cost": getattr(entry, "cost", 0) or 0, "wt": getattr(entry, "weight_kg", 0.0) or 0.0,
        "qty": item.quantity, "location": LOCATION[item.state],
        "applyEffectsWhen": ["readied"], "capacity": 0, "container": None, "spells": [],
        "notes": html.escape(item.note), "pdfReference": "", "attacks": [], "defenses": []}
    if isinstance(entry, Weapon):
        system["attacks"] = _attacks(entry, item)
    elif item.kind in (ItemKind.ARMOR, ItemKind.SHIELD) and entry is not None:
        action = "Body" if item.kind is ItemKind.ARMOR else "Shield"
        system["defenses"] = [{"action": action, "hitsStopped": getattr(entry, "stops", 0)}]
    q = item.quality
    flags = {"kind": item.kind.value, "key": item.key, "state": item.state.value,
             "fine_dx": q.fine_dx, "fine_damage": q.fine_damage, "silver": q.silver,
             "good": q.good, "hits_taken": item.hits_taken, "note": item.note}
    name = entry.name if entry is not None else item.key
    label = q.label
    return {"name": f"{name} ({label})" if label else name, "type": "equipment",
            "system": system, "flags": {FLAG: flags}}


def _notes_html(notes: str) -> str:
    return "".join(f"<p>{html.escape(line)}</p>" for line in notes.split("\n"))


def actor(character: Character, library: RulesLibrary, derived: Derived,
          uid: str | None = None) -> dict[str, Any]:
    """The Foundry actor document for one character."""
    race = library.races.get(character.race)
    race_ma = race.ma if race else derived.ma
    c = character
    mount = c.mount
    flags = {"uid": uid, "race": c.race, "sp": c.sp, "bought_points": c.bought_points,
             "memory_bought": c.memory_bought, "player": c.player, "body_kg": c.body_kg,
             "notes": c.notes, "recovery_weeks": c.recovery_weeks, "status": c.status.value,
             "mount": None if mount is None else {
                 "name": mount.name, "st": mount.st, "dx": mount.dx, "ma": mount.ma,
                 "extra_kg": mount.extra_kg}}
    items = [_talent_item(library, t.key, t.extra_points, c.kind) for t in c.talents]
    items += [_spell_item(library.spells.get(s), s) for s in c.spells]
    items += [_equipment(library, i) for i in c.items]
    return {
        "name": c.name, "type": "character", "img": "icons/svg/mystery-man.svg",
        "system": {
            "type": c.kind.value, "race": race.name if race else c.race, "age": 18,
            "job": {"name": "", "pay": 0, "risk": {"low": 3, "high": 18}}, "xp": 0,
            "notes": _notes_html(c.notes),
            "st": {"max": c.st, "mod": 0, "modFor": {"save": 0}},
            "dx": {"max": c.dx, "mod": derived.adj_dx - c.dx, "modFor": {
                "save": 0, "hth": 0, "natural": 0, "melee": 0, "polearm": 0, "thrown": 0,
                "missile": 0, "casting": 0}},
            "iq": {"max": c.iq, "mod": 0, "modFor": {"save": 0}},
            "ma": {"mode": "walk", "walk": {"max": race_ma, "mod": derived.ma - race_ma},
                   "swim": {"max": race_ma, "mod": 0}, "fly": {"max": 0, "mod": 0}},
            "initiative": {"situation": 0, "self": 0, "party": 0},
            "fatigue": 0, "damage": c.wounds, "mana": {"max": 0, "value": 0},
        },
        "items": items,
        "effects": [],
        "flags": {FLAG: flags},
    }
