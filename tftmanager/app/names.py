"""Finding a character by the name a GM types: the one rule every command shares.

A GM types "flavius" for Flavius Marcellus.  The full name (case and
surrounding spaces ignored) wins; otherwise a unique case-insensitive
prefix is accepted; otherwise the refusal suggests who was probably meant
("did you mean Flavius Marcellus?") rather than only saying "not found".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tftmanager.refusal import Refusal

T = TypeVar("T")

SUGGESTIONS = 3  # names offered in a "did you mean"
LISTED = 12      # names listed when nothing is close
CLOSE = 0.7      # difflib ratio for a likely typo ("Wolf" for Wulf is 0.75)


class NameNotFound(Refusal, LookupError):
    """No single character answers to the name; the message says whom it could be."""


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _plural(what: str) -> str:
    return what[:-1] + "ies" if what.endswith("y") else what + "s"


def _or(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _likely(key: str, names: Sequence[str]) -> list[str]:
    """Names a typo or a second name probably meant, the likeliest first.

    Each name is scored by its closest word or its whole, so "Flavus" and
    "Marcellus" both find Flavius Marcellus.
    """
    if not key:
        return []
    import difflib  # noqa: PLC0415 - only for a name not found: reading commands start lighter

    scored = []
    for name in names:
        parts = [_key(name), *_key(name).split()]
        if any(part.startswith(key) for part in parts):
            scored.append((1.0, name))
            continue
        best = max(difflib.SequenceMatcher(None, key, part).ratio() for part in parts)
        if best >= CLOSE:
            scored.append((best, name))
    scored.sort(key=lambda pair: -pair[0])
    return [name for _score, name in scored[:SUGGESTIONS]]


def did_you_mean(wanted: str, names: Sequence[str]) -> str:
    """" Did you mean Sword?" for a mistyped talent, spell, weapon or command ("" if none)."""
    suggested = _likely(_key(wanted), names)
    return f" Did you mean {_or(suggested)}?" if suggested else ""


def all_named(items: Sequence[T], wanted: str, name_of: Callable[[T], str]) -> list[T]:
    """Every item whose full name is ``wanted`` (ignoring case), in their order."""
    key = _key(wanted)
    return [item for item in items if _key(name_of(item)) == key]


def find_by_name(items: Sequence[T], wanted: str, name_of: Callable[[T], str],
                 what: str = "character") -> T:
    """The one item whose name is ``wanted`` or starts with it (ignoring case).

    Refused with :class:`NameNotFound` when none or several match; the
    message names the likely ones (``what`` they are: characters, or library
    entries for ``tftmanager library show``).
    """
    key = _key(wanted)
    exact = [item for item in items if _key(name_of(item)) == key]
    if len(exact) == 1:
        return exact[0]
    if exact:
        how = (" (tftmanager rename CAMPAIGN NAME NEW --number N, N counted in the order "
               "list shows them)" if what == "character" else "")
        raise NameNotFound(f"{len(exact)} {_plural(what)} are named '{name_of(exact[0])}'; "
                           f"rename one first{how}.")
    starts = [item for item in items if key and _key(name_of(item)).startswith(key)]
    if len(starts) == 1:
        return starts[0]
    names = [name_of(item) for item in items]
    if starts:
        several = [name_of(item) for item in starts][:SUGGESTIONS]
        raise NameNotFound(f"'{wanted}' could be several {_plural(what)}: did you mean "
                           f"{_or(several)}?")
    suggested = _likely(key, names)
    if suggested:
        raise NameNotFound(f"No {what} named '{wanted}' in this campaign; did you mean "
                           f"{_or(suggested)}?")
    have = ", ".join(names[:LISTED]) + (", ..." if len(names) > LISTED else "")
    raise NameNotFound(f"No {what} named '{wanted}' in this campaign; it has: "
                       f"{have or f'no {_plural(what)} at all'}.")
