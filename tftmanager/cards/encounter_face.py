"""The encounter sheet's words: every figure's row, the reactions, the log (no Qt).

Kept apart from the printing (``encounter_sheet``) so the table server's GM
page shows the fight as the sheet does without loading Qt.
"""

from __future__ import annotations

from tftmanager.cards.content import CardFace, Section, SectionKind, Side, Stat
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_rules import CombatRules

# The typesetter wraps only the last cell, so ST boxes, stops and weapons share it.
COLUMNS = ("Figure", "Side", "adjDX", "ST · stops (hits stopped) · weapons")


def st_boxes(st: int, lost: int) -> str:
    """A box per point of ST, filled for each point lost: "■■□□□ 3/5".

    The number is the ST the figure really has, below 0 too: a wolf cut to
    ST -8 read "0/10" while the log said "ST -8 of 10" (issue 34).
    """
    filled = max(0, min(lost, st))
    return "■" * filled + "□" * (st - filled) + f" {st - lost}/{st}"


def sheet_face(enc: Encounter, rules: CombatRules) -> CardFace:
    """The sheet as one card face (a long fight continues on a second page)."""
    rows = []
    for fig in enc.figures:
        state = fig.condition(rules, enc.turn).value
        stops = ", ".join(f"{p.name} {p.stops} ({p.stopped})" for p in fig.protections) or "—"
        weapons = "; ".join(f"{a.name} {a.damage}" for a in fig.attacks) or "—"
        lost = fig.st - fig.current_st
        rows.append((fig.name + ("" if state == "fighting" else f" ({state})"), fig.side,
                     str(fig.adj_dx()),
                     f"{st_boxes(fig.st, lost)} · stops {stops} · {weapons}"))
    sides = ", ".join(enc.sides) or "—"
    return CardFace(
        name=enc.name, subtitle=f"Encounter sheet · turn {enc.turn} · sides: {sides}",
        side=Side.FRONT,
        stats=(Stat("Turn", str(enc.turn)), Stat("Figures", str(len(enc.figures)))),
        sections=(Section("Figures", SectionKind.TABLE, tuple(rows), COLUMNS),
                  Section("Reactions to injury", SectionKind.PROSE,
                          ((reactions_text(enc, rules),),)),
                  Section("Log (latest)", SectionKind.PROSE,
                          tuple((line,) for line in enc.log[-12:]))),
    )


def reactions_text(enc: Encounter, rules: CombatRules) -> str:
    """Reactions to injury as this fight plays them: each figure's thresholds, from the data.

    "5 and 8 hits in a turn (Flavius, Wulf): -2 DX next turn, then falls down; ST 3
    or less: -3 DX; ST 1: unconscious; ST 0: dead (a character: death and dying roll)."
    """
    groups: dict[tuple[int, int], list[str]] = {}
    for fig in enc.figures:
        groups.setdefault((fig.dx_penalty_hits, fig.knockdown_hits), []).append(fig.name)
    hits = "; ".join(f"{dx} and {down} hits in a turn ({', '.join(names)})"
                     for (dx, down), names in groups.items())
    low = (f"ST {enc.figures[0].low_st_max} or less: {enc.figures[0].low_st_dx} DX; "
           if enc.figures else "")
    return ((f"{hits}: {rules.dx_penalty} DX next turn, then falls down; " if hits else "")
            + f"{low}ST {rules.unconscious_st}: unconscious; ST {rules.dead_st}: dead "
              f"(a character: death and dying roll).")
