"""Memory: how many talent and spell points a character may know, and what each costs.

The house rules: a character may know up to IQ + 2 x SP points of talents and
spells.  Wizards pay double for talents and heroes triple for spells (each a
campaign setting; the factors are the library's ``[memory_costs]``); a few
talents cost less when others are known (the expansion's cost exceptions).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tftmanager.rules.abilities import CharacterKind, KnownTalent, Talent
from tftmanager.rules.character import Character
from tftmanager.rules.derived import active_effects
from tftmanager.rules.effects import Stat, adjusted
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.records import Record
from tftmanager.rules.settings import RuleProfile


@dataclass(frozen=True, eq=False, repr=False)
class Memory(Record):
    """Memory points used and available."""

    used: int
    capacity: int

    @property
    def free(self) -> int:
        """Points left (negative when over)."""
        return self.capacity - self.used


def capacity(character: Character, library: RulesLibrary, profile: RuleProfile) -> int:
    """IQ + 2 x SP, plus memory bought with experience where the Legacy rule is on.

    Talents and readied magic items with a ``memory`` effect add to it.
    """
    bought = character.memory_bought if profile.legacy_memory_xp else 0
    base = character.iq + library.memory_rules().capacity_per_sp * character.sp + bought
    return adjusted(base, Stat.MEMORY, active_effects(character, library)).value


def talent_cost(
    talent: Talent,
    character: Character,
    library: RulesLibrary,
    profile: RuleProfile,
    *,
    extra_points: int = 0,
    known_before: frozenset[str] | None = None,
) -> int:
    """What this talent costs this character, exceptions and extra points included.

    A cost exception counts only when its talents were learned first:
    ``known_before`` is what the character knew when it learned this talent
    (by default, everything it knows now).  So a character with both Master
    Vet and Master Physicker pays full price for whichever came first.
    """
    known = (frozenset(t.key for t in character.talents) if known_before is None
             else known_before)
    base = talent.cost
    for exception in library.cost_exceptions:
        if exception.talent == talent.key and all(k in known for k in exception.when_known):
            base = min(base, exception.cost)
    base += extra_points
    if character.kind is CharacterKind.WIZARD and profile.wizard_talents_double:
        times = library.memory_rules().wizard_talent_times
        if talent.wizard_cost is not None:
            return talent.wizard_cost + extra_points * times
        return base * times
    return base


def spell_cost(character: Character, library: RulesLibrary, profile: RuleProfile) -> int:
    """Wizards pay 1 for a spell; heroes 3 (or 1 when the setting is off).

    Every spell costs the same, so only the character and the library's
    memory costs matter.
    """
    costs = library.memory_rules()
    if character.kind is CharacterKind.HERO and profile.hero_spells_triple:
        return costs.hero_spell
    return costs.spell


def talent_costs(character: Character, library: RulesLibrary, profile: RuleProfile
                 ) -> list[tuple[KnownTalent, Talent | None, int]]:
    """Each known talent (in learning order), its library entry, and what it cost.

    A cost exception counts only for talents learned earlier, so the order
    matters; a talent missing from the library costs 0 here.
    """
    rows: list[tuple[KnownTalent, Talent | None, int]] = []
    earlier: set[str] = set()
    for known in character.talents:
        talent = library.talents.get(known.key)
        cost = 0 if talent is None else talent_cost(
            talent, character, library, profile, extra_points=known.extra_points,
            known_before=frozenset(earlier))
        rows.append((known, talent, cost))
        earlier.add(known.key)
    return rows


def memory(character: Character, library: RulesLibrary, profile: RuleProfile) -> Memory:
    """Points used by what the character knows, against its capacity."""
    used = sum(cost for _known, _talent, cost in talent_costs(character, library, profile))
    for key in character.spells:
        spell = library.spells.get(key)
        if spell is not None:
            used += spell_cost(character, library, profile)
    return Memory(used, capacity(character, library, profile))


def with_talent(character: Character, key: str) -> Character:
    """The character with one more talent (not validated)."""
    return replace(character, talents=(*character.talents, KnownTalent(key)))
