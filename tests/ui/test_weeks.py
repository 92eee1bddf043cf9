from __future__ import annotations

import pytest
from person import type_into
from PySide6.QtCore import Qt

from tftmanager.app import assignments, campaigns, characters, experience, journal
from tftmanager.app import library as library_app
from tftmanager.app.weeks import MAX_WEEKS
from tftmanager.rules.character import Status
from tftmanager.rules.week import DEFAULT_STOP_ON, StopEvent
from tftmanager.ui import menu_windows, operations
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.survival_dialog import SurvivalDialog
from tftmanager.ui.week_planner import WeekPlanner

pytestmark = pytest.mark.ui


def _ids(window: MainWindow) -> dict[str, int]:
    return {row.name: row.id for row in window.party_model.rows()}


def _planner(window: MainWindow, qtbot) -> WeekPlanner:
    planner = menu_windows.plan_weeks(window, window.session)
    assert isinstance(planner, WeekPlanner)
    qtbot.addWidget(planner)
    return planner


def test_assign_run_a_week_see_the_report_and_undo(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    planner = _planner(main_window, qtbot)
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    planner.set_row(rows["Wulf"], activity="job", job="war_1")
    assert session.query(assignments.get_assignment,
                         character_id=_ids(main_window)["Wulf"]).job == "war_1"
    assert "Eligible" in planner.table.item(rows["Wulf"], 7).text()
    before = {cid: session.query(characters.get_character,
                                 character_id=cid) for cid in _ids(main_window).values()}
    week = session.query(campaigns.current_week)
    results = planner.run(1, seed=12345)
    assert len(results) == 1 and session.query(campaigns.current_week) == week + 1
    text = planner.report.toPlainText()
    assert f"Week {week}" in text and "Wulf" in text and "risk" in text
    assert main_window.week_label.text() == f"Week {week + 1}"
    main_window.act_undo.trigger()
    assert session.query(campaigns.current_week) == week
    assert {cid: session.query(characters.get_character,
                               character_id=cid) for cid in before} == before
    assert session.query(experience.ledger_lines, character_id=_ids(main_window)["Ragnar"]) == []
    planner.close()


def test_three_weeks_with_the_progress_bar(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    planner = _planner(main_window, qtbot)
    week = session.query(campaigns.current_week)
    results = planner.run(3, seed=7)
    assert 1 <= len(results) <= 3
    assert session.progress_dialog.maximum() == 3
    assert session.query(campaigns.current_week) == week + len(results)
    if len(results) < 3:
        assert results[-1].report.stop  # stopped early, and says why
    main_window.act_undo.trigger()  # one undo takes the whole run back
    assert session.query(campaigns.current_week) == week
    planner.close()


def test_missing_job_values_are_asked_for(main_window: MainWindow, qtbot, monkeypatch,
                                          dialog_log) -> None:
    from tftmanager.ui import dialogs

    asked: list[str] = []

    def ask(_parent, _title, question):
        asked.append(question)
        return 2
    monkeypatch.setattr(dialogs, "ask_number", ask)
    planner = _planner(main_window, qtbot)
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    planner.set_row(rows["Ragnar"], activity="job", job="caravan")
    assert planner.dry_run(seed=3) is not None
    assert asked and "Caravan" in asked[0]
    assert "Dry run" in planner.report.toPlainText()
    planner.close()


def test_a_refused_job_value_is_asked_again_and_cancel_runs_nothing(
        main_window: MainWindow, qtbot, monkeypatch, dialog_log) -> None:
    from tftmanager.ui import dialogs

    answers = ["abc", None]  # a refused risk, then the GM cancels
    asked: list[str] = []

    def ask(_parent, _title, question):
        asked.append(question)
        return answers.pop(0)
    monkeypatch.setattr(dialogs, "ask_text", ask)
    monkeypatch.setattr(dialogs, "ask_number", lambda *_a: 2)
    session = main_window.session
    assert session is not None
    week = session.query(campaigns.current_week)
    planner = _planner(main_window, qtbot)
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    planner.set_row(rows["Ragnar"], activity="job", job="thief_1")
    assert not planner.run(1, seed=3)
    assert len(asked) == 2 and asked[0] == asked[1]  # the same question, asked again
    assert dialog_log.errors  # the refusal's reason was shown
    assert any("Nothing was run" in text for _title, text in dialog_log.infos)
    assert session.query(campaigns.current_week) == week
    planner.close()


def test_survival_roll_shows_the_chance_and_records_it(main_window: MainWindow,
                                                       qtbot) -> None:
    session = main_window.session
    assert session is not None
    ragnar = _ids(main_window)["Ragnar"]
    before = session.query(characters.get_character, character_id=ragnar)
    from dataclasses import replace

    operations.characters.edit(session, ragnar, replace(before, wounds=11, status=Status.DYING))
    main_window.party.select(ragnar)
    dialog = SurvivalDialog(session, ragnar, main_window)
    qtbot.addWidget(dialog)
    # 0 ST, original ST 11 (no modifier), nobody helping: 2d >= 8 is 15 in 36.
    assert "15 in 36" in dialog.breakdown.text()
    dialog.helper.setCurrentIndex(dialog.helper.findData("physicker"))
    assert "+2  helped by physicker" in dialog.breakdown.text()
    alive = dialog.roll(seed=1)
    after = session.query(characters.get_character, character_id=ragnar)
    assert alive is not None
    if alive:
        assert after.status is Status.ACTIVE and after.recovery_weeks == 5
    else:
        assert after.status is Status.DEAD
    main_window.act_undo.trigger()
    assert session.query(characters.get_character, character_id=ragnar).status is Status.DYING
    dialog.close()


def test_gm_sets_the_lifestyle_period_in_campaign_rules(main_window: MainWindow) -> None:
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    session = main_window.session
    assert session is not None
    entries = session.query(library_app.entries)
    xp = next(e for e in entries if e.kind == "experience")
    jobs = next(e for e in entries if e.kind == "job_rules")
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window, xp, jobs)
    assert dialog.lifestyle_weeks.value() == 4
    dialog.lifestyle_weeks.setValue(1)
    menu_windows.apply_settings(main_window.session, dialog)
    assert session.library.jobs is not None and session.library.jobs.lifestyle_weeks == 1
    main_window.act_undo.trigger()
    assert session.library.jobs.lifestyle_weeks == 4
    dialog.close()


def test_a_dry_run_of_several_weeks_writes_nothing_and_shows_the_run_to_come(
        main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    planner = _planner(main_window, qtbot)
    week = session.query(campaigns.current_week)
    before = {cid: session.query(characters.get_character,
                                 character_id=cid) for cid in _ids(main_window).values()}
    undo_steps = session.query(journal.history)
    reports = planner.dry_run(seed=11, count=3)
    assert reports is not None and 1 <= len(reports) <= 3
    assert [r.week for r in reports] == list(range(week, week + len(reports)))
    assert session.progress_dialog.maximum() == 3
    assert "Dry run" in planner.report.toPlainText()
    assert session.query(campaigns.current_week) == week
    assert session.query(journal.history) == undo_steps
    assert {cid: session.query(characters.get_character,
                               character_id=cid) for cid in before} == before
    # The real run with the same seed writes exactly the weeks the dry run showed.
    results = planner.run(3, seed=11)
    assert [r.report.text() for r in results] == [r.text() for r in reports]
    planner.close()


def test_the_dry_run_button_rolls_as_many_weeks_as_asked(main_window: MainWindow,
                                                         qtbot) -> None:
    session = main_window.session
    assert session is not None
    planner = _planner(main_window, qtbot)
    week = session.query(campaigns.current_week)
    planner.count.setValue(2)
    planner.dry_button.click()
    text = planner.report.toPlainText()
    assert "Dry run" in text and f"Week {week} " in text
    assert f"Week {week + 1} " in text or "Stopped early" in text
    assert session.query(campaigns.current_week) == week
    planner.close()


def test_several_weeks_open_with_the_totals_and_the_rolls_fold_away(
        main_window: MainWindow, qtbot) -> None:
    planner = _planner(main_window, qtbot)
    assert planner.count.maximum() == MAX_WEEKS  # the same limit as the command line
    assert planner.stop_events() == DEFAULT_STOP_ON
    assert not planner.stop_on[StopEvent.INJURY].isChecked()
    week = main_window.session.query(campaigns.current_week)
    results = planner.run(4, seed=1)
    assert len(results) == 4  # injuries do not stop the run by default
    text = planner.report.toPlainText()
    assert text.startswith(f"Weeks {week}–{week + 3}: totals")
    for heading in ("Character", "XP", "Money", "Hits taken", "Status", "Weeks worked"):
        assert heading in text
    assert text.index("Wulf") < text.index(f"Week {week} ")
    assert not planner.show_rolls.isChecked() and "roll risk" not in text and "risk" not in text
    assert "Studied; learned Horsemanship." in text
    ragnar = next(r for r in range(planner.table.rowCount())
                  if planner.table.item(r, 0).text() == "Ragnar")
    assert planner.data(ragnar).activity == "idle"  # the planner shows it too
    main_window.act_undo.trigger()
    assert planner.data(ragnar).activity == "study"
    main_window.act_redo.trigger()
    planner.show_rolls.setChecked(True)
    assert "risk 4/17" in planner.report.toPlainText()
    planner.close()


def test_the_gm_chooses_what_stops_a_run(main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    for field, value in (("risk", "3/3"), ("find", "3d/ST+20"), ("damage_save", "1"),
                         ("damage_fail", "1")):
        operations.weeks.set_job_value(session, "garrison", field, value)
    planner = _planner(main_window, qtbot)
    planner.stop_on[StopEvent.INJURY].setChecked(True)
    results = planner.dry_run(seed=1, count=3)
    assert results is not None and len(results) == 1
    assert "was injured (1 hit)" in results[0].stop
    assert "Stopped early" in planner.report.toPlainText()
    planner.close()


def test_gm_sets_what_a_week_of_rest_heals_in_campaign_rules(main_window: MainWindow) -> None:
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    session = main_window.session
    assert session is not None and session.library.jobs is not None
    assert session.library.jobs.rest_heals_all
    entries = session.query(library_app.entries)
    xp = next(e for e in entries if e.kind == "experience")
    jobs = next(e for e in entries if e.kind == "job_rules")
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window, xp, jobs)
    assert dialog.job_rules_entry() is None
    dialog.rest_heals.setCurrentIndex(dialog.rest_heals.findData(False))
    menu_windows.apply_settings(main_window.session, dialog)
    assert not session.library.jobs.rest_heals_all
    main_window.act_undo.trigger()
    assert session.library.jobs.rest_heals_all
    dialog.close()


def test_the_week_report_says_who_is_wounded_and_what_heals_them(main_window: MainWindow,
                                                                 qtbot) -> None:
    """Ragnar idles a week with 4 hits: the report names the hits, ST now and the reading
    with its book; Campaign Rules turns the reading round and the next week heals him."""
    from dataclasses import replace

    from tftmanager.rules.settings import WeekHealing
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    session = main_window.session
    assert session is not None
    ragnar = _ids(main_window)["Ragnar"]
    stored = session.query(characters.get_character, character_id=ragnar)
    operations.characters.edit(session, ragnar, replace(stored, wounds=4))
    planner = _planner(main_window, qtbot)
    row = next(r for r in range(planner.table.rowCount())
               if planner.table.item(r, 0).text() == "Ragnar")
    planner.set_row(row, activity="idle")
    planner.run(1, seed=7)
    text = planner.report.toPlainText()
    assert ("Wounded: 4 hits taken, ST 7 of 11 now. An idle week heals none of them; a week "
            "of rest heals them all (our reading of TFT Rules Expansion, Death and Dying") in text
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window)
    assert "'every week the person rests'" in dialog.fields["week_healing"].toolTip()
    box = dialog.fields["week_healing"]
    box.setCurrentIndex(box.findData(WeekHealing.EVERY_WEEK))
    menu_windows.apply_settings(main_window.session, dialog)
    assert session.query(campaigns.get_profile).week_healing is WeekHealing.EVERY_WEEK
    planner.run(1, seed=8)
    assert "Healed 4 hits: an idle week heals as rest does (our reading of Melee, Creating " \
           "a Figure" in planner.report.toPlainText()
    assert session.query(characters.get_character, character_id=ragnar).wounds == 0
    dialog.close()
    planner.close()


def test_gm_edits_a_thiefs_appropriate_spells_in_campaign_rules(main_window: MainWindow,
                                                               qtbot) -> None:
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    session = main_window.session
    assert session is not None and session.library.jobs is not None
    assert "aid" not in session.library.jobs.thief_spells
    entries = session.query(library_app.entries)
    xp = next(e for e in entries if e.kind == "experience")
    jobs = next(e for e in entries if e.kind == "job_rules")
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window, xp, jobs)
    assert "invisibility" in dialog.thief_spells.text()
    type_into(qtbot, dialog.thief_spells, "aid, invisibility")
    menu_windows.apply_settings(main_window.session, dialog)
    assert session.library.jobs.thief_spells == frozenset({"aid", "invisibility"})
    main_window.act_undo.trigger()
    assert "aid" not in session.library.jobs.thief_spells
    dialog.close()


def test_a_full_disk_during_a_run_of_weeks_is_the_stores_message(
        main_window: MainWindow, qtbot, dialog_log, monkeypatch, tmp_path) -> None:
    """A run of weeks goes through the runner: the store's words, not "Unexpected Error"."""
    import sqlite3

    from tftmanager.app import weeks

    def full(**_kw: object) -> None:  # SQLite's own SQLITE_FULL (a page limit for the disk)
        con = sqlite3.connect(":memory:")
        con.execute("PRAGMA max_page_count = 2")
        con.execute("CREATE TABLE t (x)")
        con.execute("INSERT INTO t VALUES (zeroblob(100000))")

    monkeypatch.setenv("TFTMANAGER_CRASH_DIR", str(tmp_path / "crashes"))
    session = main_window.session
    assert session is not None
    planner = _planner(main_window, qtbot)
    week, history = session.query(campaigns.current_week), session.query(journal.history)
    monkeypatch.setattr(weeks, "run_weeks", full)
    assert planner.run(3, seed=7) == []
    [(title, message)] = dialog_log.errors
    assert title == "Not saved"
    assert message == "Run 3 weeks failed: the disk is full; nothing was saved"
    assert not (tmp_path / "crashes").exists()
    assert session.query(campaigns.current_week) == week
    assert session.query(journal.history) == history
    planner.close()


def test_a_refused_run_is_said_once_by_the_session(main_window: MainWindow, qtbot,
                                                   dialog_log) -> None:
    planner = _planner(main_window, qtbot)
    assert planner.run(MAX_WEEKS + 1) == []
    [(title, message)] = dialog_log.errors
    assert title == "Not saved" and f"Run 1 to {MAX_WEEKS} weeks at a time." in message
    planner.close()


def test_a_studying_row_says_what_it_studies_and_lifestyles_name_their_period(
        main_window: MainWindow, qtbot) -> None:
    """Issue 34, item 14: Ragnar's study week said "(choose a job)" with no eligibility,
    and "Poor ($30)" had no period (the report says "$30 per 4 weeks")."""
    main_window.act_week.trigger()
    planner = next(w for w in main_window.findChildren(WeekPlanner) if w.isVisible())
    qtbot.addWidget(planner)
    row = next(r for r in range(planner.table.rowCount())
               if planner.table.item(r, 0).text() == "Ragnar")
    widgets = planner.widgets[row]
    assert planner.data(row).activity == "study"
    assert widgets["job"].currentText() == "—" and not widgets["job"].isEnabled()
    note = planner.table.item(row, 7).text()
    assert note.startswith("Studies Horsemanship (week ")
    lifestyle = widgets["lifestyle"]
    texts = [lifestyle.itemText(i) for i in range(lifestyle.count())]
    assert "Poor ($30)" in texts  # the period is the column's: "Lifestyle (idle) per 4 weeks"
    header = planner.table.horizontalHeaderItem(6).text()
    assert header == "Lifestyle (idle)\nper 4 weeks"
    activity = widgets["activity"]
    activity.setFocus()
    job = activity.findData("job")
    while activity.currentIndex() != job:
        qtbot.keyClick(activity, Qt.Key.Key_Down if activity.currentIndex() < job
                       else Qt.Key.Key_Up)
    assert widgets["job"].isEnabled() and widgets["job"].currentText() == "(choose a job)"
    planner.close()


def _text_room(box) -> int:
    """How wide a combo box's shown text may be before it is cut (its edit field)."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    return box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                      QStyle.SubControl.SC_ComboBoxEditField, box).width()


def test_every_choice_in_the_planner_is_shown_whole(main_window: MainWindow, qtbot) -> None:
    """At 1024 px the lifestyle column showed "Poor ($30 per" for "Poor ($30 per 4 weeks)"."""
    main_window.act_week.trigger()
    planner = next(w for w in main_window.findChildren(WeekPlanner) if w.isVisible())
    qtbot.addWidget(planner)
    qtbot.waitExposed(planner)
    cut = []
    for widgets in planner.widgets:
        for key in ("activity", "job", "officer", "lifestyle"):
            box = widgets[key]
            for index in range(box.count()):  # whichever the GM picks
                text = box.itemText(index)
                if box.fontMetrics().horizontalAdvance(text) > _text_room(box):
                    cut.append((key, text))
    assert sorted(set(cut)) == []
    # ... and the eligibility column is in view beside them, none of it scrolled away
    assert planner.width() <= 1024 and planner.table.horizontalScrollBar().maximum() == 0
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    spacing = planner.table.fontMetrics().lineSpacing()
    studies = planner.table.item(rows["Ragnar"], 7).text()
    assert studies.startswith("Studies Horsemanship") and \
        planner.table.rowHeight(rows["Ragnar"]) > 2 * spacing  # on two lines, not cut
    # A long note (every reason Morgaine cannot take the job) stays two lines high, whole
    # in its tooltip, the row's choices and the columns as they were.
    planner.set_row(rows["Morgaine"], activity="job", job="adeptus_minor_inner")
    note = planner.table.item(rows["Morgaine"], 7)
    assert note.text().startswith("Not eligible") and note.toolTip() == note.text()
    assert planner.table.rowHeight(rows["Morgaine"]) < 4 * spacing
    assert planner.table.horizontalScrollBar().maximum() == 0
    planner.close()
