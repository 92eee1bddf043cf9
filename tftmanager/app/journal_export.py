"""The campaign journal as Markdown or HTML, to send to the group.

The PDF is painted from the same HTML by ``tftmanager.cards.journal_pdf``
(Qt), so the three formats say exactly the same thing.
"""

from __future__ import annotations

import html
import re
from itertools import groupby

from tftmanager.app.campaign_journal import CampaignJournal

EMPTY = "Nothing has happened yet in the weeks chosen."


def title(journal: CampaignJournal) -> str:
    """"The Warren Campaign: journal, weeks 1-12"."""
    if not journal.weeks:
        return f"{journal.campaign}: journal"
    first, last = journal.weeks[0].week, journal.weeks[-1].week
    span = f"week {first}" if first == last else f"weeks {first}-{last}"
    return f"{journal.campaign}: journal, {span}"


def to_markdown(journal: CampaignJournal) -> str:
    """Headings per week, the notes quoted, the story as a list."""
    out = [f"# {title(journal)}", ""]
    if not journal.weeks:
        out += [EMPTY, ""]
    for week in journal.weeks:
        out += [f"## Week {week.week}", ""]
        for note in week.notes:
            out += [f"### {note.heading}", ""]
            out += [note.text, ""] if note.text else []
        out += [f"- {line.text}" for line in week.lines]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _inline(text: str) -> str:
    escaped = html.escape(text)
    escaped = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", escaped)
    return re.sub(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*", r"<i>\1</i>", escaped)


_BULLET = re.compile(r"^\s*[-*] ")


def note_html(text: str) -> str:
    """A note's Markdown (paragraphs, "- " lists, bold, italics) as simple HTML.

    A list may follow its paragraph's line with no blank line between, as
    people type one ("We found:" then "- a map"): such lines once showed as
    dashes (issue 34).
    """
    parts = []
    for block in re.split(r"\n\s*\n", text.strip()):
        for bullets, run in groupby(block.splitlines(), key=lambda line: bool(_BULLET.match(line))):
            lines = list(run)
            if bullets:
                items = "".join(f"<li>{_inline(_BULLET.sub('', line))}</li>" for line in lines)
                parts.append(f"<ul>{items}</ul>")
            elif any(line.strip() for line in lines):
                parts.append("<p>" + "<br>".join(_inline(line) for line in lines) + "</p>")
    return "".join(parts)


STYLE = ("body{font-family:sans-serif;max-width:46em;margin:2em auto;line-height:1.4}"
         "h2{border-bottom:1px solid #888;margin-top:1.4em}"
         ".note{border-left:4px solid #3366aa;margin:0.6em 0;color:#111}")


# A note's (tint, text, link) colours, light and dark: 4.5:1 or better each way.
NOTE_COLOURS = {False: ("#eef2f8", "#111111", "#1a4f9c"), True: ("#26364a", "#f0f0f0", "#9cc4ff")}


def _links(note_id: int, link: str) -> str:
    style = f' style="color:{link}"'
    return (f'<p><a href="note-edit:{note_id}"{style}>Edit note</a> &middot; '
            f'<a href="note-delete:{note_id}"{style}>Delete note</a></p>')


def to_html(journal: CampaignJournal, *, standalone: bool = True,
            note_links: bool = False, dark: bool = False) -> str:
    """One HTML page (``standalone``) or the body alone (the PDF, the window).

    ``note_links`` adds Edit and Delete links to each note (the window's, never a file's);
    ``dark`` tints the notes for a dark window.
    """
    tint, ink, link = NOTE_COLOURS[dark]
    body = [f"<h1>{html.escape(title(journal))}</h1>"]
    if not journal.weeks:
        body.append(f"<p>{EMPTY}</p>")
    for week in journal.weeks:
        body.append(f"<h2>Week {week.week}</h2>")
        for note in week.notes:
            # A table, not a styled div: Qt's rich text (the window, the PDF) keeps its tint.
            body.append(f'<table class="note" width="100%" cellpadding="6" bgcolor="{tint}">'
                        f'<tr><td style="color:{ink}"><h3>{html.escape(note.heading)}</h3>'
                        f"{note_html(note.text)}{_links(note.id, link) if note_links else ''}"
                        "</td></tr></table>")
        if week.lines:
            body.append("<ul>" + "".join(f"<li>{html.escape(line.text)}</li>"
                                         for line in week.lines) + "</ul>")
    inner = "\n".join(body)
    if not standalone:
        return inner
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title(journal))}</title><style>{STYLE}</style></head>"
            f"<body>\n{inner}\n</body></html>\n")
