"""Equal entries build the library once: the start-up preview and the open share it.

The memory is the application's (``app.library_builds``); the rules core keeps none.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from tftmanager.app.library_builds import build_library, library_from_stored
from tftmanager.rules.library_entries import library_from_entries
from tftmanager.shipped import shipped_entries


def test_equal_entries_give_the_same_library_and_a_changed_entry_a_new_one() -> None:
    shipped = shipped_entries()
    first = build_library(copy.deepcopy(shipped))
    again = build_library(copy.deepcopy(shipped))  # equal, not the same lists
    assert again is first
    races = [i for i, e in enumerate(shipped) if e.kind == "race"]
    edited = copy.deepcopy(shipped)
    human = edited[races[0]]
    edited[races[0]] = replace(human, data={**human.data, "name": "Edited"})
    changed = build_library(edited)
    assert changed is not first
    assert changed.races[human.key].name == "Edited"
    assert first.races[human.key].name == human.data["name"]
    retired = [replace(e, retired=True) if i == races[0] else e for i, e in enumerate(shipped)]
    assert build_library(retired) is not changed


def test_the_rules_core_builds_anew_each_time() -> None:
    shipped = shipped_entries()
    assert library_from_entries(shipped, shipped) is not library_from_entries(shipped, shipped)


def _stored(entries: list) -> list[tuple[str, str, str, bool]]:  # type: ignore[type-arg]
    return [(e.kind, e.key, e.canonical(), e.retired) for e in entries]


def test_stored_text_equal_to_the_last_gives_its_library_and_an_edit_a_new_one() -> None:
    shipped = shipped_entries()
    first = library_from_stored(_stored(shipped))
    assert library_from_stored(_stored(shipped)) is first
    assert build_library(shipped) is first  # the same entries, given parsed
    races = [i for i, e in enumerate(shipped) if e.kind == "race"]
    human = shipped[races[0]]
    edited = [replace(human, data={**human.data, "name": "Edited"}) if e is human else e
              for e in shipped]
    changed = library_from_stored(_stored(edited))
    assert changed is not first
    assert changed.races[human.key].name == "Edited"
    # Another library built in between (the preview of another file): the text is not trusted.
    build_library(shipped)
    assert library_from_stored(_stored(edited)).races[human.key].name == "Edited"
