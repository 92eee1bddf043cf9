"""An item's name in the campaign's library, for the windows and the use cases alike.

Kept apart from ``app.equipment`` (which imports the store) so the editor can
show possessions from the start-up preview before the store is loaded.
"""

from __future__ import annotations

from tftmanager.rules.items import ItemKind
from tftmanager.rules.library import RulesLibrary


def entry_name(library: RulesLibrary, kind: ItemKind, key: str) -> str:
    """The library name of an item (its key when the library lacks it)."""
    entry = library.item_entry(kind, key)
    return entry.name if entry is not None else key
