"""Schema 15: each operation keeps what it did as data (``operation.deed``, JSON).

The story used to read every operation's label back with regular
expressions.  From now on an operation records its deed (event, characters
by uid and the name they had, amounts, weeks) as it is made, and the label
and the story are both written from it.  The labels of operations made
before are read here one last time, with the very patterns the story used,
so an upgraded campaign's story reads as it did; a label no pattern matches
is kept as an operation told as its label (``{"event": "told"}``), as the
story told it.  The store backs the file up before this runs.

Revision ID: 0015_deed
Revises: 0014
Create Date: 2026-11-28
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0015_deed"
down_revision = "0014"
branch_labels = None
depends_on = None

SCHEMA = 15

# The field names the edit labels showed (rules.describe at schema 13), read back.
_SHOWN = {
    "name": "name", "race": "race", "ST": "st", "DX": "dx", "IQ": "iq", "SP": "sp",
    "player": "player", "armor": "armor", "shield": "shield", "weapon in hand": "ready_weapon",
    "kind": "kind", "body weight": "body_kg", "wounds": "wounds",
    "recovery weeks": "recovery_weeks", "status": "status", "shield ready": "shield_ready",
    "points bought": "bought_points", "memory bought": "memory_bought",
    "fatigue": "fatigue", "age": "age",
}
_NAMED = {
    "notes edited": "notes", "weapons changed": "weapons", "talents changed": "talents",
    "spells changed": "spells", "possessions changed": "items", "mount changed": "mount",
    "languages changed": "languages",
}

Facts = dict[str, Any]
# (pattern, event, how the match becomes facts); the patterns are the story's at schema 13.
_Rule = tuple[re.Pattern[str], str, Callable[[re.Match[str]], Facts]]


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def _edit_fields(what: str) -> Facts:
    """"ST 8 -> 9; notes edited" as the fields it names, with their two values."""
    fields: dict[str, list[str]] = {}
    for part in what.split("; "):
        if part in _NAMED:
            fields[_NAMED[part]] = ["", ""]
        elif part.startswith("renamed from "):
            fields["name"] = [part.removeprefix("renamed from "), ""]
        elif " -> " in part:
            left, new = part.split(" -> ", 1)
            shown = next((s for s in sorted(_SHOWN, key=len, reverse=True)
                          if left.startswith(s + " ")), left.split(" ", 1)[0])
            fields[_SHOWN.get(shown, shown)] = [left[len(shown) + 1:], new]
    return {"fields": fields}


_RULES: dict[str, list[_Rule]] = {
    "experience": [
        (re.compile(r"^(?P<who>.+?): (?P<attr>ST|DX|IQ|SP|Skill Points) (?P<a>\d+) -> "
                    r"(?P<b>\d+) \((?P<cost>[\d,]+) XP\)$"), "raised",
         lambda m: {"attribute": m["attr"], "before": int(m["a"]), "after": int(m["b"]),
                    "xp": _int(m["cost"])}),
        (re.compile(r"^(?P<who>.+?): memory (?P<a>\d+) -> (?P<b>\d+) \((?P<cost>[\d,]+) XP\)$"),
         "memory", lambda m: {"before": int(m["a"]), "after": int(m["b"]),
                              "xp": _int(m["cost"])}),
        (re.compile(r"^(?P<who>.+?): (?P<amount>[+-][\d,]+) XP, (?P<why>.+)$"), "award",
         lambda m: {"amount": _int(m["amount"]), "reason": m["why"]}),
    ],
    "equipment": [
        (re.compile(r"^(?P<who>.+?): bought (?P<what>.+) \(\$(?P<price>[\d,]+)\)$"), "bought",
         lambda m: {"what": m["what"], "price": _int(m["price"])}),
        (re.compile(r"^(?P<who>.+?): took (?P<what>.+) \(\$0\)$"), "took",
         lambda m: {"what": m["what"]}),
        (re.compile(r"^(?P<who>.+?): sold (?P<what>.+) for \$(?P<price>[\d,]+)$"), "sold",
         lambda m: {"what": m["what"], "price": _int(m["price"])}),
        (re.compile(r"^(?P<who>.+?): got rid of (?P<what>.+)$"), "discarded",
         lambda m: {"what": m["what"]}),
        (re.compile(r"^(?P<who>.+?): repaired (?P<what>.+) \(\$(?P<price>[\d,]+)\)$"),
         "repaired", lambda m: {"what": m["what"], "price": _int(m["price"])}),
        (re.compile(r"^(?P<who>.+?): given (?P<what>.+)$"), "given",
         lambda m: {"what": m["what"]}),
        (re.compile(r"^(?P<who>.+?): (?P<what>.+) stopped (?P<n>\d+) more hits?$"), "stopped",
         lambda m: {"what": m["what"], "hits": int(m["n"])}),
        (re.compile(r"^(?P<who>.+?): \+\$(?P<amount>[\d,]+), (?P<why>.+)$"), "money",
         lambda m: {"amount": _int(m["amount"]), "reason": m["why"]}),
        (re.compile(r"^(?P<who>.+?): -\$(?P<amount>[\d,]+), (?P<why>.+)$"), "money",
         lambda m: {"amount": -_int(m["amount"]), "reason": m["why"]}),
    ],
    "character": [
        (re.compile(r"^Added (?P<who>.+)$"), "added", lambda m: {}),
        (re.compile(r"^Deleted (?P<who>.+)$"), "deleted", lambda m: {}),
        (re.compile(r"^Duplicated (?P<who>.+) as (?P<copy>.+)$"), "duplicated", lambda m: {}),
        (re.compile(r"^(?P<who>.+?): wounds (?P<a>\d+) -> (?P<b>\d+)$"), "edited",
         lambda m: {"fields": {"wounds": [m["a"], m["b"]]}}),
        (re.compile(r"^(?P<who>.+?): (?P<what>.+ -> .+)$"), "edited",
         lambda m: _edit_fields(m["what"])),
    ],
    "week": [
        (re.compile(r"^(?P<who>.+?): survival roll (?P<a>\d)\+(?P<b>\d) = (?P<t>-?\d+), "
                    r"(?P<fate>survived|died)$"), "survival",
         lambda m: {"faces": [int(m["a"]), int(m["b"])], "total": int(m["t"]),
                    "survived": m["fate"] == "survived"}),
        (re.compile(r"^Advanced to week (?P<w>\d+) \(studies only\)$"), "study_week",
         lambda m: {"week": int(m["w"])}),
        (re.compile(r"^Ran weeks? (?P<first>\d+)(?:-(?P<last>\d+))? \(seed (?P<seed>\d+)\)$"),
         "weeks", lambda m: {"first": int(m["first"]), "last": int(m["last"] or m["first"]),
                             "seed": int(m["seed"])}),
    ],
    "library": [
        (re.compile(r"^Library: saved (?P<what>.+)$"), "entry_saved",
         lambda m: {"what": m["what"]}),
        (re.compile(r"^Library: deleted (?P<what>.+)$"), "entry_deleted",
         lambda m: {"what": m["what"]}),
        (re.compile(r"^Library imported \((?P<n>\d+) entries\)$"), "library_imported",
         lambda m: {"count": int(m["n"])}),
    ],
    "jobs": [
        (re.compile(r"^(?P<who>.+?): works as (?P<job>.+)$"), "job",
         lambda m: {"job": m["job"]}),
        (re.compile(r"^(?P<who>.+?): assigned to (?P<what>.+)$"), "assigned",
         lambda m: {"activity": m["what"]}),
    ],
}
_AWARD_TO = re.compile(r"^(?P<kind>[A-Z].*) to (?P<n>\d+)$")


class _Party:
    """The campaign's characters, to give a deed's names their uid where they can be known."""

    def __init__(self, rows: list[tuple[int, str, str]]) -> None:
        self.uid = {cid: uid for cid, uid, _name in rows}
        self.name = {cid: name for cid, _uid, name in rows}
        by_name: dict[str, list[str]] = {}
        for _cid, uid, name in rows:
            by_name.setdefault(name, []).append(uid)
        self.by_name = {name: uids[0] for name, uids in by_name.items() if len(uids) == 1}

    def who(self, name: str, touched: list[int]) -> dict[str, str]:
        """The character of this name: the one the operation touched, else the one so named."""
        uid = self.uid.get(touched[0], "") if len(touched) == 1 else ""
        return {"uid": uid or self.by_name.get(name, ""), "name": name}

    def everyone(self, touched: list[int], count: int) -> list[dict[str, str]]:
        """An award's characters (those it touched), ``count`` of them as the label said."""
        found = [{"uid": self.uid.get(cid, ""), "name": self.name.get(cid, "")}
                 for cid in touched][:count]
        return found + [{"uid": "", "name": ""}] * (count - len(found))


def deed_of(kind: str, label: str, touched: list[int], party: _Party) -> Facts:
    """The deed an operation of schema 13 told, read from its label (the last time)."""
    for pattern, event, facts_of in _RULES.get(kind, ()):
        match = pattern.match(label)
        if match is None:
            continue
        facts = facts_of(match)
        groups = match.groupdict()
        who: list[dict[str, str]] = []
        if event == "award":
            award = _AWARD_TO.match(groups["who"])
            if groups["who"] == "Party award":
                facts["xp_kind"] = "award"
                who = party.everyone(touched, max(len(touched), 2))
            elif award is not None:
                facts["xp_kind"] = award["kind"].lower()
                who = party.everyone(touched, int(award["n"]))
            else:
                facts["xp_kind"] = "award"
                who = [party.who(groups["who"], touched)]
        elif event == "duplicated":
            who = [party.who(groups["who"], []), party.who(groups["copy"], touched)]
        elif groups.get("who") is not None:
            who = [party.who(groups["who"], touched)]
        return {"event": event, "who": who, **facts}
    return {"event": "told", "who": [], "text": label}


def upgrade() -> None:
    with op.batch_alter_table("operation") as batch:
        batch.add_column(sa.Column("deed", sa.String(), nullable=False,
                                   server_default=sa.text("'{}'")))
    bind = op.get_bind()
    characters = sa.table("character", sa.column("id", sa.Integer()),
                          sa.column("campaign_id", sa.Integer()),
                          sa.column("uid", sa.String()), sa.column("name", sa.String()))
    operations = sa.table("operation", sa.column("id", sa.Integer()),
                          sa.column("campaign_id", sa.Integer()), sa.column("kind", sa.String()),
                          sa.column("label", sa.String()), sa.column("characters", sa.String()),
                          sa.column("deed", sa.String()))
    parties: dict[int, _Party] = {}
    for campaign_id, op_id, kind, label, touched in bind.execute(sa.select(
            operations.c.campaign_id, operations.c.id, operations.c.kind, operations.c.label,
            operations.c.characters)).all():
        if campaign_id not in parties:
            parties[campaign_id] = _Party([tuple(r) for r in bind.execute(
                sa.select(characters.c.id, characters.c.uid, characters.c.name)
                .where(characters.c.campaign_id == campaign_id)).all()])
        deed = deed_of(kind, label, [int(c) for c in json.loads(touched or "[]")],
                       parties[campaign_id])
        bind.execute(operations.update().where(operations.c.id == op_id)
                     .values(deed=json.dumps(deed, sort_keys=True)))
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    with op.batch_alter_table("operation") as batch:
        batch.drop_column("deed")
    sqlite_pragma(op, "user_version", 14)
