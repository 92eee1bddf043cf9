"""A player's view as JSON, for the desktop player's window (``/p/{secret}/view.json``).

The phone gets the view as HTML (``player_view.live_html``); a desktop window
draws it with its own widgets, so it gets the same view as data: the card's
faces as the printed card builds them, the ST boxes' counts, and, as lists,
exactly the actions the page offers (the raises, memory where the campaign
sells it, each weapon's or shield's moves, the spells to mark fatigue for).
The window shows what this says and offers what it lists; every figure and
every "may" is decided here, by the rules, never by the client.

``FORMAT`` names the shape: a client refuses an answer without it (a link to
another kind of server), and a later shape gets a new name.
"""

from __future__ import annotations

from typing import Any

from tftmanager.cards.content import WRITE_IN, CardFace, Section, SectionKind
from tftmanager.rules.experience import Attribute
from tftmanager.tableserver.actions import NOTES_MAX
from tftmanager.tableserver.html import legend
from tftmanager.tableserver.player_view import MOVES, OWN_SECTIONS, STATE_WORDS, PlayerView

FORMAT = "tftmanager-player-view/1"


def _section(section: Section) -> dict[str, Any]:
    if section.kind is SectionKind.TABLE:
        return {"title": section.title, "columns": list(section.columns),
                "rows": [list(row) for row in section.rows]}
    lines = [" ".join(row) for row in section.rows]
    # Blanks to fill in on paper are left out, as on the phone.
    return {"title": section.title, "columns": [],
            "rows": [[line] for line in lines if WRITE_IN not in line]}


def _face(card: CardFace) -> dict[str, Any]:
    return {"stats": [{"label": s.label, "value": s.value, "caption": s.caption}
                      for s in card.stats],
            "sections": [_section(s) for s in card.sections if s.title not in OWN_SECTIONS]}


def view_json(view: PlayerView) -> dict[str, Any]:
    """Everything the window shows and offers, as JSON-ready data."""
    c = view.character
    st, wounds, fatigue = view.fight_st or (c.st, c.wounds, c.fatigue)
    rest = next((s for s in view.back.sections if s.title == "Possessions"), None)
    return {
        "name": c.name,
        "subtitle": view.front.subtitle,
        "boxes": {"st": st, "wounds": wounds, "fatigue": fatigue,
                  "legend": legend(st, wounds, fatigue),
                  "fight": view.in_fight if view.fight_st else ""},
        "dx_reasons": f"adjDX: {view.dx_reasons}" if view.dx_reasons else "",
        "front": _face(view.front),
        "back": _face(view.back),
        "standing": list(view.standing),
        "raises": [{"attribute": a.value, "label": f"{a.label} +1"} for a in Attribute],
        "memory": (None if view.memory_cost is None
                   else {"label": f"Memory +1 ({view.memory_cost:,} XP)"}),
        "holdings": [{"item": h.uid, "name": h.name, "state": STATE_WORDS[h.state],
                      "moves": [{"state": state.value, "label": label}
                                for state, label in MOVES if state is not h.state]}
                     for h in view.holdings],
        "possessions": [" ".join(r) for r in rest.rows] if rest else [],
        "spells": [{"spell": key, "label": label} for key, label in view.spells],
        "casting": (f"In {view.in_fight}." if view.in_fight
                    else "Fatigue is marked during a fight the GM is running."),
        "notes": c.notes,
        "notes_max": NOTES_MAX,
    }
