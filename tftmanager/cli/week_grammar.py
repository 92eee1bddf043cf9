"""The arguments of xp, week and jobs (the rules of a week are loaded only for these)."""

from __future__ import annotations

import argparse

from tftmanager.app.location import CampaignLocation
from tftmanager.cli import party_command
from tftmanager.cli.arguments import Parser
from tftmanager.rules.assignment import Activity
from tftmanager.rules.experience import Attribute
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent


def stop_events(text: str) -> frozenset[StopEvent]:
    """``--stop-on injury,arrest,dying`` (or ``none``) as the events."""
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if words == ["none"]:
        return frozenset()
    known = {e.value for e in StopEvent}
    unknown = [w for w in words if w not in known]
    if unknown or not words:
        raise argparse.ArgumentTypeError(
            f"unknown event {', '.join(unknown) or repr(text)}: choose from "
            f"{', '.join(sorted(known))} (comma-separated) or none")
    return frozenset(StopEvent(w) for w in words)


def add_xp_parsers(sub: argparse._SubParsersAction[Parser]) -> None:
    """The xp commands."""
    p = sub.add_parser("xp", help="experience: award, correct, raise, show")
    xp = p.add_subparsers(dest="action", required=True, parser_class=Parser)
    q = xp.add_parser("award", help="award XP to the party or to named characters")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("--party", type=int, metavar="AMOUNT", help="award every character")
    q.add_argument("--name", action="append", default=[], help="a character (repeatable)")
    q.add_argument("--amount", type=int, help="amount for --name")
    q.add_argument("--reason", required=True)
    q.add_argument("--split", action="store_true", help="split the amount evenly")
    q = xp.add_parser("show", help="a character's balance and ledger")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q = xp.add_parser("raise", help="spend XP on one point of an attribute")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q.add_argument("attribute", type=str.lower, choices=[a.value for a in Attribute],
                   help="st, dx, iq or sp (any case)")
    party_command.add_correct_parser(xp)


def add_week_parsers(sub: argparse._SubParsersAction[Parser]) -> None:
    """The week and jobs commands."""
    p = sub.add_parser("week", help="run job weeks for the party")
    p.add_argument("campaign", type=CampaignLocation.parse)
    p.add_argument("--weeks", type=int, default=1, help="how many weeks (default 1)")
    p.add_argument("--seed", type=int, help="seed: the same seed gives the same report")
    p.add_argument("--dry-run", action="store_true", help="roll everything, write nothing")
    p.add_argument("--stop-on", type=stop_events, default=DEFAULT_STOP_ON,
                   metavar="EVENTS",
                   help="stop a run of weeks after a week with any of these, comma-separated: "
                        f"{', '.join(e.value for e in StopEvent)}, or none "
                        f"(default {','.join(sorted(DEFAULT_STOP_ON))})")

    p = sub.add_parser("jobs", help="job catalogue and weekly assignments")
    jobs = p.add_subparsers(dest="action", required=True, parser_class=Parser)
    q = jobs.add_parser("list", help="every job, with values still unset")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q = jobs.add_parser("assign", help="set a character's weekly activity")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("name")
    q.add_argument("activity", type=str.lower, choices=[a.value for a in Activity])
    q.add_argument("--job", help="job key (see jobs list)")
    q.add_argument("--talent", help="for study: the talent to begin studying")
    q.add_argument("--teacher", action="store_true", help="for study: with a teacher")
    q.add_argument("--anyway", action="store_true",
                   help="assign a job the character is not yet eligible for")
    q.add_argument("--officer", choices=["sergeant", "lieutenant", "captain"])
    q.add_argument("--mounted", action="store_true")
    q.add_argument("--flying-mount", action="store_true")
    q.add_argument("--self-employed", action="store_true", help="a merchant with a shop")
    q.add_argument("--own-lifestyle", action="store_true")
    q.add_argument("--lifestyle", default="poor", help="lifestyle paid when idle")
    q = jobs.add_parser("set", help="supply a job value the scan lost")
    q.add_argument("campaign", type=CampaignLocation.parse)
    q.add_argument("job")
    q.add_argument("field", help="e.g. xp_week, pay, risk, find, min_weeks, damage_fail")
    q.add_argument("value", help="a whole number, x/y for risk (4/17), or dice (3d/IQ, 1d+2)")
