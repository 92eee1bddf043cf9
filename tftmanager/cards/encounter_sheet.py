"""The encounter sheet: one page for the table, drawn by the card painter.

Every figure with its ST boxes (a box per point, filled for each hit or point
of fatigue), adjusted DX this turn, what its armor and shield stop (and have
stopped), its weapons, and its condition; the same typesetting and painting
as the character cards, so the sheet prints and exports like them.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.cards.encounter_face import sheet_face
from tftmanager.cards.export import CardDocument, write_document
from tftmanager.cards.fonts import card_family, metrics_for
from tftmanager.cards.layout import PAPER_MM, CardSize, Paper, arrange, plan_page
from tftmanager.cards.pdf_file import check_pdf_target
from tftmanager.cards.typeset import fit
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_rules import CombatRules


def export_sheet(path: Path, enc: Encounter, rules: CombatRules, *,
                 paper: Paper = Paper.LETTER) -> int:
    """Write the encounter sheet to a PDF; returns the page count."""
    check_pdf_target(path)
    family = card_family()
    return write_document(path, sheet_document(enc, rules, paper, family), paper,
                          f"Encounter sheet: {enc.name}", family)


def sheet_document(enc: Encounter, rules: CombatRules, paper: Paper,
                   family: str) -> CardDocument:
    """The sheet set on its pages (the PDF and the guide's picture paint the same pages)."""
    plan = plan_page(CardSize.SHEET, PAPER_MM[paper])
    faces = fit(sheet_face(enc, rules), plan.card_w, plan.card_h, metrics_for(family))
    return CardDocument(plan, tuple(arrange(faces, plan)))
