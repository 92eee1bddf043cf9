"""A newcomer's first hour, as the README tells it, on a fresh demo campaign.

Open the demo, build a character at session zero, award and spend
experience, plan and run four weeks, export the party's cards, and at each
step check what the user sees (the party table, the editor, the XP panel,
the week report, the confirmation), not only what was stored.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tftmanager.app import assignments, characters
from tftmanager.rules.experience import Attribute
from tftmanager.ui import menu_windows, print_preview
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.party_model import COLUMNS
from tftmanager.ui.week_planner import WeekPlanner

pytestmark = pytest.mark.ui

DEMO = ["Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]


def _cell(window: MainWindow, name: str, column: str) -> str:
    model = window.party_model
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == name)
    return model.index(row, COLUMNS.index(column)).data()


def _type(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def test_the_readme_story_on_a_fresh_demo(main_window: MainWindow, qtbot, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          dialog_log) -> None:
    window = main_window
    session = window.session
    assert session is not None
    # 1. Open: the demo party, each legal, with a race by its name.
    names = [window.party_model.index(r, 0).data() for r in range(window.party_model.rowCount())]
    assert sorted(names) == DEMO
    assert all(_cell(window, n, "Race") == "Human" for n in DEMO)
    assert all(_cell(window, n, "Problems") == "OK" for n in DEMO)
    assert window.week_label.text() == "Week 1"

    # 2. Session zero: a new character, named and built to 32 points.
    editor = window.editor
    new_id = window.add_character()
    assert new_id is not None and editor.character_id == new_id
    assert "left to spend" in editor.field_problem("attributes")
    editor.name.selectAll()
    qtbot.keyClicks(editor.name, "Sigrid")
    qtbot.keyClick(editor.name, Qt.Key.Key_Return)  # a name is saved when Enter is pressed
    for key, value in (("st", "11"), ("dx", "13"), ("iq", "8")):
        _type(qtbot, editor.spins[key], value)
    assert editor.field_problem("attributes") == ""
    picker = editor.open_picker()  # a weapon talent, from the picker
    assert picker is not None
    qtbot.addWidget(picker)
    qtbot.keyClicks(picker.search, "sword")
    assert picker.select("talent", "sword")
    assert picker.learn_selected()
    picker.close()
    assert session.query(characters.get_character, character_id=new_id).knows("sword")
    assert any(editor.abilities.known.item(i).text().startswith("Sword")
               for i in range(editor.abilities.known.count()))
    assert session.query(characters.get_character, character_id=new_id).name == "Sigrid"
    assert (session.query(characters.get_character, character_id=new_id).st,
            session.query(characters.get_character, character_id=new_id).dx) == (11, 13)
    assert _cell(window, "Sigrid", "ST") == "11"

    # 3. Award the party XP after the first adventure and spend it on ST.
    award = AwardDialog(session, None, window)
    qtbot.addWidget(award)
    award.amount.setValue(200)
    qtbot.keyClicks(award.reason, "Cleared the goblin warren")
    assert "Each of 6 gets 200 XP" in award.gm_preview.text()  # the demo's five and Sigrid
    assert award.submit()
    window.party.select(new_id)
    xp = editor.xp
    assert xp.balance.text() == "200 XP"
    xp.buttons[Attribute.ST].click()
    assert xp.balance.text() == "100 XP"
    assert editor.spins["st"].value() == 12
    assert _cell(window, "Sigrid", "XP") == "100"

    # 4. Plan and run four weeks: Sigrid takes the garrison job; the report opens
    # with the totals, and Ragnar's study of Horsemanship finishes.
    planner = menu_windows.plan_weeks(window, window.session)
    assert isinstance(planner, WeekPlanner)
    qtbot.addWidget(planner)
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    planner.set_row(rows["Sigrid"], activity="job", job="garrison")
    for name in [*DEMO, "Sigrid"]:
        eligibility = planner.table.item(rows[name], 7).text()
        assert not eligibility.startswith("Not eligible"), (name, eligibility)
    results = planner.run(4, seed=2026)
    assert len(results) == 4
    report = planner.report.toPlainText()
    assert report.startswith("Weeks 1–4: totals")
    assert all(name in report.split("Week 1 ")[0] for name in [*DEMO, "Sigrid"])
    assert "Studied Horsemanship: week 1 of 4." in report
    assert "Studied; learned Horsemanship." in report
    assert "memory" not in report and "point(s)" not in report and "1 weeks" not in report
    assert window.week_label.text() == "Week 5"
    ragnar = next(r.id for r in window.party_model.rows() if r.name == "Ragnar")
    assert session.query(characters.get_character, character_id=ragnar).knows("horsemanship")
    assert session.query(assignments.get_assignment, character_id=ragnar).activity == "idle"
    planner.close()

    # 5. Export the party's cards: every character, and a confirmation naming the file.
    target = tmp_path / "party cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_args: (str(target), print_preview.PDF_FILTER))
    window.party.select(new_id)  # one selected: the export is still the whole party
    window.act_export_pdf.trigger()
    assert target.exists()
    text = " ".join(" ".join((page.extract_text() or "").split())
                    for page in pypdf.PdfReader(str(target)).pages)
    for name in [*DEMO, "Sigrid"]:
        assert name in text
    assert dialog_log.infos[-1] == (
        "Cards Exported", f"Saved the cards of the whole party (6 characters) to {target}.")
    assert dialog_log.errors == []
