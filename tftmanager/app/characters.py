"""Character use cases: create, edit, duplicate, delete and restore.

Each runs in one transaction.  Input that can never be stored (an empty name,
ST 0) raises InputError before anything is written; rules problems (ST below
the race minimum) are stored and reported, since a character in the middle of
being built is often briefly illegal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tftmanager.app.changes import Changes
from tftmanager.app.library import library_for
from tftmanager.rules.character import NAME_MAX, Character, InputError, check_input
from tftmanager.rules.experience import lowering_refusal
from tftmanager.store import ledger, queries
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.ledger import LedgerLine


@dataclass(frozen=True)
class Created:
    """A new character's id and uid, with the change-set."""

    id: int
    uid: str
    changes: Changes


@dataclass(frozen=True)
class Removed:
    """What a delete took away, enough to put it back exactly (undo).

    The character's experience ledger goes with it (the rows cascade), so it
    is kept here and put back too.
    """

    id: int
    uid: str
    character: Character
    changes: Changes
    ledger: tuple[LedgerLine, ...] = ()


def create_character(*, store: CampaignStore, character: Character) -> Created:
    """Add a character to the campaign."""
    check_input(character)
    with store.transaction() as session:
        stored = queries.insert_character(
            session=session, campaign_id=store.campaign_id, character=character
        )
    return Created(stored.id, stored.uid, Changes(party=True, characters=frozenset({stored.id})))


def edit_character(*, store: CampaignStore, character_id: int, character: Character) -> Changes:
    """Replace a character's data with an edited version.

    Lowering IQ below what the SP or known talents and spells need is refused
    (InputError on "iq"), with the reason.
    """
    check_input(character)
    library = library_for(store)
    with store.transaction() as session:
        before = queries.get_character(session=session, character_id=character_id).character
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        refusal = lowering_refusal(before, character, library, profile)
        if refusal:
            raise InputError("iq", refusal)
        queries.update_character(session=session, character_id=character_id, character=character)
    return Changes(characters=frozenset({character_id}))


def get_character(*, store: CampaignStore, character_id: int) -> Character:
    """The stored character (the rules' view)."""
    with store.transaction() as session:
        return queries.get_character(session=session, character_id=character_id).character


def _copy_name(name: str, taken: set[str]) -> str:
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
    with store.transaction() as session:
        original = queries.get_character(session=session, character_id=character_id)
        taken = {
            s.character.name
            for s in queries.list_characters(session=session, campaign_id=store.campaign_id)
        }
        copy = replace(original.character, name=_copy_name(original.character.name, taken))
        stored = queries.insert_character(
            session=session, campaign_id=store.campaign_id, character=copy
        )
    return Created(stored.id, stored.uid, Changes(party=True, characters=frozenset({stored.id})))


def delete_character(*, store: CampaignStore, character_id: int) -> Removed:
    """Remove a character; the result holds everything needed to restore it."""
    with store.transaction() as session:
        stored = queries.get_character(session=session, character_id=character_id)
        lines = tuple(ledger.lines_for(session=session, character_id=character_id))
        queries.delete_character(session=session, character_id=character_id)
    return Removed(
        stored.id,
        stored.uid,
        stored.character,
        Changes(party=True, removed=frozenset({character_id})),
        lines,
    )


def restore_character(*, store: CampaignStore, removed: Removed) -> Changes:
    """Put a deleted character back with its old id and uid (the inverse of delete)."""
    with store.transaction() as session:
        queries.insert_character(
            session=session,
            campaign_id=store.campaign_id,
            character=removed.character,
            uid=removed.uid,
            character_id=removed.id,
        )
        for line in removed.ledger:
            ledger.append(session=session, line=line)
    return Changes(party=True, characters=frozenset({removed.id}), ledger=bool(removed.ledger))
