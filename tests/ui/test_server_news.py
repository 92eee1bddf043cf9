"""Another user's operations, turned into what this window redraws (no server needed)."""

from __future__ import annotations

from tftmanager.app.changes import Changes
from tftmanager.store.server_listen import Notice
from tftmanager.ui.server_news import changes_for, everything, news_line


def notice(kind: str = "experience", characters: tuple[int, ...] | None = (1,), *,
           undone: bool = False, label: str = "Ragnar: +10 XP") -> Notice:
    return Notice(7, "alice", kind, label, undone, characters)


def test_an_edit_redraws_only_the_characters_it_touched() -> None:
    changes = changes_for([notice(characters=(1,))], {1, 2, 3}, {1, 2, 3})
    assert changes == Changes(characters=frozenset({1}), ledger=True)


def test_notices_add_up_and_a_gone_character_is_not_redrawn() -> None:
    changes = changes_for([notice(characters=(1,)), notice("week", (2, 9))],
                          {1, 2, 3}, {1, 2, 3})
    assert changes.characters == {1, 2} and changes.week and not changes.party


def test_a_character_added_or_removed_redraws_the_party() -> None:
    changes = changes_for([notice("character", (4,))], {1, 2, 3}, {1, 2, 4})
    assert changes.party and changes.removed == {3} and 4 in changes.characters


def test_rules_changes_redraw_everyone_by_the_new_rules() -> None:
    changes = changes_for([notice("settings", ())], {1}, {1})
    assert changes.settings and changes.library


def test_an_undo_or_a_list_too_long_to_send_redraws_everything() -> None:
    assert changes_for([notice(undone=True)], {1, 2}, {1, 2}) == everything({1, 2})
    assert changes_for([notice(characters=None)], {1, 2}, {1}) == everything({1}, {2})


def test_the_status_line_says_who_did_what() -> None:
    assert news_line(notice()) == "alice: Ragnar: +10 XP"
    assert news_line(notice(undone=True)) == "alice undid: Ragnar: +10 XP"
