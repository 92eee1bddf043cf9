"""The editor writes only what the user changed: a change made meanwhile elsewhere is kept.

A player's raise through the table server (the Players' View) lands in the
campaign while the GM's editor still shows the character from before it; the
GM then types in the notes.  Writing the editor's whole copy back would undo
the player's raise (issue 39: no lost update in either direction).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from person import type_into

from tftmanager.app import characters, journal
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def test_notes_typed_on_an_old_copy_keep_a_raise_made_meanwhile(main_window: MainWindow,
                                                                  qtbot) -> None:
    ragnar = next(r.id for r in main_window.party_model.rows() if r.name == "Ragnar")
    main_window.party.select(ragnar)
    editor = main_window.editor
    shown = editor.stored
    assert shown is not None
    store = main_window.session.store  # the table server's thread writes through this store
    characters.edit_character(store=store, character_id=ragnar,
                              character=replace(shown, dx=shown.dx + 1))
    type_into(qtbot, editor.notes, "Owes Wulf a drink")
    qtbot.waitUntil(lambda: characters.get_character(
        store=store, character_id=ragnar).notes == "Owes Wulf a drink")
    now = characters.get_character(store=store, character_id=ragnar)
    assert now.dx == shown.dx + 1  # the raise made meanwhile is kept
    labels = [op.label for op in main_window.session.query(journal.history)[:2]]
    assert labels == ["Ragnar: notes edited", f"Ragnar: DX {shown.dx} -> {shown.dx + 1}"]
