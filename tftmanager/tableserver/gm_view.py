"""The GM's page: the party board and the fight in progress, read-only, for a tablet.

The board's columns and words are the window's (``app.party_board.cells``,
the ones the board and its printed page use), and the fight is the
encounter sheet's face (``cards.encounter_sheet.sheet_face``).
"""

from __future__ import annotations

from tftmanager.app import campaigns, encounters, party_board
from tftmanager.app.campaigns import Campaign
from tftmanager.app.library import library_for
from tftmanager.cards.encounter_face import sheet_face
from tftmanager.refusal import Refusal
from tftmanager.tableserver.html import esc, face

# The board columns a tablet at the table needs (the window's board has them all).
SHOWN = ("Name", "Status", "ST now/full", "Wounds", "Fatigue", "MA", "Adj DX", "XP",
         "Next point")


def live_html(store: Campaign) -> str:
    """The board and the fight as the campaign has them now."""
    names = [name for name, _ in party_board.COLUMNS]
    keep = [names.index(n) for n in SHOWN]
    rows = "".join(
        "<tr>" + "".join(f"<td>{esc(cells[i])}</td>" for i in keep) + "</tr>"
        for cells in (party_board.cells(r) for r in party_board.party_board(store=store)))
    head = "".join(f"<th>{esc(n)}</th>" for n in SHOWN)
    board = (f'<section class="part"><h3>The party</h3><div class="scroll"><table>'
             f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div></section>")
    try:
        view = encounters.show(store=store, encounter_id=encounters.current_id(store=store))
    except Refusal as refused:  # no fight in progress: the refusal says so
        fight = f'<section class="part"><h3>Encounter</h3><p>{esc(refused.message)}</p></section>'
    else:
        sheet = sheet_face(view.encounter, library_for(store).combat_rules())
        fight = (f'<section class="part"><h3>{esc(sheet.name)}</h3>'
                 f'<p class="sub">{esc(sheet.subtitle)}</p>{face(sheet)}</section>')
    name = campaigns.campaign_name(store=store)
    return (f'<header><h1>{esc(name)}</h1><p class="sub">The GM\'s view, week '
            f"{campaigns.current_week(store=store)}</p></header>{board}{fight}")
