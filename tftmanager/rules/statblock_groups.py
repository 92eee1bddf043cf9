"""Groups in stat blocks: "6 goblins", "2 x Wolves", "Goblins (6)", "Hobgoblin x3", "three orcs".

Adventures print a band of alike figures once, with how many there are
before the name, after it in parentheses or as "x3", or in words.  This
module finds the count and the name of one of them (a plural made singular:
"6 goblins" is six of "Goblin"), keeping the case it was written in.
"""

from __future__ import annotations

import re

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a dozen": 12,
                "fifteen": 15, "twenty": 20, "a pair of": 2, "pair of": 2}
MAX_GROUP = 1000  # more is a typing slip, not a band of figures
_WORDS = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
_LEADING = re.compile(rf"^(?P<count>\d{{1,4}}|{_WORDS})(?:\s*[x×])?\s+(?P<name>[^\W\d_].*)$",
                      re.IGNORECASE)  # "6 goblins", "2 x Wolves", "3x orcs"
_TRAILING = re.compile(r"^(?P<name>.*?[^\W\d_].*?)\s*(?:\(\s*[x×]?\s*(?P<paren>\d{1,4})\s*\)"
                       r"|\s[x×]\s*(?P<times>\d{1,4}))$", re.IGNORECASE)
# Plurals that do not just add "s" ("es" after a hiss, "ies", "ves", "men").
_IRREGULAR = (("ies", "y"), ("ves", "f"), ("men", "man"), ("ches", "ch"), ("shes", "sh"),
              ("sses", "ss"), ("xes", "x"), ("zes", "z"))
_NOT_PLURAL = ("ss", "us", "is")


def count_of(text: str) -> int | None:
    """A count as written: "6", "x6", "six", "a dozen"; None if it is not one."""
    word = " ".join(text.lower().replace("×", "x").split())
    if word.startswith("x"):
        word = word[1:].strip()
    if word.isascii() and word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def singular(name: str) -> str:
    """The name of one of a group: "Goblins" -> "Goblin", "WOLVES" -> "WOLF", "Harpies" -> "Harpy".

    The case is kept; a name that is not plural is returned as it was.
    """
    head, _, last = name.rpartition(" ")
    low = last.lower()
    if len(low) < 3 or not low.endswith(("s", "men")) or low.endswith(_NOT_PLURAL):
        return name
    for plural, one in _IRREGULAR:
        if low.endswith(plural) and (len(low) > len(plural) + 1 or low == "men"):
            stem = last[:len(last) - len(plural)]
            one = one.upper() if last.isupper() else one
            return f"{head} {stem}{one}".strip() if head else stem + one
    return f"{head} {last[:-1]}".strip() if head else last[:-1]


def group_of(name: str) -> tuple[str, int]:
    """(the name of one, how many) for a name line's name; (name, 1) when it is no group.

    A count of one, or above :data:`MAX_GROUP`, is no group.
    """
    text = " ".join(name.split())
    found = _LEADING.match(text)
    if found:
        number, rest = count_of(found.group("count")), found.group("name")
    else:
        found = _TRAILING.match(text)
        if found is None:
            return name, 1
        number = int(found.group("paren") or found.group("times"))
        rest = found.group("name")
    if number is None or not 2 <= number <= MAX_GROUP:
        return name, 1
    one = singular(rest.strip())
    return (one[:1].upper() + one[1:] if one.islower() else one), number
