"""Reading one Foundry VTT actor (Fantasy Trip system) into a character.

An actor exported by us carries ``flags.tftmanager`` (library keys and what
Foundry has no field for); one made in Foundry has none, and its items are
found in the campaign's library by name.  Nothing the library lacks refuses
the actor: each unknown talent, spell or possession goes through
``app.import_unknowns.Resolver`` (kept in the notes by default, mapped, or
added to the library), "Language (X)" talents become the character's
languages, coins become money, a container's contents say where they are,
and the spells in a book are named in the book's note.  Values edited in
Foundry (the notes, the race, where an item is, its quantity) win over the
flags we wrote.  Only what cannot be a character at all is refused.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass
from typing import Any

from tftmanager.app.foundry_actor import DEFAULT_AGE, FLAG, LOCATION, STATE, notes_html
from tftmanager.app.foundry_kept import (
    FOUNDRY_ONLY_PLACES,
    SHEET_LABELS,
    is_kept,
    item_figures,
    sheet_lines,
    visible_notes,
)
from tftmanager.app.import_unknowns import Resolver
from tftmanager.app.statblock_loose import words
from tftmanager.refusal import Refusal
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, InputError, Status, check_input
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount, Quality
from tftmanager.rules.settings import KG_PER_LB

_KINDS = ("weapon", "armor", "shield", "gear", "magic")
_LANGUAGE = re.compile(r"^\s*language\s*\((?P<name>[^()]+)\)\s*$", re.IGNORECASE)
_COIN = re.compile(r"\b(?P<metal>[a-z]+)\s+(?:coins?|pieces?)\b|\bcoins?\b", re.IGNORECASE)
SYSTEM_ID = "fantasy-trip"  # the Fantasy Trip system's id in Foundry's "_stats"
ACTOR_TYPES = ("character", "npc")
_SHIELD_ACTIONS = ("block", "shield")


class FoundryError(Refusal, ValueError):
    """An actor file that cannot be imported as asked; the message says why."""


@dataclass
class ActorRead:
    """One actor as read: the character and what does not fit in it."""

    character: Character
    uid: str | None
    resolver: Resolver
    xp: int | None = None  # Foundry's XP, for the ledger
    money: int | None = None  # coins' worth in $, for the ledger
    notes_edited: bool = False


def plain(notes: object) -> str:
    """Foundry's HTML notes as text, one line a paragraph (a list: one line an entry)."""
    if isinstance(notes, list):
        return "\n".join(plain(n) for n in notes if n)
    text = str(notes or "")
    text = re.sub(r"</p>\s*<p[^>]*>|<br\s*/?>", "\n", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def flags_of(doc: dict[str, Any]) -> dict[str, Any]:
    """Our ``flags.tftmanager`` of an actor or item ({} when absent)."""
    flags = doc.get("flags")
    ours = flags.get(FLAG) if isinstance(flags, dict) else None
    return ours if isinstance(ours, dict) else {}


def whole(value: object, what: str) -> int:
    """A whole number Foundry wrote (a float such as 16.0 allowed), or FoundryError."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or value != int(value):
        raise FoundryError(f"{what} must be a whole number, not {value!r}")
    return int(value)


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        and math.isfinite(value) else 0.0


def _attribute(system: dict[str, Any], name: str) -> int:
    value = system.get(name)
    return whole(value.get("max") if isinstance(value, dict) else value, name.upper())


def _dice(base: object) -> str:
    """Foundry's "1d6+3" as our "1d+3"."""
    return re.sub(r"[dD]6?", "d", str(base or "").replace(" ", ""))


class _Items:
    """Turns one actor's items into talents, spells, languages, possessions and money."""

    def __init__(self, resolver: Resolver, docs: list[dict[str, Any]]) -> None:
        self.resolver = resolver
        self.by_id = {str(d.get("_id")): d for d in docs if d.get("_id")}
        self.talents: list[KnownTalent] = []
        self.spells: list[str] = []
        self.languages: list[str] = []
        self.items: list[Item] = []
        self.coins = 0.0
        self.coined = False  # a coins item was read (even of none): the money is said
        self.coin_lines: list[str] = []

    def known(self, kind: str, flags: dict[str, Any]) -> str | None:
        """Our flag's library key, if this campaign's library has it (else match by name)."""
        key = flags.get("key")
        return key if isinstance(key, str) and key in self.resolver.index.names[kind] else None

    def read(self, doc: dict[str, Any]) -> None:
        kind, name, flags = doc.get("type"), str(doc.get("name", "")).strip(), flags_of(doc)
        system = doc.get("system") if isinstance(doc.get("system"), dict) else {}
        assert isinstance(system, dict)
        if kind == "talent":
            self._talent(name, system, flags)
        elif kind == "spell":
            self._spell(name, system, flags)
        elif kind == "equipment":
            self._equipment(name, system, flags)
        elif kind == "ability":
            said = ", ".join([*(str(a.get("baseDamage")) for a in system.get("attacks") or []
                                if isinstance(a, dict) and a.get("baseDamage")),
                              *([plain(system["notes"])] if system.get("notes") else [])])
            line = f"Ability: {name}" + (f" ({said})" if said else "")
            self.resolver.kept.append(" ".join(line.split("\n")))
            self.resolver.report.append(f"{self.resolver.figure}: ability {name} kept in "
                                        "the notes")
        else:
            self.resolver.kept.append(f"Item: {name} ({kind})")
            self.resolver.report.append(f"{self.resolver.figure}: {name}, an item of type "
                                        f"{kind!r}, kept in the notes")

    def _talent(self, name: str, system: dict[str, Any], flags: dict[str, Any]) -> None:
        language = _LANGUAGE.match(name)
        if language and not self.known("talent", flags):
            spoken = " ".join(language.group("name").split())
            if spoken not in self.languages:
                self.languages.append(spoken)
            return
        key = self.known("talent", flags)
        if key is None:
            data = {"iq": system.get("minIQ"), "cost": system.get("iqCost")}
            bare = re.sub(r"\s*\(.*\)$", "", name)  # "Sword (2)": the talent Sword
            found = (self.resolver.find(("talent",), bare) if bare != name else None) or \
                self.resolver.resolve(("talent",), name, data=data,
                                      figures=_learned(system, ""))
            if found is None:
                return
            key = found[1]
        if all(t.key != key for t in self.talents):
            self.talents.append(KnownTalent(key, int(flags.get("extra_points", 0))))

    def _spell(self, name: str, system: dict[str, Any], flags: dict[str, Any]) -> None:
        key = self.known("spell", flags)
        if key is None:
            cast = system.get("stToCast") if isinstance(system.get("stToCast"), dict) else {}
            assert isinstance(cast, dict)
            data = {"iq": system.get("minIQ"), "type": system.get("type") or "special",
                    "st_cost": str(cast.get("min", ""))}
            found = self.resolver.resolve(("spell",), name, data=data,
                                          figures=_learned(system, str(system.get("type") or "")))
            key = found[1] if found else None
        if key is not None and key not in self.spells:
            self.spells.append(key)

    def _where(self, system: dict[str, Any]) -> str:
        inside = self.by_id.get(str(system.get("container") or ""))
        return f"in {inside.get('name')}" if inside else ""

    def _book(self, system: dict[str, Any], flags: dict[str, Any]) -> str:
        """The spells a book or scroll holds, by name where the actor names them."""
        names = [str(n) for n in flags.get("spells", []) if isinstance(n, str)]
        for held in system.get("spells") or []:
            uuid = str(held.get("uuid", "")) if isinstance(held, dict) else ""
            found = self.by_id.get(uuid.rsplit(".", 1)[-1])
            shown = str(found.get("name")) if found else f"a spell ({uuid})"
            if shown not in names:
                names.append(shown)
        return f"spells: {', '.join(names)}" if names else ""

    def _equipment(self, name: str, system: dict[str, Any], flags: dict[str, Any]) -> None:
        qty = whole(system.get("qty", 1), f"{name}: qty")
        if qty < 0:
            raise FoundryError(f"{name} has quantity {qty}; a quantity is 0 or more")
        if flags.get("kind") == "money":
            self.coins += qty
            self.coined = True
            return
        worth = _coin_worth(name, system) if not flags else None
        if worth is not None and worth == int(worth):
            self.coins += qty * worth
            self.coined = True
            self.coin_lines.append(f"{qty} {name} (${qty * worth:g})")
            return
        if qty == 0:
            self.resolver.report.append(f"{self.resolver.figure}: {name} has quantity 0: "
                                        "read as 1")
            qty = 1
        note = "; ".join(t for t in (self._where(system), self._book(system, flags),
                                     plain(system.get("notes"))) if t)
        state = STATE.get(str(system.get("location", "packed")), ItemState.CARRIED)
        kind = flags.get("kind")
        key = self.known(str(kind), flags) if kind in _KINDS else None
        if key is not None:
            if LOCATION[ItemState(flags.get("state", "carried"))] == system.get("location"):
                state = ItemState(flags.get("state", "carried"))  # ours, unless moved there
            self.items.append(Item(
                kind=ItemKind(str(kind)), key=key, state=state,
                quality=Quality(int(flags.get("fine_dx", 0)), int(flags.get("fine_damage", 0)),
                                bool(flags.get("silver")), bool(flags.get("good"))),
                hits_taken=int(flags.get("hits_taken", 0)),
                quantity=_points(kind, qty, flags),
                note=str(flags.get("note", ""))))
            return
        found = self.resolver.resolve(_kinds(system), name, quantity=qty,
                                      figures=_figures(system, note), data=_data(system))
        if found is not None:  # a place we hold no field for is said in its note
            place = str(system.get("location"))
            self.items.append(Item(kind=ItemKind(found[0]), key=found[1], state=state,
                                   quantity=qty, note="; ".join(t for t in (
                                       place if place in FOUNDRY_ONLY_PLACES else "", note)
                                       if t)))


def _points(kind: object, qty: int, flags: dict[str, Any]) -> int:
    """A rod's points: written as one rod to Foundry, its points in our flags."""
    ours = flags.get("quantity")
    return ours if kind == "magic" and qty == 1 and isinstance(ours, int) and ours > 0 else qty


def _learned(system: dict[str, Any], kind: str) -> str:
    """A talent's or spell's "IQ 9, cost 2" as Foundry gives them (and a spell's type)."""
    iq, cost = system.get("minIQ"), system.get("iqCost")
    if not isinstance(iq, int) or isinstance(iq, bool):
        return ""
    return f"IQ {iq}" + (f", cost {cost}" if isinstance(cost, int) and not isinstance(
        cost, bool) else "") + (f", {kind}" if kind and re.fullmatch(r"\w+", kind) else "")


def _coin_worth(name: str, system: dict[str, Any]) -> float | None:
    """A coin's worth in $ (its cost, else the metal's: words.toml), None if it is no coin.

    Coins worth part of a $ (copper) stay coins: the money ledger holds whole $.
    """
    found = _COIN.search(name)
    if found is None:
        return None
    cost = _number(system.get("cost"))
    if cost > 0:
        return cost
    metal = (found.group("metal") or "").lower()
    return words().coins.get(metal)


def _kinds(system: dict[str, Any]) -> tuple[str, ...]:
    """Which library kinds an equipment item is looked up in, the likeliest first."""
    if system.get("attacks"):
        return ("weapon", "gear", "magic", "shield", "armor")
    if _number(system.get("capacity")) > 0:  # a container (a backpack may also stop a hit)
        return ("gear", "magic", "armor", "shield", "weapon")
    defenses = [d for d in system.get("defenses") or [] if isinstance(d, dict)]
    if any(str(d.get("action", "")).lower() in _SHIELD_ACTIONS for d in defenses):
        return ("shield", "armor", "gear", "magic", "weapon")
    if defenses:
        return ("armor", "shield", "gear", "magic", "weapon")
    return ("gear", "magic", "weapon", "armor", "shield")


def _figures(system: dict[str, Any], note: str) -> str:
    """What Foundry says of an item, for the notes: "stops 1, 1d6+3, $300, 5 lb".

    Where it is, when not where such an item usually is ("dropped"), comes
    last before its note, so ``app.foundry_kept`` writes it back as it was.
    """
    parts = [f"stops {d.get('hitsStopped')}" for d in system.get("defenses") or []
             if isinstance(d, dict) and d.get("hitsStopped")]
    parts += [str(a.get("baseDamage")) for a in system.get("attacks") or []
              if isinstance(a, dict) and a.get("baseDamage")]
    if _number(system.get("cost")):
        parts.append(f"${_number(system.get('cost')):g}")
    if _number(system.get("wt")):
        parts.append(f"{_number(system.get('wt')):g} lb")
    return item_figures(_kinds(system)[0], system, parts, note)


def _data(system: dict[str, Any]) -> dict[str, Any]:
    """The fields a new library entry takes from an equipment item (Foundry weighs in lb)."""
    attack = next((a for a in system.get("attacks") or [] if isinstance(a, dict)), {})
    defense = next((d for d in system.get("defenses") or [] if isinstance(d, dict)), {})
    return {"cost": round(_number(system.get("cost"))),
            "weight_kg": round(_number(system.get("wt")) * KG_PER_LB, 3),
            "damage": _dice(attack.get("baseDamage")) or "1d",
            "st": round(_number(attack.get("minST"))),
            "missile": attack.get("type") == "missile", "pole": attack.get("type") == "polearm",
            "stops": round(_number(defense.get("hitsStopped")))}


def _mount(data: object) -> Mount | None:
    if not isinstance(data, dict):
        return None
    return Mount(str(data["name"]), int(data["st"]), int(data["dx"]), int(data["ma"]),
                 float(data.get("extra_kg", 0.0)))


def _race(system: dict[str, Any], flags: dict[str, Any], resolver: Resolver) -> str:
    """Our race key, unless the race was changed in Foundry; an unknown race is Human."""
    index = resolver.index
    written = str(system.get("race") or "Human").strip() or "Human"
    ours = flags.get("race")
    if isinstance(ours, str) and ours in index.names["race"] and (
            index.find("race", written).key == ours):
        return ours
    found = index.find("race", written)
    if found.key is not None:
        return found.key
    fallback = "human" if "human" in index.names["race"] else next(iter(index.names["race"]))
    resolver.kept.append(f"Race: {written}")
    resolver.report.append(f"{resolver.figure}: race {written} is not in the library: "
                           f"{index.name_of('race', fallback)}, and kept in the notes")
    return fallback


def _notes(system: dict[str, Any], flags: dict[str, Any]) -> tuple[str, bool]:
    """Our exact notes, unless Foundry's were edited (then Foundry's, as text).

    The kept lines that went onto the sheet as items are left out: reading
    those items writes them again, as Foundry now has them.  The job, mana
    and movement lines of our notes stay as we wrote them.
    """
    ours = flags.get("notes")
    if isinstance(ours, str) and notes_html(visible_notes(ours)) == system.get("notes"):
        kept = [line for line in ours.split("\n") if not is_kept(line)
                or line.split(":", 1)[0] in SHEET_LABELS]
        return "\n".join(kept), False
    return plain(system.get("notes")), "notes" in flags


def _age(system: dict[str, Any], flags: dict[str, Any]) -> int:
    """Foundry's age, or ours (0, not known) when we wrote Foundry's default for it."""
    written = whole(system.get("age", 0) or 0, "age")
    ours = flags.get("age")
    if isinstance(ours, int) and written == (ours or DEFAULT_AGE):
        return ours
    return written


def _check_document(doc: dict[str, Any], name: str) -> None:
    """Refuse, naming the actor, what is no Fantasy Trip character at all."""
    stats = doc.get("_stats") if isinstance(doc.get("_stats"), dict) else {}
    system_id = stats.get("systemId") if isinstance(stats, dict) else None
    if system_id not in (None, "", SYSTEM_ID):
        raise FoundryError(f"{name or 'the actor'} is an actor of the {system_id!s} system, "
                           "not of The Fantasy Trip's")
    kind = doc.get("type", "character")
    if kind not in ACTOR_TYPES:
        raise FoundryError(f"{name or 'the actor'} is a Foundry actor of type {kind!r}; "
                           "only characters and NPCs are read")
    if not isinstance(doc.get("items", []), list | type(None)):
        raise FoundryError(f"{name or 'the actor'}: its items must be a list, not "
                           f"{type(doc['items']).__name__}")


def read_actor(doc: object, resolver: Resolver) -> ActorRead:
    """One actor document as a character (FoundryError when it cannot be one)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        raise FoundryError("not a Foundry actor (no \"system\" object)")
    name = str(doc.get("name") or "").strip()
    _check_document(doc, name)
    system, flags = doc["system"], flags_of(doc)
    if isinstance(system.get("notes"), list):
        resolver.report.append(f"{name}: notes given as a list: read one paragraph an entry")
    docs = [i for i in doc.get("items") or [] if isinstance(i, dict)]
    items = _Items(resolver, docs)
    race = _race(system, flags, resolver)
    for item in docs:
        items.read(item)
    notes, edited = _notes(system, flags)
    kind = str(system.get("type", "hero")).lower()
    if kind not in ("hero", "wizard"):
        resolver.report.append(f"{name}: type {kind!r} read as hero")
        kind = "hero"
    money = round(items.coins) if items.coined or flags.get("uid") else None
    if items.coin_lines:
        resolver.report.append(f"{name}: " + ", ".join(items.coin_lines)
                               + f" became ${money:,} of money")
    # A Foundry-made actor's job, mana and other ways to move, before the items kept
    sheet = sheet_lines(system) if "notes" not in flags else []
    st = _attribute(system, "st")
    damage = whole(system.get("damage", 0) or 0, "damage")
    if damage > st:
        raise FoundryError(f"{name or 'the actor'}: damage {damage} is more than its ST {st}; "
                           "a character takes at most its ST in damage")
    character = Character(
        name=name, race=race, st=st, dx=_attribute(system, "dx"),
        iq=_attribute(system, "iq"), sp=int(flags.get("sp", 0)),
        player=str(flags.get("player", "")),
        notes="\n".join(t for t in (notes, *sheet, *resolver.kept) if t),
        bought_points=int(flags.get("bought_points", 0)), kind=CharacterKind(kind),
        talents=tuple(items.talents), spells=tuple(items.spells),
        memory_bought=int(flags.get("memory_bought", 0)), items=tuple(items.items),
        body_kg=float(flags.get("body_kg", 0.0)), mount=_mount(flags.get("mount")),
        wounds=damage,
        recovery_weeks=int(flags.get("recovery_weeks", 0)),
        fatigue=whole(system.get("fatigue", 0) or 0, "fatigue"),
        status=Status(flags.get("status", "active")),
        languages=tuple(items.languages), age=_age(system, flags))
    try:
        check_input(character)
    except InputError as exc:
        raise FoundryError(f"{name or 'the actor'}: {exc.message}") from None
    uid = flags.get("uid")
    xp = system.get("xp")
    return ActorRead(character, str(uid) if uid else None, resolver,
                     xp=whole(xp, "xp") if xp is not None else None, money=money,
                     notes_edited=edited)
