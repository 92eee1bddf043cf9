"""Experience use cases: awards to one or many, spending on attributes, the ledger.

Every entry is appended in one operation with what it changed; balances are
derived from the entries, so the balance always equals the sum of the ledger.
The entries one action wrote share a batch (what ``Written`` reports); Edit >
Undo takes the action back like any other, from the campaign's journal
(``app.journal``), which puts back the rows it changed.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tftmanager.app.changes import Changes
from tftmanager.app.deed_words import record
from tftmanager.app.deeds import Deed, Event, Who, deed
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.app.xp_status import XPStatus as XPStatus  # named by the windows too
from tftmanager.app.xp_status import xp_status
from tftmanager.refusal import Refusal
from tftmanager.rules.awards import Award, split_evenly
from tftmanager.rules.experience import (
    Attribute,
    XPKind,
    entry_refusal,
    memory_refusal,
    next_cost,
    raise_refusal,
    raised,
)
from tftmanager.rules.text import REASON_MAX
from tftmanager.rules.xp_tables import CostTables
from tftmanager.store import ledger, queries
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.ledger import LedgerLine as LedgerLine  # named by the windows too


class XPRefused(Refusal, ValueError):
    """An award or purchase that cannot be made, or an award form that cannot be read."""


# What the award form takes as one enemy's ST + DX: any figure's, with room to spare.
ENEMY_TOTAL_RANGE = (1, 500)


def parse_enemy_totals(text: str) -> list[int]:
    """Each enemy's ST + DX from the award form's field ("24, 26 20").

    Raises XPRefused (a refusal, never a plain ValueError) saying what is
    wrong, so the form shows it and a bug still reaches the crash report.
    """
    parts = text.replace(",", " ").split()
    if not parts:
        raise XPRefused("Enter each enemy's ST + DX, separated by commas.")
    low, high = ENEMY_TOTAL_RANGE
    for part in parts:
        if not part.isdigit() or not low <= int(part) <= high:
            raise XPRefused(f"'{part}' is not an ST + DX total (a whole number, "
                            f"{low} to {high}).")
    return [int(part) for part in parts]


def parse_cost_steps(text: str) -> list[dict[str, int]]:
    """The ITL cost table's steps from Campaign Rules' field ("35:200, 36:300"), by total.

    Raises XPRefused saying which step cannot be read (as ``parse_enemy_totals``).
    """
    steps = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        total, sep, cost = part.partition(":")
        if not sep or not total.strip().isdigit() or not cost.strip().isdigit():
            raise XPRefused(f"'{part}' is not total:cost (e.g. 35:200).")
        steps.append({"total": int(total), "cost": int(cost)})
    if not steps or any(s["cost"] <= 0 for s in steps):
        raise XPRefused("Give at least one step, each with a cost above 0.")
    return sorted(steps, key=lambda s: s["total"])


@dataclass(frozen=True)
class Written:
    """Entries one action wrote (its batch), with the change-set."""

    batch: str
    lines: tuple[LedgerLine, ...]
    changes: Changes
    note: str = ""


def _tables(store: CampaignStore) -> CostTables:
    tables = library_for(store).xp_costs
    if tables is None:
        raise XPRefused("This campaign's library has no experience table.")
    return tables


def _reason(reason: str) -> str:
    text = " ".join(reason.split())
    if not text:
        raise XPRefused("Give a reason for the entry.")
    if len(text) > REASON_MAX:
        raise XPRefused(f"A reason can be at most {REASON_MAX} characters.")
    return text


def _played_on(played_on: dt.date | None) -> str:
    return played_on.isoformat() if played_on else ""


def award(
    *, store: CampaignStore, character_ids: Sequence[int], amount: int, reason: str,
    kind: XPKind = XPKind.AWARD, split: bool = False, played_on: dt.date | None = None,
) -> Written:
    """Give ``amount`` to each character, or split it evenly among them.

    With ``split`` the remainder is reported in ``note``, never lost silently.
    """
    ids = list(dict.fromkeys(character_ids))
    if not ids:
        raise XPRefused("Nobody to award: the party is empty.")
    refusal = entry_refusal(amount, kind)
    if refusal:
        raise XPRefused(refusal)
    text = _reason(reason)
    note = ""
    each = amount
    if split:
        share = split_evenly(amount, len(ids))
        if share.each == 0:
            raise XPRefused(f"{amount} split among {len(ids)} gives each nobody anything.")
        each = share.each
        if share.remainder:
            note = f"{share.remainder} XP left over after splitting {amount} among {len(ids)}."
    return _write(store, [(cid, each, text) for cid in ids], kind, played_on, note)


def award_each(*, store: CampaignStore, awards: Sequence[tuple[int, Award]],
               kind: XPKind = XPKind.COMBAT, played_on: dt.date | None = None) -> Written:
    """Record per-character awards (Melee's combat awards); zero awards are skipped."""
    rows = []
    for character_id, item in awards:
        if item.amount == 0:
            continue
        refusal = entry_refusal(item.amount, kind)
        if refusal:
            raise XPRefused(refusal)
        rows.append((character_id, item.amount, _reason(item.reason)))
    if not rows:
        raise XPRefused("Nobody earned anything in that combat.")
    return _write(store, rows, kind, played_on, "")


def correct(*, store: CampaignStore, character_id: int, amount: int, reason: str,
            played_on: dt.date | None = None) -> Written:
    """A correction entry (positive or negative); history is never edited."""
    refusal = entry_refusal(amount, XPKind.CORRECTION)
    if refusal:
        raise XPRefused(refusal)
    return _write(store, [(character_id, amount, _reason(reason))], XPKind.CORRECTION,
                  played_on, "")


def _write(store: CampaignStore, rows: list[tuple[int, int, str]], kind: XPKind,
           played_on: dt.date | None, note: str) -> Written:
    batch = str(uuid.uuid4())
    with store.operation(OpKind.EXPERIENCE) as op:
        session = op.session
        week = queries.campaign(session=session, campaign_id=store.campaign_id).week
        by_id = queries.identities(session=session, character_ids=[cid for cid, _a, _r in rows])
        who = [Who(*by_id[cid]) for cid, _a, _r in rows]
        lines = tuple(ledger.append_many(session=session, rows=[
            {"character_id": cid, "amount": amount, "kind": kind.value, "reason": reason,
             "week": week, "played_on": _played_on(played_on), "batch": batch}
            for cid, amount, reason in rows]))  # one statement, the lines come back
        record(op, _award(kind, who, rows))
    ids = frozenset(cid for cid, _a, _r in rows)
    return Written(batch, lines, Changes(characters=ids, ledger=True), note)


def _award(kind: XPKind, who: list[Who], rows: list[tuple[int, int, str]]) -> Deed:
    """An award, a party's ("Party award: +500 XP") or one character's; amounts may differ."""
    amounts = {amount for _cid, amount, _r in rows}
    reasons = {reason for _cid, _a, reason in rows}
    return deed(Event.AWARD, *who, amount=amounts.pop() if len(amounts) == 1 else None,
                reason=reasons.pop() if len(reasons) == 1 else kind.value, xp_kind=kind.value)


def raise_attribute(*, store: CampaignStore, character_id: int, attribute: Attribute,
                    played_on: dt.date | None = None) -> Written:
    """Spend XP on one point of ST, DX, IQ or SP (refused with the reason)."""
    tables = _tables(store)
    batch = str(uuid.uuid4())
    with store.operation(OpKind.EXPERIENCE) as op:
        session = op.session
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        stored = queries.get_character(session=session, character_id=character_id)
        character = stored.character
        balance = ledger.balance(session=session, character_id=character_id)
        refusal = raise_refusal(character, attribute, balance, tables, profile)
        if refusal:
            raise XPRefused(refusal)
        cost = next_cost(character, tables, profile)
        after = raised(character, attribute)
        queries.update_character(session=session, character_id=character_id, character=after)
        week = queries.campaign(session=session, campaign_id=store.campaign_id).week
        ledger.append(session=session, character_id=character_id, amount=-cost,
                      kind=XPKind.SPEND.value,
                      reason=f"{attribute.label} {getattr(character, attribute.value)} → "
                             f"{getattr(after, attribute.value)}",
                      week=week, played_on=_played_on(played_on),
                      attribute=attribute.value, batch=batch)
        lines = tuple(ledger.batch_lines(session=session, batch=batch))
        record(op, deed(Event.RAISED, Who(stored.uid, character.name),
                        attribute=attribute.label, before=getattr(character, attribute.value),
                        after=getattr(after, attribute.value), xp=cost))
    return Written(batch, lines, Changes(characters=frozenset({character_id}), ledger=True))


MEMORY = "mem"  # the attribute column of a memory purchase


def buy_memory(*, store: CampaignStore, character_id: int) -> Written:
    """Legacy rule: buy one memory point with experience (only when the setting is on)."""
    tables = _tables(store)
    batch = str(uuid.uuid4())
    with store.operation(OpKind.EXPERIENCE) as op:
        session = op.session
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        stored = queries.get_character(session=session, character_id=character_id)
        character = stored.character
        balance = ledger.balance(session=session, character_id=character_id)
        refusal = memory_refusal(character, balance, tables, profile)
        if refusal:
            raise XPRefused(refusal)
        after = replace(character, memory_bought=character.memory_bought + 1)
        queries.update_character(session=session, character_id=character_id, character=after)
        week = queries.campaign(session=session, campaign_id=store.campaign_id).week
        ledger.append(session=session, character_id=character_id, amount=-tables.memory_cost,
                      kind=XPKind.SPEND.value,
                      reason=f"Memory {character.memory_bought} → {after.memory_bought}",
                      week=week, attribute=MEMORY, batch=batch)
        lines = tuple(ledger.batch_lines(session=session, batch=batch))
        record(op, deed(Event.MEMORY, Who(stored.uid, character.name),
                        before=character.memory_bought, after=after.memory_bought,
                        xp=tables.memory_cost))
    return Written(batch, lines, Changes(characters=frozenset({character_id}), ledger=True))


# Reading

def status(*, store: CampaignStore, character_id: int) -> XPStatus:
    """Balance, next cost and why each raise is refused (if it is)."""
    tables = _tables(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        character = queries.get_character(session=session, character_id=character_id).character
        balance = ledger.balance(session=session, character_id=character_id)
    return xp_status(character, balance, tables, profile)


def ledger_lines(*, store: CampaignStore, character_id: int) -> list[LedgerLine]:
    """A character's ledger, oldest first."""
    with store.transaction() as session:
        return ledger.lines_for(session=session, character_id=character_id)


def balances(*, store: CampaignStore) -> dict[int, int]:
    """Every character's balance (characters without entries are absent: read as 0)."""
    with store.transaction() as session:
        return ledger.balances(session=session, campaign_id=store.campaign_id)
