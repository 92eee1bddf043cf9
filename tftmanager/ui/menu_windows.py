"""The windows the main window's menus open: library, awards, cards, weeks, rules.

Each loads its module only when asked (the main window paints before the
store and the rules are imported) and does nothing without an open campaign.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from tftmanager.ui import dialogs

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog


def _show(window: QWidget) -> QWidget:
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    return window


def edit_library(parent: QWidget, session: CampaignSession | None) -> None:
    """Show the campaign's rules library editor."""
    if session is not None:
        from tftmanager.ui.library_editor import LibraryEditor  # noqa: PLC0415 - on demand

        _show(LibraryEditor(session, parent))


def award_experience(parent: QWidget, session: CampaignSession | None) -> QWidget | None:
    """The award form for the whole party."""
    if session is None:
        return None
    from tftmanager.ui.award_dialog import AwardDialog  # noqa: PLC0415 - on demand

    return _show(AwardDialog(session, None, parent))


def cards(parent: QWidget, session: CampaignSession | None, selected: int | None,
          how: str) -> object:
    """Print Preview or Export PDF for the selected character (or the whole party).

    The print support module loads only now, not at start-up.
    """
    if session is None:
        return None
    from tftmanager.ui.print_preview import (  # noqa: PLC0415 - on demand
        export_pdf_dialog,
        open_print_preview,
    )

    if how == "pdf":  # the party's cards: what a GM hands out before a session
        return export_party_cards(parent, session, export_pdf_dialog)
    return open_print_preview(parent, session, [] if selected is None else [selected])


def export_party_cards(parent: QWidget, session: CampaignSession,
                       export: Callable[[QWidget, CampaignSession, list[int]], Path | None],
                       ) -> Path | None:
    """Export every character's cards, then say where they went.

    A silent export left users wondering whether anything was written, and
    exporting only the selected character surprised them: the party's cards
    are what is printed before a session (Print Cards offers one character).
    """
    from tftmanager.app import campaigns  # noqa: PLC0415 - with the store

    path = export(parent, session, [])
    if path is not None:
        count = len(session.query(campaigns.party_sheets))
        dialogs.info(parent, "Cards Exported",
                     f"Saved the cards of the whole party ({count} "
                     f"character{'' if count == 1 else 's'}) to {path}.")
    return path


def plan_weeks(parent: QWidget, session: CampaignSession | None) -> QWidget | None:
    """The week planner: activities, eligibility, running weeks, the report."""
    if session is None:
        return None
    from tftmanager.ui.week_planner import WeekPlanner  # noqa: PLC0415 - on demand

    return _show(WeekPlanner(session, parent))


def survival_roll(parent: QWidget, session: CampaignSession | None,
                  selected: int | None) -> QWidget | None:
    """The survival calculator for the selected character."""
    if session is None or selected is None:
        return None
    from tftmanager.ui.survival_dialog import SurvivalDialog  # noqa: PLC0415 - on demand

    return _show(SurvivalDialog(session, selected, parent))


def add_encounter_menu(window: QWidget, menu: QMenu) -> QAction:
    """Campaign > New Encounter… (the main window keeps one line for it)."""
    action = QAction("New &Encounter…", window)
    action.setObjectName("act_encounter")
    action.setShortcut(QKeySequence("Ctrl+Shift+E"))
    action.setStatusTip("Run a fight: sides, turns, hits, then XP, wounds and wear")
    action.triggered.connect(lambda: encounter(window, getattr(window, "session", None)))
    menu.addSeparator()
    menu.addAction(action)
    # Enabled with a campaign open, checked as the menu opens (no hook in the main window).
    menu.aboutToShow.connect(
        lambda: action.setEnabled(getattr(window, "session", None) is not None))
    window.act_encounter = action  # type: ignore[attr-defined]
    return action


def encounter(parent: QWidget, session: CampaignSession | None) -> QWidget | None:
    """The encounter tracker: the fight in progress, or a new one."""
    if session is None:
        return None
    from tftmanager.app import encounters  # noqa: PLC0415 - on demand
    from tftmanager.ui.encounter_window import EncounterWindow  # noqa: PLC0415

    # no fight in progress is the form's answer: a new one
    current = session.check(encounters.current_id, answers=(encounters.EncounterRefused,)).value
    return _show(EncounterWindow(session, current, parent))


def edit_settings(parent: QWidget, session: CampaignSession | None) -> None:
    """Show the campaign rules dialog and apply what the GM chose."""
    if session is None:
        return
    from tftmanager.app import campaigns, journal  # noqa: PLC0415 - with the store
    from tftmanager.app import library as library_app  # noqa: PLC0415 - with the store
    from tftmanager.app.library import in_effect  # noqa: PLC0415 - on demand
    from tftmanager.ui.runner import free_query  # noqa: PLC0415
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog  # noqa: PLC0415

    entries = session.query(library_app.entries)
    xp = next((e for e in entries if e.kind == "experience"), None)
    # The job rules as played: an older campaign's lacking values come from the shipped ones.
    jobs = next((e for e in free_query(in_effect, campaign_entries=entries)
                 if e.kind == "job_rules"), None)
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), parent, xp, jobs,
                                    session.query(journal.undo_limit))
    if dialog.exec():
        apply_settings(session, dialog)


def apply_settings(session: CampaignSession, dialog: CampaignSettingsDialog) -> None:
    """Apply what the settings dialog holds, as one operation (nothing if unchanged)."""
    from tftmanager.app import campaigns, journal  # noqa: PLC0415 - with the store
    from tftmanager.ui.operations import campaign  # noqa: PLC0415 - on demand

    profile, edited, jobs = dialog.profile(), dialog.xp_entry(), dialog.job_rules_entry()
    limit = dialog.undo_limit.value()
    if (profile == session.query(campaigns.get_profile) and edited is None and jobs is None
            and limit == session.query(journal.undo_limit)):
        return
    campaign.change_rules(session, profile, [e for e in (edited, jobs) if e is not None], limit)
