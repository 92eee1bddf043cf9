"""The editor before the store is loaded: edits kept in order, then applied once it is.

At start-up the editor shows the campaign's preview (``ui.preview_session``)
and takes input at once.  A field edited then is checked as far as the rules
alone can (``check_input``, the use case's first check), shown (the fields,
the derived figures, the party's row) and kept; when the campaign is opened,
:func:`adopt` applies each kept edit through the same use case as any edit,
so it is journalled once, and a refusal (a name another character has, IQ
below what the talents need) is shown as usual.  The fields, the selection
and the focus stay as they are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol, cast

from tftmanager.app import editor_reads
from tftmanager.rules.character import InputError, check_input
from tftmanager.rules.loadout import GEAR_FIELDS
from tftmanager.ui import operations
from tftmanager.ui.runner import free_check

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QLabel

    from tftmanager.app.sheet import Sheet
    from tftmanager.rules.character import Character
    from tftmanager.ui.preview_session import PreviewSession, QueuedEdit
    from tftmanager.ui.session import CampaignSession


class CharacterEditor(Protocol):
    """What this module uses of ``ui.editor.CharacterEditor`` (which imports this one)."""

    session: CampaignSession | None
    stored: Character | None
    character_id: int | None
    title: QLabel
    preview_edited: SignalInstance

    def show_sheet(self, sheet: Sheet) -> None: ...
    def show_refusal(self, refusal: InputError) -> None: ...
    def reload(self) -> None: ...


def kept_or_opened(editor: CharacterEditor, field: str, value: Any) -> bool:
    """A field's edit is kept (False); gear, which may ask how to pay, opens the store now.

    True when the editor now has the campaign's store and should go on as always.
    """
    if field not in GEAR_FIELDS:
        keep(editor, field, value)
        return False
    cast("PreviewSession", editor.session).arrive()
    return editor.session is not None and not editor.session.pending and editor.stored is not None


def keep(editor: CharacterEditor, field: str, value: Any) -> None:
    """Before the store is loaded: check what the rules alone can, show the edit, keep it."""
    assert editor.stored is not None and editor.character_id is not None
    preview = cast("PreviewSession", editor.session)
    edited = replace(editor.stored, **{field: value})
    if edited == editor.stored:
        return
    checked = free_check(check_input, answers=(InputError,), character=edited)
    if isinstance(checked.refusal, InputError):
        editor.show_refusal(checked.refusal)
        return
    preview.keep(editor.character_id, field, value, edited)
    editor.stored = edited
    sheet = preview.query(editor_reads.sheet, character_id=editor.character_id)
    editor.title.setText(edited.name)
    editor.show_sheet(sheet)
    editor.preview_edited.emit(
        sheet, preview.query(editor_reads.xp_status, character_id=editor.character_id).balance)


def adopt(editor: CharacterEditor, session: CampaignSession) -> bool:
    """Take the campaign's store in place of its preview; apply the edits kept, in order.

    A kept edit refused is shown at its field when its character is shown,
    else in a dialog.  False (nothing taken) when the editor was not showing
    this campaign's preview; edits kept for it are then refused in one line.
    """
    preview = editor.session
    if preview is None or not preview.pending:
        return False
    kept = list(cast("PreviewSession", preview).edits)
    if session.shared or session.read_only or session.path != preview.path:
        if kept:
            session.signals.action_failed.emit(
                f"{len(kept)} change(s) made while the campaign loaded were not saved: "
                + ("it opened read-only." if session.read_only
                   else "another campaign was opened."))
        return False
    editor.session = session
    refused = [found for edit in kept if (found := _apply(session, edit))]
    editor.reload()
    for character_id, refusal in refused:
        if character_id == editor.character_id:
            editor.show_refusal(refusal)
        else:
            name = session.query(editor_reads.character, character_id=character_id).name
            session.signals.action_failed.emit(f"Edit {name} failed: {refusal.message}")
    return True


def _apply(session: CampaignSession, edit: QueuedEdit) -> tuple[int, InputError] | None:
    """One kept edit, on the character as stored; the refusal, if it was refused."""
    stored = session.query(editor_reads.character, character_id=edit.character_id)
    edited = replace(stored, **{edit.field: edit.value})
    ran = operations.characters.edit(session, edit.character_id, edited, was=stored)
    if isinstance(ran.refusal, InputError):  # at its field, as any edit's
        return edit.character_id, ran.refusal
    return None
