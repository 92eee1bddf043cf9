"""``tftmanager encounter CAMPAIGN ACTION``: run a fight from a terminal or a script.

The same application functions as Campaign > New Encounter.  Each action
works on the newest encounter in progress unless ``--id`` names one.  Rolls
are typed with ``--roll`` (in the order the rules ask for them) or made by
the campaign's seeded generator.  Exit codes follow main.py: 0 done, 2 the
input could not be used (one line on stderr; nothing is changed).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tftmanager.app import bestiary, campaigns, encounters
from tftmanager.app.encounter_end import Review, end_encounter, review_end
from tftmanager.app.library import library_for
from tftmanager.app.location import CampaignLocation
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.cli.exit_codes import OK
from tftmanager.rules.awards import CombatType
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.new_figures import QuickFigure

COMBATS = [c.value for c in CombatType]


def add_parser(subparsers: Any) -> None:
    """Add ``encounter`` and its actions to main.py's sub-parsers."""
    p = subparsers.add_parser(
        "encounter", help="run a fight: new, add, attack, hit, next-turn, show, end",
        description="Run a fight at the table; every change is saved (and can be undone).")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--id", type=int, default=None, help="the encounter (default: the newest "
                   "in progress)")
    act = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    q = act.add_parser("new", help="start an encounter")
    q.add_argument("name")
    q.add_argument("--combat", choices=COMBATS, default="death")
    q.add_argument("--seed", type=int, default=None)
    q = act.add_parser("add", help="add a figure to a side")
    q.add_argument("side")
    who = q.add_mutually_exclusive_group(required=True)
    who.add_argument("--character", metavar="NAME", help="a party character")
    who.add_argument("--creature", metavar="KEY", help="a bestiary template")
    who.add_argument("--quick", metavar="NAME", help="a figure typed in (with --st, --dx)")
    q.add_argument("--name", default="", help="the creature's name in this fight")
    for flag in ("st", "dx", "iq", "ma"):
        q.add_argument(f"--{flag}", default=None)
    for flag in ("armor", "shield", "weapon", "damage"):
        q.add_argument(f"--{flag}", default="")
    q = act.add_parser("initiative", help="roll the initiative (a roll-off for 3+ sides)")
    q.add_argument("--roll", type=int, action="append", metavar="N")
    q.add_argument("--first", metavar="SIDE", help="the winner's choice of who moves first")
    q = act.add_parser("order", help="the attack order by adjusted DX")
    q.add_argument("--roll", type=int, action="append", metavar="N")
    q = act.add_parser("attack", help="roll to hit and for damage")
    q.add_argument("attacker")
    q.add_argument("target")
    q.add_argument("--roll", type=int, action="append", metavar="N")
    q.add_argument("--dice", type=int, default=0,
                   help="dice to hit (default 3, or 4 when the target dodges or defends)")
    q.add_argument("--weapon", type=int, default=None, help="the attacker's weapon number "
                   "(default: the ready weapon)")
    q.add_argument("--second-shot", action="store_true")
    q = act.add_parser("hit", help="enter the damage a blow did")
    q.add_argument("target")
    q.add_argument("damage")
    q.add_argument("--by", default="", metavar="ATTACKER")
    q.add_argument("--ignore-armor", action="store_true")
    q.add_argument("--roll", type=int, action="append", metavar="N",
                   help="a knockdown roll the house rules call for")
    q = act.add_parser("option", help="a figure's option this turn (move, charge, dodge, "
                       "defend, missile, attack, ready, stand_up, ...)")
    q.add_argument("figure")
    q.add_argument("option")
    for name, text in (("drop", "drop a weapon"), ("ready", "ready a weapon (pick up a "
                                                             "dropped one)")):
        q = act.add_parser(name, help=text)
        q.add_argument("figure")
        q.add_argument("weapon", type=int, help="the weapon number (as show lists them)")
    q = act.add_parser("flee", help="a figure leaves the fight (the arena's door)")
    q.add_argument("figure")
    _more_actions(act)


def _more_actions(act: Any) -> None:
    """The actions after the blows: disengage, draw, spend, flesh, mount, fall, show, end..."""
    for name, text in (("disengage", "options (l), (r): in its place in the attack order, "
                                     "move one hex away, or roll to get out of HTH"),
                       ("draw", "option (q) in HTH: roll to draw and ready the dagger")):
        q = act.add_parser(name, help=text)
        q.add_argument("figure")
        q.add_argument("--roll", type=int, action="append", metavar="N")
    q = act.add_parser("spend", help="ST a wizard spends on a spell (fatigue)")
    q.add_argument("figure")
    q.add_argument("st", nargs="?", default=None)
    q.add_argument("--spell", default="")
    q = act.add_parser("flesh", help="Stone Flesh or Iron Flesh cast on a figure ('none': "
                       "it ends)")
    q.add_argument("figure")
    q.add_argument("spell")
    for name, text in (("mount", "a figure mounts: 3-D falls on the horseman row"),
                       ("dismount", "a figure dismounts")):
        act.add_parser(name, help=text).add_argument("figure")
    q = act.add_parser("fall", help="3-D play: a fall of so many tile heights")
    q.add_argument("figure")
    q.add_argument("tiles", type=int)
    q.add_argument("--roll", type=int, action="append", metavar="N")
    act.add_parser("next-turn", help="end the turn")
    q = act.add_parser("show", help="the figures, the order and the log")
    q.add_argument("--log", type=int, default=8, metavar="N", help="log lines to show")
    q = act.add_parser("end", help="end the fight: XP, wounds, wear (one change)")
    q.add_argument("--combat", choices=COMBATS, default=None)
    q.add_argument("--award", action="append", default=[], metavar="NAME=XP")
    q.add_argument("--lose-dropped", action="store_true")
    act.add_parser("bestiary", help="list the bestiary's templates")
    q = act.add_parser("sheet", help="print the encounter sheet to a PDF (one page)")
    q.add_argument("--out", required=True, help="the PDF file to write")
    q.add_argument("--paper", choices=["letter", "a4"], default="letter")


def _number(text: object, what: str) -> int:
    try:
        return int(str(text))
    except ValueError:
        raise encounters.EncounterRefused(f"{what} must be a whole number, not "
                                          f"'{text}'.") from None


def run(args: argparse.Namespace) -> int:
    """Run one encounter action."""
    if args.action in ("show", "bestiary", "sheet"):
        with campaigns.open_for_reading(path=args.campaign) as store:
            return _read(store, args)
    with campaigns.open_existing(path=args.campaign) as store:
        if args.action == "new":
            eid = encounters.new_encounter(store=store, name=args.name, combat=args.combat,
                                           seed=args.seed)
            print(f"Encounter {eid}: {args.name}")
            return OK
        eid = args.id if args.id is not None else encounters.current_id(store=store)
        if args.action == "end":
            return _end(store, eid, args)
        before = len(encounters.show(store=store, encounter_id=eid).encounter.log)
        _act(store, eid, args)
        log = encounters.show(store=store, encounter_id=eid).encounter.log
        for line in log[before:] or log[-1:]:  # every line the action wrote
            print(line)
    return OK


def _act(store: Any, eid: int, args: argparse.Namespace) -> None:
    a = args.action
    common = {"store": store, "encounter_id": eid}
    if a == "add":
        _add(store, eid, args)
    elif a == "initiative":
        encounters.roll_initiative(**common, rolls=args.roll, first=args.first or "")
    elif a == "order":
        encounters.order_attacks(**common, rolls=args.roll)
    elif a == "attack":
        encounters.attack(**common, attacker=args.attacker, target=args.target,
                          rolls=args.roll, dice=args.dice,
                          weapon=None if args.weapon is None else args.weapon - 1,
                          second_shot=args.second_shot)
    elif a == "hit":
        encounters.hit(**common, target=args.target, damage=_number(args.damage, "Damage"),
                       by=args.by, ignore_armor=args.ignore_armor, rolls=args.roll)
    elif a == "option":
        encounters.choose_option(**common, figure=args.figure, option=args.option)
    elif a in ("drop", "ready"):
        act = encounters.drop if a == "drop" else encounters.ready
        act(**common, figure=args.figure, weapon=args.weapon - 1)
    elif a == "flee":
        encounters.flee(**common, figure=args.figure)
    elif a in ("disengage", "draw"):
        acting = encounters.disengage if a == "disengage" else encounters.draw_dagger
        acting(**common, figure=args.figure, rolls=args.roll)
    elif a == "spend":
        encounters.spend_st(**common, figure=args.figure, spell=args.spell,
                            amount=None if args.st is None else _number(args.st, "ST spent"))
    elif a == "flesh":
        encounters.flesh(**common, figure=args.figure, spell=args.spell)
    elif a in ("mount", "dismount"):
        encounters.mount(**common, figure=args.figure, mounted=a == "mount")
    elif a == "fall":
        encounters.fall(**common, figure=args.figure, tiles=args.tiles, rolls=args.roll)
    elif a == "next-turn":
        encounters.next_turn(**common)


def _add(store: Any, eid: int, args: argparse.Namespace) -> None:
    if args.character:
        try:
            sheet = find_by_name(campaigns.party_sheets(store=store), args.character,
                                 lambda s: s.character.name)
        except NameNotFound as exc:
            raise encounters.EncounterRefused(str(exc)) from None
        assert sheet.id is not None
        encounters.add_character(store=store, encounter_id=eid, character_id=sheet.id,
                                 side=args.side)
    elif args.creature:
        encounters.add_template(store=store, encounter_id=eid, key=args.creature,
                                side=args.side, name=args.name)
    else:
        quick = QuickFigure(args.quick, _number(args.st, "ST"), _number(args.dx, "DX"),
                            _number(args.iq or 8, "IQ"), _number(args.ma or 10, "MA"),
                            args.armor, args.shield, args.weapon, args.damage)
        encounters.add_quick(store=store, encounter_id=eid, quick=quick, side=args.side)


def _read(store: Any, args: argparse.Namespace) -> int:
    if args.action == "bestiary":
        for c in bestiary.list_templates(store=store):
            print(f"{c.key:<18} {c.name:<22} ST {c.st:>2} DX {c.dx:>2} MA {c.ma:>2}")
        return OK
    if args.action == "show" and args.log < 0:
        raise encounters.EncounterRefused(f"Log lines must be 0 or more, not {args.log}.")
    eid = args.id if args.id is not None else encounters.current_id(store=store)
    view = encounters.show(store=store, encounter_id=eid)
    if args.action == "sheet":
        return _sheet(view.encounter, library_for(store).combat_rules(), args)
    for text in show_lines(view.encounter, library_for(store).combat_rules(), args.log):
        print(text)
    return OK


def _sheet(enc: Encounter, rules: CombatRules, args: argparse.Namespace) -> int:
    """Write the one-page encounter sheet (Qt is loaded only for this)."""
    from tftmanager.cards.errors import CardExportError  # noqa: PLC0415 - Qt, loaded late
    from tftmanager.cards.layout import Paper  # noqa: PLC0415
    from tftmanager.cli.cards_command import ensure_gui_application  # noqa: PLC0415

    ensure_gui_application()
    from tftmanager.cards.encounter_sheet import export_sheet  # noqa: PLC0415

    try:
        pages = export_sheet(Path(args.out), enc, rules, paper=Paper(args.paper))
    except CardExportError as exc:
        raise encounters.EncounterRefused(str(exc)) from None
    print(f"Wrote {args.out}: the sheet of {enc.name} on {pages} page{'s' if pages != 1 else ''}")
    return OK


def show_lines(enc: Encounter, rules: CombatRules, log: int = 8) -> list[str]:
    """The encounter as text: turn, order, each figure's state, the last log lines."""
    lines = [f"{enc.name} — turn {enc.turn}" + (" (ended)" if enc.ended else "")]
    if enc.order:
        lines.append("Moves: " + ", ".join(enc.order))
    if enc.attack_order:
        lines.append("Attacks: " + ", ".join(enc.figure(f).name for f in enc.attack_order))
    for f in enc.figures:
        stopped = ", ".join(f"{p.name} {p.stops} ({p.stopped} stopped)" for p in f.protections)
        state = f.condition(rules, enc.turn).value
        option = rules.options.get(f.option)
        lines.append(f"  {f.fid:<4}{f.name:<20}{f.side:<12}ST {f.current_st:>3}/{f.st:<3} "
                     f"adjDX {f.adj_dx():>2}  {state}" + (" (fled)" if f.fled else "")
                     + (" (mounted)" if f.mounted else "")
                     + (f"; {option.name}" if option else ""))
        if stopped:
            lines.append(f"      stops: {stopped}")
        if f.attacks:
            lines.append("      weapons: " + ", ".join(
                f"{i}. {a.name} {a.damage}" for i, a in enumerate(f.attacks, start=1)))
    if log:
        lines.append("Log:")
        lines.extend(f"  {entry}" for entry in enc.log[-log:])
    return lines


def _end(store: Any, eid: int, args: argparse.Namespace) -> int:
    combat = CombatType(args.combat) if args.combat else None
    review = review_end(store=store, encounter_id=eid, combat=combat)
    awards = _awards(review, args.award)
    end_encounter(store=store, encounter_id=eid, awards=awards, combat=combat,
                  lose_dropped=args.lose_dropped)
    print(f"Ended {review.name} ({review.combat.value} combat; "
          + (f"{review.winner} won)." if review.winner else "no side has won)."))
    for e in review.endings:
        amount = awards.get(e.character_id, e.award.amount)
        wear = ", ".join(f"{w.name} +{w.hits}" for w in e.wear)
        print(f"  {e.name}: {amount} XP ({e.award.reason}); {e.wounds} hits, "
              f"fatigue {e.fatigue}" + (f"; wear {wear}" if wear else "")
              + (f"; {e.missiles} missiles shot" if e.missiles else "")
              + ("; DYING: make the death-and-dying roll" if e.dying else ""))
    return OK


def _awards(review: Review, given: list[str]) -> dict[int, int]:
    found: dict[int, int] = {}
    for text in given:
        name, _sep, amount = text.partition("=")
        try:
            ending = find_by_name(list(review.endings), name.strip(), lambda e: e.name)
        except NameNotFound as exc:
            raise encounters.EncounterRefused(str(exc)) from None
        found[ending.character_id] = _number(amount, f"The award for {ending.name}")
    return found
