"""HTML for the table server's pages: escaped text, a page's frame, a card's face.

Pages are built from the same ``CardFace`` the printed card is drawn from
(``cards.content``), so the phone shows what the card says.  Every text is
escaped here; no page carries an inline script or style (the CSP forbids
them): behaviour is ``/static/table.js``, looks are ``/static/table.css``.
"""

from __future__ import annotations

import re
from html import escape

from tftmanager.cards.content import WRITE_IN, CardFace, Section, SectionKind


def esc(text: object) -> str:
    """Text for HTML, quotes included (it may land in an attribute)."""
    return escape(str(text), quote=True)


def page(title: str, body: str, *, meta: dict[str, str] | None = None) -> str:
    """A whole page: phone-first viewport, the stylesheet and the script, no inline code."""
    metas = "".join(f'<meta name="{esc(k)}" content="{esc(v)}">' for k, v in (meta or {}).items())
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"referrer\" content=\"no-referrer\">"
        f"<title>{esc(title)}</title>{metas}"
        "<link rel=\"stylesheet\" href=\"/static/table.css\">"
        "<script src=\"/static/table.js\" defer></script>"
        f"</head><body>{body}</body></html>"
    )


def message_page(title: str, text: str) -> str:
    """A page that only says one thing (a wrong link, a campaign gone)."""
    return page(title, f'<main class="alone"><h1>{esc(title)}</h1><p>{esc(text)}</p></main>')


def boxes(st: int, wounds: int, fatigue: int) -> str:
    """A box per point of ST: wounds filled, fatigue shaded, the rest open."""
    wounds = max(0, min(wounds, st))
    fatigue = max(0, min(fatigue, st - wounds))
    cells = (['<span class="box wound" title="wound"></span>'] * wounds
             + ['<span class="box tired" title="fatigue"></span>'] * fatigue
             + ['<span class="box"></span>'] * (st - wounds - fatigue))
    left = st - wounds - fatigue
    return (f'<div class="boxes" role="img" aria-label="ST {left} of {st}: {wounds} wounds, '
            f'{fatigue} fatigue">{"".join(cells)}</div>'
            f'<p class="legend">{legend(st, wounds, fatigue)}</p>')


def legend(st: int, wounds: int, fatigue: int) -> str:
    """The line under the boxes: "ST 8 of 11 · wounds 3 · fatigue 0"."""
    wounds = max(0, min(wounds, st))
    fatigue = max(0, min(fatigue, st - wounds))
    return f"ST {st - wounds - fatigue} of {st} · wounds {wounds} · fatigue {fatigue}"


def _section(section: Section) -> str:
    title = f"<h3>{esc(section.title)}</h3>"
    if section.kind is SectionKind.TABLE:
        head = "".join(f"<th>{esc(c)}</th>" for c in section.columns)
        rows = "".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>"
                       for row in section.rows)
        return (f'<section class="part">{title}<div class="scroll"><table>'
                f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div></section>")
    paragraphs = "".join(f"<p>{esc(' '.join(row))}</p>" for row in section.rows
                         if WRITE_IN not in " ".join(row))  # blanks to fill in on paper
    return f'<section class="part">{title}{paragraphs}</section>'


_ALSO = re.compile(r"(?P<main>\S+) (?P<also>\([^()]+\))")


def _stat_value(value: str) -> str:
    """A box's figure; the card's "13 (11, 10)" as 13 over a smaller "(11, 10)".

    A phone's box is a fifth of 390 px: set in one line the figures in
    brackets wrapped onto three.  The caption under them says what they are.
    """
    split = _ALSO.fullmatch(value)
    if split is None:
        return f"<span>{esc(value)}</span>"
    return f'<span>{esc(split["main"])}</span><i>{esc(split["also"])}</i>'


def face(card: CardFace, *, skip: frozenset[str] = frozenset(), note: str = "") -> str:
    """One face of the card: its stat boxes (and ``note`` under them), then each section.

    Sections named in ``skip`` are left out (the page shows them its own way).
    """
    stats = "".join(
        f'<div class="stat"><b>{esc(s.label)}</b> {_stat_value(s.value)}'
        + (f'<small>{esc(s.caption)}</small>' if s.caption else "") + "</div>"
        for s in card.stats)
    parts = "".join(_section(s) for s in card.sections if s.title not in skip)
    under = f'<p class="note">{esc(note)}</p>' if note else ""
    return (f'<div class="stats">{stats}</div>{under}' if stats else "") + parts
