"""Schema 6: possessions are the only equipment.

Until now a character's gear was kept twice: the first figures' keys
(``character.armor``, ``shield``, ``shield_ready``, ``ready_weapon`` and the
``character_weapon`` table) and the possessions added in schema 4.  This
revision turns the keys into possessions and drops them:

- the armor becomes a worn (``readied``) armor possession, the shield a
  ready or slung (``carried``) one, the ready weapon one in hand
  (``readied``) and the other weapons carried ones;
- a possession of the same kind and key that the character already owns is
  that piece (its workmanship and wear are kept) rather than a second one;
- any other armor, shield or weapon marked ``readied`` goes back to
  ``carried``: the keys were what the figure used.

The logic is written out here, not imported from the rules, so the revision
keeps doing what it did when the rules move on.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

SCHEMA = 6
READIED, CARRIED, STORED = "readied", "carried", "stored"
STATE_ORDER = (READIED, CARRIED, STORED)
NEW_POSSESSION = sa.text(
    "INSERT INTO possession (character_id, position, kind, key, state, fine_dx, fine_damage, "
    "silver, good, hits_taken, quantity, note) "
    "VALUES (:c, :p, :kind, :key, :state, 0, 0, 0, 0, 0, 1, '')")


def upgrade() -> None:
    bind = op.get_bind()
    characters = bind.execute(sa.text(
        "SELECT id, armor, shield, shield_ready, ready_weapon FROM character")).fetchall()
    for row in characters:
        _possessions_from_keys(bind, row)
    with op.batch_alter_table("character") as batch:
        batch.drop_column("ready_weapon")
        batch.drop_column("shield_ready")
        batch.drop_column("shield")
        batch.drop_column("armor")
    op.drop_index(op.f("ix_character_weapon_character_id"), table_name="character_weapon")
    op.drop_table("character_weapon")
    sqlite_pragma(op, "user_version", SCHEMA)


def _wanted(bind: sa.Connection, row: Any) -> list[tuple[str, str, str]]:
    """(kind, key, state) for each piece the character's keys name."""
    character_id, armor, shield, shield_ready, ready = row
    wanted = []
    if armor:
        wanted.append(("armor", armor, READIED))
    if shield:
        wanted.append(("shield", shield, READIED if shield_ready else CARRIED))
    weapons = [w for (w,) in bind.execute(sa.text(
        "SELECT weapon FROM character_weapon WHERE character_id = :c ORDER BY position, id"),
        {"c": character_id}).fetchall()]
    if ready and ready not in weapons:
        weapons.append(ready)
    in_hand_done = False
    for key in weapons:
        in_hand = key == ready and not in_hand_done
        in_hand_done = in_hand_done or in_hand
        wanted.append(("weapon", key, READIED if in_hand else CARRIED))
    return wanted


def _possessions_from_keys(bind: sa.Connection, row: Any) -> None:
    """Give one character its keyed gear as possessions, reusing those it owns.

    The gear comes first (armor, shield, weapons), then the other possessions
    in their old order, so the named shield is the one the figure uses.
    """
    character_id = row[0]
    owned = bind.execute(sa.text(
        "SELECT id, kind, key, state FROM possession WHERE character_id = :c "
        "ORDER BY position, id"), {"c": character_id}).fetchall()
    states = {pid: (CARRIED if kind != "gear" and state == READIED else state)
              for pid, kind, _key, state in owned}
    gear: list[int | tuple[str, str, str]] = []  # a kept possession's id, or a new one
    for kind, key, state in _wanted(bind, row):
        matches = [(pid, s) for pid, k, kk, s in owned
                   if k == kind and kk == key and pid not in gear]
        matches.sort(key=lambda m: STATE_ORDER.index(m[1]) if m[1] in STATE_ORDER else 3)
        if matches:
            gear.append(matches[0][0])
            states[matches[0][0]] = state
        else:
            gear.append((kind, key, state))
    rest = [pid for pid, *_ in owned if pid not in gear]
    for position, entry in enumerate([*gear, *rest]):
        if isinstance(entry, tuple):
            kind, key, state = entry
            bind.execute(NEW_POSSESSION, {"c": character_id, "p": position, "kind": kind,
                                          "key": key, "state": state})
        else:
            bind.execute(sa.text("UPDATE possession SET state = :s, position = :p "
                                 "WHERE id = :id"),
                         {"s": states[entry], "p": position, "id": entry})


def downgrade() -> None:
    """Put the keys back from the possessions (the possessions stay as they are)."""
    op.create_table(
        "character_weapon",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("weapon", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_character_weapon_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character_weapon")),
    )
    op.create_index(op.f("ix_character_weapon_character_id"), "character_weapon",
                    ["character_id"])
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("armor", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("shield", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("shield_ready", sa.Boolean(), nullable=False,
                                   server_default=sa.text("0")))
        batch.add_column(sa.Column("ready_weapon", sa.String(length=40), nullable=True))
    bind = op.get_bind()
    for (character_id,) in bind.execute(sa.text("SELECT id FROM character")).fetchall():
        _keys_from_possessions(bind, character_id)
    sqlite_pragma(op, "user_version", SCHEMA - 1)


def _keys_from_possessions(bind: sa.Connection, character_id: int) -> None:
    rows = bind.execute(sa.text(
        "SELECT kind, key, state FROM possession WHERE character_id = :c AND state != :s "
        "ORDER BY position, id"), {"c": character_id, "s": STORED}).fetchall()
    armor = next((k for kind, k, s in rows if kind == "armor" and s == READIED), None)
    shields = sorted((s != READIED, k) for kind, k, s in rows if kind == "shield")
    weapons = [(k, s) for kind, k, s in rows if kind == "weapon"]
    ready = next((k for k, s in weapons if s == READIED), None)
    bind.execute(sa.text(
        "UPDATE character SET armor = :a, shield = :sh, shield_ready = :r, ready_weapon = :w "
        "WHERE id = :c"),
        {"a": armor, "sh": shields[0][1] if shields else None,
         "r": bool(shields) and not shields[0][0], "w": ready, "c": character_id})
    for position, (key, _state) in enumerate(weapons):
        bind.execute(sa.text(
            "INSERT INTO character_weapon (character_id, position, weapon) "
            "VALUES (:c, :p, :w)"), {"c": character_id, "p": position, "w": key})
