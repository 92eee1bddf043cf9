"""Unlabelled sentences of a stat block: money, natural attacks, hides, other moves.

Published adventures print much of a figure as sentences after its
attributes: "Carries $35.", "Bite (2d-1) plus poison.", "Stone Hide stops
3.", "Flies MA 16."  The words that mark each (a bite, a hide, flying, a
silver piece) are data, in ``resources/statblocks/words.toml``; this module
says which a sentence's entry is, so ``app.statblock_figures`` can put each
where it belongs (money to the ledger, the rest to the notes a bestiary
template takes its attack, protection and second MA from).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tftmanager.rules.dice_expr import written_damage
from tftmanager.shipped import read_toml

_DICE = r"\d{1,3}\s*d6?(?:\s*[+-]\s*\d{1,3})?(?![\w])"
_MELEE = r"\d{1,2}\s*[+-]\s*\d{1,2}"
_ATTACK = re.compile(
    rf"^(?P<name>[^\W\d_][^()]*?)\s*(?:\((?P<paren>{_DICE}|{_MELEE})(?:\s+each)?\)"
    rf"|(?:\s|^)(?P<bare>{_DICE}))\s*(?P<rest>.*?)\.?$", re.IGNORECASE)
_MONEY = re.compile(
    r"^(?:each\s+)?(?:(?:carries|carrying|has|holds|with|and|purse(?:\s+of)?|money)\s+)?"
    r"(?:\$\s*(?P<dollars>\d[\d,]{0,12}(?:\.\d{1,2})?)"
    r"|(?P<count>\d[\d,]{0,12})\s+(?P<coin>[a-z]+)(?:\s+(?:pieces?|coins?))?)\.?$",
    re.IGNORECASE)
_MOVE = re.compile(r"^(?:(?P<how>[a-z]+)\s+(?:at\s+)?(?:MA\s*)?(?P<ma>\d{1,2})"
                   r"|MA\s*(?P<ma2>\d{1,2})\s*\(?(?P<how2>[a-z]+)\)?)\.?$", re.IGNORECASE)
_STOPS = re.compile(r"\bstops?\s+(\d{1,2})\b", re.IGNORECASE)


@dataclass(frozen=True)
class Words:
    """The words of ``resources/statblocks/words.toml``."""

    attacks: frozenset[str]
    hides: frozenset[str]
    not_races: frozenset[str]
    moves: dict[str, str]
    coins: dict[str, float]


@cache
def words() -> Words:
    """The shipped words (read once)."""
    data = read_toml("statblocks", "words.toml")
    coins = {k: float(v) for k, v in data["coins"].items() if isinstance(v, int | float)}
    return Words(frozenset(w.lower() for w in data["natural_attacks"]),
                 frozenset(w.lower() for w in data["hides"]),
                 frozenset(w.lower() for w in data["not_races"]),
                 {k.lower(): str(v) for k, v in data["moves"].items()}, coins)


_CARRIES = re.compile(
    r"^(?:(?:each|he|she|it|they)\s+)?(?:also\s+)?(?:carries|carry|carrying|has|have|holds|hold|"
    r"wears|wear|wearing|wields|wield|wielding|uses|use|(?:is\s+|are\s+)?armed\s+with|with)"
    r"\s+(?P<rest>.+?)\.?$", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:a|an|the|his|her|its|their)\s+", re.IGNORECASE)


def carried_list(text: str) -> str | None:
    """A sentence of what a figure carries as a plain list, or None if it is no such sentence.

    "Each has a broadsword (2+0) and a small shield." is "broadsword (2+0), small
    shield"; "Wears cloth armor." is "cloth armor".  (Only the sentence's own
    words go: what each entry is, is still looked up.)
    """
    found = _CARRIES.match(" ".join(text.split()))
    if found is None:
        return None
    parts, depth, start, rest = [], 0, 0, found.group("rest")
    for i, char in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and rest.startswith(" and ", i):
            parts.append(rest[start:i])
            start = i + len(" and ")
    parts.append(rest[start:])
    entries = [_ARTICLE.sub("", p.strip()) for chunk in parts for p in chunk.split(",")]
    return ", ".join(e for e in entries if e) or None


def money_of(text: str) -> float | None:
    """What a sentence says a figure carries in $: "$75", "carries $35", "20 silver pieces"."""
    found = _MONEY.match(" ".join(text.split()))
    if found is None:
        return None
    if found.group("dollars"):
        return float(found.group("dollars").replace(",", ""))
    coin = found.group("coin").lower()
    worth = words().coins.get(coin) or words().coins.get(coin.rstrip("s"))
    return None if worth is None else int(found.group("count").replace(",", "")) * worth


def natural_attack(text: str, *, any_name: bool = False) -> tuple[str, str, str] | None:
    """(name, damage, the rest) of "Bite (2d-1) plus poison" or "Claws 2d6".

    The name's first word must be a natural attack's ("bite", "claws"...)
    unless ``any_name`` (under an "Attacks:" label).  Melee's "(1+1)" is 1d+1.
    """
    found = _ATTACK.match(" ".join(text.split()))
    if found is None:
        return None
    name = found.group("name").strip(" ,:-")
    first = name.split()[0].lower() if name.split() else ""
    if not any_name and first not in words().attacks and first.rstrip("s") not in words().attacks:
        return None
    dice = written_damage(found.group("paren") or found.group("bare"))
    return name, dice, found.group("rest").strip(" ,;.")


def move_of(text: str) -> tuple[str, int] | None:
    """("flies", 16) for "Flies MA 16", "flying 16" or "MA 16 (flying)"."""
    found = _MOVE.match(" ".join(text.split()))
    if found is None:
        return None
    how = (found.group("how") or found.group("how2")).lower()
    if how not in words().moves:
        return None
    return words().moves[how], int(found.group("ma") or found.group("ma2"))


def hide_of(name: str, text: str) -> int | None:
    """Hits a hide stops ("Stone Hide stops 3", "thick fur (stops 1)"), None if not a hide."""
    stops = _STOPS.search(text)
    named = {w.lower().rstrip("s") for w in re.findall(r"[^\W\d_]+", name)}
    if stops is None or not named & {h.rstrip("s") for h in words().hides}:
        return None
    return int(stops.group(1))
