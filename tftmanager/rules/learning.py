"""Whether a character can know a talent or spell, and why not.

The same checks serve the picker (is it available now, and what would it
cost?) and validation (is what the character knows legal?).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tftmanager.rules.abilities import KnownTalent, Spell, Talent
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.memory import memory, spell_cost, talent_cost
from tftmanager.rules.problems import Problem
from tftmanager.rules.records import Record
from tftmanager.rules.references import shown
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.text import count


@dataclass(frozen=True, eq=False, repr=False)
class Availability(Record):
    """A library entry seen from one character: its cost and what stands in the way."""

    key: str
    name: str
    cost: int
    known: bool
    reasons: tuple[str, ...]

    @property
    def available(self) -> bool:
        """Learnable now (nothing stands in the way and not already known)."""
        return not self.known and not self.reasons


def adjusted_dx(character: Character, library: RulesLibrary) -> int:
    """DX after armor (the shield is not counted for talent thresholds)."""
    worn = character.loadout.armor
    armor = library.armors.get(worn.key) if worn else None
    return character.dx + (armor.dx if armor else 0)


def talent_requirements(
    talent: Talent, character: Character, library: RulesLibrary
) -> list[str]:
    """Unmet IQ, prerequisite and attribute requirements, in the player's words."""
    reasons = []
    if character.iq < talent.iq:
        reasons.append(f"IQ {character.iq} is below {talent.name}'s IQ level {talent.iq}")
    for key in talent.requires:
        if not character.knows(key):
            needed = library.talents.get(key)
            reasons.append(f"needs {needed.name if needed else key} first")
    if talent.min_st and character.st < talent.min_st:
        reasons.append(f"needs ST {talent.min_st} (has {character.st})")
    if talent.min_dx and character.dx < talent.min_dx:
        reasons.append(f"needs DX {talent.min_dx} (has {character.dx})")
    if talent.min_adj_dx:
        adj = adjusted_dx(character, library)
        if adj < talent.min_adj_dx:
            reasons.append(f"needs adjusted DX {talent.min_adj_dx} (has {adj})")
    return reasons


def spell_requirements(spell: Spell, character: Character, library: RulesLibrary) -> list[str]:
    """Unmet IQ and prerequisite-spell requirements."""
    reasons = []
    if character.iq < spell.iq:
        reasons.append(f"IQ {character.iq} is below {spell.name}'s IQ level {spell.iq}")
    for key in spell.requires:
        if key not in character.spells:
            needed = library.spells.get(key)
            reasons.append(f"needs {needed.name if needed else key} first")
    return reasons


def _memory_reason(after: Character, library: RulesLibrary, profile: RuleProfile) -> list[str]:
    mem = memory(after, library, profile)
    if mem.free < 0:
        return [f"memory full by {count(-mem.free, 'point')} ({mem.used} of {mem.capacity})"]
    return []


def talent_availability(
    talent: Talent, character: Character, library: RulesLibrary, profile: RuleProfile
) -> Availability:
    """Whether this character can learn this talent now, and at what cost."""
    known = character.knows(talent.key)
    cost = talent_cost(talent, character, library, profile)
    reasons = [] if known else talent_requirements(talent, character, library)
    if talent.retired:
        reasons.append("retired from this campaign's library")
    if not known:
        after = replace(character, talents=(*character.talents, KnownTalent(talent.key)))
        reasons += _memory_reason(after, library, profile)
    return Availability(talent.key, talent.name, cost, known, tuple(reasons))


def spell_availability(
    spell: Spell, character: Character, library: RulesLibrary, profile: RuleProfile
) -> Availability:
    """Whether this character can learn this spell now, and at what cost."""
    known = spell.key in character.spells
    cost = spell_cost(character, library, profile)
    reasons = [] if known else spell_requirements(spell, character, library)
    if spell.retired:
        reasons.append("retired from this campaign's library")
    if not known:
        after = replace(character, spells=(*character.spells, spell.key))
        reasons += _memory_reason(after, library, profile)
    return Availability(spell.key, spell.name, cost, known, tuple(reasons))


def ability_problems(
    character: Character, library: RulesLibrary, profile: RuleProfile
) -> list[Problem]:
    """Problems with the talents and spells a character knows."""
    problems = []
    for known in character.talents:
        talent = library.talents.get(known.key)
        if talent is None:
            problems.append(Problem("talents", f"'{known.key}' is not a talent in this "
                                    "campaign.", item=known.key))
            continue
        for reason in talent_requirements(talent, character, library):
            problems.append(Problem("talents", f"{talent.name}: {reason}.", item=known.key,
                                    reference=shown(talent.reference)))
        if known.extra_points and not talent.extra_points:
            problems.append(Problem("talents", f"{talent.name} cannot take extra points.",
                                    item=known.key))
    for key in character.spells:
        spell = library.spells.get(key)
        if spell is None:
            problems.append(Problem("spells", f"'{key}' is not a spell in this campaign.",
                                    item=key))
            continue
        for reason in spell_requirements(spell, character, library):
            problems.append(Problem("spells", f"{spell.name}: {reason}.", item=key,
                                    reference=shown(spell.reference)))
    mem = memory(character, library, profile)
    if mem.free < 0:
        problems.append(Problem(
            "memory",
            f"Talents and spells use {mem.used} memory points; IQ {character.iq} + "
            f"{library.memory_rules().capacity_per_sp} x SP {character.sp} allows "
            f"{mem.capacity}: {-mem.free} too many.",
        ))
    return problems
