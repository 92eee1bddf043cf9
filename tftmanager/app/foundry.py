"""Foundry VTT actors in and out: the use cases behind ``tftmanager foundry`` and the File menu.

Export writes each character as an actor of the Fantasy Trip system
(``app.foundry_actor``), with its XP, money and job.  Import reads actors
exported from Foundry ("Export Data" on an actor) or by us
(``app.foundry_reader``): ``preview_actors`` says what each becomes, every
name the library lacks with the user's choice for it, and which are already
in the campaign; ``import_actor_files`` adds (or updates) them in one
operation.  Only a file that holds no character at all is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from tftmanager.app import campaigns
from tftmanager.app.arrivals import Already, Arrival, Existing, Landed, existing, land, same_names
from tftmanager.app.documents import MAX_CHARS, DocumentError, parse_json
from tftmanager.app.foundry_actor import Extras, actor
from tftmanager.app.foundry_reader import ActorRead, FoundryError, read_actor
from tftmanager.app.import_unknowns import Choices, Resolver, Unknown
from tftmanager.app.library import library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.transfer import TransferError
from tftmanager.rules.derived import derive
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry
from tftmanager.store import ledger, queries
from tftmanager.store.campaign import CampaignStore

__all__ = ["FoundryError", "actor_files", "export_actors", "file_name", "import_actor_files",
           "import_actors", "preview_actors", "read_actors"]
MAX_ACTOR_TEXT = MAX_CHARS  # characters in one file: over a thousand actors fit


@dataclass
class ActorPreview:
    """What a set of actor files would import: the characters, unknowns, matches, report."""

    reads: list[ActorRead]
    already: list[Existing | None] = field(default_factory=list)
    same_names: list[str] = field(default_factory=list)

    @property
    def unknowns(self) -> list[Unknown]:
        """Every name the library lacks, figure by figure."""
        return [u for r in self.reads for u in r.resolver.unknowns]

    @property
    def report(self) -> list[str]:
        """A line for everything kept in the notes, mapped, added, or turned into money."""
        return [line for r in self.reads for line in r.resolver.report]

    @property
    def new_entries(self) -> list[Entry]:
        """The library entries the user chose to add (each once)."""
        added: dict[tuple[str, str], Entry] = {}
        for r in self.reads:
            added.update(r.resolver.added)
        return list(added.values())


def _extras(store: CampaignStore) -> dict[int, Extras]:
    with store.transaction() as session:
        xp = ledger.balances(session=session, campaign_id=store.campaign_id, table=ledger.XP)
        money = ledger.balances(session=session, campaign_id=store.campaign_id,
                                table=ledger.MONEY)
    return {cid: Extras(xp=xp.get(cid, 0), money=money.get(cid, 0))
            for cid in set(xp) | set(money)}


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
    extras = _extras(store)
    return [(s.character.name, json.dumps(
        actor(s.character, library, derive(s.character, library, profile), s.uid,
              extras.get(s.id)), indent=2, ensure_ascii=False) + "\n") for s in chosen]


def file_name(name: str) -> str:
    """A character's name as a safe file name ("Flavius Marcellus" -> "Flavius_Marcellus")."""
    safe = re.sub(r"[^\w.-]+", "_", name, flags=re.UNICODE).strip("._")
    return safe or "actor"


def actor_files(actors: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Exported actors (name, JSON) as the files of a folder (file name, JSON).

    Two characters of one name (or names the same once made safe, or differing
    only in case, which some file systems do not tell apart) get "_2", "_3"...,
    so no file is written over another.
    """
    files: list[tuple[str, str]] = []
    taken: set[str] = set()
    for name, text in actors:
        base = file_name(name)
        stem, n = base, 2
        while stem.casefold() in taken:
            stem, n = f"{base}_{n}", n + 1
        taken.add(stem.casefold())
        files.append((f"{stem}.json", text))
    return files


def read_actor_docs(text: str, library: RulesLibrary, choices: Choices | None = None,
                    index: NameIndex | None = None) -> list[ActorRead]:
    """Every actor of a file (one actor, or a list of them), or FoundryError."""
    if len(text) > MAX_ACTOR_TEXT:
        raise FoundryError(f"the file is longer than {MAX_ACTOR_TEXT:,} characters; "
                           "split it into smaller files")
    try:
        doc = parse_json(text)
    except DocumentError as exc:
        raise FoundryError(str(exc)) from None
    docs = doc if isinstance(doc, list) else [doc]
    if not docs:
        raise FoundryError("the file holds no actors")
    index = index or NameIndex(library)
    reads = []
    for one in docs:
        name = str(one.get("name") or "the actor") if isinstance(one, dict) else "the actor"
        try:
            reads.append(read_actor(one, Resolver(index, choices or {}, name)))
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            if isinstance(exc, FoundryError):
                raise
            raise FoundryError(f"not a Fantasy Trip actor this can read ({exc})") from None
    return reads


def read_actors(text: str, library: RulesLibrary) -> list[Arrival]:
    """Every actor of a file as arrivals (unknown names kept in the notes)."""
    return [Arrival(r.uid, r.character, r.xp, r.money) for r in read_actor_docs(text, library)]


def preview_actors(*, store: CampaignStore, texts: list[str],
                   choices: Choices | None = None) -> ActorPreview:
    """What importing these files would do, with the user's choices so far."""
    library = library_for(store)
    index = NameIndex(library)
    reads = [r for text in texts for r in read_actor_docs(text, library, choices, index)]
    arrivals = [Arrival(r.uid, r.character, r.xp, r.money) for r in reads]
    return ActorPreview(reads, existing(store=store, arrivals=arrivals),
                        same_names(store=store, arrivals=arrivals))


def import_actor_files(*, store: CampaignStore, texts: list[str],
                       as_copies: bool = False, already: Already | None = None,
                       choices: Choices | None = None) -> Landed:
    """Add the actors of several files (one actor each, as Foundry exports) in one operation."""
    seen = preview_actors(store=store, texts=texts, choices=choices)
    arrivals = [Arrival(r.uid, r.character, r.xp, r.money) for r in seen.reads]
    mode = Already(already) if already else (Already.COPY if as_copies else Already.REFUSE)
    return land(store=store, arrivals=arrivals, already=mode, new_entries=seen.new_entries,
                source="Foundry VTT", report=seen.report)


def import_actors(*, store: CampaignStore, text: str, as_copies: bool = False,
                  already: Already | None = None) -> Landed:
    """Add the actors of a Foundry file to the party in one operation, or none."""
    return import_actor_files(store=store, texts=[text], as_copies=as_copies, already=already)
