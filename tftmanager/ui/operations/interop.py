"""Figures in other programs' forms: stat blocks and Foundry VTT actors.

Imports run through the session (one operation each, a refusal reported);
exports are reads and return text for the clipboard or a file.
"""

from __future__ import annotations

from tftmanager.app import foundry, statblocks, transfer
from tftmanager.app.arrivals import Already, Landed
from tftmanager.app.import_unknowns import Choices
from tftmanager.ui.session import CampaignSession


def import_statblocks(session: CampaignSession, text: str, *, bestiary: bool,
                      choices: Choices | None = None, already: Already | None = None) -> bool:
    """Add the figures of a text to the party or the bestiary; True when imported."""
    where = "the bestiary" if bestiary else "the party"
    result = session.run(f"Import stat blocks into {where}", lambda: statblocks.import_statblocks(
        store=session.store, text=text, bestiary=bestiary, choices=choices, already=already))
    return result is not None


def import_characters(session: CampaignSession,
                      documents: dict[str, str]) -> transfer.Imported | None:
    """Add the characters of TFT Manager character files, as ``tftmanager import`` does."""
    return session.run("Import characters", lambda: transfer.import_documents(
        store=session.store, documents=documents))


def import_foundry(session: CampaignSession, texts: list[str], *,
                   already: Already | None = None,
                   choices: Choices | None = None) -> Landed | None:
    """Add the actors of Foundry files to the party, all in one operation.

    The one way the window imports actors, with the preview dialog's choices or
    without: the same app function as ``tftmanager foundry import``.
    """
    return session.run("Import from Foundry VTT", lambda: foundry.import_actor_files(
        store=session.store, texts=texts, already=already, choices=choices))


def preview_foundry(session: CampaignSession, texts: list[str]) -> foundry.ActorPreview | None:
    """What the files would import (a file that is no actor is reported, None returned)."""
    return session.run("Read Foundry VTT actors", lambda: foundry.preview_actors(
        store=session.store, texts=texts))


def statblock_text(session: CampaignSession, names: list[str] | None, *,
                   bestiary: bool = False) -> str:
    """Characters (default: the whole party), or the bestiary's templates, as stat blocks."""
    return statblocks.export_statblocks(store=session.store, names=names, bestiary=bestiary)


def foundry_actors(session: CampaignSession, names: list[str] | None) -> list[tuple[str, str]]:
    """(name, actor JSON) for characters (default: the whole party)."""
    return foundry.export_actors(store=session.store, names=names)
