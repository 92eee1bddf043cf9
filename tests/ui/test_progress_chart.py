"""The XP chart reads from the first week: bars with their values, round axes, no clutter."""

from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtGui import QPalette

from tftmanager.rules.experience import WeekPoint
from tftmanager.ui.contrast import ratio
from tftmanager.ui.progress_chart import EMPTY_TEXT, ChartLayout, ProgressChart, nice_ticks
from tftmanager.ui.style import fusion_dark

pytestmark = pytest.mark.ui


def _chart(qtbot, points: list[WeekPoint], palette: QPalette | None = None) -> ProgressChart:
    chart = ProgressChart()
    qtbot.addWidget(chart)
    if palette is not None:
        chart.setPalette(palette)
    chart.resize(480, 260)
    chart.set_points(points)
    return chart


def _texts(layout: ChartLayout) -> list[str]:
    return [label.text for label in layout.labels]


def _no_collisions(layout: ChartLayout) -> None:
    for a, b in combinations(layout.labels, 2):
        assert not a.rect.intersects(b.rect), (a.text, b.text)
    area = layout.area
    for label in layout.labels:
        # Axis text and the legend stay clear of the frame's lines.
        inside = area.adjusted(1, 1, -1, -1).contains(label.rect)
        outside = not label.rect.intersects(area)
        assert inside or outside, label.text


def test_nice_ticks_are_round_and_cover_the_values() -> None:
    assert nice_ticks(0, 50, 5) == [0, 10, 20, 30, 40, 50]
    assert nice_ticks(0, 1, 4) == [0, 1]
    assert nice_ticks(31, 33, 4) == [31, 32, 33]
    assert nice_ticks(-30, 260, 5) == [-100, 0, 100, 200, 300]
    assert nice_ticks(5, 5, 3) == [5, 6]


def test_an_empty_ledger_says_so(qtbot) -> None:
    layout = _chart(qtbot, []).layout_chart()
    assert EMPTY_TEXT in _texts(layout)
    assert layout.bars == []
    _no_collisions(layout)


def test_one_week_is_a_labelled_bar_on_a_round_axis_from_zero(qtbot) -> None:
    layout = _chart(qtbot, [WeekPoint(1, 40, 32)]).layout_chart()
    (bar,) = layout.bars
    area = layout.area
    assert bar.bottom() == pytest.approx(area.bottom())  # XP counts from 0
    assert bar.height() > area.height() / 2  # a bar, not a dot in an empty box
    assert bar.top() > area.top() + 10  # room above it for its value
    texts = _texts(layout)
    for expected in ("40 XP", "total 32", "week 1", "0", "50", "XP balance",
                     "Attribute total (ST+DX+IQ+SP)"):
        assert expected in texts
    _no_collisions(layout)


def test_two_weeks_label_every_column(qtbot) -> None:
    points = [WeekPoint(1, 40, 32), WeekPoint(2, 20, 33)]
    layout = _chart(qtbot, points).layout_chart()
    assert len(layout.bars) == 2
    assert layout.bars[1].height() == pytest.approx(layout.bars[0].height() / 2)
    assert layout.dots[1].y() < layout.dots[0].y()  # the total went up
    for expected in ("40 XP", "20 XP", "total 32", "total 33", "week 1", "week 2"):
        assert expected in _texts(layout)
    _no_collisions(layout)


def test_a_year_of_weeks_thins_its_labels_but_keeps_the_last(qtbot) -> None:
    points = [WeekPoint(w, 30 * w - 100 * (w // 5), 32 + w // 5) for w in range(1, 53)]
    layout = _chart(qtbot, points).layout_chart()
    texts = _texts(layout)
    assert len(layout.bars) == 52
    assert "week 52" in texts
    assert "560 XP" in texts
    assert sum(t.startswith("week ") for t in texts) < 20
    _no_collisions(layout)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_chart_text_and_lines_reach_wcag_contrast(qtbot, scheme: str) -> None:
    palette = fusion_dark() if scheme == "dark" else None
    chart = _chart(qtbot, [WeekPoint(1, 40, 32), WeekPoint(2, 20, 33)], palette)
    window = chart.palette().color(QPalette.ColorRole.Window)
    assert (window.lightness() < 128) == (scheme == "dark")
    layout = chart.layout_chart()
    for label in layout.labels:
        assert ratio(label.colour, window) >= 4.5, label.text
    for colour in (layout.xp_colour, layout.total_colour, layout.axis):
        assert ratio(colour, window) >= 3.0, colour.name()


def test_the_chart_paints_in_both_schemes(qtbot) -> None:
    for palette in (None, fusion_dark()):
        chart = _chart(qtbot, [WeekPoint(1, 40, 32)], palette)
        image = chart.grab().toImage()
        assert not image.isNull()
