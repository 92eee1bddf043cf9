"""What a figure is under or riding during a fight: a flesh spell cast on it, a horse.

Both change how a figure is hurt, not how it attacks.  Stone Flesh and Iron
Flesh make the subject's body stop hits of every blow, on top of armor and
shield; under the house rules' double and triple damage they stop half (004,
"people using the Stone or Iron Flesh spells stop half as much (rounded
down)"), and against a fall they count as armor (our reading, data in
``[falls]``).  A mounted figure falls on the Height Chart's horseman row
(000, "2 Hex Horseman").  The hits each spell stops are rules data
(``[flesh_spells]`` of ``injury.toml``).
"""

from __future__ import annotations

from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_figure import EncounterRefused, Figure, Protection
from tftmanager.rules.encounter_rules import CombatRules, FleshSpell
from tftmanager.rules.heights import Height

SPELL = "spell"  # the kind of protection a flesh spell is (halved by 004, no wear)
ENDED = ("", "none")  # what a GM types for "the spell has ended"


def _acting(enc: Encounter, ref: str, rules: CombatRules) -> Figure:
    """The figure named, in a fight still going on, and still in it."""
    if enc.ended:
        raise EncounterRefused(f"{enc.name} has already ended.")
    fig = enc.figure(ref)
    state = fig.condition(rules, enc.turn)
    if fig.fled or state.out:
        raise EncounterRefused(f"{fig.name} is {'gone' if fig.fled else state.value}.")
    return fig


def find_flesh_spell(rules: CombatRules, text: str) -> FleshSpell | None:
    """A flesh spell by key ("stone_flesh") or name ("Stone Flesh"), any case; None for none."""
    wanted = " ".join(text.replace("_", " ").split()).casefold()
    return next((s for s in rules.flesh_spells.values()
                 if wanted in (s.key.replace("_", " ").casefold(), s.name.casefold())), None)


def flesh_spell(fig: Figure) -> Protection | None:
    """The flesh spell the figure is under now, if any (a readied item's, or one cast)."""
    return next((p for p in fig.protections if p.kind == SPELL and not p.slung), None)


def one_flesh_spell(spells: list[Protection]) -> list[Protection]:
    """Of several flesh spells (a character's readied Stone and Iron Flesh items), the strongest.

    One at a time, as ``set_flesh`` keeps them: the spells do not add up.
    """
    return sorted(spells, key=lambda p: p.stops, reverse=True)[:1]


def set_flesh(enc: Encounter, ref: str, spell: str, rules: CombatRules) -> str:
    """Record a flesh spell cast on a figure ("none": it has ended); returns what changed.

    One at a time: Stone Flesh and Iron Flesh do not add up (Wizard), so
    casting one ends the other.  A readied item's spell is the figure's own:
    a spell cast over it sets it aside until that spell ends.  The caster's ST
    is recorded apart (``spend_st``).
    """
    fig = _acting(enc, ref, rules)
    now = flesh_spell(fig)
    if spell.strip().casefold() in ENDED:
        if now is None or now.lasting:
            raise EncounterRefused(f"{fig.name} is under no flesh spell cast on it"
                                   + (f" ({now.name} is its readied item's)." if now else "."))
        fig.protections.remove(now)
        back = next((p for p in fig.protections if p.kind == SPELL and p.lasting), None)
        if back is not None:
            back.slung = False
        enc.note(f"{now.name} on {fig.name} ends" + (f"; its item's {back.name} stops again"
                                                     if back else "")
                 + f"; {fig.name} stops {fig.stops} hits.")
        return f"{now.name} on {fig.name} ends"
    found = find_flesh_spell(rules, spell)
    if found is None:
        raise EncounterRefused(f"'{spell}' is not a spell that stops hits: "
                               + ", ".join(s.name for s in rules.flesh_spells.values())
                               + " (or none).")
    if now is not None and now.key == found.key:
        raise EncounterRefused(f"{fig.name} is already under {found.name}.")
    if now is not None and now.lasting:
        now.slung = True  # set aside while the cast spell lasts
    elif now is not None:
        fig.protections.remove(now)
    fig.protections.append(Protection(SPELL, found.key, found.name, found.stops))
    enc.note(f"{fig.name} is under {found.name}: its body stops {found.stops} hits per attack"
             + (f" ({now.name} ends)" if now else "") + f"; it stops {fig.stops} in all.")
    return f"{found.name} on {fig.name}"


def set_mounted(enc: Encounter, ref: str, mounted: bool, row: Height | None,
                rules: CombatRules) -> str:
    """A figure mounts or dismounts; ``row`` is its Height Chart row after (None: no Height).

    Only a one-hex figure rides: a figure of several hexes has its own row.
    """
    fig = _acting(enc, ref, rules)
    if fig.hexes > 1:
        raise EncounterRefused(f"{fig.name} covers {fig.hexes} hexes and does not ride; "
                               f"it falls on the chart's row for its size.")
    if fig.mounted == mounted:
        raise EncounterRefused(f"{fig.name} is already {'mounted' if mounted else 'on foot'}.")
    fig.mounted = mounted
    fig.height, fig.falls = (row.height, list(row.falls)) if row else ("", [])
    said = "mounts" if mounted else "dismounts"
    enc.note(f"{fig.name} {said}" + (f": Height {row.height}, falls 1d at {row.falls[0]} "
                                     f"tile heights." if row else "."))
    return f"{fig.name} {said}"
