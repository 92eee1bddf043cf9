"""Foundry VTT actors in and out: the use cases behind ``tftmanager foundry`` and the File menu.

Export writes each character as an actor of the Fantasy Trip system
(``app.foundry_actor``).  Import reads an actor exported from Foundry
("Export Data" on an actor) or by us: with our flags the library keys are
taken as they are; without them every talent, spell, weapon, armor and
race is found by its name (``app.library_names``), and equipment the
library does not hold is kept in the notes.  An actor that cannot be read
whole is refused with its name and what is wrong, and nothing is imported.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Any

from tftmanager.app import campaigns
from tftmanager.app.documents import DocumentError, parse_json
from tftmanager.app.foundry_actor import FLAG, STATE, actor
from tftmanager.app.interchange import Entry
from tftmanager.app.library import library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.transfer import Imported, TransferError, import_entries
from tftmanager.refusal import Refusal
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, InputError, Status, check_input
from tftmanager.rules.derived import derive
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore

_KINDS = ("weapon", "armor", "shield", "gear", "magic")


class FoundryError(Refusal, ValueError):
    """An actor file that cannot be imported as asked; the message says why."""


def export_actors(*, store: CampaignStore, names: list[str] | None = None
                  ) -> list[tuple[str, str]]:
    """(name, actor JSON) for the named characters, default the whole party."""
    with store.transaction() as session:
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
    chosen = list(stored)
    if names:
        try:
            chosen = [find_by_name(stored, n, lambda s: s.character.name) for n in names]
        except NameNotFound as exc:
            raise TransferError(str(exc)) from None
    if not chosen:
        raise TransferError("The campaign has no characters to export.")
    library, profile = library_for(store), campaigns.get_profile(store=store)
    return [(s.character.name, json.dumps(
        actor(s.character, library, derive(s.character, library, profile), s.uid),
        indent=2, ensure_ascii=False) + "\n") for s in chosen]


def file_name(name: str) -> str:
    """A character's name as a safe file name ("Flavius Marcellus" -> "Flavius_Marcellus")."""
    safe = re.sub(r"[^\w.-]+", "_", name, flags=re.UNICODE).strip("._")
    return safe or "actor"


def actor_files(actors: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Exported actors (name, JSON) as the files of a folder (file name, JSON)."""
    return [(f"{file_name(name)}.json", text) for name, text in actors]


def _plain(notes: object) -> str:
    text = str(notes or "")
    text = re.sub(r"</p>\s*<p[^>]*>|<br\s*/?>", "\n", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def _flags(doc: dict[str, Any]) -> dict[str, Any]:
    flags = doc.get("flags")
    ours = flags.get(FLAG) if isinstance(flags, dict) else None
    return ours if isinstance(ours, dict) else {}


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise FoundryError(f"{what} must be a whole number, not {value!r}")
    return int(value)


def _attribute(system: dict[str, Any], name: str) -> int:
    value = system.get(name)
    return _int(value.get("max") if isinstance(value, dict) else value, name.upper())


class _Reader:
    """Turns one actor's items into talents, spells and possessions."""

    def __init__(self, index: NameIndex, name: str) -> None:
        self.index, self.name = index, name
        self.talents: list[KnownTalent] = []
        self.spells: list[str] = []
        self.items: list[Item] = []
        self.kept: list[str] = []

    def find(self, kind: str, written: str) -> str:
        found = self.index.find(kind, written)
        if found.key is None:
            raise FoundryError(f"{self.name}: {found.why}")
        return found.key

    def known(self, kind: str, flags: dict[str, Any]) -> str | None:
        """Our flag's library key, if this campaign's library has it (else match by name)."""
        key = flags.get("key")
        return key if isinstance(key, str) and key in self.index.names[kind] else None

    def item(self, doc: dict[str, Any]) -> None:
        kind, name, flags = doc.get("type"), str(doc.get("name", "")), _flags(doc)
        system = doc.get("system") if isinstance(doc.get("system"), dict) else {}
        assert isinstance(system, dict)
        if kind == "talent":
            key = self.known("talent", flags) or self.find(
                "talent", re.sub(r"\s*\(.*\)$", "", name))
            self.talents.append(KnownTalent(str(key), int(flags.get("extra_points", 0))))
        elif kind == "spell":
            self.spells.append(self.known("spell", flags) or self.find("spell", name))
        elif kind == "equipment":
            self._equipment(name, system, flags)
        elif kind == "ability":
            self.kept.append(f"Ability: {name}")
        else:
            raise FoundryError(f"{self.name}: item '{name}' has an unknown type {kind!r}")

    def _equipment(self, name: str, system: dict[str, Any], flags: dict[str, Any]) -> None:
        if flags.get("kind") in _KINDS and self.known(str(flags["kind"]), flags):
            self.items.append(Item(
                kind=ItemKind(flags["kind"]), key=str(flags["key"]),
                state=ItemState(flags.get("state", "carried")),
                quality=Quality(int(flags.get("fine_dx", 0)), int(flags.get("fine_damage", 0)),
                                bool(flags.get("silver")), bool(flags.get("good"))),
                hits_taken=int(flags.get("hits_taken", 0)),
                quantity=_int(system.get("qty", 1), f"{name}: qty"),
                note=str(flags.get("note", ""))))
            return
        kinds = (("weapon",) if system.get("attacks") else ("armor", "shield")
                 if system.get("defenses") else ("gear", "magic", "weapon", "armor", "shield"))
        for kind in kinds:
            found = self.index.find(kind, name)
            if found.key is not None:
                self.items.append(Item(
                    kind=ItemKind(kind), key=found.key,
                    state=STATE.get(str(system.get("location", "packed")), ItemState.CARRIED),
                    quantity=_int(system.get("qty", 1), f"{name}: qty")))
                return
        if system.get("attacks") or system.get("defenses"):
            raise FoundryError(f"{self.name}: {self.index.find(kinds[0], name).why}")
        self.kept.append(f"Equipment: {name}")


def _mount(data: object) -> Mount | None:
    if not isinstance(data, dict):
        return None
    return Mount(str(data["name"]), int(data["st"]), int(data["dx"]), int(data["ma"]),
                 float(data.get("extra_kg", 0.0)))


def character_of(doc: object, library: RulesLibrary) -> tuple[Character, str | None]:
    """One actor document as a character and the uid it carried."""
    if not isinstance(doc, dict) or not isinstance(doc.get("system"), dict):
        raise FoundryError("not a Foundry actor (no \"system\" object)")
    name = str(doc.get("name") or "").strip()
    system, flags = doc["system"], _flags(doc)
    index = NameIndex(library)
    reader = _Reader(index, name or "the actor")
    race = flags.get("race")
    if not isinstance(race, str) or race not in index.names["race"]:
        race = reader.find("race", str(system.get("race") or "Human"))
    for item in doc.get("items") or []:
        if isinstance(item, dict):
            reader.item(item)
    notes = flags["notes"] if "notes" in flags else "\n".join(
        t for t in (_plain(system.get("notes")), *reader.kept) if t)
    kind = str(system.get("type", "hero"))
    if kind not in ("hero", "wizard"):
        raise FoundryError(f"{name}: type {kind!r} is neither hero nor wizard")
    character = Character(
        name=name, race=str(race), st=_attribute(system, "st"), dx=_attribute(system, "dx"),
        iq=_attribute(system, "iq"), sp=int(flags.get("sp", 0)),
        player=str(flags.get("player", "")), notes=str(notes),
        bought_points=int(flags.get("bought_points", 0)), kind=CharacterKind(kind),
        talents=tuple(reader.talents), spells=tuple(reader.spells),
        memory_bought=int(flags.get("memory_bought", 0)), items=tuple(reader.items),
        body_kg=float(flags.get("body_kg", 0.0)), mount=_mount(flags.get("mount")),
        wounds=_int(system.get("damage", 0), "damage"),
        recovery_weeks=int(flags.get("recovery_weeks", 0)),
        status=Status(flags.get("status", "active")))
    try:
        check_input(character)
    except InputError as exc:
        raise FoundryError(f"{name or 'the actor'}: {exc.message}") from None
    uid = flags.get("uid")
    return character, str(uid) if uid else None


def read_actors(text: str, library: RulesLibrary) -> list[Entry]:
    """Every actor of a file (one actor, or a list of them), or FoundryError."""
    try:
        doc = parse_json(text)
    except DocumentError as exc:
        raise FoundryError(str(exc)) from None
    docs = doc if isinstance(doc, list) else [doc]
    if not docs:
        raise FoundryError("the file holds no actors")
    entries = []
    for one in docs:
        try:
            character, uid = character_of(one, library)
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            if isinstance(exc, FoundryError):
                raise
            raise FoundryError(f"not a Fantasy Trip actor this can read ({exc})") from None
        entries.append(Entry(uid, character))
    return entries


def import_actors(*, store: CampaignStore, text: str, as_copies: bool = False) -> Imported:
    """Add the actors of a Foundry file to the party in one operation, or none."""
    return import_actor_files(store=store, texts=[text], as_copies=as_copies)


def import_actor_files(*, store: CampaignStore, texts: list[str],
                       as_copies: bool = False) -> Imported:
    """Add the actors of several files (one actor each, as Foundry exports) in one operation."""
    library = library_for(store)
    entries = [entry for text in texts for entry in read_actors(text, library)]
    return import_entries(store=store, entries=entries, as_copies=as_copies)
