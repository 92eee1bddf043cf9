"""The players' links to the table server: one secret per character.

Plain query functions over ``player_link``; the table is not journalled (see
``tables.PlayerLinkRow``), so these write outside any operation.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from tftmanager.store.tables import CharacterRow, PlayerLinkRow


def links(*, session: Session, campaign_id: int) -> dict[int, str]:
    """Every link of the campaign: character id -> secret."""
    rows = session.exec(
        select(PlayerLinkRow.character_id, PlayerLinkRow.secret)
        .join(CharacterRow, col(CharacterRow.id) == col(PlayerLinkRow.character_id))
        .where(CharacterRow.campaign_id == campaign_id)
    ).all()
    return dict(rows)


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
