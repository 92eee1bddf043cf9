"""A fight's turn order: its sides, the initiative, the attack order, the end of a turn.

Melee's turn (003, "Each turn goes through...") begins with the initiative
(stage 1), orders the attacks by adjusted DX (stage 4) and ends with last
turn's hits and dropped weapons settled.  ``Encounter`` is this on top of
``Harming``; kept apart since who goes when is one idea and what a blow does
another.
"""

from __future__ import annotations

from tftmanager.rules.encounter_blows import may_still_attack
from tftmanager.rules.encounter_figure import EncounterRefused
from tftmanager.rules.encounter_harm import Harming
from tftmanager.rules.encounter_order import (
    RollFn,
    attack_order,
    choose_first,
    roll_off,
    two_side_initiative,
)
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_weapons import lose, must_drop
from tftmanager.rules.option_references import cited
from tftmanager.rules.settings import ManySides


class TurnOrder(Harming):
    """Who moves and strikes when; ``Encounter`` supplies the fight's fields."""

    order: list[str]
    went_last: str
    attack_order: list[str]
    many_sides: str

    @property
    def sides(self) -> list[str]:
        """Sides in the order their first figure joined."""
        seen: list[str] = []
        for fig in self.figures:
            if fig.side not in seen:
                seen.append(fig.side)
        return seen

    def standing_sides(self, rules: CombatRules) -> list[str]:
        """Sides with a figure still in the fight (not out, not fled)."""
        return [s for s in self.sides
                if any(f.side == s and not f.fled and not f.condition(rules, self.turn).out
                       for f in self.figures)]

    def _roll_off(self, count: int) -> bool:
        return count > 2 and self.many_sides == ManySides.ROLL_OFF.value

    def roll_initiative(self, roll: RollFn, rules: CombatRules, first: str = "") -> list[str]:
        """Stage (1): a die per side (Melee), or the free-for-all roll-off (002, three or more).

        Only sides with a figure still standing roll.  ``first`` is the
        winner's choice of who moves first, checked before any die is rolled.
        """
        self._open()
        sides = self.standing_sides(rules)
        if len(sides) < 2:
            raise EncounterRefused("A fight needs figures standing on at least two sides.")
        if first:
            self._check_first(first, sides)
        if self._roll_off(len(sides)):
            result = roll_off(sides, roll, self.went_last or None)
        else:
            result = two_side_initiative(sides, roll)
        self.order = list(result.order)
        for line in result.log:
            self.note(line)
        if len(sides) > 2:  # the campaign's reading of who moves first, and where it is
            self.note("Initiative for three or more sides: " + (
                "the free-for-all roll-off" if self._roll_off(len(sides)) else "Melee's rule")
                + cited("many_sides", ManySides(self.many_sides)) + ".")
        if first:
            self.choose_first(first, rules)
        return self.order

    def _check_first(self, side: str, sides: list[str]) -> None:
        if self._roll_off(len(sides)):
            raise EncounterRefused("With three or more sides the free-for-all roll-off decides "
                                   "who moves first (the campaign's option); no side chooses.")
        if side not in sides:
            known = side in self.sides
            raise EncounterRefused(f"'{side}' " + ("has no figure standing." if known else
                                                   "is not a side in this fight."))

    def choose_first(self, side: str, rules: CombatRules) -> None:
        """The initiative winner's choice of who moves first."""
        self._open()
        if not self.order:
            raise EncounterRefused("Roll the initiative first.")
        self._check_first(side, self.order)
        self.order = list(choose_first(self.order, side))
        self.note(f"{side} moves first.")

    def order_attacks(self, roll: RollFn, rules: CombatRules) -> list[str]:
        """Stage (4): figures able to attack, by adjusted DX, ties by a die each turn."""
        self._open()
        able = [(f.fid, f.name, f.adj_dx()) for f in self.figures
                if may_still_attack(f, rules, self.turn) or f.attacked_turn == self.turn]
        result = attack_order(able, roll)
        self.attack_order = list(result.order)
        for line in result.log:
            self.note(line)
        return self.attack_order

    def next_turn(self) -> None:
        """End the turn: last turn's hits set the -2 DX, the last side to move is noted."""
        self._open()
        if self.order:
            self.went_last = self.order[-1]
        for fig in self.figures:
            arm = must_drop(fig, self.turn)
            if arm is not None:
                lose(fig, arm, "")
                self.note(f"{fig.name} drops the {arm.held}: after one last shot \"The missile "
                          f"weapon MUST be dropped next turn\" (Melee, option (j)).")
            fig.next_turn()
        self.turn += 1
        self.order = []
        self.attack_order = []
        self.note("begins.")
