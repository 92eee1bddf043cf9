"""Rows for the talent and spell picker: every library entry seen from one character."""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.rules.character import Character
from tftmanager.rules.learning import spell_availability, talent_availability
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.references import Reference
from tftmanager.rules.settings import RuleProfile

TALENT, SPELL = "talent", "spell"


@dataclass(frozen=True)
class PickerRow:
    """One talent or spell with its cost for this character and what stands in the way."""

    kind: str
    key: str
    name: str
    iq: int
    category: int
    cost: int
    known: bool
    reasons: tuple[str, ...]
    summary: str
    requires: tuple[str, ...]
    detail: str
    reference: Reference | None = None

    @property
    def available(self) -> bool:
        """Learnable now."""
        return not self.known and not self.reasons

    @property
    def status(self) -> str:
        """Short status for the table."""
        if self.known:
            return "Known"
        return "Available" if not self.reasons else self.reasons[0]


def _where(reference: Reference | None) -> str:
    """"Reference: In the Labyrinth." for the details ("no book known" without one)."""
    return f"Reference: {reference.shown() if reference else 'no book known'}."


def picker_rows(character: Character, library: RulesLibrary,
                profile: RuleProfile) -> list[PickerRow]:
    """Every non-retired talent and spell, evaluated for this character."""
    rows = []
    for talent in library.talents.values():
        if library.is_retired("talent", talent.key) and not character.knows(talent.key):
            continue
        a = talent_availability(talent, character, library, profile)
        needs = [library.talents[k].name for k in talent.requires if k in library.talents]
        extra = []
        if talent.min_adj_dx:
            extra.append(f"adjusted DX {talent.min_adj_dx}")
        if talent.min_dx:
            extra.append(f"DX {talent.min_dx}")
        if talent.min_st:
            extra.append(f"ST {talent.min_st}")
        prereq = ", ".join(needs + extra) or "none"
        detail = (f"Talent, IQ level {talent.iq}, category {talent.category}"
                  f"{' (assumed)' if talent.category_assumed else ''}. "
                  f"Prerequisites: {prereq}. {_where(talent.reference)}"
                  + (f" Assumed: {talent.assumed}" if talent.assumed else ""))
        rows.append(PickerRow(TALENT, talent.key, talent.name, talent.iq, talent.category,
                              a.cost, a.known, a.reasons, talent.summary, tuple(needs),
                              detail, talent.reference))
    for spell in library.spells.values():
        if library.is_retired("spell", spell.key) and spell.key not in character.spells:
            continue
        a = spell_availability(spell, character, library, profile)
        needs = [library.spells[k].name for k in spell.requires if k in library.spells]
        maintain = f" + {spell.maintain} to maintain" if spell.maintain else ""
        detail = (f"{spell.type.value.capitalize()} spell, IQ level {spell.iq}; "
                  f"ST {spell.st_cost}{maintain}. Prerequisites: "
                  f"{', '.join(needs) or 'none'}. {_where(spell.reference)}"
                  + (f" Uncertain: {spell.uncertain}" if spell.uncertain else ""))
        rows.append(PickerRow(SPELL, spell.key, spell.name, spell.iq, spell.category,
                              a.cost, a.known, a.reasons, spell.summary, tuple(needs),
                              detail, spell.reference))
    return rows
