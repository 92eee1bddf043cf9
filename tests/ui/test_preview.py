"""The party first: a read-only preview before the store loads, then the real open."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app.demo import demo_entries
from tftmanager.ui import main_panels

pytestmark = pytest.mark.ui
DATA = Path(__file__).parent.parent / "data"


def test_the_preview_shows_the_party_then_the_open_takes_over(
        make_window, tmp_path: Path, campaign_templates: Any) -> None:
    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    window = make_window()
    assert main_panels.show_preview(window, path)
    names = [window.party_model.index(i, 0).data() for i in range(window.party_model.rowCount())]
    assert names == sorted(e.character.name for e in demo_entries())
    assert window.session is None  # nothing is open (nor locked) yet
    ragnar = next(r for r in window.party_model.rows() if r.name == "Ragnar")
    assert (ragnar.name, ragnar.adj_dx) == ("Ragnar", 11)
    window.party.select(ragnar.id)  # a click before the editor exists does no harm
    assert window.open_campaign(path)
    assert window.session is not None
    assert sorted(r.name for r in window.party_model.rows()) == names
    assert next(r for r in window.party_model.rows() if r.name == "Ragnar") == ragnar
    assert not main_panels.show_preview(window, path)  # never over an open campaign


def test_no_preview_for_a_file_the_open_must_upgrade(make_window, tmp_path: Path) -> None:
    older = tmp_path / "older.tftcampaign"
    shutil.copyfile(DATA / "campaign-schema6.tftcampaign", older)
    window = make_window()
    assert not main_panels.show_preview(window, older)


NO_ORM = "print('orm' if 'sqlalchemy' in sys.modules else 'no orm')"
GUARDED = ("from PySide6.QtCore import Qt\n"
           "from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox\n"
           "from tftmanager.ui import input_guard\n"
           "boxes = [w for w in QApplication.allWidgets()\n"
           "         if isinstance(w, QComboBox | QAbstractSpinBox)]\n"
           "strong = all(w.focusPolicy() == Qt.FocusPolicy.StrongFocus for w in boxes)\n"
           "print('guard', len(input_guard._GUARD), len(boxes) > 5, strong)")
LOGGED = ("from logging import FileHandler\n"
          "from tftmanager import activity_log\n"
          "print('logged', any(isinstance(h, FileHandler)\n"
          "                    for h in activity_log.LOGGER.handlers))")


def _started(tmp_path: Path, templates: Any, stage: str, then: str) -> list[str]:
    """What ``then`` prints after the real start-up on the demo stopped at ``stage``.

    The stages are make bench's probe's: ``party``, ``editor``, ``loaded``.
    """
    tmp_path.mkdir(exist_ok=True)
    path = templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    code = ("import gc, runpy, sys; sys.argv = ['tftmanager', sys.argv[1]]\n"
            "try:\n    runpy.run_module('tftmanager', run_name='__main__')\n"
            "except SystemExit:\n    pass\n" + then)
    env = dict(os.environ, HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen",
               TFTMANAGER_STARTUP_PROBE=stage)
    done = subprocess.run([sys.executable, "-c", code, str(path)], env=env, text=True,
                          capture_output=True, timeout=120, check=True)
    return done.stdout.split()


@pytest.mark.parametrize("stage", ["party", "editor"])
def test_the_start_up_reaches_the_party_and_the_editor_without_the_orm(
        tmp_path: Path, campaign_templates: Any, stage: str) -> None:
    """The probe make bench uses: party, then editor, on screen before SQLAlchemy is imported."""
    lines = _started(tmp_path, campaign_templates, stage, NO_ORM)
    assert lines[-2:] == ["no", "orm"] and stage in lines, lines


def test_the_cycle_collector_is_paused_while_starting_and_back_on_once_ready(
        tmp_path: Path, campaign_templates: Any) -> None:
    """Start-up pauses Python's cycle collector; it runs again once the editor is ready."""
    then = "print('collector', 'on' if gc.isenabled() else 'off')"
    seen = {stage: _started(tmp_path / stage, campaign_templates, stage, then)[-1]
            for stage in ("party", "editor")}
    assert seen == {"party": "off", "editor": "on"}


def test_the_input_guard_is_on_once_the_editor_is_up_and_the_log_before_the_open(
        tmp_path: Path, campaign_templates: Any) -> None:
    """Both wait for the editor's paint (they slowed it); both are there before any input."""
    guarded = _started(tmp_path / "editor", campaign_templates, "editor", GUARDED)
    assert guarded[-4:] == ["guard", "1", "True", "True"], guarded
    logged = _started(tmp_path / "loaded", campaign_templates, "loaded", LOGGED)
    assert logged[-2:] == ["logged", "True"], logged


def test_opening_reads_the_party_once(make_window, tmp_path: Path, campaign_templates: Any,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor asks whether the party is empty without reading it (20,000 characters)."""
    from tftmanager.store import queries
    from tftmanager.ui.editor import EMPTY_HINT

    path = campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    empty = campaign_templates.file(tmp_path / "empty.tftcampaign", name="Empty")
    reads: list[int] = []
    real = queries.list_characters

    def counted(**kwargs: Any) -> Any:
        reads.append(1)
        return real(**kwargs)

    monkeypatch.setattr(queries, "list_characters", counted)
    window = make_window()
    assert window.open_campaign(path)
    assert len(reads) == 1  # the party table's read
    assert window.editor.title.text() == "Flavius Marcellus"  # the first, chosen for you
    assert window.open_campaign(empty)
    assert window.editor.title.text() == EMPTY_HINT


def test_the_party_shows_in_plain_fusion_and_the_editor_in_the_apps_own_style(
        tmp_path: Path, campaign_templates: Any) -> None:
    """The app's style (framed check boxes) waits for the party's paint, not for the editor."""
    then = ("from PySide6.QtWidgets import QApplication\n"
            "style = QApplication.style()\n"
            "print('style', type(style).__name__, style.name() or style.baseStyle().name())")
    party = _started(tmp_path / "party", campaign_templates, "party", then)
    editor = _started(tmp_path / "editor", campaign_templates, "editor", then)
    assert party[-1] == "fusion" and party[-2] != "VisibleIndicators", party  # Qt's own
    assert editor[-3:] == ["style", "VisibleIndicators", "fusion"], editor
    from PySide6.QtWidgets import QApplication

    from tftmanager.ui.style import VisibleIndicators
    assert isinstance(QApplication.style(), VisibleIndicators)  # as configure_application sets


def test_the_menus_are_filled_once_the_party_is_on_screen(
        tmp_path: Path, campaign_templates: Any) -> None:
    """Their titles at the first paint; their entries (and shortcuts) right after the party."""
    then = ("from PySide6.QtWidgets import QApplication\n"
            "from tftmanager.ui.main_window import MainWindow\n"
            "[w] = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]\n"
            "menus = [a.menu() for a in w.menuBar().actions()]\n"
            "print('menus', *(m.title().replace('&', '') for m in menus))\n"
            "print('entries', sum(len(m.actions()) for m in menus),\n"
            "      any(a.shortcut().toString() == 'Ctrl+S' for m in menus for a in m.actions()))")
    party = _started(tmp_path / "party", campaign_templates, "party", then)
    editor = _started(tmp_path / "editor", campaign_templates, "editor", then)
    titles = ["menus", "File", "Edit", "Campaign", "View", "Help"]
    assert party[-9:-3] == titles and party[-3:] == ["entries", "0", "False"], party
    assert editor[-9:-3] == titles and editor[-1] == "True" and int(editor[-2]) > 30, editor


CUT_LABELS = """
from PySide6.QtWidgets import QApplication, QLabel
from tftmanager.ui.main_window import MainWindow
window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
cut = []
for label in window.editor.findChildren(QLabel):
    if not label.isVisibleTo(window) or not label.text():
        continue
    if label.wordWrap():
        short = label.height() < label.heightForWidth(label.width())
    else:
        short = label.width() < label.minimumSizeHint().width()
    if short:
        cut.append(label.text()[:16].replace(' ', '_'))
print('cut', len(cut), *cut)
"""


def test_the_editors_first_frame_is_laid_out_with_no_label_cut(
        tmp_path: Path, campaign_templates: Any) -> None:
    """The frame painted before the store loads stays half a second: "0 XP" was "0", and the
    wrapped labels (languages, reactions to injury, weapons) lost their second lines."""
    lines = _started(tmp_path, campaign_templates, "editor", CUT_LABELS)
    assert lines[lines.index("cut") + 1:] == ["0"], lines
