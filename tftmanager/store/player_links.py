"""The players' links to the table server (one secret per character) and their requests done.

Plain query functions over ``player_link`` and ``table_request``; neither
table is journalled (see ``tables.PlayerLinkRow`` and ``TableRequestRow``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, func, text
from sqlalchemy import select as sa_select
from sqlmodel import Session, select

from tftmanager.store.tables import CharacterRow, CharacterVersionRow, PlayerLinkRow, utcnow


def _links_query() -> Any:
    links: Any = PlayerLinkRow.__table__  # type: ignore[attr-defined]
    characters: Any = CharacterRow.__table__  # type: ignore[attr-defined]
    versions: Any = CharacterVersionRow.__table__  # type: ignore[attr-defined]
    return (sa_select(links.c.character_id, characters.c.name, characters.c.player,
                      links.c.secret, func.coalesce(versions.c.version, 0))
            .join_from(links, characters, characters.c.id == links.c.character_id)
            .outerjoin(versions, versions.c.character_id == links.c.character_id)
            .where(characters.c.campaign_id == bindparam("campaign"))
            .order_by(characters.c.name, characters.c.id))


# Built once, of plain rows: asked on every request to the table server, and with every card.
_LINKS = _links_query()


def links(*, session: Session, campaign_id: int) -> list[tuple[int, str, str, str, int]]:
    """Every link of the campaign, by name: character id, name, player, secret and version.

    One query (the table server asks on every request).  The character's
    version (``character_version``, 0 where none is kept) comes along: a
    player's action is checked against it, so it needs no query of its own.
    """
    session.flush()  # (a Core statement writes nothing pending by itself)
    rows = session.execute(_LINKS, {"campaign": campaign_id}).all()
    return [(cid, name, player, secret, int(version))
            for cid, name, player, secret, version in rows]


def put_link(*, session: Session, character_id: int, secret: str) -> None:
    """Give a character a link, replacing the one it had (renewing revokes the old secret)."""
    row = session.exec(select(PlayerLinkRow)
                       .where(PlayerLinkRow.character_id == character_id)).first()
    if row is None:
        session.add(PlayerLinkRow(character_id=character_id, secret=secret))
    else:
        row.secret = secret
        session.add(row)
    session.flush()


def drop_link(*, session: Session, character_id: int) -> bool:
    """Revoke a character's link; whether it had one."""
    row = session.exec(select(PlayerLinkRow)
                       .where(PlayerLinkRow.character_id == character_id)).first()
    if row is None:
        return False
    session.delete(row)
    session.flush()
    return True


# Requests done kept per character: a page re-sends within minutes, a few at a time.
REQUESTS_KEPT = 200
# Old requests are dropped at every this many ids (one statement, by the index).
PRUNE_EVERY = 50


def record_request(*, session: Session, character_id: int, nonce: str) -> bool:
    """Record a request as done, in the caller's transaction; False if it was done before.

    One statement (an insert that does nothing for a known nonce).  Now and
    then the character's oldest are dropped, past ``REQUESTS_KEPT``.
    """
    new_id = session.execute(text(
        "INSERT INTO table_request (character_id, nonce, received_at) "
        "VALUES (:c, :n, :t) ON CONFLICT (nonce) DO NOTHING RETURNING id"),
        {"c": character_id, "n": nonce, "t": utcnow()}).scalar()
    if new_id is None:
        return False
    if int(new_id) % PRUNE_EVERY == 0:
        session.execute(text(
            "DELETE FROM table_request WHERE character_id = :c AND id <= "
            "(SELECT id FROM table_request WHERE character_id = :c "
            "ORDER BY id DESC LIMIT 1 OFFSET :keep)"), {"c": character_id, "keep": REQUESTS_KEPT})
    return True


def request_done(*, session: Session, nonce: str) -> bool:
    """Whether a request with this nonce was done."""
    return session.execute(text("SELECT 1 FROM table_request WHERE nonce = :n"),
                           {"n": nonce}).first() is not None
