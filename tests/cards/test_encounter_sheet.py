"""The encounter sheet's content: every figure's ST boxes, adjDX, stops and weapons."""

from __future__ import annotations

from tests.rules.fight_figures import figure
from tftmanager.cards.encounter_face import sheet_face, st_boxes
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_figure import Attack, Protection
from tftmanager.rules.library import RulesLibrary


def test_st_boxes_fill_for_each_point_lost() -> None:
    assert st_boxes(5, 2) == "■■□□□ 3/5"
    # Past 0 the boxes are all filled and the number is the real ST, as the log says it:
    # the wolf, cut to ST -8 of 10, once read "0/10" (issue 34).
    assert st_boxes(3, 7) == "■■■ -4/3"
    assert st_boxes(10, 18) == "■" * 10 + " -8/10"


def test_every_figure_is_on_the_sheet(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("The glade")
    fight.add(figure(fid="", name="Flavius", side="Romans", st=12, dx=8,
                     protections=[Protection("armor", "chainmail", "Chainmail", 3)],
                     attacks=[Attack("Shortsword", "2d-1")]))
    fight.add(figure(fid="", name="Wulf", side="Germans", st=14, dx=10))
    fight.hit("Wulf", 6, rules, by="Flavius")
    face = sheet_face(fight, rules)
    rows = face.sections[0].rows
    assert rows[0] == ("Flavius", "Romans", "8",
                       "□□□□□□□□□□□□ 12/12 · stops Chainmail 3 (0) · Shortsword 2d-1")
    assert rows[1][3].startswith("■■■■■■□□□□□□□□ 8/14")


def test_reactions_to_injury_are_the_fights_own(library: RulesLibrary) -> None:
    """003: "If a figure takes 5 hits in a single turn, it is at -2 DX next turn" and "8 hits
    in a single turn, it falls down"; a giant's own 9 and 16 (003 line 439) on its row."""
    rules = library.combat_rules()
    fight = Encounter("The glade")
    fight.add(figure(fid="", name="Flavius", side="Romans", st=12, dx=8))
    fight.add(figure(fid="", name="Wulf", side="Germans", st=14, dx=10))
    fight.add(figure(fid="", name="Giant", side="Giants", st=24, dx=9, dx_penalty_hits=9,
                     knockdown_hits=16))
    text = sheet_face(fight, rules).sections[1].rows[0][0]
    assert text == ("5 and 8 hits in a turn (Flavius, Wulf); 9 and 16 hits in a turn "
                    "(Giant): -2 DX next turn, then falls down; ST 3 or less: -3 DX; ST 1: "
                    "unconscious; ST 0: dead (a character: death and dying roll).")
