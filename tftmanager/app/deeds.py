"""What an operation did, kept as data when it is made: its event, whom, the amounts.

The journal's label and the campaign's story are both written from a deed
(``app.deed_words``), so neither is ever read back out of the other: a
character named "Bob: ST 3 -> 4", or a label worded anew, changes nothing the
story says.  A deed is stored as JSON in ``operation.deed``; an operation
with none (a player's on a server campaign, labelled by the server) is told
as its label.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Event(StrEnum):
    """What happened, one value per shape of label and sentence (stored as its text)."""

    TOLD = "told"  # told as its text: an action the story has no sentence of its own for
    ADDED = "added"
    DELETED = "deleted"
    DUPLICATED = "duplicated"
    EDITED = "edited"
    AWARD = "award"
    RAISED = "raised"
    MEMORY = "memory"
    BOUGHT = "bought"
    TOOK = "took"
    SOLD = "sold"
    DISCARDED = "discarded"
    REPAIRED = "repaired"
    GIVEN = "given"
    STOPPED = "stopped"
    MONEY = "money"
    SURVIVAL = "survival"
    WEEKS = "weeks"
    STUDY_WEEK = "study_week"  # written by earlier versions only
    ENTRY_SAVED = "entry_saved"
    ENTRY_DELETED = "entry_deleted"
    LIBRARY_IMPORTED = "library_imported"
    JOB = "job"
    ASSIGNED = "assigned"


@dataclass(frozen=True)
class Who:
    """A character a deed concerned: its identity, and the name it had then."""

    uid: str
    name: str


@dataclass(frozen=True)
class Deed:
    """One operation's account: ``facts`` holds its amounts as JSON values."""

    event: Event
    who: tuple[Who, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The first character's name (the one most deeds are about)."""
        return self.who[0].name if self.who else ""

    def to_json(self) -> dict[str, Any]:
        """The form ``operation.deed`` keeps."""
        return {"event": self.event.value,
                "who": [{"uid": w.uid, "name": w.name} for w in self.who], **self.facts}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], label: str) -> Deed:
        """A stored deed; none (``{}``) is the label told as itself."""
        if not data:
            return told(label)
        facts = {k: v for k, v in data.items() if k not in {"event", "who"}}
        who = tuple(Who(str(w["uid"]), str(w["name"])) for w in data.get("who", ()))
        return cls(Event(data["event"]), who, facts)


def told(text: str, *who: Who) -> Deed:
    """An action told as its text (a fight's turn, a note, a rule changed...)."""
    return Deed(Event.TOLD, who, {"text": text})


def deed(event: Event, *who: Who, **facts: Any) -> Deed:
    """A deed of ``event`` about ``who``."""
    return Deed(event, who, facts)


def weeks_run(deed_: Deed) -> range | None:
    """The weeks a run of weeks covered, or None for any other deed."""
    if deed_.event is not Event.WEEKS:
        return None
    return range(int(deed_.facts["first"]), int(deed_.facts["last"]) + 1)
