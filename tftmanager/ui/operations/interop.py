"""Figures in other programs' forms: stat blocks and Foundry VTT actors.

Imports run through the session (one operation each, a refusal reported);
exports are reads and return text for the clipboard or a file.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app import foundry, statblocks, transfer
from tftmanager.app.arrivals import Already, Landed
from tftmanager.app.import_unknowns import Choices
from tftmanager.app.outputs import write_output, write_outputs
from tftmanager.ui.runner import free_query
from tftmanager.ui.session import CampaignSession

NOT_EXPORTED = "Not exported"


def import_statblocks(session: CampaignSession, text: str, *, bestiary: bool,
                      choices: Choices | None = None, already: Already | None = None) -> bool:
    """Add the figures of a text to the party or the bestiary; True when imported."""
    where = "the bestiary" if bestiary else "the party"
    result = session.act(f"Import stat blocks into {where}", statblocks.import_statblocks,
                         text=text, bestiary=bestiary, choices=choices, already=already).value
    return result is not None


def import_characters(session: CampaignSession,
                      documents: dict[str, str]) -> transfer.Imported | None:
    """Add the characters of TFT Manager character files, as ``tftmanager import`` does."""
    return session.act("Import characters", transfer.import_documents, documents=documents).value


def import_foundry(session: CampaignSession, texts: list[str], *,
                   already: Already | None = None,
                   choices: Choices | None = None) -> Landed | None:
    """Add the actors of Foundry files to the party, all in one operation.

    The one way the window imports actors, with the preview dialog's choices or
    without: the same app function as ``tftmanager foundry import``.
    """
    return session.act("Import from Foundry VTT", foundry.import_actor_files, texts=texts,
                       already=already, choices=choices).value


def preview_foundry(session: CampaignSession, texts: list[str]) -> foundry.ActorPreview | None:
    """What the files would import (a file that is no actor is reported, None returned)."""
    return session.act("Read Foundry VTT actors", foundry.preview_actors, texts=texts).value


def statblock_text(session: CampaignSession, names: list[str] | None, *,
                   bestiary: bool = False) -> str | None:
    """Characters (default: the whole party), or the bestiary's templates, as stat blocks.

    None when there is nothing to copy (said under "Nothing to copy").
    """
    return session.act("Copy stat blocks", statblocks.export_statblocks, writes=False,
                       refused_as="Nothing to copy", names=names, bestiary=bestiary).value


def foundry_actors(session: CampaignSession,
                   names: list[str] | None) -> list[tuple[str, str]] | None:
    """(name, actor JSON) for characters (default: the whole party); None when refused."""
    return session.act("Export to Foundry VTT", foundry.export_actors, writes=False,
                       refused_as=NOT_EXPORTED, names=names).value


def write_actors(session: CampaignSession, actors: list[tuple[str, str]], target: Path, *,
                 folder: bool) -> bool:
    """Write the first actor to a file, or each to its file in a folder; False when refused."""
    if folder:
        return session.free("Export to Foundry VTT", write_outputs, writes=False,
                            refused_as=NOT_EXPORTED, folder=target,
                            named=free_query(foundry.actor_files, actors=actors)).done
    return session.free("Export to Foundry VTT", write_output, writes=False,
                        refused_as=NOT_EXPORTED, path=target, content=actors[0][1]).done
