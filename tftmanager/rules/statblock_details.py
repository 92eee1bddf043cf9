"""What the parentheses after a stat block's entry say: "(2d-1)", "(ready)", "(fine +1 DX)".

Damage may be written as Melee writes it, "(2-1)" for 2d-1 and "(1+2)" for 1d+2.

Each detail is read word by word into one :class:`Details`; words it does
not know are kept in ``unknown`` so the caller can name them (nothing is
dropped silently).  The meaning of a bare number depends on the list (a
talent's cost, a possession's quantity), so it is kept as ``number``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tftmanager.rules.dice_expr import written_damage
from tftmanager.rules.items import ItemState

STATE_WORDS: dict[str, ItemState] = {
    "ready": ItemState.READIED, "readied": ItemState.READIED, "in hand": ItemState.READIED,
    "worn": ItemState.READIED, "carried": ItemState.CARRIED, "slung": ItemState.CARRIED,
    "at belt": ItemState.CARRIED, "packed": ItemState.CARRIED, "stored": ItemState.STORED,
}
_TOKENS = re.compile(
    r"[\s/]*(?:(?P<dice>\d{1,3}d6?(?:\s*[+-]\s*\d{1,3})?)(?![a-z])"
    r"|\+\s*(?P<dx>\d{1,9})\s*(?:to\s+)?(?:adj\.?\s*)?dx"
    r"|\+\s*(?P<dmg>\d{1,9})\s*(?:dmg|damage)"
    r"|\+\s*(?P<extra>\d{1,9})(?:\s+extra)?"
    r"|(?P<hits>\d{1,9})\s+hits?\s+taken"
    r"|(?P<melee>\d{1,2}\s*[+-]\s*\d{1,2})(?![\w+-])"  # Melee's "2-1": 2d-1
    r"|stops?\s+(?P<stops>\d{1,9})(?:\s+hits?(?:\s*/\s*attack)?)?"
    r"|[x×]\s*(?P<times>\d{1,9})"
    r"|(?P<number>\d{1,9})(?![\w+])"
    r"|(?P<state>" + "|".join(sorted(STATE_WORDS, key=len, reverse=True)) + r")\b"
    r"|(?P<word>fine|silver|good|thrown|each))[\s/]*", re.IGNORECASE)  # "2D6/1D6": attacks


@dataclass
class Details:
    """Everything the parentheses of one entry said."""

    state: ItemState | None = None
    fine: bool = False
    fine_dx: int = 0
    fine_damage: int = 0
    silver: bool = False
    good: bool = False
    hits_taken: int = 0
    count: int | None = None
    number: int | None = None
    extra: int | None = None
    dice: str = ""
    all_dice: list[str] = field(default_factory=list)  # "2d/1d+1": one per attack
    stops: int | None = None
    unknown: list[str] = field(default_factory=list)


def _apply(details: Details, match: re.Match[str]) -> None:
    groups = {k: v for k, v in match.groupdict().items() if v is not None}
    if "dice" in groups or "melee" in groups:
        details.dice = written_damage(groups.get("dice", groups.get("melee", "")))
        details.all_dice.append(details.dice)
    elif "dx" in groups:
        details.fine, details.fine_dx = True, int(groups["dx"])
    elif "dmg" in groups:
        details.fine, details.fine_damage = True, int(groups["dmg"])
    elif "extra" in groups:
        details.extra = int(groups["extra"])
    elif "hits" in groups:
        details.hits_taken = int(groups["hits"])
    elif "stops" in groups:
        details.stops = int(groups["stops"])
    elif "times" in groups:
        details.count = int(groups["times"])
    elif "number" in groups:
        details.number = int(groups["number"])
    elif "state" in groups:
        details.state = STATE_WORDS[" ".join(groups["state"].lower().split())]
    else:
        word = groups["word"].lower()
        if word in ("fine", "silver", "good"):
            setattr(details, word, True)


def read_details(parts: tuple[str, ...]) -> Details:
    """Read every detail of an entry; unknown words end up in ``unknown``."""
    details = Details()
    for part in parts:
        position = 0
        text = part.strip()
        while position < len(text):
            match = _TOKENS.match(text, position)
            if match is None or match.end() == position:
                details.unknown.append(text[position:].strip())
                break
            _apply(details, match)
            position = match.end()
    return details
