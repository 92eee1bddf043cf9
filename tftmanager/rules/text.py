"""Which characters a name or note may hold.

Control characters and terminal escapes (``ESC]0;...``, ``ESC[2J``) in a name
would be stored and later replayed by any terminal that prints it, and
bidirectional overrides make text read differently from how it is stored.
Neither belongs in a character's name, so typed and imported text is refused
with the reason; notes may still hold line breaks and tabs.
"""

from __future__ import annotations

import re
import unicodedata

# Bidirectional embeddings, overrides and isolates (the "Trojan source" set).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
MULTILINE_ALLOWED = frozenset("\n\t")
# The longest reason an XP or money ledger line holds (the ledgers' column;
# the XP dialog refuses a longer one, generated reasons are cut to it).
REASON_MAX = 300


def is_control(char: str) -> bool:
    """A character that steers a terminal or the text's direction rather than showing."""
    return (unicodedata.category(char) in ("Cc", "Zl", "Zp")) or char in BIDI_CONTROLS


def first_control(text: str, *, multiline: bool = False) -> str | None:
    """The first forbidden character of ``text`` as ``U+XXXX``, or None if it is clean."""
    allowed = MULTILINE_ALLOWED if multiline else frozenset()
    for char in text:
        if char not in allowed and is_control(char):
            return f"U+{ord(char):04X}"
    return None


def count(number: int, singular: str, plural: str | None = None) -> str:
    """"1 week", "3 weeks", "1 point": every count the user reads goes through here.

    Reports once said "for at least 1 weeks" and "point(s)"; one helper keeps
    that from coming back.
    """
    word = singular if number == 1 else (plural or f"{singular}s")
    return f"{number} {word}"


# A name's last word ending so is no plural: "Flavius", "Boris", "Kross", "Ragnar's".
_SINGULAR_ENDINGS = ("ss", "us", "is", "'s", "\u2019s")


def is_plural_name(name: str) -> bool:
    """True for a name that reads as a plural noun: "Beasts", "Wolves of the Pass".

    The head noun is the last word before any "of"; a plural ends in s (but
    not in ss, us, is or a possessive), as the sides users name a fight's
    sides do ("Romans", "Orcs", "Party", "Ragnar's band").
    """
    head = re.split(r"\s+of\s+", name.strip(), maxsplit=1)[0].split()
    word = head[-1].lower() if head else ""
    return len(word) > 2 and word.endswith("s") and not word.endswith(_SINGULAR_ENDINGS)


def agreeing(name: str, singular: str, plural: str) -> str:
    """A name as a sentence's subject with its verb: "Party wins", "The Beasts win"."""
    if not is_plural_name(name):
        return f"{name} {singular}"
    return f"{'' if name.lower().startswith('the ') else 'The '}{name} {plural}"


def article(word: str) -> str:
    """"a Human", "an Elf", "an Orc": the article a name takes, by its first letter."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def st_now(st: int, wounds: int) -> str:
    """"9 of 12" for a wounded figure, "12" for a whole one: ST as the week and story say it."""
    return f"{st - wounds} of {st}" if wounds else str(st)


def dollars(amount: int) -> str:
    """"$1,200", "-$80": a sum of money as the user reads it, a debt included.

    A balance in debt read "$-80" on the card and in the dialogs.
    """
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"

