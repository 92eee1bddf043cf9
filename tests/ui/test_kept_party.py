"""The party from the copy kept from the last run: shown first, never once the file changed.

A campaign reopened as it was left shows its party from the kept copy before
any rule is loaded; the file is then read as always and what it holds is
shown.  A change made while the app was closed (by another program) makes
the copy useless, and a change made after the copy was shown is shown as
soon as the file is read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.ui.person import select_character, type_into
from tftmanager.app import journal, kept_party, reading
from tftmanager.app.campaigns import open_for_reading
from tftmanager.app.location import CampaignLocation
from tftmanager.ui import kept_rows, main_panels
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _shown(window: MainWindow) -> dict[str, tuple[int, int, str]]:
    """The party as the table shows it: each name's ST, XP and player."""
    model = window.party_model
    return {r.name: (r.st, r.xp, r.player) for r in model.rows()}


def _left_after_an_edit(make_window: Any, qtbot: Any, path: Path) -> dict[str, Any]:
    """A session on the campaign: Ragnar's player typed in, then the window closed."""
    window = make_window()
    assert window.open_campaign(path)
    select_character(qtbot, window, "Ragnar")
    with qtbot.waitSignal(window.signals.party_kept, timeout=5000) as kept:
        type_into(qtbot, window.editor.player, "Bob", enter=True)
    assert kept.args == [""]  # kept, nothing to report
    shown = _shown(window)
    assert shown["Ragnar"][2] == "Bob"
    with open_for_reading(path=path) as store:
        assert "Bob" in journal.history(store=store, limit=1)[0].label
    window.close()
    return shown


def _other_program(path: Path, *args: str) -> None:
    """The command line, another process, awarding XP in the campaign."""
    subprocess.run([sys.executable, "-m", "tftmanager", "xp", "award", str(path), *args],
                   check=True, capture_output=True, timeout=120)


def test_a_reopened_campaign_shows_its_party_as_left_then_as_the_file_holds_it(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    left = _left_after_an_edit(make_window, qtbot, path)
    window = make_window()
    assert main_panels.show_kept_party(window, path)  # before any rule: the copy
    assert window.session is None and window.kept_rows is not None
    assert _shown(window) == left
    assert main_panels.show_preview(window, path)  # the file read: the same party
    assert _shown(window) == left and window.kept_rows is None
    assert main_panels.show_preview_editor(window)
    assert window.editor.title.text() == "Flavius Marcellus"


def test_a_change_made_while_the_app_was_closed_is_never_shown_from_the_copy(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    left = _left_after_an_edit(make_window, qtbot, path)
    _other_program(path, "--name", "Ragnar", "--amount", "75", "--reason", "Ogre")
    window = make_window()
    assert not main_panels.show_kept_party(window, path)  # the copy no longer matches
    assert "changed since it was kept" in window.start_notes[-1]
    assert not window.party_built or window.party_model.rowCount() == 0  # nothing from it
    assert main_panels.show_preview(window, path)
    assert _shown(window)["Ragnar"][1] == left["Ragnar"][1] + 75


def test_a_change_after_the_copy_was_shown_wins_when_the_file_is_read(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    left = _left_after_an_edit(make_window, qtbot, path)
    window = make_window()
    assert main_panels.show_kept_party(window, path)
    assert _shown(window) == left
    _other_program(path, "--party", "10", "--reason", "Session")  # between copy and read
    assert main_panels.show_preview(window, path)
    assert {n: xp for n, (_, xp, _) in _shown(window).items()} == {
        n: xp + 10 for n, (_, xp, _) in left.items()}
    assert window.open_campaign(path)
    assert {n: xp for n, (_, xp, _) in _shown(window).items()} == {
        n: xp + 10 for n, (_, xp, _) in left.items()}


def test_a_copy_that_does_not_open_is_taken_off_the_table(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    """The file matched its copy, then could not be opened: the table is emptied."""
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    _left_after_an_edit(make_window, qtbot, path)
    window = make_window()
    assert main_panels.show_kept_party(window, path)
    main_panels.drop_preview(window)
    assert window.party_model.rowCount() == 0 and window.kept_rows is None


def test_a_damaged_copy_is_ignored_and_said_in_the_log(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    _left_after_an_edit(make_window, qtbot, path)
    kept_party.copy_file(path).write_text('{"kind": "tftmanager-kept-party", "rows"',
                                          encoding="utf-8")
    window = make_window()
    assert not main_panels.show_kept_party(window, path)
    assert "damaged" in window.start_notes[-1]
    rows, why = kept_rows.shown_rows(path)
    assert rows is None and "damaged" in why


def test_a_copy_with_a_value_of_the_wrong_kind_is_ignored(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    _left_after_an_edit(make_window, qtbot, path)
    target = kept_party.copy_file(path)
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace('"Ragnar"', "true", 1), encoding="utf-8")
    rows, why = kept_rows.shown_rows(path)
    assert rows is None and "wrong kind" in why


def test_closing_the_window_keeps_the_last_change(
        make_window: Any, qtbot: Any, tmp_path: Path, campaign_templates: Any) -> None:
    """Closed before the keep's timer ran: the copy is written as the campaign closes."""
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    window = make_window()
    assert window.open_campaign(path)
    select_character(qtbot, window, "Wulf")
    st = window.editor.spins["st"]
    st.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(st, Qt.Key.Key_Up)
    qtbot.keyClick(st, Qt.Key.Key_Return)
    wulf = _shown(window)["Wulf"]
    window.close()
    rows, _ = kept_rows.shown_rows(path)
    assert rows is not None
    assert next((r.st, r.xp, r.player) for r in rows if r.name == "Wulf") == wulf
    stored = next(s.character for s in reading.party(path=path).characters
                  if s.character.name == "Wulf")
    assert stored.st == wulf[0]


PRINT_PARTY = ("from PySide6.QtWidgets import QApplication\n"
               "from tftmanager.ui.main_window import MainWindow\n"
               "[w] = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]\n"
               "print('rules', 'tftmanager.rules.derived' in sys.modules)\n"
               "print('party', *sorted(f'{r.name}:{r.xp}' for r in w.party_model.rows()))")


def _start(home: Path, path: Path, stage: str) -> list[str]:
    """The real start-up on ``path``, stopped at ``stage`` (make bench's probe); what it shows."""
    code = ("import runpy, sys; sys.argv = ['tftmanager', sys.argv[1]]\n"
            "try:\n    runpy.run_module('tftmanager', run_name='__main__')\n"
            "except SystemExit:\n    pass\n" + PRINT_PARTY)
    env = dict(os.environ, HOME=str(home), QT_QPA_PLATFORM="offscreen",
               TFTMANAGER_STARTUP_PROBE=stage)
    env.pop("XDG_CACHE_HOME", None)  # the cache folder in this home
    done = subprocess.run([sys.executable, "-c", code, str(path)], env=env, text=True,
                          capture_output=True, timeout=120, check=True)
    return done.stdout.splitlines()


def test_the_real_start_up_uses_the_copy_only_for_the_file_as_it_was_left(
        tmp_path: Path, campaign_templates: Any) -> None:
    """Cold: the rules work the party out; warm: shown from the copy with no rule loaded;
    changed while closed: worked out again, with the change."""
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    cold = _start(tmp_path, path, "party")
    assert "rules True" in cold
    _start(tmp_path, path, "kept")  # a session that opened the campaign and kept its party
    warm = _start(tmp_path, path, "party")
    assert "rules False" in warm
    assert warm[-1] == cold[-1]
    _other_program(path, "--name", "Wulf", "--amount", "40", "--reason", "Trolls")
    changed = _start(tmp_path, path, "party")
    assert "rules True" in changed
    wulf_before = next(w for w in cold[-1].split() if w.startswith("Wulf"))
    wulf_after = next(w for w in changed[-1].split() if w.startswith("Wulf"))
    assert int(wulf_after.split(":")[1]) == int(wulf_before.split(":")[1]) + 40


def test_a_campaign_that_cannot_be_read_just_now_is_simply_not_kept(
        tmp_path: Path, campaign_templates: Any) -> None:
    """Keeping runs on a timer: a refusal there is a line for the log, never a dialog."""
    from tftmanager.app.errors import CampaignError

    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)

    class Unreadable:
        location = CampaignLocation(file=path)

        def query(self, read: Any, **_: Any) -> Any:
            raise CampaignError(path, "The campaign file is gone.")

    why = kept_rows.keep(Unreadable())  # type: ignore[arg-type]
    assert why == "party of party.tftcampaign not kept: The campaign file is gone."
    assert kept_party.load(path, kept_rows.FIELDS) == (None, "")


def test_a_party_larger_than_kept_is_not_read_after_each_change(
        tmp_path: Path, campaign_templates: Any) -> None:
    """Over MAX_ROWS rows in the table: the party is not read again, its copy removed."""
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)

    class Session:
        location = CampaignLocation(file=path)
        reads = 0

        def query(self, read: Any, **_: Any) -> Any:
            self.reads += 1
            raise AssertionError("read")

    session = Session()
    kept_party.copy_file(path).parent.mkdir(parents=True, exist_ok=True)
    kept_party.copy_file(path).write_text("{}", encoding="utf-8")
    assert kept_rows.keep(session, kept_party.MAX_ROWS + 1) == ""  # type: ignore[arg-type]
    assert session.reads == 0 and not kept_party.copy_file(path).exists()
