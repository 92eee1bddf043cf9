"""App-wide signals, named as past-tense events."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class AppSignals(QObject):
    """One object every panel listens to; panels look only at their own flags."""

    # Changes: what an application function just changed
    changes_applied = Signal(object)
    # CampaignLocation: a campaign was opened (after migration, if any)
    campaign_opened = Signal(object)
    # (no payload): the open campaign was closed
    campaign_closed = Signal()
    # str: a use case refused; the message is one line for the user
    action_failed = Signal(str)
    # (str, str): a refusal said in its own words under a title the action chose ("Not exported")
    action_refused = Signal(str, str)
    # str: an action hit a bug; the message names its crash report
    bug_reported = Signal(str)
    # str: one line for the status bar (a server campaign's news, a reconnection)
    status_noted = Signal(str)
    # (no payload): an operation was recorded, undone or redone
    journal_changed = Signal()
    # str: the party's copy for the next start was written ("") or not (why, in a line)
    party_kept = Signal(str)
