"""One character's job week: find, minimum weeks, risk, disaster, arrest, pay, XP.

Everything is rolled through the injected Dice and every roll is returned,
so a week can be shown in full and replayed from its seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived
from tftmanager.rules.dice_expr import Dice, Roll, parse_check
from tftmanager.rules.job_data import Job, JobCatalogue, JobFamily
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile, ThiefFractions, ThiefSpells
from tftmanager.rules.text import count

ATTRS = ("st", "dx", "iq", "sp")
# Works out a mercenary's pay bonus and its notes (``mercenary_bonus``, or a memory of it).
MercBonus = Callable[[Character, Derived, Job, JobCatalogue], tuple[int, Sequence[str]]]
# Works out a week's pay and says it (``weekly_pay``'s parameters, or a memory of it).
PayRule = Callable[[Character, Derived, Job, Assignment, JobCatalogue, Dice, "JobWeek"], int]
DEFAULT_PROFILE = RuleProfile()  # the documents' default readings


@dataclass
class JobWeek:
    """What happened: every roll with its meaning, and the effects."""

    character: str
    job: str
    rolls: list[tuple[str, Roll, str]] = field(default_factory=list)
    found: bool = False
    weeks_left: int = 0
    worked: bool = False
    bonus_xp: int = 0
    xp: int = 0
    pay: int = 0
    damage: int = 0
    disaster: bool = False
    arrested: bool = False
    lifestyle: str = ""
    lines: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        """Add a line to the report."""
        self.lines.append(text)


def attributes(character: Character, derived: Derived | None = None) -> dict[str, int]:
    """Attribute values the dice notation can name."""
    values = {"ST": character.st, "DX": character.dx, "IQ": character.iq,
              "SP": character.sp}
    if derived is not None:
        values["MA"] = derived.ma
    return values


def present_total(character: Character) -> int:
    """ST + DX + IQ + SP (SP count as attributes)."""
    return sum(getattr(character, a) for a in ATTRS)


def _talents_in(character: Character, group: tuple[str, ...]) -> int:
    return sum(1 for t in character.talents if t.key in group)


def _skill_count(character: Character, catalogue: JobCatalogue, group: str) -> int:
    count = _talents_in(character, catalogue.talent_groups.get(group, ()))
    if group == "combat" and character.kind is CharacterKind.WIZARD:
        per = int(catalogue.merc["wizard_spells_per_skill"])
        count += len(character.spells) // per if per > 0 else 0
    return count


def eligibility(character: Character, job: Job, catalogue: JobCatalogue,
                library: RulesLibrary, assignment: Assignment,
                held: frozenset[str] = frozenset()) -> list[str]:
    """Every requirement the character does not meet, in words."""
    reasons = []
    req = job.requires
    officer = catalogue.officers.get(assignment.officer) if assignment.officer else None
    bonus = officer.min_attributes_bonus if officer else 0
    st_dx = req.get("st_dx")
    if st_dx and character.st + character.dx < int(st_dx) + bonus:
        reasons.append(f"needs ST + DX {int(st_dx) + bonus} (has {character.st + character.dx})")
    for name in ("weapon_talents", "combat_talents"):
        needed = int(req.get(name, 0) or 0)
        group = name.removesuffix("_talents")
        have = _skill_count(character, catalogue, group)
        if needed and have < needed:
            reasons.append(f"needs {count(needed, f'{group} talent')} (has {have})")
    if req.get("iq") and character.iq < int(req["iq"]):
        reasons.append(f"needs IQ {req['iq']} (has {character.iq})")
    if req.get("attributes") and present_total(character) < int(req["attributes"]):
        reasons.append(f"needs attributes totalling {req['attributes']} "
                       f"(has {present_total(character)})")
    for key in req.get("talents", []):
        if not character.knows(key):
            talent = library.talents.get(key)
            reasons.append(f"needs {talent.name if talent else key}")
    for key in req.get("spells", []):
        if key not in character.spells:
            spell = library.spells.get(key)
            reasons.append(f"must know {spell.name if spell else key}")
    if job.previous_rank and job.previous_rank not in held:
        previous = catalogue.jobs.get(job.previous_rank)
        name = previous.name if previous else job.previous_rank
        reasons.append(f"must first hold the rank of {name}")
    if officer:
        for key in officer.requires_talents:
            if not character.knows(key):
                talent = library.talents.get(key)
                reasons.append(f"{officer.name} needs {talent.name if talent else key}")
    if job.family is not JobFamily.MERCENARY and (assignment.officer or assignment.mounted
                                      or assignment.flying_mount):
        reasons.append("officer ranks and mounts apply to mercenaries only")
    return reasons


def find_roll(job: Job, assignment: Assignment, catalogue: JobCatalogue) -> tuple[str, int]:
    """The roll to find, with mounted, flying and officer modifiers: (check, IQ modifier)."""
    check = parse_check(job.find)
    extra_dice = 0
    iq_mod = 0
    if assignment.mounted:
        iq_mod += int(catalogue.merc["mounted"]["find_iq"])
    if assignment.flying_mount:
        extra_dice += int(catalogue.merc["flying_mount"]["find_dice"])
    officer = catalogue.officers.get(assignment.officer) if assignment.officer else None
    if officer:
        iq_mod += officer.find_iq
        extra_dice += officer.find_dice
    dice_text = job.find.partition("/")[0].strip()
    if extra_dice:
        head = dice_text[:-1] if dice_text[-1:] in ("d", "D") else None
        if head == "" or (head and head.isascii() and head.isdigit()):
            dice_text = f"{int(head or 1) + extra_dice}d"
        else:  # "2d+1" and the like: add the dice rather than lose the rest
            dice_text = f"{dice_text}+{extra_dice}d"
    modifier = check.modifier + iq_mod
    text = f"{dice_text}/{check.attribute}" + (f"{modifier:+d}" if modifier else "")
    return text, iq_mod


def risk_numbers(character: Character, derived: Derived, job: Job,
                 catalogue: JobCatalogue,
                 profile: RuleProfile = DEFAULT_PROFILE) -> tuple[int, int, list[str]]:
    """(x, y) with a thief's risk reductions added to y (fractions dropped, capped).

    The cap ("the number in parenthesis") only limits what the reductions
    add: a base y the GM set above it is kept, never lowered (001 lines
    726-756).  How fractions are dropped and which spells count are the
    campaign's options (``thief_fractions``, ``thief_spells``).
    """
    assert job.risk is not None
    x, y = job.risk
    notes: list[str] = []
    if job.family is not JobFamily.THIEF:
        return x, y, notes
    total = Fraction(0)
    for factor in catalogue.thief_factors:
        if factor.talent:
            if character.knows(factor.talent) and factor.reduction:
                total += factor.reduction
                notes.append(f"{factor.talent.replace('_', ' ')} {factor.reduction}")
        elif factor.reduction and _ma_in(derived.ma, factor):
            total += factor.reduction
            notes.append(f"MA {derived.ma} {factor.reduction}")
    if character.kind is CharacterKind.WIZARD:
        counted = [s for s in character.spells if profile.thief_spells is ThiefSpells.ALL
                   or s in catalogue.thief_spells]
        if counted:
            total += catalogue.thief_spell_reduction * len(counted)
            notes.append(f"{len(counted)} spells x {catalogue.thief_spell_reduction}")
    added = (math.floor(total) if profile.thief_fractions is ThiefFractions.ROUND_DOWN
             else math.trunc(total))
    adjusted = y + added
    if job.risk_cap is not None and added > 0:
        adjusted = min(adjusted, max(y, job.risk_cap))
    return x, adjusted, notes


def _ma_in(ma: int, factor: object) -> bool:
    low = getattr(factor, "ma_min", None)
    high = getattr(factor, "ma_max", None)
    return (low is None or ma >= low) and (high is None or ma <= high)


def weekly_pay(character: Character, derived: Derived, job: Job, assignment: Assignment,
               catalogue: JobCatalogue, dice: Dice, week: JobWeek,
               merc_bonus: MercBonus | None = None) -> int:
    """Base pay plus every bonus, capped; dice pay is rolled (and recorded).

    ``merc_bonus`` works out a mercenary's bonus (``mercenary_bonus`` unless
    the caller remembers it: it depends only on the figure and the job).
    """
    if job.pay_formula:
        roll = dice.roll(job.pay_formula, attributes(character, derived))
        week.rolls.append(("pay", roll, f"pay {job.pay_formula}"))
        base = roll.total
    else:
        base = job.pay or 0
    cap = job.pay_max
    bonus = 0
    notes: list[str] = []
    officer = catalogue.officers.get(assignment.officer) if assignment.officer else None
    if officer:  # "+25% base and max. pay": bonuses are added to the raised base
        base = base * (100 + officer.pay_percent) // 100
        cap = cap * (100 + officer.pay_percent) // 100 if cap is not None else None
        notes.append(f"{officer.name} +{officer.pay_percent}%")
    if job.family is JobFamily.MERCENARY:
        bonus, merc_notes = (merc_bonus or mercenary_bonus)(character, derived, job, catalogue)
        notes += merc_notes
    elif job.family is JobFamily.THIEF:
        raw = sum(f.pay for f in catalogue.thief_factors
                  if f.pay and f.talent and character.knows(f.talent))
        limit = math.floor(base * catalogue.thief_pay_cap)
        bonus = min(raw, limit)
        if raw:
            notes.append(f"skills +${raw}" + (f" (capped at ${limit})" if raw > limit else ""))
    for extra in job.pay_bonuses:
        if character.knows(extra.talent):
            bonus += extra.pay
            notes.append(f"{extra.talent.replace('_', ' ')} +${extra.pay}")
    pay = base + bonus
    for flag, name in ((assignment.mounted, "mounted"), (assignment.flying_mount,
                                                         "flying_mount")):
        if flag:
            percent = int(catalogue.merc[name]["pay_percent"])
            pay = pay * (100 + percent) // 100
            notes.append(f"{name.replace('_', ' ')} +{percent}%")
    if assignment.self_employed and catalogue.merchant:
        raise_by = max(pay * int(catalogue.merchant["pay_percent"]) // 100,
                       int(catalogue.merchant["pay_min_increase"]))
        pay += raise_by
        notes.append(f"self-employed +${raise_by}")
    if cap is not None and pay > cap:
        notes.append(f"capped at ${cap}")
        pay = cap
    if assignment.own_lifestyle:
        lifestyle = catalogue.lifestyles.get(provided_lifestyle(job, assignment, catalogue))
        if lifestyle:
            share = math.floor(lifestyle.total * catalogue.own_lodging_fraction)
            own = share // max(1, catalogue.lifestyle_weeks)
            pay += own
            notes.append(f"own food and lodging +${own}")
    week.say(f"Pay ${pay}" + (f" ({'; '.join(notes)})" if notes else ""))
    return pay


def provided_lifestyle(job: Job, assignment: Assignment, catalogue: JobCatalogue) -> str:
    """The lifestyle the job provides (an officer's rank sets its own).

    A self-employed merchant lives a level better (the expansion's merchants).
    """
    officer = catalogue.officers.get(assignment.officer) if assignment.officer else None
    key = officer.lifestyle if officer and officer.lifestyle else job.lifestyle
    if assignment.self_employed and catalogue.merchant and key in catalogue.lifestyles:
        levels = int(catalogue.merchant["lifestyle_levels"])
        level = catalogue.lifestyles[key].level + levels
        better = [ls.key for ls in catalogue.lifestyles.values() if ls.level == level]
        if better:
            return better[0]
    return key


def mercenary_bonus(character: Character, derived: Derived, job: Job,
                    catalogue: JobCatalogue) -> tuple[int, Sequence[str]]:
    """A mercenary's pay bonus (extra talents, ST + DX, missiles, race, armor) and its notes."""
    merc = catalogue.merc
    bonus, notes = 0, []
    extra = _skill_count(character, catalogue, "combat") - int(
        job.requires.get("combat_talents", 0) or 0)
    per_two = int(merc["per_2_extra_combat_talents"])
    if extra >= 2:
        bonus += per_two * (extra // 2)
        notes.append(f"{extra} extra combat talents +${per_two * (extra // 2)}")
    over = character.st + character.dx - int(job.requires.get("st_dx", 0) or 0)
    for step in sorted(merc["st_dx_over_min"], key=lambda s: -int(s["over"])):
        if over >= int(step["over"]):
            bonus += int(step["pay"])
            notes.append(f"ST + DX {over} over +${step['pay']}")
            break
    rapid = any(line.weapon.missile and line.weapon.fast_dx is not None
                and derived.adj_dx >= line.weapon.fast_dx for line in derived.weapons)
    if rapid:
        bonus += int(merc["rapid_fire_missile"])
        notes.append(f"rapid-fire missile weapon +${merc['rapid_fire_missile']}")
    race_bonus = int(merc["races"].get(character.race, 0))  # other races get no bonus
    if race_bonus:
        bonus += race_bonus
        notes.append(f"{character.race} +${race_bonus}")
    stops = derived.hits_stopped_shield or derived.hits_stopped
    for step in sorted(merc["armor_stops"], key=lambda s: -int(s["min"])):
        if stops >= int(step["min"]):
            bonus += int(step["pay"])
            notes.append(f"armor stopping {stops} +${step['pay']}")
            break
    if character.kind is CharacterKind.WIZARD and merc["wizard_pay"]:
        bonus += int(merc["wizard_pay"])
        notes.append(f"wizard +${merc['wizard_pay']}")
    return bonus, notes


def run_job_week(character: Character, derived: Derived, job: Job, assignment: Assignment,
                 catalogue: JobCatalogue, dice: Dice,
                 profile: RuleProfile = DEFAULT_PROFILE,
                 pay: PayRule | None = None) -> JobWeek:
    """Resolve one week of a job for one character.

    Weekly XP is for "each successful week of work": a disaster week earns
    none unless the campaign's ``disaster_week_xp`` says otherwise.
    ``pay`` works the pay out (``weekly_pay`` unless the caller remembers it).
    """
    week = JobWeek(character.name, job.name, weeks_left=assignment.weeks_left,
                   found=assignment.found,
                   lifestyle=provided_lifestyle(job, assignment, catalogue))
    values = attributes(character, derived)
    if not week.found:
        if job.find:
            text, _mod = find_roll(job, assignment, catalogue)
            roll, target, ok = dice.check(text, values)
            week.rolls.append(("find", roll, f"to find: {roll.total} vs {target}"))
            if not ok:
                week.say(f"Spent the week looking for work as {job.name}; found nothing.")
                return week
        week.found = True
        if job.min_weeks:
            roll = dice.roll(job.min_weeks)
            week.rolls.append(("min_weeks", roll, f"minimum weeks {job.min_weeks}"))
            week.weeks_left = roll.total
        week.say(f"Found work as {job.name}" + (f" for at least {count(week.weeks_left, 'week')}"
                                                if week.weeks_left else "") + ".")
    week.worked = True
    week.weeks_left = max(0, week.weeks_left - 1)
    if job.risk is not None:
        x, y, notes = risk_numbers(character, derived, job, catalogue, profile)
        roll = dice.roll(catalogue.rolls.risk)
        note = f"risk {x}/{y}" + (f" (thief: {', '.join(notes)})" if notes else "")
        week.rolls.append(("risk", roll, note))
        if roll.total <= x:
            times = catalogue.bonus_times(roll.total)
            week.bonus_xp = math.floor(times * present_total(character))
            week.say(f"Something special happened: bonus {week.bonus_xp} XP "
                     f"({times} x attributes {present_total(character)}).")
        if roll.total >= y:
            week.disaster = True
            _disaster(job, catalogue, dice, values, week)
    if job.xp_week and (profile.disaster_week_xp or not week.disaster):
        week.xp = job.xp_week
    week.pay = (pay or weekly_pay)(character, derived, job, assignment, catalogue, dice, week)
    return week


def _disaster(job: Job, catalogue: JobCatalogue, dice: Dice, values: dict[str, int],
              week: JobWeek) -> None:
    rolls = catalogue.rolls
    highest = max(rolls.disaster_attributes, key=lambda a: values[a])
    roll, target, saved = dice.check(f"{rolls.disaster}/{highest}", values)
    week.rolls.append(("disaster", roll, f"against {highest} {target}: "
                                          f"{'saved' if saved else 'failed'}"))
    damage_text = job.damage_save if saved else job.damage_fail
    if damage_text:
        damage = dice.roll(damage_text)
        week.rolls.append(("damage", damage, f"damage {damage_text}"))
        week.damage = max(0, damage.total)
    hurt = count(week.damage, "hit") if week.damage else "no hits"
    week.say(f"Disaster! Made the roll against {highest}, so only the lesser harm: {hurt}."
             if saved else f"Disaster! Missed the roll against {highest}: {hurt}.")
    if job.family is JobFamily.THIEF:
        arrest, target, free = dice.check(catalogue.arrest_roll, values)
        week.rolls.append(("arrest", arrest, f"to avoid arrest: {arrest.total} vs {target}"))
        if not free:
            week.arrested = True
            week.say("Arrested.")
