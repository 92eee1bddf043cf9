"""Adding, copying, deleting and editing characters.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import (
    characters,
)
from tftmanager.app.changes import Changes
from tftmanager.rules.character import Character, InputError
from tftmanager.ui.session import CampaignSession, Ran


def add(session: CampaignSession, character: Character) -> int | None:
    """Add a character; returns its id (None if it failed)."""
    created = session.act(f"Add {character.name}", characters.create_character,
                          character=character).value
    return created.id if created else None


def add_new(session: CampaignSession) -> int | None:
    """Add a figure at the race minimums; returns its id (None if it failed)."""
    created = session.act("Add character", characters.add_new_character).value
    return created.id if created else None


def duplicate(session: CampaignSession, character_id: int, name: str) -> int | None:
    """Duplicate a character; returns the copy's id."""
    created = session.act(f"Duplicate {name}", characters.duplicate_character,
                          character_id=character_id).value
    return created.id if created else None


def delete(session: CampaignSession, character_id: int, name: str) -> None:
    """Delete a character (undoable)."""
    session.act(f"Delete {name}", characters.delete_character, character_id=character_id)


def edit(session: CampaignSession, character_id: int, after: Character,
         was: Character | None = None) -> Ran[Changes]:
    """Save an edit; typing in one field merges into one operation in the journal.

    ``was``: the character the editor showed; only what was changed from it
    is written, so a player's change made meanwhile is kept.

    An InputError (a value that can never be stored, a name another character
    has) comes back in ``refusal``: the editor shows it at the field being
    typed in.  Any other failure is shown by the runner; after a bug the
    editor shows the stored value again rather than the one not saved.
    """
    return session.act(f"Edit {after.name}", characters.edit_character, character_id=character_id,
                       character=after, was=was, answers=(InputError,))
