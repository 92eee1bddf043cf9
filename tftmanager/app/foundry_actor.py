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

import hashlib
import html
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from tftmanager.app.foundry_kept import kept_items, link, placed, sheet_fields, visible_notes
from tftmanager.rules.abilities import CharacterKind, Spell
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived
from tftmanager.rules.equipment import MagicItem, Weapon
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import KG_PER_LB
from tftmanager.shipped import read_toml

FLAG = "tftmanager"
DEFAULT_AGE = 18  # what Foundry's model starts an actor at
PC_DISPOSITION = 1  # Foundry's "friendly"
LOCATION = {ItemState.READIED: "readied", ItemState.CARRIED: "packed",
            ItemState.STORED: "stored"}
STATE = {"readied": ItemState.READIED, "packed": ItemState.CARRIED,
         "dropped": ItemState.CARRIED, "stowed": ItemState.STORED,
         "stored": ItemState.STORED,
         "equipped": ItemState.READIED, "carried": ItemState.CARRIED}  # the words before 1.0


@cache
def export_data() -> dict[str, Any]:
    """``resources/foundry/export.toml``: weapon talents, roll attributes, spell attacks, names."""
    return read_toml("foundry", "export.toml")


def compendium_name(name: str) -> str:
    """A name as Foundry's compendium spells it ("Small shield" -> "Small Shield")."""
    wanted = re.sub(r"[^a-z0-9]", "", name.casefold())
    for known in export_data()["compendium_names"]["names"]:
        if re.sub(r"[^a-z0-9]", "", known.casefold()) == wanted:
            return str(known)
    return name


def item_id(seed: str, index: int) -> str:
    """A stable 16-character Foundry id for an actor's item (attacks name their talent by it)."""
    digest = hashlib.sha256(f"{seed}/{index}".encode()).digest()
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(alphabet[b % len(alphabet)] for b in digest[:16])


def _weapon_talents(library: RulesLibrary) -> set[str]:
    """The talents Foundry rolls against adjusted DX: weapon talents and the fighting ones."""
    data = export_data()
    keys = {k for keys in data["weapon_talents"].values() for k in keys}
    return {k for k in keys | set(data["default_attribute"]["dx_talents"])
            if k in library.talents}


def _number(text: str, default: int) -> int:
    found = re.match(r"\d+", text)
    return int(found.group(0)) if found else default


def _talent_item(library: RulesLibrary, key: str, extra: int, kind: CharacterKind
                 ) -> dict[str, Any]:
    talent = library.talents.get(key)
    cost = talent.cost if talent else 1
    if talent and kind is CharacterKind.WIZARD and talent.wizard_cost:
        cost = talent.wizard_cost
    rolls = export_data()["default_attribute"]
    system = export_data()["compendium_values"].get(key, {})
    iq, cost = system.get("minIQ", talent.iq if talent else 7), system.get("iqCost", cost)
    return {
        "name": compendium_name(talent.name) if talent else key, "type": "talent",
        "system": {"minIQ": iq, "iqCost": cost + extra,
                   "defaultAttribute": rolls["weapon"] if key in _weapon_talents(library)
                   else rolls["other"],
                   "notes": html.escape(talent.summary) if talent
                   else "", "pdfReference": "", "attacks": [], "defenses": []},
        "flags": {FLAG: {"key": key, "extra_points": extra}},
    }


def _spell_item(spell: Spell | None, key: str) -> dict[str, Any]:
    cast = spell.st_cost if spell else ""
    low = _number(cast, 1)
    high = int(cast.split("-")[1]) if re.fullmatch(r"\d+-\d+", cast) else low
    attack = export_data()["spell_attacks"].get(key)
    attacks = [{"action": attack["action"], "minST": 0, "type": attack["type"], "toHitMod": 0,
                "baseDamage": attack["damage"], "effects": "", "talent": None}] if attack else []
    return {
        "name": compendium_name(spell.name) if spell else key, "type": "spell",
        "system": {"minIQ": spell.iq if spell else 8, "iqCost": 1,
                   "type": spell.type.value if spell else "special",
                   "stToCast": {"min": low, "max": high},
                   "stToMaintain": _number(spell.maintain, 0) if spell else 0, "stSpent": 0,
                   "defaultAttribute": "dx.value" if attack else "iq.max",
                   "notes": html.escape(spell.summary) if spell else "",
                   "pdfReference": "", "attacks": attacks, "defenses": []},
        "flags": {FLAG: {"key": key}},
    }


def _attacks(weapon: Weapon, item: Item, talent: str | None) -> list[dict[str, Any]]:
    damage = weapon.damage.add(item.quality.fine_damage)
    dice = f"{damage.count}d6" + (f"{damage.plus:+d}" if damage.plus else "")
    kind = ("missile" if weapon.missile else "polearm" if weapon.pole else "melee")
    actions = export_data()["actions"]
    attacks = [{"action": actions[kind], "minST": weapon.st, "type": kind,
                "toHitMod": item.quality.fine_dx, "baseDamage": dice, "effects": "",
                "talent": talent}]
    if weapon.throwable and not weapon.missile:
        attacks.append({**attacks[0], "action": actions["thrown"], "type": "thrown"})
    return attacks


def _talent_for(weapon: Weapon, talent_ids: dict[str, str]) -> str | None:
    """The id of the character's talent item this weapon rolls with, if it knows one."""
    table = export_data()["weapon_talents"]
    for tag in (weapon.key, *sorted(weapon.tags)):
        for key in table.get(tag, []):
            if key in talent_ids:
                return talent_ids[key]
    return None


def _equipment(library: RulesLibrary, item: Item, talent_ids: dict[str, str]
               ) -> dict[str, Any]:
    entry = library.item_entry(item.kind, item.key)
    pounds = (getattr(entry, "weight_kg", 0.0) or 0.0) / KG_PER_LB
    system: dict[str, Any] = {
        "cost": getattr(entry, "cost", 0) or 0, "wt": round(pounds, 2),
        "qty": item.quantity, "location": LOCATION[item.state],
        "applyEffectsWhen": ["readied"], "capacity": 0, "container": None, "spells": [],
        "notes": notes_html(item.note) if item.note else "", "pdfReference": "",
        "attacks": [], "defenses": []}
    if item.note:
        rest = placed(item.note, system)  # read from Foundry: its place, container, spells
        system["notes"] = notes_html(rest) if rest else ""
    if isinstance(entry, Weapon):
        system["attacks"] = _attacks(entry, item, _talent_for(entry, talent_ids))
    elif item.kind in (ItemKind.ARMOR, ItemKind.SHIELD) and entry is not None:
        action = export_data()["actions"]["armor" if item.kind is ItemKind.ARMOR else "shield"]
        system["defenses"] = [{"action": action, "hitsStopped": getattr(entry, "stops", 0)}]
    elif isinstance(entry, MagicItem) and entry.cost_per_point is not None:
        system["qty"] = 1  # a rod's quantity is its points here, rods to Foundry
        system["notes"] = notes_html("\n".join(filter(None, [
            f"{item.quantity} points", item.note])))
    q = item.quality
    flags = {"kind": item.kind.value, "key": item.key, "state": item.state.value,
             "fine_dx": q.fine_dx, "fine_damage": q.fine_damage, "silver": q.silver,
             "good": q.good, "hits_taken": item.hits_taken, "note": item.note,
             "quantity": item.quantity}
    renamed = export_data()["compendium_names"].get("by_key", {}).get(item.key)
    name = renamed or (compendium_name(entry.name) if entry is not None else item.key)
    label = q.label
    return {"name": f"{name} ({label})" if label else name, "type": "equipment",
            "system": system, "flags": {FLAG: flags}}


def _money_item(money: int) -> dict[str, Any]:
    """Money on hand as Foundry's coins: silver pieces at $1 each."""
    return {"name": "Silver Coins", "type": "equipment",
            "system": {"cost": 1, "wt": 0.01, "qty": money, "location": "packed",
                       "applyEffectsWhen": ["readied"], "capacity": 0, "container": None,
                       "spells": [], "notes": "", "pdfReference": "", "attacks": [],
                       "defenses": []},
            "flags": {FLAG: {"kind": "money"}}}


def notes_html(notes: str) -> str:
    """Our notes as Foundry's HTML field holds them: a paragraph a line."""
    return "".join(f"<p>{html.escape(line)}</p>" for line in notes.split("\n"))


@dataclass(frozen=True)
class Extras:
    """What the campaign holds of a character outside the character: XP, money, its job."""

    xp: int = 0
    money: int = 0
    job: str = ""
    pay: int = 0


def _language_item(name: str) -> dict[str, Any]:
    return {"name": f"Language ({name})", "type": "talent",
            "system": {"minIQ": 4, "iqCost": 0, "defaultAttribute": "iq.max", "notes": "",
                       "pdfReference": "", "attacks": [], "defenses": []}, "flags": {}}


def _items(c: Character, library: RulesLibrary, seed: str, money: int) -> list[dict[str, Any]]:
    """Talents, languages, spells and equipment, each with its id (attacks link talents).

    The lines of the notes that hold what an actor from Foundry had and the
    library lacks go back as the items they were (``app.foundry_kept``), in
    their containers.
    """
    kept = kept_items(c.notes)
    talents = [_talent_item(library, t.key, t.extra_points, c.kind) for t in c.talents]
    ids = [item_id(seed, n) for n in range(len(talents) + len(c.languages) + len(c.spells)
                                            + len(c.items) + len(kept) + 1)]
    talent_ids = {t.key: ids[n] for n, t in enumerate(c.talents)}
    items = talents + [_language_item(lang) for lang in c.languages]
    items += [_spell_item(library.spells.get(s), s) for s in c.spells]
    items += [_equipment(library, i, talent_ids) for i in c.items]
    items += kept
    if money > 0:
        items.append(_money_item(money))
    written = [{"_id": ids[n], **item} for n, item in enumerate(items)]
    link(written)
    return written


def _token(c: Character) -> dict[str, Any]:
    """A player character's prototype token: linked to the actor, friendly, ST on bar 1."""
    return {"name": c.name, "actorLink": True, "disposition": PC_DISPOSITION,
            "bar1": {"attribute": "st"}, "bar2": {"attribute": None}}


def actor(character: Character, library: RulesLibrary, derived: Derived,
          uid: str | None = None, extras: Extras | None = None) -> dict[str, Any]:
    """The Foundry actor document for one character."""
    race = library.races.get(character.race)
    race_ma = race.ma if race else derived.ma
    c, more = character, extras or Extras()
    mount = c.mount
    flags = {"uid": uid, "race": c.race, "sp": c.sp, "bought_points": c.bought_points,
             "memory_bought": c.memory_bought, "player": c.player, "body_kg": c.body_kg,
             "notes": c.notes, "recovery_weeks": c.recovery_weeks, "status": c.status.value,
             "age": c.age, "mount": None if mount is None else {
                 "name": mount.name, "st": mount.st, "dx": mount.dx, "ma": mount.ma,
                 "extra_kg": mount.extra_kg}}
    sheet = sheet_fields(c.notes)
    job, pay = sheet.get("job", (more.job, more.pay))
    moves = sheet.get("movement", {})
    return {
        "name": c.name, "type": "character", "img": "icons/svg/mystery-man.svg",
        "system": {
            "type": c.kind.value, "race": race.name if race else c.race,
            "age": c.age or DEFAULT_AGE,
            "job": {"name": job, "pay": pay, "risk": {"low": 3, "high": 18}},
            "xp": more.xp, "notes": notes_html(visible_notes(c.notes)),
            "st": {"max": c.st, "mod": 0, "modFor": {"save": 0}},
            "dx": {"max": c.dx, "mod": derived.adj_dx - c.dx, "modFor": {
                "save": 0, "hth": 0, "natural": 0, "melee": 0, "polearm": 0, "thrown": 0,
                "missile": 0, "casting": 0}},
            "iq": {"max": c.iq, "mod": 0, "modFor": {"save": 0}},
            "ma": {"mode": "walk", "walk": {"max": race_ma, "mod": derived.ma - race_ma},
                   "swim": {"max": moves.get("swim", race_ma), "mod": 0},
                   "fly": {"max": moves.get("fly", 0), "mod": 0}},
            "initiative": {"situation": 0, "self": 0, "party": 0},
            "fatigue": c.fatigue, "damage": c.wounds,
            "mana": {"max": sheet.get("mana", 0), "value": sheet.get("mana", 0)},
        },
        "prototypeToken": _token(c),
        "items": _items(c, library, uid or c.name, more.money),
        "effects": [],
        "flags": {FLAG: flags},
    }
