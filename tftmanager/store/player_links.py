"""The players' links to the table server: one secret per character.

Plain query functions over ``player_link``; the table is not journalled (see
``tables.PlayerLinkRow``), so these write outside any operation.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from tftmanager.store.tables import CharacterRow, PlayerLinkRow


def links(*, session: Session, campaign_id: int) -> list[tuple[int, str, str, str]]:
    """Every link of the campaign, by name: character id, name, player and secret.

    One query (the table server asks on every request).
    """
    rows = session.exec(
        select(PlayerLinkRow.character_id, CharacterRow.name, CharacterRow.player,
               PlayerLinkRow.secret)
        .join(CharacterRow, col(CharacterRow.id) == col(PlayerLinkRow.character_id))
        .where(CharacterRow.campaign_id == campaign_id)
        .order_by(col(CharacterRow.name), col(CharacterRow.id))
    ).all()
    return [(cid, name, player, secret) for cid, name, player, secret in rows]


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
