"""The week planner's report: a totals table per character, then the rolls.

A run of twelve weeks is thousands of lines of rolls; the GM first wants
who earned what, who is hurt and who is in trouble, so a run of more than one
week opens with the totals (``app.week_report.run_totals``, the same numbers
the command line prints) and the rolls fold away behind "Show every roll".
"""

from __future__ import annotations

from html import escape

from tftmanager.app.week_report import TOTALS_HEADER, AppliedWeek, WeekReport, run_totals
from tftmanager.ui.runner import free_query


def totals_html(results: list[AppliedWeek]) -> str:
    """The per-character totals as an HTML table (empty for a single week)."""
    if len(results) < 2:
        return ""
    first, last = results[0].report.week, results[-1].report.week
    head = "".join(f"<th>{escape(h)}</th>" for h in TOTALS_HEADER)
    rows = "".join(
        f"<tr><td>{escape(t.name)}</td><td align='right'>{t.xp:+d}</td>"
        f"<td align='right'>{t.money:+d}</td><td align='right'>{t.hits}</td>"
        f"<td align='right'>{escape(t.st_now)}</td>"
        f"<td>{escape(t.status)}</td><td align='right'>{t.worked}</td></tr>"
        for t in free_query(run_totals, results=results))
    return (f"<h3>Weeks {first}–{last}: totals</h3>"
            f"<table border='1' cellspacing='0' cellpadding='3'><tr>{head}</tr>{rows}</table>")


def week_html(report: WeekReport, *, rolls: bool) -> str:
    """One week: each character's lines, with the dice when ``rolls``."""
    parts = [f"<h3>Week {report.week} <small>(seed {report.seed})</small></h3>"]
    for cw in report.characters:
        parts.append(f"<p><b>{escape(cw.name)}</b> — {escape(cw.activity)}<br>")
        if rolls:
            parts += [f"<tt>{escape(r)}</tt><br>" for r in cw.rolls]
        parts += [f"{escape(line)}<br>" for line in cw.lines]
        parts.append("</p>")
    if report.stop:
        parts.append(f"<p><b>Stopped early:</b> {escape(report.stop)}</p>")
    return "".join(parts)


def report_html(results: list[AppliedWeek], *, dry: bool, rolls: bool) -> str:
    """The whole report: dry-run notice, totals, a stop, then week by week."""
    parts = []
    if dry:
        parts.append("<p><b>Dry run: nothing was written.</b></p>")
    parts.append(totals_html(results))
    if len(results) > 1 and results[-1].report.stop:
        parts.append(f"<p><b>Stopped early after week {results[-1].report.week}:</b> "
                     f"{escape(results[-1].report.stop)}</p>")
    parts += [week_html(applied.report, rolls=rolls) for applied in results]
    return "".join(parts)
