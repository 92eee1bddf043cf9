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


def _survival_label(d: Deed) -> str:
    a, b = d.facts["faces"]
    fate = "survived" if d.facts["survived"] else "died"
    return f"{d.name}: survival roll {a}+{b} = {d.facts['total']}, {fate}"


def _weeks_label(d: Deed) -> str:
    first, last = d.facts["first"], d.facts["last"]
    weeks = f"week {first}" if first == last else f"weeks {first}-{last}"
    return f"Ran {weeks} (seed {d.facts['seed']})"


_LABELS: Mapping[Event, Callable[[Deed, Mapping[str, Any]], str]] = {
    Event.TOLD: lambda d, f: str(f["text"]),
    Event.ADDED: lambda d, f: f"Added {d.name}",
    Event.DELETED: lambda d, f: f"Deleted {d.name}",
    Event.DUPLICATED: lambda d, f: f"Duplicated {d.who[0].name} as {d.who[1].name}",
    Event.EDITED: lambda d, f: edit_label(d.name, f["fields"]),
    Event.AWARD: lambda d, f: _award_label(d),
    Event.RAISED: lambda d, f: f"{d.name}: {f['attribute']} {f['before']} -> {f['after']} "
                               f"({f['xp']:,} XP)",
    Event.MEMORY: lambda d, f: f"{d.name}: memory {f['before']} -> {f['after']} "
                               f"({f['xp']:,} XP)",
    Event.BOUGHT: lambda d, f: f"{d.name}: bought {f['what']} (${f['price']:,})",
    Event.TOOK: lambda d, f: f"{d.name}: took {f['what']} ($0)",
    Event.SOLD: lambda d, f: f"{d.name}: sold {f['what']} for ${f['price']:,}",
    Event.DISCARDED: lambda d, f: f"{d.name}: got rid of {f['what']}",
    Event.REPAIRED: lambda d, f: f"{d.name}: repaired {f['what']} (${f['price']:,})",
    Event.GIVEN: lambda d, f: f"{d.name}: given {f['what']}",
    Event.STOPPED: lambda d, f: f"{d.name}: {f['what']} stopped {_hits(f['hits'])}",
    Event.MONEY: lambda d, f: _money_label(d),
    Event.SURVIVAL: lambda d, f: _survival_label(d),
    Event.WEEKS: lambda d, f: _weeks_label(d),
    Event.STUDY_WEEK: lambda d, f: f"Advanced to week {f['week']} (studies only)",
    Event.ENTRY_SAVED: lambda d, f: f"Library: saved {f['what']}",
    Event.ENTRY_DELETED: lambda d, f: f"Library: deleted {f['what']}",
    Event.LIBRARY_IMPORTED: lambda d, f: f"Library imported ({f['count']} entries)",
    Event.JOB: lambda d, f: f"{d.name}: works as {f['job']}",
    Event.ASSIGNED: lambda d, f: f"{d.name}: assigned to {f['activity']}",
}


def label(d: Deed) -> str:
    """The journal's line for a deed."""
    return _LABELS[d.event](d, d.facts)


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


def _survival_sentence(d: Deed) -> str:
    a, b = d.facts["faces"]
    fate = "survived" if d.facts["survived"] else "died"
    return f"{d.name} rolled {a}+{b} for survival (total {d.facts['total']}) and {fate}."


def _stopped_sentence(d: Deed) -> str:
    what = str(d.facts["what"])
    return f"{d.name}'s {what[:1].lower() + what[1:]} stopped {_hits(d.facts['hits'])}."


_SENTENCES: Mapping[Event, Callable[[Deed, Mapping[str, Any]], str]] = {
    Event.ADDED: lambda d, f: f"{d.name} joined the party.",
    Event.DELETED: lambda d, f: f"{d.name} left the party.",
    Event.DUPLICATED: lambda d, f: f"{d.who[1].name} was made as a copy of {d.who[0].name}.",
    Event.EDITED: lambda d, f: _edit_sentence(d),
    Event.AWARD: lambda d, f: _award_sentence(d),
    Event.RAISED: lambda d, f: f"{d.name} raised {f['attribute']} from {f['before']} to "
                               f"{f['after']} for {f['xp']:,} XP.",
    Event.MEMORY: lambda d, f: f"{d.name} bought a memory point ({f['before']} to "
                               f"{f['after']}) for {f['xp']:,} XP.",
    Event.BOUGHT: lambda d, f: f"{d.name} bought {f['what']} for ${f['price']:,}.",
    Event.TOOK: lambda d, f: f"{d.name} took {f['what']}.",
    Event.SOLD: lambda d, f: f"{d.name} sold {f['what']} for ${f['price']:,}.",
    Event.DISCARDED: lambda d, f: f"{d.name} got rid of {f['what']}.",
    Event.REPAIRED: lambda d, f: f"{d.name} had {f['what']} repaired for ${f['price']:,}.",
    Event.GIVEN: lambda d, f: f"{d.name} was given {f['what']}.",
    Event.STOPPED: lambda d, f: _stopped_sentence(d),
    Event.MONEY: lambda d, f: _money_sentence(d),
    Event.SURVIVAL: lambda d, f: _survival_sentence(d),
    Event.STUDY_WEEK: lambda d, f: f"A week of study passed; the campaign moved on to week "
                                   f"{f['week']}.",
    Event.ENTRY_SAVED: lambda d, f: f"The rules library was changed: {f['what']} saved.",
    Event.ENTRY_DELETED: lambda d, f: f"The rules library was changed: {f['what']} deleted.",
    Event.LIBRARY_IMPORTED: lambda d, f: f"A new rules library was imported "
                                         f"({f['count']} entries).",
    Event.JOB: lambda d, f: f"{d.name} took a job as {f['job']}.",
    Event.ASSIGNED: lambda d, f: f"{d.name} was assigned to {f['activity']} in the weeks ahead.",
}


def told_as(kind: str, d: Deed) -> str:
    """The story's sentence for a deed ("" when the story tells nothing of it)."""
    make = _SENTENCES.get(d.event)
    if make is not None:
        return make(d, d.facts)
    return sentence(_PREFIX.get(kind, "") + label(d))


def record(op: OpenOperation, d: Deed) -> None:
    """Keep a deed on the operation being made, and label it from the deed."""
    op.deed = d.to_json()
    op.label = label(d)
