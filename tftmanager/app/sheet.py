"""A character together with what the rules say about it."""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived, derive
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import Problem, Severity
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.validation import validate


@dataclass(frozen=True)
class Sheet:
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
