"""One figure in a fight: its ST boxes, adjusted DX for the turn, and the hits it takes.

A figure is built by the application from a party character (its derived
stats) or a bestiary template; from then on the fight changes only what this
module tracks: wounds and fatigue (kept apart, both off ST), hits in the
current and the last turn (Melee's reactions to injury), a knock-down, the
hits each armor and shield stopped (their wear), and dropped weapons.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypedDict

from tftmanager.refusal import Refusal
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.records import Record


class EncounterRefused(Refusal, ValueError):
    """An action the fight does not allow; the message says why in the GM's words."""


class Condition(enum.Enum):
    """Whether a figure can act."""

    FIGHTING = "fighting"
    DOWN = "knocked down"
    UNCONSCIOUS = "unconscious"
    DYING = "dying"  # a character at 0 ST or below: the expansion's death and dying (001)
    DEAD = "dead"

    @property
    def out(self) -> bool:
        """Out of the fight for good (counts as defeated)."""
        return self in (Condition.UNCONSCIOUS, Condition.DYING, Condition.DEAD)


@dataclass
class Protection:
    """A worn armor or a ready shield, and the hits it stopped in this fight."""

    kind: str  # "armor", "shield", "natural" (talents), "hide" or "spell" (Stone Flesh): no wear
    key: str
    name: str
    stops: int
    stopped: int = 0  # points of damage it stopped in this fight
    blows: int = 0  # blows it stopped hits of (001's wear counts hits, read as blows)
    # The possession that wears, by its identity; "" for none (talents, a creature's
    # hide), EARLIER_ITEM in a fight saved before possessions had one.
    item_id: str = ""
    dx: int = 0  # what a ready shield takes off DX (a large shield: -1), back when slung
    # Not in use now: a shield slung on the back stops nothing in front (003 line 250); a
    # readied flesh item's spell while another flesh spell is cast on the figure.
    slung: bool = False
    lasting: bool = False  # a readied magic item's flesh spell: the figure's own, never ends


# A fight saved before possessions had an identity named the worn item by its place;
# its wear goes to the same armor or shield (``encounter_ending.worn_item``).
EARLIER_ITEM = "earlier"


def saved_protection(saved: dict[str, Any]) -> Protection:
    """A saved protection; an older save's place in the list becomes EARLIER_ITEM."""
    values = dict(saved)
    place = values.pop("item", -1)
    if place >= 0 and not values.get("item_id"):
        values["item_id"] = EARLIER_ITEM
    return Protection(**values)


@dataclass
class Attack:
    """A weapon (or natural attack) a figure can strike with."""

    name: str
    damage: str  # dice in the documents' notation, e.g. "2d-1"
    key: str = ""
    missile: bool = False
    twice_at_dx: int | None = None  # a bow's second shot a turn from this adjDX (003)
    dx: int | None = None  # adjDX with this weapon before the fight (race, fine, talents)
    fast_shots: int = 1  # shots a turn from twice_at_dx (the weapon's data: bows "2 shots/turn")
    twice_at_st: int | None = None  # ST also needed for them (the Great Bow: 16, 001)
    turns_per_shot: int = 1  # a crossbow fires every 2nd or 3rd turn (003)
    fast_turns_per_shot: int | None = None  # ... and this often from fast_dx
    fast_dx: int | None = None
    thrown: bool = False  # a thrown weapon: a dodge guards against it as against a missile
    weapon: str = ""  # the weapon this is a way of using ("Dagger" for "Dagger (thrown)")
    two_handed: bool = False  # a ready shield is slung while this is ready (003 line 307)
    natural: bool = False  # teeth, claws, fists: always to hand, never readied or dropped
    pole: bool = False  # a pole weapon: more damage in a charge or against one (003 line 256)

    @property
    def held(self) -> str:
        """The weapon in the hand: its modes (strike, thrown, missile) are one weapon."""
        return self.weapon or self.name


@dataclass(frozen=True, eq=False, repr=False)
class HitOutcome(Record):
    """What one blow did to its target."""

    damage: int
    stopped: tuple[tuple[str, int], ...]  # (item name, hits it stopped)
    taken: int
    fell: bool  # knocked down by this blow (hits in the turn reached the threshold)
    condition: Condition

    @property
    def stopped_total(self) -> int:
        """Hits armor and shield took."""
        return sum(n for _name, n in self.stopped)


@dataclass
class Figure:
    """A fighter's state for the length of one encounter."""

    fid: str
    name: str
    side: str
    st: int
    dx: int  # adjusted DX before this fight's injuries (armor, shield, talents)
    iq: int = 0
    ma: int = 10
    base_dx: int = 0  # basic DX, for Melee's awards (0: the same as ``dx``)
    protections: list[Protection] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    # Reactions to injury, always from the rules data (injury.toml), never defaults here.
    dx_penalty_hits: int = field(kw_only=True)
    dx_penalty: int = field(kw_only=True)  # DX next turn after dx_penalty_hits in a turn
    knockdown_hits: int = field(kw_only=True)
    low_st_max: int = field(kw_only=True)
    low_st_dx: int = field(kw_only=True)
    character_id: int | None = None
    template: str = ""
    wounds_before: int = 0
    wounds: int = 0
    fatigue: int = 0
    hits_this_turn: int = 0
    hits_last_turn: int = 0
    knocked_down_turn: int = 0
    attacked_turn: int = 0
    height: str = ""
    falls: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    missiles_spent: int = 0
    dx_against: int = 0  # off the DX of any attack on it (a giant snake: -3, 003)
    fatigue_kills: bool = False  # the campaign's option: fatigue at 0 ST counts as wounds
    option: str = ""  # Melee's option this turn ("" not recorded)
    ready: int = 0  # the ready weapon (its number among ``attacks``; -1: none in hand)
    ready_turn: int = 0  # the turn it was readied: usable from the next (003 line 198)
    last_shot_turn: int = 0  # the turn of a (j) one last shot: the bow is dropped next turn
    shots_this_turn: int = 0
    fired: dict[str, int] = field(default_factory=dict)  # weapon -> last turn it fired
    fled: bool = False  # escaped through the door (arena) or fled the fight
    fled_turn: int = 0  # ... in this turn: each foe's one free attack (004, Fleeing)
    free_attacked: list[str] = field(default_factory=list)  # foes (ids) that took it
    down: bool = False  # on the ground (knocked down, a fall): stands up before attacking
    in_hth: bool = False  # rolling on the ground in hand-to-hand combat (003)
    hth_with: list[str] = field(default_factory=list)  # the foes (ids) it is in HTH with
    race: str = ""  # its race key, for its row of the Height Chart
    hexes: int = 1  # hexes it covers (a giant: 3)
    mounted: bool = False  # riding: falls on the chart's horseman row (000)
    acrobatics: bool = False  # 004's knockdown rolls may be made against adjDX (Acrobatics)

    @property
    def current_st(self) -> int:
        """ST left after wounds (earlier and in this fight) and fatigue."""
        return self.st - self.wounds_before - self.wounds - self.fatigue

    @property
    def stops(self) -> int:
        """Hits stopped per attack by everything worn and ready (a slung shield: nothing)."""
        return sum(p.stops for p in self.protections if not p.slung)

    @property
    def attribute_total(self) -> int:
        """ST + basic DX, which Melee's awards compare."""
        return self.st + (self.base_dx or self.dx)

    @property
    def wounded_st(self) -> int:
        """ST left after wounds alone (fatigue set aside)."""
        return self.st - self.wounds_before - self.wounds

    def condition(self, rules: CombatRules, turn: int) -> Condition:
        """Dying or dead at ``dead_st`` or less, unconscious at ``unconscious_st``, down on 8+ hits.

        Melee: ST 0 dies.  The expansion (001): a character at 0 ST or below is
        unconscious and may survive the death and dying roll: *dying*.  Fatigue
        alone takes a figure to 0 only unconscious, unless the campaign's
        option counts it as wounds (``fatigue_kills``).
        """
        low = self.current_st if self.fatigue_kills else self.wounded_st
        if low <= rules.dead_st:
            return Condition.DEAD if self.character_id is None else Condition.DYING
        if self.current_st <= rules.unconscious_st:
            return Condition.UNCONSCIOUS
        if self.down:
            return Condition.DOWN
        return Condition.FIGHTING

    def adj_dx(self, weapon: int | None = None) -> int:
        """Adjusted DX this turn: -2 after heavy hits last turn, -3 at low ST (Melee).

        With a weapon, that weapon's own adjDX (a halfling's +3 with missiles,
        a fine weapon's +1, a talent's effect) instead of the figure's; without,
        the ready weapon's.
        """
        number = self.ready if weapon is None else weapon
        own = self.attacks[number].dx if 0 <= number < len(self.attacks) else None
        return self._hurt_dx((self.dx if own is None else own) - self._slung_dx())

    def body_dx(self) -> int:
        """Adjusted DX for a roll of the figure's own (a fall, Acrobatics): no weapon's bonus."""
        return self._hurt_dx(self.dx - self._slung_dx())

    def _slung_dx(self) -> int:
        """What slung shields no longer take off DX (they are counted in ``dx``)."""
        return sum(p.dx for p in self.protections if p.slung)

    def _hurt_dx(self, value: int) -> int:
        """``value`` less this fight's injuries: heavy hits last turn, low ST."""
        if self.hits_last_turn >= self.dx_penalty_hits:
            value += self.dx_penalty
        if self.current_st <= self.low_st_max:
            value += self.low_st_dx
        return value

    def dx_notes(self) -> list[str]:
        """Why adjDX differs from the figure's own, in words."""
        notes = []
        if self.hits_last_turn >= self.dx_penalty_hits:
            notes.append(f"{self.dx_penalty} for {self.hits_last_turn} hits last turn")
        if self.current_st <= self.low_st_max:
            notes.append(f"{self.low_st_dx} for ST {self.current_st}")
        return notes

    def take(self, damage: int, rules: CombatRules, turn: int, *,
             stops: Callable[[Protection], int] | None = None, most: int | None = None,
             order: Sequence[str] = ()) -> HitOutcome:
        """Armor, then shield (``order``, else ``stopped_order``), then talents stop what they can.

        The rest comes off ST.  ``stops`` says what each protection stops of
        this blow (all it stops by default; a double blow under the house
        rules, a fall), ``most`` caps what they stop together (a fall: 2).
        Talents' and hides' stops come after the items in the order, and wear
        nothing.
        """
        left = damage
        stopped: list[tuple[str, int]] = []
        first = tuple(order) or rules.stopped_order
        kinds = [*first, *dict.fromkeys(p.kind for p in self.protections if p.kind not in first)]
        room = damage if most is None else min(damage, most)
        for kind in kinds:
            for item in (p for p in self.protections if p.kind == kind):
                n = 0 if item.slung else min(left, room,
                                             item.stops if stops is None else stops(item))
                if n > 0:
                    item.stopped += n
                    item.blows += 1
                    stopped.append((item.name, n))
                    left -= n
                    room -= n
        before = self.hits_this_turn
        self.wounds += left
        self.hits_this_turn += left
        fell = before < self.knockdown_hits <= self.hits_this_turn
        if fell:
            self.knock_down(turn)
        return HitOutcome(damage, tuple(stopped), left, fell, self.condition(rules, turn))

    def may_attack(self, rules: CombatRules, turn: int) -> str:
        """Why this figure may not attack now, or "" if it may."""
        state = self.condition(rules, turn)
        if state.out:
            return f"{self.name} is {state.value} (ST {self.current_st}) and cannot attack."
        if self.fled:
            return f"{self.name} has fled the fight."
        if self.knocked_down_turn and self.knocked_down_turn == turn:
            return (f"{self.name} took {self.hits_this_turn} hits this turn and fell; "
                    f"no attack this turn.")
        if self.down:
            return (f"{self.name} is on the ground and must take a turn to stand up before "
                    f"attacking (Melee).")
        return ""

    def knock_down(self, turn: int) -> None:
        """Down on the ground: no attack this turn, and none until it has stood up (003)."""
        self.knocked_down_turn = turn
        self.down = True

    def next_turn(self) -> None:
        """Move the hits of this turn to last turn's (the -2 DX lasts the next turn only)."""
        self.hits_last_turn = self.hits_this_turn
        self.hits_this_turn = 0
        self.shots_this_turn = 0
        self.option = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain values for the saved encounter."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], saved: SavedDefaults) -> Figure:
        """Read a saved figure; what an older save lacks comes from the rules data."""
        values = {**saved.reactions, **data}
        values["protections"] = [saved_protection(p) for p in data.get("protections", [])]
        values["attacks"] = [Attack(**{"fast_shots": saved.shots.get(a.get("key", ""), 1), **a})
                             for a in data.get("attacks", [])]
        return cls(**values)


class Reactions(TypedDict):
    """A figure's reactions to injury, by its field names (from injury.toml)."""

    dx_penalty_hits: int
    dx_penalty: int
    knockdown_hits: int
    low_st_max: int
    low_st_dx: int


@dataclass(frozen=True, eq=False, repr=False)
class SavedDefaults(Record):
    """Values from the rules data for what a fight saved by an older version lacks.

    A save written before a field existed (the -2 DX of Melee's reactions, a
    bow's shots a turn) is read with the campaign's data rather than with a
    number written here, so a GM's correction of the data reaches old fights too.
    """

    reactions: Reactions  # Melee's, from the data
    shots: Mapping[str, int]  # a weapon's shots a turn at its fast DX, by weapon key


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def fall_dice(falls: Sequence[str], tiles: int) -> int:
    """Dice of falling damage for a drop of ``tiles`` (000, Height Chart).

    ``falls`` are the chart's ranges for 1d, 2d and 3d.  A shorter drop costs
    nothing; beyond the chart each further range as wide as the first adds a
    die: "Up to three times your height you would take 3D6 damage and so on."
    """
    match = _RANGE.match(falls[0]) if falls else None
    if match is None:
        return 0
    low = int(match.group(1))
    width = int(match.group(2) or low) - low + 1
    return 0 if tiles < low else 1 + (tiles - low) // width
