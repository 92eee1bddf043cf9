"""A deed in words: the journal's label and the story's sentence, both from the data.

The one place an operation's account becomes text.  The label is the
history's and the undo menu's line ("Ragnar: ST 11 -> 12 (100 XP)"); the
sentence is the campaign story's ("Ragnar raised ST from 11 to 12 for 100
XP.").  Typing in the record (an edit showing values) is not play: it has a
label and no sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tftmanager.app.deeds import Deed, Event
from tftmanager.rules.describe import edit_label, shows_values
from tftmanager.store.journal import OpenOperation

# Kinds whose actions the story tells as their label are introduced so.
_PREFIX = {"settings": "Campaign rules changed: ", "library": "Rules library: "}


def sentence(text: str) -> str:
    """Capitalised, ending with a full stop (a label read as a sentence)."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _hits(n: int) -> str:
    return f"{n} more hit{'' if n == 1 else 's'}"


def _award_who(d: Deed) -> str:
    """"Ragnar", "Party award" or "Combat to 3": whom an award went to, in the label."""
    if len(d.who) == 1:
        return d.name
    if d.facts["xp_kind"] == "award":
        return "Party award"
    return f"{str(d.facts['xp_kind']).capitalize()} to {len(d.who)}"


def _award_label(d: Deed) -> str:
    amount = d.facts["amount"]
    what = "XP" if amount is None else f"{amount:+,} XP"
    return f"{_award_who(d)}: {what}, {d.facts['reason']}"


def _money_label(d: Deed) -> str:
    amount = int(d.facts["amount"])
    return f"{d.name}: {'+' if amount > 0 else '-'}${abs(amount):,}, {d.facts['reason']}"


def _weeks_label(d: Deed) -> str:
    first, last = d.facts["first"], d.facts["last"]
    weeks = f"week {first}" if first == last else f"weeks {first}-{last}"
    return f"Ran {weeks} (seed {d.facts['seed']})"


def _award_sentence(d: Deed) -> str:
    amount, why, who = d.facts["amount"], d.facts["reason"], _award_who(d)
    if amount is None:  # different amounts: told as the label
        return sentence(label(d))
    if amount < 0:
        return f"{who} lost {-amount:,} XP ({why})."
    if len(d.who) > 1 and d.facts["xp_kind"] == "award":
        return f"The party earned {amount:,} XP each: {why}."
    if len(d.who) > 1:
        return (f"{str(d.facts['xp_kind']).capitalize()} awards of {amount:,} XP to "
                f"{len(d.who)} characters: {why}.")
    return f"{who} earned {amount:,} XP: {why}."


def _edit_sentence(d: Deed) -> str:
    """Wounds taken or healed are play; other typing in the record is not told."""
    fields = d.facts["fields"]
    if set(fields) == {"wounds"}:
        before, after = (str(v) for v in fields["wounds"])
        if before.isdigit() and after.isdigit():
            if int(after) > int(before):
                return f"{d.name} took {int(after) - int(before)} hits (wounds now {after})."
            return f"{d.name}'s wounds went from {before} to {after}."
    if any(shows_values(name) for name in fields):
        return ""
    return sentence(label(d))


def _money_sentence(d: Deed) -> str:
    amount, why = int(d.facts["amount"]), d.facts["reason"]
    if amount > 0:
        return f"{d.name} received ${amount:,}: {why}."
    return f"{d.name} paid ${-amount:,}: {why}."


def _stopped_sentence(d: Deed) -> str:
    what = str(d.facts["what"])
    return f"{d.name}'s {what[:1].lower() + what[1:]} stopped {_hits(d.facts['hits'])}."


# What an event's words are made from: a template filled with the deed's first name
# (``{name}``) and its facts, or a function of the whole deed.
Words = str | Callable[[Deed], str]


def _dup_label(d: Deed) -> str:
    return f"Duplicated {d.who[0].name} as {d.who[1].name}"


def _dup_sentence(d: Deed) -> str:
    return f"{d.who[1].name} was made as a copy of {d.who[0].name}."


# Each event's label (the journal's line) and sentence (the story's; None: told as its label).
_WORDS: Mapping[Event, tuple[Words, Words | None]] = {
    Event.TOLD: ("{text}", None),
    Event.ADDED: ("Added {name}", "{name} joined the party."),
    Event.DELETED: ("Deleted {name}", "{name} left the party."),
    Event.DUPLICATED: (_dup_label, _dup_sentence),
    Event.EDITED: (lambda d: edit_label(d.name, d.facts["fields"]), _edit_sentence),
    Event.AWARD: (_award_label, _award_sentence),
    Event.RAISED: ("{name}: {attribute} {before} -> {after} ({xp:,} XP)",
                   "{name} raised {attribute} from {before} to {after} for {xp:,} XP."),
    Event.MEMORY: ("{name}: memory {before} -> {after} ({xp:,} XP)",
                   "{name} bought a memory point ({before} to {after}) for {xp:,} XP."),
    Event.BOUGHT: ("{name}: bought {what} (${price:,})", "{name} bought {what} for ${price:,}."),
    Event.TOOK: ("{name}: took {what} ($0)", "{name} took {what}."),
    Event.SOLD: ("{name}: sold {what} for ${price:,}", "{name} sold {what} for ${price:,}."),
    Event.DISCARDED: ("{name}: got rid of {what}", "{name} got rid of {what}."),
    Event.REPAIRED: ("{name}: repaired {what} (${price:,})",
                     "{name} had {what} repaired for ${price:,}."),
    Event.GIVEN: ("{name}: given {what}", "{name} was given {what}."),
    Event.STOPPED: (lambda d: f"{d.name}: {d.facts['what']} stopped {_hits(d.facts['hits'])}",
                    _stopped_sentence),
    Event.MONEY: (_money_label, _money_sentence),
    Event.SURVIVAL: ("{name}: survival roll {faces[0]}+{faces[1]} = {total}, {fate}",
                     "{name} rolled {faces[0]}+{faces[1]} for survival (total {total}) and "
                     "{fate}."),
    Event.WEEKS: (_weeks_label, None),
    Event.STUDY_WEEK: ("Advanced to week {week} (studies only)",
                       "A week of study passed; the campaign moved on to week {week}."),
    Event.ENTRY_SAVED: ("Library: saved {what}", "The rules library was changed: {what} saved."),
    Event.ENTRY_DELETED: ("Library: deleted {what}",
                          "The rules library was changed: {what} deleted."),
    Event.LIBRARY_IMPORTED: ("Library imported ({count} entries)",
                             "A new rules library was imported ({count} entries)."),
    Event.JOB: ("{name}: works as {job}", "{name} took a job as {job}."),
    Event.ASSIGNED: ("{name}: assigned to {activity}",
                     "{name} was assigned to {activity} in the weeks ahead."),
}


def _written(words: Words, d: Deed) -> str:
    if callable(words):
        return words(d)
    values: dict[str, Any] = {**d.facts, "name": d.name}
    if "survived" in d.facts:
        values["fate"] = "survived" if d.facts["survived"] else "died"
    return words.format_map(values)


def label(d: Deed) -> str:
    """The journal's line for a deed."""
    return _written(_WORDS[d.event][0], d)


def told_as(kind: str, d: Deed) -> str:
    """The story's sentence for a deed ("" when the story tells nothing of it)."""
    told = _WORDS[d.event][1]
    if told is not None:
        return _written(told, d)
    return sentence(_PREFIX.get(kind, "") + label(d))


def record(op: OpenOperation, d: Deed) -> None:
    """Keep a deed on the operation being made, and label it from the deed."""
    op.deed = d.to_json()
    op.label = label(d)
