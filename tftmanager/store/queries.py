"""Queries over an open campaign; each takes the caller's session (one transaction)."""

from __future__ import annotations

import functools
import json
import uuid
from collections import defaultdict, namedtuple
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, cast, literal_column, null, union_all
from sqlalchemy import select as sa_select
from sqlalchemy import update as sa_update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col, select

from tftmanager.rules.character import Character
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.bulk import update_by_id
from tftmanager.store.mapping import (
    ChildRows,
    apply_to_row,
    child_rows,
    child_values,
    scalar_values,
    to_character,
)
from tftmanager.store.tables import (
    CampaignRow,
    CharacterRow,
    CharacterSpellRow,
    CharacterTalentRow,
    PossessionRow,
    utcnow,
)

CHILD_TABLES = (CharacterTalentRow, CharacterSpellRow, PossessionRow)


@dataclass(frozen=True)
class StoredCharacter:
    """A character with its identity in the store."""

    id: int
    uid: str
    character: Character


class NotFound(LookupError):
    """A row the caller named is not in the campaign."""


@dataclass(frozen=True)
class CampaignInfo:
    """The campaign's own values the use cases read (its profile has its own function)."""

    id: int
    name: str
    week: int
    undo_limit: int


def _campaign_row(session: Session, campaign_id: int) -> CampaignRow:
    row = session.get(CampaignRow, campaign_id)
    if row is None:
        raise NotFound(f"campaign {campaign_id}")
    hold(session, row)
    return row


def campaign(*, session: Session, campaign_id: int) -> CampaignInfo:
    """The campaign's name, current week and undo limit."""
    row = _campaign_row(session, campaign_id)
    return CampaignInfo(campaign_id, row.name, row.week, row.undo_limit)


def set_campaign(*, session: Session, campaign_id: int, week: int | None = None,
                 undo_limit: int | None = None) -> None:
    """Change the campaign's current week or undo limit (None leaves one as it is)."""
    row = _campaign_row(session, campaign_id)
    if week is not None:
        row.week = week
    if undo_limit is not None:
        row.undo_limit = undo_limit
    session.add(row)


def rule_profile(*, session: Session, campaign_id: int) -> RuleProfile:
    """The campaign's rules profile.

    From the campaign's row when the session holds it (an operation reads it
    as it begins); else its one column, read once per ``READING`` session
    (the card after a player's action asks three times and needs no ORM row).
    """
    held = session.identity_map.get(identity_key(CampaignRow, campaign_id))
    if held is not None:
        return _profile_of(held.rules_profile or "{}")
    if not session.info.get(READING):
        return _profile_of(_campaign_row(session, campaign_id).rules_profile or "{}")
    read: dict[int, str] = session.info.setdefault(_PROFILES_READ, {})
    if campaign_id not in read:
        stored = session.execute(_RULES_PROFILE, {"campaign": campaign_id}).first()
        if stored is None:
            raise NotFound(f"campaign {campaign_id}")
        read[campaign_id] = stored[0] or "{}"
    return _profile_of(read[campaign_id])


_CAMPAIGNS: Any = CampaignRow.__table__  # type: ignore[attr-defined]
_RULES_PROFILE = sa_select(_CAMPAIGNS.c.rules_profile).where(
    _CAMPAIGNS.c.id == bindparam("campaign"))
_PROFILES_READ = "rules profiles read"  # session.info: campaign id -> its profile as stored
# session.info: a session that only reads (``CampaignStore.reading``): what it read stays so.
READING = "reading only"


@functools.lru_cache(maxsize=16)
def _profile_of(stored: str) -> RuleProfile:
    """A stored profile read once per text (it is frozen): an edit reads it several times."""
    raw: dict[str, Any] = json.loads(stored)
    return RuleProfile.from_dict(raw)


def set_rule_profile(*, session: Session, campaign_id: int, profile: RuleProfile) -> None:
    """Store a new rules profile."""
    row = _campaign_row(session, campaign_id)
    row.rules_profile = json.dumps(profile.to_dict())
    session.add(row)


def list_characters(*, session: Session, campaign_id: int) -> list[StoredCharacter]:
    """Every character of the campaign, by name; four queries whatever the party size.

    Read as plain rows rather than ORM objects: the party view and a week for
    a large party read everyone often, and nothing here is written back.
    """
    table = CharacterRow.__table__  # type: ignore[attr-defined]
    rows = _plain(session.execute(
        select(table).where(table.c.campaign_id == campaign_id)
        .order_by(table.c.name, table.c.id)
    ))
    children: dict[int, ChildRows] = defaultdict(ChildRows)
    for model, attr in ((CharacterTalentRow, "talents"), (CharacterSpellRow, "spells"),
                        (PossessionRow, "possessions")):
        child = model.__table__  # type: ignore[union-attr]
        for row in _plain(session.execute(
            select(child).join(table, child.c.character_id == table.c.id)
            .where(table.c.campaign_id == campaign_id)
        )):
            getattr(children[row.character_id], attr).append(row)
    return [_stored(row, children[row.id]) for row in rows]


def _plain(result: Any) -> list[Any]:
    """A result's rows as named tuples of its columns.

    Reading a column of SQLAlchemy's row by name costs about ten times what
    it costs on a named tuple, and a character is some forty such reads (its
    row, its talents, its possessions): most of the time to read a party.
    """
    return list(map(_row_type(tuple(result.keys()))._make, result))


@functools.lru_cache(maxsize=32)
def _row_type(columns: tuple[str, ...]) -> Any:
    return namedtuple("Row", columns)


def _stored(row: CharacterRow, children: ChildRows) -> StoredCharacter:
    assert row.id is not None
    return StoredCharacter(row.id, row.uid, to_character(row, children))


def get_character(*, session: Session, character_id: int) -> StoredCharacter:
    """One character by id, to change: two queries (its row, then its lists in one).

    Plain rows, kept for ``update_character`` to compare with and write only
    what changed: loading and flushing an ORM row was a fifth of a player's
    action on the table server.  A row the session holds (changed in it) is
    that row.
    """
    held = session.identity_map.get(identity_key(CharacterRow, character_id))
    if held is not None:
        return _stored(held, _children(session, character_id))
    session.flush()  # the session's pending changes first, as an ORM read would
    row = session.execute(_CHARACTER, {"cid": character_id}).first()
    if row is None:
        raise NotFound(f"character {character_id}")
    session.info.setdefault(_ROWS, {})[character_id] = row
    return _stored(row, _children(session, character_id))  # type: ignore[arg-type]


def read_character(*, session: Session, character_id: int) -> StoredCharacter:
    """One character by id, to read only: the same two queries as ``get_character``.

    Plain rows rather than ORM objects (which an update in the same
    transaction reuses): a card or a view reads the character after every
    player's action, and building ORM rows for its lists was most of that.
    """
    row = session.execute(_CHARACTER, {"cid": character_id}).first()
    if row is None:
        raise NotFound(f"character {character_id}")
    children = ChildRows()
    lists = (children.talents, children.spells, children.possessions)
    for found in session.execute(_CHILDREN, {"cid": character_id}):
        lists[int(found.child_kind)].append(found)
    return _stored(row, children)  # type: ignore[arg-type]


def hold(session: Session, row: object) -> None:
    """Keep a row in the session until it ends, so reading it again reads nothing.

    (The session's identity map holds rows weakly: one the caller dropped
    would be read from the database again.)
    """
    session.info.setdefault("held rows", []).append(row)


def identities(*, session: Session, character_ids: list[int]) -> dict[int, tuple[str, str]]:
    """The uid and name of these characters, in one query (raises NotFound for a missing one)."""
    found = {int(cid): (str(uid), str(name)) for cid, uid, name in session.execute(
        select(CharacterRow.id, CharacterRow.uid, CharacterRow.name)
        .where(col(CharacterRow.id).in_(character_ids)))}
    missing = [cid for cid in character_ids if cid not in found]
    if missing:
        raise NotFound(f"character {missing[0]}")
    return found


def campaign_names(*, session: Session, campaign_id: int) -> dict[int, str]:
    """Every character's name by id, in one query (no lists, nothing evaluated)."""
    return {int(cid): str(name) for cid, name in session.execute(
        select(CharacterRow.id, CharacterRow.name)
        .where(CharacterRow.campaign_id == campaign_id))}


def has_characters(*, session: Session, campaign_id: int) -> bool:
    """Whether the campaign has any character (one row looked at, whatever the party's size)."""
    return session.execute(select(CharacterRow.id).where(
        CharacterRow.campaign_id == campaign_id).limit(1)).first() is not None


def existing_characters(*, session: Session, character_ids: list[int]) -> set[int]:
    """Which of these characters are still in the store (one query)."""
    return {int(cid) for cid in session.execute(
        select(CharacterRow.id).where(col(CharacterRow.id).in_(character_ids))).scalars()}


def _children_query() -> Any:
    """The talents, spells and possessions of one character as one UNION ALL (one round trip).

    Each table's rows fill the columns it has, the others' are typed NULLs;
    built from the models, so a column added to a list's table comes along.
    """
    tables: list[Any] = [model.__table__ for model in CHILD_TABLES]  # type: ignore[union-attr]
    columns: dict[str, Any] = {}
    for table in tables:
        for column in table.columns:
            columns.setdefault(column.name, column.type)
    parts: list[Any] = []
    for kind, table in enumerate(tables):
        parts.append(select(
            literal_column(str(kind)).label("child_kind"),
            *[table.c[name] if name in table.c else cast(null(), of).label(name)
              for name, of in columns.items()])
            .where(table.c.character_id == bindparam("cid")))
    return union_all(*parts).order_by("child_kind", "position")


_CHILDREN = _children_query()
_CHARACTERS: Any = CharacterRow.__table__  # type: ignore[attr-defined]
_CHARACTER = sa_select(_CHARACTERS).where(_CHARACTERS.c.id == bindparam("cid"))
_LOADED = "loaded children"  # session.info: character id -> its list rows, as read
_ROWS = "loaded characters"  # session.info: character id -> its row, as read to be changed


def _children(session: Session, character_id: int) -> ChildRows:
    """A character's list rows as stored (plain rows, kept for an update to compare with).

    Pending changes are written first, so the rows read are the session's.
    An update builds ORM rows only for the rows it changes
    (``_sync_children``): building one for every talent and possession was
    most of a small edit's time.
    """
    session.flush()
    children = ChildRows()
    lists = (children.talents, children.spells, children.possessions)
    for found in session.execute(_CHILDREN, {"cid": character_id}):
        lists[int(found.child_kind)].append(found)
    session.info.setdefault(_LOADED, {})[character_id] = children
    return children


def _held(session: Session, model: Any, stored: Any) -> Any:
    """The session's ORM row for a stored list row (built from it: no query)."""
    row = model(**{c.name: getattr(stored, c.name) for c in model.__table__.columns})
    make_transient_to_detached(row)
    return session.merge(row, load=False)


def find_by_uid(*, session: Session, campaign_id: int, uid: str) -> int | None:
    """The id of the character with this uid, if the campaign has it."""
    return session.exec(
        select(CharacterRow.id).where(
            CharacterRow.campaign_id == campaign_id, CharacterRow.uid == uid
        )
    ).first()


def insert_character(
    *,
    session: Session,
    campaign_id: int,
    character: Character,
    uid: str | None = None,
    character_id: int | None = None,
) -> StoredCharacter:
    """Add a character (``character_id`` lets undo put a deleted one back as it was)."""
    row = CharacterRow(
        id=character_id,
        uid=uid or str(uuid.uuid4()),
        campaign_id=campaign_id,
        name=character.name,
        race=character.race,
        st=character.st,
        dx=character.dx,
        iq=character.iq,
    )
    apply_to_row(row, character)
    session.add(row)
    session.flush()
    assert row.id is not None
    session.add_all(child_rows(row.id, character))
    return StoredCharacter(row.id, row.uid, character)


def update_character(*, session: Session, character_id: int, character: Character) -> None:
    """Replace a character's fields and lists (talents, spells, possessions).

    Read by ``get_character`` in this session: one UPDATE of the fields that
    changed, no ORM row.  Else (or when the session holds the ORM row) through
    the ORM row, as any write.
    """
    stored = session.info.get(_ROWS, {}).pop(character_id, None)
    if stored is None or session.identity_map.get(
            identity_key(CharacterRow, character_id)) is not None:
        row = session.get(CharacterRow, character_id)
        if row is None:
            raise NotFound(f"character {character_id}")
        apply_to_row(row, character)
        row.updated_at = utcnow()
        session.add(row)
    else:  # (read again from the database by a later update in this session)
        changed = {name: value for name, value in scalar_values(character).items()
                   if getattr(stored, name) != value}
        done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
            sa_update(_CHARACTERS).where(_CHARACTERS.c.id == character_id)
            .values(**changed, updated_at=utcnow()))
        if done.rowcount != 1:  # a row the login may not change (row security hides it):
            raise StaleDataError(  # told as the ORM's flush tells it
                f"UPDATE of character {character_id} matched {done.rowcount} rows")
    _sync_children(session, character_id, character)


def _sync_children(session: Session, character_id: int, character: Character) -> None:
    """Rewrite only the list rows that differ, position by position.

    An edit then changes (and the journal records) only what it changed,
    rather than every talent and possession of the character.
    """
    loaded = session.info.get(_LOADED, {}).pop(character_id, None)
    if loaded is None:  # not read in this transaction yet (or written since)
        loaded = _children(session, character_id)
        session.info[_LOADED].pop(character_id, None)
    wanted = child_values(character_id, character)
    for table, rows in zip(CHILD_TABLES, (loaded.talents, loaded.spells, loaded.possessions),
                           strict=True):
        new = [values for model, values in wanted if model is table]
        for stored, values in zip(rows, new, strict=False):
            if any(getattr(stored, name) != value for name, value in values.items()):
                row = _held(session, table, stored)
                for name, value in values.items():
                    setattr(row, name, value)
                session.add(row)
        for surplus in rows[len(new):]:
            session.delete(_held(session, table, surplus))
        session.add_all(table(**values) for values in new[len(rows):])


def delete_character(*, session: Session, character_id: int) -> None:
    """Remove a character (its lists go with it by cascade)."""
    session.info.get(_LOADED, {}).pop(character_id, None)
    session.info.get(_ROWS, {}).pop(character_id, None)
    row = session.get(CharacterRow, character_id)
    if row is None:
        raise NotFound(f"character {character_id}")
    session.delete(row)


def update_scalars(*, session: Session, changed: dict[int, Character]) -> None:
    """Write characters whose lists (talents, spells, items...) did not change.

    One bulk UPDATE by primary key for the whole set (a run of weeks' wounds
    and statuses for a whole party), no ORM objects loaded; the ones the
    session already holds are expired, so a later read sees the new values.
    """
    if not changed:
        return
    now = utcnow()
    update_by_id(session=session, table=CharacterRow,
                 rows=[{"id": cid, **scalar_values(character), "updated_at": now}
                       for cid, character in changed.items()])
    for cid in changed:
        session.info.get(_ROWS, {}).pop(cid, None)  # as read: no longer as stored
        held = session.identity_map.get(identity_key(CharacterRow, cid))
        if held is not None:
            session.expire(held)
