"""The encounter window's actions: what each button and each of the Next panel's offers runs.

A mixin of ``EncounterWindow``: each slot reads the window's pickers and runs
one use case through ``ui.operations.encounters`` (one change, undoable).
``play`` carries out an action the Next panel offered (``rules.encounter_tracker``).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget

from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_tracker import Do, Offer
from tftmanager.ui.operations import encounters as ops
from tftmanager.ui.session import CampaignSession


class FightActions:
    """The slots of the encounter window's buttons (the window supplies its widgets)."""

    session: CampaignSession
    encounter_id: int | None
    rolls: QLineEdit
    attacker: QComboBox
    target: QComboBox
    weapon: QSpinBox
    dice: QComboBox
    damage: QSpinBox
    option: QComboBox
    tiles: QSpinBox
    flesh: QComboBox

    def encounter(self) -> Encounter | None:
        """The encounter as saved (the window's)."""
        raise NotImplementedError

    def _typed(self) -> tuple[bool, list[int] | None]:
        raise NotImplementedError

    def end_encounter(self) -> QWidget | None:
        """The award review (the window's)."""
        raise NotImplementedError

    def _offer_chosen(self, offer: Offer) -> None:
        usable, rolls = self._typed()
        if usable:
            self.play(offer, rolls)

    def play(self, offer: Offer, rolls: list[int] | None) -> None:
        """Carry out an action the Next panel offered."""
        eid = self.encounter_id
        if eid is None:
            return
        session = self.session
        runs = {
            Do.INITIATIVE: lambda: ops.initiative(session, eid, rolls),
            Do.OPTION: lambda: ops.option(session, eid, offer.figure, offer.option),
            Do.READY: lambda: ops.ready(session, eid, offer.figure, offer.weapon),
            Do.FLEE: lambda: ops.flee(session, eid, offer.figure),
            Do.ORDER: lambda: ops.order(session, eid, rolls),
            Do.ACT: lambda: ops.act(session, eid, offer.figure, offer.option, rolls),
            Do.ATTACK: lambda: ops.attack(session, eid, offer.figure, offer.target, rolls, 0,
                                          None),
            Do.SECOND_SHOT: lambda: ops.attack(session, eid, offer.figure, offer.target, rolls,
                                               0, None, second_shot=True),
            Do.HOLD: lambda: ops.hold(session, eid, offer.figure),
            Do.NEXT_TURN: lambda: ops.next_turn(session, eid),
            Do.END: self.end_encounter,
        }
        runs[offer.do]()
        self.rolls.clear()

    def attack(self) -> None:
        """Roll the chosen attacker's attack on the target."""
        usable, rolls = self._typed()
        if self.encounter_id is None or not usable or not self.attacker.currentData():
            return
        ops.attack(self.session, self.encounter_id, self.attacker.currentData(),
                   self.target.currentData(), rolls, self.dice.currentData(),
                   self.weapon.value() - 1)
        self.rolls.clear()

    def enter_hit(self) -> None:
        """Enter the damage typed on the target (from the attacker, if one is chosen)."""
        if self.encounter_id is not None and self.target.currentData():
            ops.hit(self.session, self.encounter_id, self.target.currentData(),
                    self.damage.value(), self.attacker.currentData() or "")

    def spend_st(self) -> None:
        """The chosen attacker spends the ST typed in Damage on a spell (fatigue)."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.spend(self.session, self.encounter_id, self.attacker.currentData(),
                      self.damage.value())

    def drop_weapon(self) -> None:
        """The chosen attacker drops its weapon of the number shown."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.drop(self.session, self.encounter_id, self.attacker.currentData(),
                     self.weapon.value() - 1)

    def ready_weapon(self) -> None:
        """The chosen attacker readies (or picks up) its weapon of the number shown."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.ready(self.session, self.encounter_id, self.attacker.currentData(),
                      self.weapon.value() - 1)

    def choose_option(self) -> None:
        """The chosen attacker's option this turn (Melee's list)."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.option(self.session, self.encounter_id, self.attacker.currentData(),
                       self.option.currentData())

    def flee(self) -> None:
        """The chosen attacker leaves the fight (the arena's door)."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.flee(self.session, self.encounter_id, self.attacker.currentData())

    def fall(self) -> None:
        """Three-dimensional play: the target falls so many tile heights."""
        usable, rolls = self._typed()
        if self.encounter_id is not None and usable and self.target.currentData():
            ops.fall(self.session, self.encounter_id, self.target.currentData(),
                     self.tiles.value(), rolls)
            self.rolls.clear()

    def set_flesh(self) -> None:
        """Stone Flesh or Iron Flesh cast on the target (or its end)."""
        if self.encounter_id is not None and self.target.currentData():
            ops.flesh(self.session, self.encounter_id, self.target.currentData(),
                      self.flesh.currentData())

    def toggle_mounted(self) -> None:
        """The target mounts, or dismounts if it rides."""
        enc = self.encounter()
        if enc is not None and self.encounter_id is not None and self.target.currentData():
            figure = enc.figure(self.target.currentData())
            ops.mount(self.session, self.encounter_id, figure.fid, not figure.mounted)

    def next_turn(self) -> None:
        """End the turn."""
        if self.encounter_id is not None:
            ops.next_turn(self.session, self.encounter_id)

