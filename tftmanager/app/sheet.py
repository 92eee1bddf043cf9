"""A character together with what the rules say about it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived, derive
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import Problem, Severity
from tftmanager.rules.records import Record
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.validation import validate


@dataclass(frozen=True, eq=False, repr=False)
class Sheet(Record):
    """A character's derived stats and problems under a campaign's rules.

    ``race_name`` is the race as the library names it ("Human"), so the
    command line and the GUI show the same word, not the stored key.
    """

    id: int | None
    uid: str | None
    character: Character
    derived: Derived
    problems: tuple[Problem, ...]
    race_name: str = ""

    @property
    def errors(self) -> tuple[Problem, ...]:
        """Problems that make the figure illegal."""
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def legal(self) -> bool:
        """True when nothing makes the figure illegal (warnings allowed)."""
        return not self.errors


def evaluate(
    character: Character,
    library: RulesLibrary,
    profile: RuleProfile,
    *,
    id: int | None = None,
    uid: str | None = None,
) -> Sheet:
    """Derive and validate in one go."""
    return Sheet(
        id=id,
        uid=uid,
        character=character,
        derived=derive(character, library, profile),
        problems=tuple(validate(character, library, profile)),
        race_name=race.name if (race := library.races.get(character.race)) else character.race,
    )


class Member(Protocol):
    """A stored character with its identity (the store's, or the start-up preview's)."""

    @property
    def id(self) -> int: ...
    @property
    def uid(self) -> str: ...
    @property
    def character(self) -> Character: ...


@dataclass(frozen=True, eq=False, repr=False)
class Party(Record):
    """The party as read, with the rules to evaluate it by (each sheet when wanted)."""

    library: RulesLibrary
    profile: RuleProfile
    characters: Sequence[Member]

    def sheet(self, stored: Member) -> Sheet:
        """One member evaluated: the party table asks only for the rows it shows."""
        return evaluate(stored.character, self.library, self.profile, id=stored.id,
                        uid=stored.uid)
