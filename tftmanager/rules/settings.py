"""A campaign's rules profile: the options the documents disagree on.

Each option is a closed set (an enum) with a one-line explanation the settings
dialog shows.  The profile is stored with the campaign as plain values, so a
later version can add options without breaking older files: unknown keys are
ignored and missing ones take their default, except where the default
changed (``EARLIER_DEFAULTS``): a profile stored without that option played the
earlier default, and keeps playing it.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


class CreationScheme(enum.Enum):
    """How many points a new figure gets and over which attributes."""

    MELEE = "melee"
    ITL = "itl"


class CriticalHits(enum.Enum):
    """What a roll of 3 or 4 to hit does."""

    MELEE_MULTIPLY = "melee"
    HOUSE_IGNORE_ARMOR = "house"


class PoleCharge(enum.Enum):
    """Damage of a pole weapon in a charge (or against one)."""

    MELEE_DOUBLE = "melee"
    HOUSE_PLUS_1D1 = "house"


class InjuryReactions(enum.Enum):
    """Hits in one turn that cost -2 DX and knock a figure down."""

    MELEE = "melee"
    HOUSE_BY_ST = "house"


class XPCostScheme(enum.Enum):
    """What the next attribute point costs in experience."""

    MELEE_FLAT = "melee"
    ITL_RISING = "itl"


class WeightUnit(enum.Enum):
    """How weights are shown (they are always stored in kilograms)."""

    KG = "kg"
    LB = "lb"


KG_PER_LB = 0.45359237


def show_weight(kg: float, unit: WeightUnit) -> str:
    """A weight in the campaign's unit, e.g. "12.5 kg" or "27.6 lb"."""
    value = kg if unit is WeightUnit.KG else kg / KG_PER_LB
    return f"{value:.1f} {unit.value}".replace(".0 ", " ")


class LeatherMA(enum.Enum):
    """Leather armor's movement allowance (Melee says both 8 and 9)."""

    MOVEMENT_SECTION = 8
    ARMOR_TABLE = 9


class ThiefFractions(enum.Enum):
    """How a thief's summed risk reductions lose their fraction ("drop any fractions")."""

    ROUND_DOWN = "down"
    TOWARD_ZERO = "zero"


class ThiefSpells(enum.Enum):
    """Which of a wizard's spells count as a thief's risk reductions."""

    APPROPRIATE = "appropriate"
    ALL = "all"


class Upkeep(enum.Enum):
    """Which weeks pay for the chosen lifestyle (a job provides its own)."""

    IDLE_ONLY = "idle"
    NO_JOB = "no_job"


class WeekHealing(enum.Enum):
    """Which weeks between adventures heal wounds: rest only, or work, study and idleness too."""

    REST_ONLY = "rest_only"
    EVERY_WEEK = "every_week"


class JobReadings(enum.Enum):
    """Which reading of a garbled job value to play: the scan's, or its named alternative."""

    AS_READ = "as_read"
    ALTERNATIVE = "alternative"


class ManySides(enum.Enum):
    """Who moves first in a fight of three or more sides."""

    ROLL_OFF = "roll_off"
    MELEE = "melee"


class FatigueAtZero(enum.Enum):
    """What ST spent (fatigue) down to 0 does to a figure in a fight."""

    UNCONSCIOUS = "unconscious"
    AS_WOUNDS = "wounds"


class ArmorWear(enum.Enum):
    """What counts toward an armor's or shield's wear: the blows it stopped, or the points."""

    BLOWS = "blows"
    POINTS = "points"


class StoppedFirst(enum.Enum):
    """Which of armor and a ready shield takes a partial hit first."""

    ARMOR = "armor"
    SHIELD = "shield"


@dataclass(frozen=True, eq=False, repr=False)
class OptionInfo(Record):
    """What the settings dialog says about one option.

    An option with no ``choices`` is a whole number within ``bounds``.
    """

    label: str
    explanation: str
    choices: dict[Any, str]
    bounds: tuple[int, int] = (0, 0)
    assumed: str = ""


OPTION_INFO: dict[str, OptionInfo] = {
    "creation": OptionInfo(
        "Character creation",
        "Melee builds fighters from 24 points of ST and DX; In the Labyrinth "
        "builds heroes and wizards from 32 points of ST, DX and IQ.",
        {
            CreationScheme.MELEE: "Melee: 24 points, ST and DX",
            CreationScheme.ITL: "In the Labyrinth: 32 points, ST, DX and IQ",
        },
    ),
    "leather_ma": OptionInfo(
        "Leather armor MA",
        "Melee's movement section gives leather MA 8, its armor table MA 9; "
        "later TFT books use 8.",
        {
            LeatherMA.MOVEMENT_SECTION: "8 (movement section, later books)",
            LeatherMA.ARMOR_TABLE: "9 (Melee's armor table)",
        },
    ),
    "critical_hits": OptionInfo(
        "Double and triple damage",
        "Melee doubles or triples the damage roll on a 4 or a 3; the house rules "
        "instead ignore armor and shields (and a triple adds 1d). A campaign on the house "
        "rules plays their reading: \"Whenever double or triple damage is mentioned, treat "
        "it in this fashion\" (House Rules: Combat).",
        {
            CriticalHits.MELEE_MULTIPLY: "Melee: multiply the damage roll",
            CriticalHits.HOUSE_IGNORE_ARMOR: "House rules: ignore armor, triple adds 1d "
                                             "(default)",
        },
    ),
    "pole_charge": OptionInfo(
        "Pole weapons in a charge",
        "Melee doubles a pole weapon's damage in a charge; the house rules add 1d+1. "
        "Either way a fine pole weapon's extra damage does not count in a charge "
        "(House Rules: Combat).",
        {
            PoleCharge.MELEE_DOUBLE: "Melee: double damage",
            PoleCharge.HOUSE_PLUS_1D1: "House rules: +1d+1 damage (default)",
        },
    ),
    "injury_reactions": OptionInfo(
        "Reactions to injury",
        "Melee: 5 hits in a turn give -2 DX and 8 knock a figure down; the house "
        "rules raise both with ST (5/8 up to ST 19, 7/12 for ST 20-29, ...).",
        {
            InjuryReactions.MELEE: "Melee: 5 and 8 hits for everyone",
            InjuryReactions.HOUSE_BY_ST: "House rules: table by ST (default)",
        },
    ),
    "xp_costs": OptionInfo(
        "Experience cost of attributes",
        "Melee: 100 EP buys any point. In the Labyrinth: the cost rises with the "
        "attribute total (SP count in the total).",
        {
            XPCostScheme.MELEE_FLAT: "Melee: 100 per point",
            XPCostScheme.ITL_RISING: "In the Labyrinth: rising with the total",
        },
    ),
    "three_d": OptionInfo(
        "Three-dimensional play",
        "Show Height and falling thresholds from Three Dimensional TFT on cards.",
        {True: "On", False: "Off"},
    ),
    "wizard_talents_double": OptionInfo(
        "Wizards' talent cost",
        "In the Labyrinth: wizards pay double memory for talents (a few talents excepted).",
        {True: "Double for wizards", False: "Same as heroes"},
    ),
    "hero_spells_triple": OptionInfo(
        "Heroes' spell cost",
        "In the Labyrinth: a hero pays 3 memory points for a spell, a wizard 1.",
        {True: "Triple for heroes", False: "1 point for everyone"},
    ),
    "legacy_memory_xp": OptionInfo(
        "Buy memory with experience",
        "The Legacy edition lets characters buy memory points with XP (500 each) "
        "beyond IQ + 2 x SP. Off in the expansion's campaign.",
        {False: "Off", True: "On (Legacy)"},
    ),
    "weight_unit": OptionInfo(
        "Weights shown in",
        "Weights are kept in kilograms (as the expansion gives them) and shown in this unit.",
        {WeightUnit.KG: "Kilograms", WeightUnit.LB: "Pounds"},
    ),
    "starting_sp": OptionInfo(
        "Skill Points at creation",
        "The expansion (001): \"All people start with no SP\"; SP are bought with "
        "experience, as Joe the Barbarian does. A GM who starts heroes with SP can "
        "allow it here (the IQ/4 cap still holds).",
        {False: "No SP at creation (expansion)", True: "Allow SP at creation"},
    ),
    "study_weeks_per_point": OptionInfo(
        "Study weeks per memory point",
        "Base time to learn a talent, per memory point it costs, before the "
        "category's adjustments. The documents give no number.",
        {},
        bounds=(1, 52),
        assumed="Default 4 weeks per point is our assumption; set your table's value.",
    ),
    "disaster_week_xp": OptionInfo(
        "Weekly XP in a disaster week",
        "The expansion: 'Most jobs provide a few experience points for each successful "
        "week of work.' Read strictly, a week that ends in disaster earns no weekly XP "
        "(a special roll's bonus XP is earned either way).",
        {False: "None: only successful weeks (default)", True: "Every week worked"},
    ),
    "thief_fractions": OptionInfo(
        "Thieves' risk fractions",
        "The expansion: 'Sum up all the relevant values of risk reduction ... and drop "
        "any fractions.' A sum below zero (a slow thief) can be rounded down (-3/4 -> -1) "
        "or have its fraction dropped toward zero (-3/4 -> 0).",
        {ThiefFractions.ROUND_DOWN: "Round down (default)",
         ThiefFractions.TOWARD_ZERO: "Drop toward zero"},
    ),
    "thief_spells": OptionInfo(
        "A wizard's spells as a thief",
        "The expansion: 'As thieves, count appropriate spells as 1/4 risk reductions.' "
        "Appropriate spells are listed in the job rules (wizard_spells, editable in the "
        "Rules Library); the list shipped is our choice.",
        {ThiefSpells.APPROPRIATE: "Appropriate spells only (default)",
         ThiefSpells.ALL: "Every spell counts"},
    ),
    "upkeep": OptionInfo(
        "Lifestyle upkeep",
        "The expansion: a job gives 'the lifestyle the job provides automatically'; it "
        "does not say who pays in a week without work. By default only idle weeks pay; "
        "the other reading also charges weeks of rest and study.",
        {Upkeep.IDLE_ONLY: "Idle weeks only (default)",
         Upkeep.NO_JOB: "Every week without a job (idle, rest, study)"},
    ),
    "week_healing": OptionInfo(
        "Healing in a week of work",
        "The expansion (001) recovers a survivor 'every week the person rests'; Melee "
        "(003) erases a survivor's hits 'since he will take time to recover before another "
        "fight'. Neither says whether a week of work, study or idleness heals; a week of "
        "rest heals as A week of rest (below) says.",
        {WeekHealing.REST_ONLY: "Only a week of rest heals (default)",
         WeekHealing.EVERY_WEEK: "Every week away from adventure heals as rest does"},
        assumed="Our reading: only a week of rest heals wounds",
    ),
    "job_readings": OptionInfo(
        "Garbled job values",
        "Where the scan of the jobs tables is garbled, the Rules Library keeps the value "
        "as read and names an alternative: War 1's XP per week reads '13' (likely a 3 "
        "with a cell border read as '1', as elsewhere in the same scan).",
        {JobReadings.AS_READ: "As read: War 1 gives 13 XP a week",
         JobReadings.ALTERNATIVE: "The named alternative: War 1 gives 3 XP a week"},
    ),
    "many_sides": OptionInfo(
        "Initiative with three or more sides",
        "Melee (003): 'Each player rolls a die. The winner may choose either to move his "
        "figure(s) first ... (If there are more than two players, the third, fourth, and so "
        "on then pick options and move.)' Free-for-All (002): 'Whoever goes highest conducts "
        "his first turn. The remaining players then roll off ... whoever went last doesn't "
        "participate in the first roll off.'",
        {ManySides.ROLL_OFF: "Free-for-all roll-off (default)",
         ManySides.MELEE: "Melee: a die each, the winner chooses"},
        assumed="Our reading: the roll-off, written for fights of three or more sides, is "
                "the default",
    ),
    "fatigue_at_zero": OptionInfo(
        "Fatigue down to 0 ST",
        "The expansion (001): 'A character who has 0 ST left is unconscious and badly "
        "wounded.' The documents never say that ST spent on spells kills.",
        {FatigueAtZero.UNCONSCIOUS: "Unconscious, not dying (default)",
         FatigueAtZero.AS_WOUNDS: "Counts as wounds: dying at 0 ST or below"},
        assumed="Our reading: fatigue alone leaves a figure unconscious",
    ),
    "armor_wear": OptionInfo(
        "Armor and shield wear counts",
        "The expansion (001): 'When armor has taken (20 + 10x hits stopped) hits, it will "
        "begin to fall apart ... Extremely powerful or otherwise special blows may count as "
        "multiple hits.' Read as blows, each blow an armor stopped hits of counts 1; read "
        "as points, every point it stopped counts.",
        {ArmorWear.BLOWS: "Blows stopped (default)", ArmorWear.POINTS: "Points stopped"},
        assumed="Our reading: 'hits' that 'blows may count as multiple' of are blows",
    ),
    "stopped_first": OptionInfo(
        "Armor or shield first",
        "Melee (003): 'Armor and shields take hits for you' — a blow that both could stop "
        "only partly fills one first; the documents do not say which.",
        {StoppedFirst.ARMOR: "Armor first (default)", StoppedFirst.SHIELD: "Shield first"},
        assumed="Our reading: armor first, as the armor table comes first",
    ),
}


# Options whose default changed, and the reading a campaign stored without them played.
# Every campaign file stores its whole profile, so only a server campaign set up by an
# earlier ``server init`` (stored as {}) lacks them: its fights keep Melee's multiplied
# double damage and doubled pole charge rather than change under it.
EARLIER_DEFAULTS: dict[str, Any] = {
    "critical_hits": CriticalHits.MELEE_MULTIPLY,
    "pole_charge": PoleCharge.MELEE_DOUBLE,
}


@dataclass(frozen=True, eq=False, repr=False)
class RuleProfile(Record):
    """The rule options one campaign plays by."""

    creation: CreationScheme = CreationScheme.ITL
    leather_ma: LeatherMA = LeatherMA.MOVEMENT_SECTION
    # A new campaign plays the house rules' combat: their injury table, and "Whenever
    # double or triple damage is mentioned, treat it in this fashion" (004 line 19), a
    # pole weapon's charge included (004 line 11).
    critical_hits: CriticalHits = CriticalHits.HOUSE_IGNORE_ARMOR
    pole_charge: PoleCharge = PoleCharge.HOUSE_PLUS_1D1
    injury_reactions: InjuryReactions = InjuryReactions.HOUSE_BY_ST
    xp_costs: XPCostScheme = XPCostScheme.ITL_RISING
    three_d: bool = False
    wizard_talents_double: bool = True
    hero_spells_triple: bool = True
    legacy_memory_xp: bool = False
    starting_sp: bool = False
    weight_unit: WeightUnit = WeightUnit.KG
    study_weeks_per_point: int = 4
    disaster_week_xp: bool = False
    thief_fractions: ThiefFractions = ThiefFractions.ROUND_DOWN
    thief_spells: ThiefSpells = ThiefSpells.APPROPRIATE
    upkeep: Upkeep = Upkeep.IDLE_ONLY
    week_healing: WeekHealing = WeekHealing.REST_ONLY
    job_readings: JobReadings = JobReadings.AS_READ
    many_sides: ManySides = ManySides.ROLL_OFF
    fatigue_at_zero: FatigueAtZero = FatigueAtZero.UNCONSCIOUS
    armor_wear: ArmorWear = ArmorWear.BLOWS
    stopped_first: StoppedFirst = StoppedFirst.ARMOR

    def to_dict(self) -> dict[str, Any]:
        """Plain values for storage (enum values, not names)."""
        return {
            key: value.value if isinstance(value, enum.Enum) else value
            for key, value in asdict(self).items()
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleProfile:
        """Read stored values; unknown keys are ignored, bad values refused.

        A missing option takes its default, or the earlier default the campaign
        played (``EARLIER_DEFAULTS``).
        """
        profile = replace(cls(), **{k: v for k, v in EARLIER_DEFAULTS.items() if k not in data})
        for field in fields(cls):
            if field.name not in data:
                continue
            current = getattr(profile, field.name)
            raw = data[field.name]
            try:
                value: Any
                if isinstance(current, enum.Enum):
                    value = type(current)(raw)
                elif isinstance(current, bool):
                    if not isinstance(raw, bool):
                        raise ValueError(raw)
                    value = raw
                else:
                    low, high = OPTION_INFO[field.name].bounds
                    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
                        raise ValueError(raw)
                    value = raw
            except ValueError as exc:
                raise RulesDataError(
                    f"Rule option '{field.name}' cannot be '{raw}'"
                ) from exc
            profile = replace(profile, **{field.name: value})
        return profile


def _choice_text(name: str, value: Any) -> str:
    info = OPTION_INFO.get(name)
    if info is None:
        return str(value)
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(info.choices.get(value, value)).split(":")[0]


def profile_label(before: RuleProfile, after: RuleProfile) -> str:
    """"Campaign rules: Reactions to injury Melee -> House..." for the history."""
    changed = [
        f"{OPTION_INFO[f.name].label if f.name in OPTION_INFO else f.name} "
        f"{_choice_text(f.name, getattr(before, f.name))} -> "
        f"{_choice_text(f.name, getattr(after, f.name))}"
        for f in fields(RuleProfile)
        if getattr(before, f.name) != getattr(after, f.name)
    ]
    return "Campaign rules: " + ("; ".join(changed) if changed else "no change")
