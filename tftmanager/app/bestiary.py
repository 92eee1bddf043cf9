"""The bestiary: list, add, edit and delete creature and NPC templates.

Templates are library entries of kind ``creature``; these functions are the
simple face of them for the encounter set-up, the command line and importers
(a stat block read from elsewhere becomes ``add_template``).  Each write is
one journalled operation through ``app.library``, which refuses a template
naming a weapon, armor, shield or race the library lacks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tftmanager.app.changes import Changes
from tftmanager.app.library import LibraryError, delete_entry, entries, library_for, save_entry
from tftmanager.rules.bestiary import Creature, creature_from_data
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.problems import RulesDataError
from tftmanager.store.campaign import CampaignStore

KIND = "creature"

__all__ = ["KIND", "add_template", "delete_template", "key_for", "list_templates",
           "template", "template_data", "update_template"]


def list_templates(*, store: CampaignStore) -> list[Creature]:
    """The campaign's templates in force (not retired), by name."""
    library = library_for(store)
    return sorted((c for key, c in library.creatures.items()
                   if (KIND, key) not in library.retired), key=lambda c: c.name.lower())


def template(*, store: CampaignStore, key: str) -> Creature:
    """One template by key; LibraryError if there is none."""
    found = library_for(store).creatures.get(key)
    if found is None:
        raise LibraryError(f"The bestiary has no '{key}'.")
    return found


def template_data(*, store: CampaignStore, key: str) -> dict[str, Any]:
    """A template's stored fields (what ``update_template`` takes back)."""
    for entry in entries(store=store):
        if (entry.kind, entry.key) == (KIND, key):
            return dict(entry.data)
    raise LibraryError(f"The bestiary has no '{key}'.")


def key_for(name: str) -> str:
    """A key from a name: "Dire wolf" -> "dire_wolf"."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "creature"


def add_template(*, store: CampaignStore, data: Mapping[str, Any]) -> Changes:
    """Add a template; its key is made from the name when not given and must be new."""
    row = _complete(data)
    if row["key"] in library_for(store).creatures:
        raise LibraryError(f"The bestiary already has '{row['key']}'; edit it or choose "
                           f"another name.")
    return save_entry(store=store, entry=Entry(KIND, row["key"], row))


def update_template(*, store: CampaignStore, key: str, data: Mapping[str, Any]) -> Changes:
    """Replace a template's fields (the key stays)."""
    template(store=store, key=key)
    row = _complete({**data, "key": key})
    return save_entry(store=store, entry=Entry(KIND, key, row))


def delete_template(*, store: CampaignStore, key: str) -> Changes:
    """Delete a template from the campaign's bestiary."""
    template(store=store, key=key)
    return delete_entry(store=store, kind=KIND, key=key)


_DEFAULTS: dict[str, Any] = {
    "kind": "creature", "race": "", "iq": 8, "ma": 10, "armor": "", "shield": "",
    "weapons": [], "attack": "", "damage": "", "stops": 0, "dx_against": 0, "note": "",
    "count": 1, "other_ma": 0, "other_move": "", "source": "", "assumed": "",
}


def _complete(data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a new template, defaults filled, checked before anything is written."""
    name = str(data.get("name", "")).strip()
    if not name:
        raise LibraryError("A template needs a name.")
    row = {**_DEFAULTS, **dict(data), "name": name}
    row["key"] = str(row.get("key") or key_for(name))
    row["weapons"] = list(row["weapons"])
    try:
        creature_from_data(row)
    except RulesDataError as exc:
        raise LibraryError(str(exc)) from exc
    return row
