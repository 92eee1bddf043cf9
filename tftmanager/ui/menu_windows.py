"""The windows the main window's menus open: library, awards, cards, weeks, rules.

Each loads its module only when asked (the main window paints before the
store and the rules are imported) and does nothing without an open campaign.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

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

    ids = [] if selected is None else [selected]
    if how == "pdf":
        return export_pdf_dialog(parent, session, ids)
    return open_print_preview(parent, session, ids)


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


def edit_settings(parent: QWidget, session: CampaignSession | None) -> None:
    """Show the campaign rules dialog and apply what the GM chose."""
    if session is None:
        return
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog  # noqa: PLC0415

    entries = session.library_entries()
    xp = next((e for e in entries if e.kind == "experience"), None)
    # The job rules as played: an older campaign's lacking values come from the shipped ones.
    jobs = next((e for e in session.library_in_effect() if e.kind == "job_rules"), None)
    dialog = CampaignSettingsDialog(session.profile(), parent, xp, jobs, session.undo_limit())
    if dialog.exec():
        apply_settings(session, dialog)


def apply_settings(session: CampaignSession, dialog: CampaignSettingsDialog) -> None:
    """Apply what the settings dialog holds, as one operation (nothing if unchanged)."""
    from tftmanager.ui.operations import campaign  # noqa: PLC0415 - on demand

    profile, edited, jobs = dialog.profile(), dialog.xp_entry(), dialog.job_rules_entry()
    limit = dialog.undo_limit.value()
    if (profile == session.profile() and edited is None and jobs is None
            and limit == session.undo_limit()):
        return
    campaign.change_rules(session, profile, [e for e in (edited, jobs) if e is not None], limit)
