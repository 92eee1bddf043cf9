"""The runner tells an action's ends apart: done, refused, a bug, saved as the line dropped."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from tftmanager.app import campaigns, experience
from tftmanager.app.changes import Changes
from tftmanager.app.experience import XPRefused
from tftmanager.rules.experience import Attribute
from tftmanager.store.errors import ConnectionLost
from tftmanager.ui.runner import Outcome, free_check
from tftmanager.ui.session import CampaignSession

pytestmark = pytest.mark.ui


def _session(make_window, tmp_path: Path) -> CampaignSession:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.new_campaign(tmp_path / "party.tftcampaign", demo=True)
    assert isinstance(window.session, CampaignSession)
    return window.session


def test_an_action_is_an_app_function_given_the_store(make_window, tmp_path: Path) -> None:
    session = _session(make_window, tmp_path)
    cid = session.query(campaigns.party_sheets)[0].id
    changed: list[Changes] = []
    session.signals.changes_applied.connect(changed.append)
    ran = session.act("Award", experience.award, character_ids=[cid], amount=100,
                      reason="Scouting")
    assert ran.outcome is Outcome.DONE and ran.done
    assert ran.value is not None and ran.value.lines[0].amount == 100
    assert changed and changed[-1].ledger
    assert session.query(experience.status, character_id=cid).balance >= 100


def test_a_refusal_is_told_from_a_bug(make_window, tmp_path: Path) -> None:
    session = _session(make_window, tmp_path)
    cid = session.query(campaigns.party_sheets)[0].id
    said: list[str] = []
    session.signals.action_failed.connect(said.append)
    for _ in range(30):  # spend every XP there is: then a raise is refused
        ran = session.act("Raise ST", experience.raise_attribute, character_id=cid,
                          attribute=Attribute.ST)
        if not ran.done:
            break
    assert ran.outcome is Outcome.REFUSED and ran.value is None
    assert said and said[-1].startswith("Raise ST failed: ")


@pytest.mark.provokes_bug
def test_a_bug_is_a_bug(make_window, tmp_path: Path) -> None:
    session = _session(make_window, tmp_path)
    reported: list[str] = []
    session.signals.bug_reported.connect(reported.append)

    def broken() -> Changes:
        raise KeyError("a fault of ours")
    assert session.free("Broken", broken).outcome is Outcome.BUG
    assert reported and "unexpected error (KeyError)" in reported[-1]


def test_saved_as_the_connection_dropped_is_its_own_end(make_window, tmp_path: Path) -> None:
    session = _session(make_window, tmp_path)

    def saved_then_dropped() -> Changes:
        raise ConnectionLost(session.path, "The connection dropped just as the change was "
                             "saved; it is saved.", saved=True)
    ran = session.free("Edit", saved_then_dropped)
    assert ran.outcome is Outcome.SAVED_DROPPED and ran.value is None


def test_a_refusal_the_caller_answers_comes_back_untold(make_window, tmp_path: Path) -> None:
    """``answers``: the refusal is the caller's to say (at a field), not a dialog's."""
    session = _session(make_window, tmp_path)
    said: list[str] = []
    session.signals.action_failed.connect(said.append)
    ran = free_check(experience.parse_enemy_totals, answers=(XPRefused,), text="24, x")
    assert ran.outcome is Outcome.REFUSED and isinstance(ran.refusal, XPRefused)
    assert ran.refusal.__traceback__ is None  # its frames would keep the form alive
    acted = session.free("Parse", experience.parse_enemy_totals, answers=(XPRefused,),
                         text="x")
    assert acted.outcome is Outcome.REFUSED and acted.refusal is not None and said == []
    assert free_check(experience.parse_enemy_totals, answers=(XPRefused,),
                      text="24, 26").value == [24, 26]


def test_a_long_action_runs_in_a_worker_and_cancel_stops_it(make_window, tmp_path: Path) -> None:
    """``act_long``: the window's events turn while a worker runs; Cancel stops the next step."""
    session = _session(make_window, tmp_path)
    workers: list[int] = []

    def slow(*, store: object, progress, total: int) -> int:  # type: ignore[no-untyped-def]
        assert store is session.store
        for step in range(1, total + 1):
            time.sleep(0.05)
            workers.append(threading.get_ident())
            if not progress(step, total):
                return step  # what it finished is its to keep
        return total

    QTimer.singleShot(150, lambda: session.progress_dialog.cancel())  # heard mid-run
    ran = session.act_long("Slow", slow, steps=60, parent=None, text="Working…",
                           writes=False, total=60)
    assert ran.done and ran.value is not None and 1 <= ran.value < 60
    assert workers and threading.get_ident() not in workers
