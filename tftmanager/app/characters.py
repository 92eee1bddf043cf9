"""Character use cases: create, edit, duplicate, delete and restore.

Each runs in one transaction.  Input that can never be stored (an empty name,
ST 0) raises InputError before anything is written; rules problems (ST below
the race minimum) are stored and reported, since a character in the middle of
being built is often briefly illegal.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.deed_words import label, record
from tftmanager.app.deeds import Event, Who, deed
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.rules.character import NAME_MAX, Character, InputError, check_input
from tftmanager.rules.creation import starting_figure
from tftmanager.rules.describe import changed_fields
from tftmanager.rules.experience import lowering_refusal
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal import OpenOperation


@dataclass(frozen=True)
class Created:
    """A new character's id and uid, with the change-set."""

    id: int
    uid: str
    changes: Changes


def create_character(*, store: CampaignStore, character: Character) -> Created:
    """Add a character to the campaign."""
    check_input(character)
    with store.operation(OpKind.CHARACTER) as op:
        stored = queries.insert_character(
            session=op.session, campaign_id=store.campaign_id, character=character
        )
        record(op, deed(Event.ADDED, Who(stored.uid, character.name.strip())))
    return Created(stored.id, stored.uid, Changes(party=True, characters=frozenset({stored.id})))


DEFAULT_RACE = "human"


def add_new_character(*, store: CampaignStore) -> Created:
    """Add a figure at the race minimums (a human where the library has one) to build on."""
    library = library_for(store)
    if not library.races:
        raise InputError("race", "This campaign's library has no races.")
    race = library.races.get(DEFAULT_RACE) or next(iter(library.races.values()))
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        taken = {s.character.name for s in
                 queries.list_characters(session=session, campaign_id=store.campaign_id)}
    return create_character(store=store,
                            character=starting_figure(race, profile.creation, taken))


def _rebased(edited: Character, was: Character, now: Character) -> Character:
    """The fields ``edited`` changed from ``was``, made on the character as it is ``now``.

    What someone else changed meanwhile (a player's raise through the table
    server, another window) is kept rather than written back from an old copy.
    """
    changed = {f.name: getattr(edited, f.name) for f in fields(Character)
               if getattr(edited, f.name) != getattr(was, f.name)}
    return replace(now, **changed)


def edit_character(*, store: CampaignStore, character_id: int, character: Character,
                   was: Character | None = None) -> Changes:
    """Replace a character's data with an edited version (the editor's and ``rename``'s).

    Lowering IQ below what the SP or known talents and spells need is refused
    (InputError on "iq"), with the reason; so is a new name another character
    already has (InputError on "name").  ``was``: the character the edit began
    from (the editor's copy); only the fields changed from it are written, on
    the character as stored now, so nobody's change made meanwhile is lost.
    """
    check_input(character)
    library = library_for(store)
    with store.operation(OpKind.CHARACTER) as op:
        session = op.session
        stored = queries.get_character(session=session, character_id=character_id)
        before = stored.character
        if was is not None:
            character = _rebased(character, was, before)
        if before == character:
            return Changes()  # nothing written, so nothing in the history
        if character.name != before.name:
            _refuse_taken_name(session, store.campaign_id, character_id, character.name)
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        refusal = lowering_refusal(before, character, library, profile)
        if refusal:
            raise InputError("iq", refusal)
        queries.update_character(session=session, character_id=character_id, character=character)
        _label_edit(op, character_id, Who(stored.uid, character.name),
                    changed_fields(before, character, library))
    return Changes(characters=frozenset({character_id}))


class NotesChanged(InputError):
    """Notes written from notes someone has changed since: theirs are not overwritten."""


def stored_notes(notes: str) -> str:
    """Notes as ``set_notes`` stores them (a browser sends its line ends as CR LF)."""
    return notes.replace("\r\n", "\n")


def set_notes(*, store: CampaignStore, character_id: int, notes: str,
              was: str | None = None) -> Changes:
    """Replace a character's notes, read and written in one operation (a player's page).

    ``was``: the notes the new text began from; when the stored notes differ
    from it (someone changed them meanwhile), nothing is written and
    ``NotesChanged`` says so.  The same edit as the editor's notes field
    (its history line and merging), without re-reading the character for it.
    """
    notes = stored_notes(notes)
    library = library_for(store)
    with store.operation(OpKind.CHARACTER) as op:
        stored = queries.get_character(session=op.session, character_id=character_id)
        before = stored.character
        if notes == before.notes:
            return Changes()
        if was is not None and stored_notes(was) != before.notes:
            raise NotesChanged("notes", f"{before.name}'s notes were changed since your page "
                               "showed them. Your text is still in the box; save again to "
                               "replace theirs with it.")
        after = replace(before, notes=notes)
        check_input(after)
        queries.update_character(session=op.session, character_id=character_id,
                                 character=after)
        _label_edit(op, character_id, Who(stored.uid, after.name),
                    changed_fields(before, after, library))
    return Changes(characters=frozenset({character_id}))


def _label_edit(op: OpenOperation, character_id: int, who: Who,
                fields: dict[str, tuple[str, str]]) -> None:
    """Record an edit, and let typing in the same fields merge into one operation."""
    op.meta = {"fields": {k: list(v) for k, v in fields.items()}}
    op.merge_key = f"edit:{character_id}:{','.join(sorted(fields))}"
    record(op, deed(Event.EDITED, who, fields=op.meta["fields"]))

    def remake(meta: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        merged = deed(Event.EDITED, who, fields=meta["fields"])
        return label(merged), merged.to_json()
    op.remake = remake


def _refuse_taken_name(session: Session, campaign_id: int, character_id: int,
                       name: str) -> None:
    """Refuse a new name another character has (alike in case and spacing).

    Names are how the command line finds characters, so two alike would make
    them unreachable there ("2 characters are named 'Brunhild'").  Twins
    already in a campaign (imported twice) can still be edited; only a change
    of name is checked.
    """
    def plain(text: str) -> str:
        return " ".join(text.split()).casefold()

    names = queries.campaign_names(session=session, campaign_id=campaign_id)
    if any(plain(other) == plain(name) for cid, other in names.items() if cid != character_id):
        raise InputError("name", f"Another character is already called {name.strip()}; "
                                 "choose a name nobody has.")


def rename_character(*, store: CampaignStore, character_id: int, name: str) -> Changes:
    """Give a character a new name (spaces tidied); refused when another has it."""
    before = get_character(store=store, character_id=character_id)
    return edit_character(store=store, character_id=character_id,
                          character=replace(before, name=" ".join(name.split())))


def get_character(*, store: CampaignStore, character_id: int) -> Character:
    """The stored character (the rules' view)."""
    with store.transaction() as session:
        return queries.get_character(session=session, character_id=character_id).character


def copy_name(name: str, taken: set[str]) -> str:
    """A copy's name no one in ``taken`` has: "Ragnar (copy)", "Ragnar (copy 2)"..."""

    def candidate(n: int) -> str:
        # Shorten the name, not the suffix, so a long name's copy still reads "(copy)".
        suffix = " (copy)" if n == 1 else f" (copy {n})"
        return name[: NAME_MAX - len(suffix)].rstrip() + suffix

    n = 1
    while candidate(n) in taken:
        n += 1
    return candidate(n)


def duplicate_character(*, store: CampaignStore, character_id: int) -> Created:
    """Add a copy of a character under a new name and identity."""
    with store.operation(OpKind.CHARACTER) as op:
        session = op.session
        original = queries.get_character(session=session, character_id=character_id)
        taken = {
            s.character.name
            for s in queries.list_characters(session=session, campaign_id=store.campaign_id)
        }
        copy = replace(original.character, name=copy_name(original.character.name, taken))
        stored = queries.insert_character(
            session=session, campaign_id=store.campaign_id, character=copy
        )
        record(op, deed(Event.DUPLICATED, Who(original.uid, original.character.name),
                        Who(stored.uid, copy.name)))
    return Created(stored.id, stored.uid, Changes(party=True, characters=frozenset({stored.id})))


def delete_character(*, store: CampaignStore, character_id: int) -> Changes:
    """Remove a character with its ledgers and gear (undo puts everything back)."""
    with store.operation(OpKind.CHARACTER) as op:
        stored = queries.get_character(session=op.session, character_id=character_id)
        record(op, deed(Event.DELETED, Who(stored.uid, stored.character.name)))
        queries.delete_character(session=op.session, character_id=character_id)
    return Changes(party=True, removed=frozenset({character_id}))
