"""The campaign's library built from its entries, the last one remembered.

At start-up the party preview (``app.peek``) builds the campaign's library
from a read-only look at the file and the open that follows
(``app.library.library_for``) builds it again from the store: equal entries
(comparing them takes well under a millisecond; building, several) give the
same (frozen) library, so the rows the preview worked out stay valid.  The
memory is the application's, not the rules core's (which keeps no state);
it holds both lists, so they are compared, never trusted by id.  Nothing
here imports the store: the preview runs before SQLAlchemy loads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry, library_from_entries
from tftmanager.shipped import shipped_entries


class _LastBuilt:
    """The entries of the last library built, and that library."""

    own: tuple[Entry, ...] = ()
    base: tuple[Entry, ...] = ()
    library: RulesLibrary | None = None
    # The same entries as the file stores them (kind, key, data's JSON text, retired),
    # when they were given so; None after a library built from parsed entries.
    stored: tuple[tuple[str, str, str, bool], ...] | None = None


def build_library(campaign_entries: list[Entry] | tuple[Entry, ...]) -> RulesLibrary:
    """The library these entries make, with rule values they predate from the shipped one.

    See ``rules.library_entries.with_shipped_values``: an older campaign reads
    a value a later release moved into the data from the shipped library,
    without being changed, until the GM reviews the shipped update.  Entries
    equal to the last call's give the same library.
    """
    own, base = tuple(campaign_entries), tuple(shipped_entries())
    if _LastBuilt.library is not None and _LastBuilt.own == own and _LastBuilt.base == base:
        return _LastBuilt.library
    library = library_from_entries(own, base)
    _LastBuilt.own, _LastBuilt.base, _LastBuilt.library = own, base, library
    _LastBuilt.stored = None
    return library


def library_from_stored(rows: Sequence[tuple[str, str, str, bool]]) -> RulesLibrary:
    """``build_library`` of entries as the file stores them: (kind, key, JSON text, retired).

    Text equal to the last call's gives the same library without parsing it:
    every action that needs the rules, a run of weeks among them, reads the
    library once (some 500 entries), and parsing and comparing them took
    several milliseconds where comparing their text takes a few hundredths.
    """
    stored = tuple(rows)
    if _LastBuilt.library is not None and _LastBuilt.stored == stored \
            and _LastBuilt.base == tuple(shipped_entries()):
        return _LastBuilt.library
    library = build_library([Entry(kind, key, json.loads(data), bool(retired))
                             for kind, key, data, retired in stored])
    _LastBuilt.stored = stored
    return library
