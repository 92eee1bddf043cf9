"""Why a campaign file could not be opened, in the user's terms."""

from __future__ import annotations

from pathlib import Path

from tftmanager.refusal import Refusal


class CampaignError(Refusal):
    """A campaign file that cannot be used; ``message`` is shown to the user as is."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


class NotACampaign(CampaignError):
    """The file is not SQLite, or SQLite written by another program."""


class DamagedCampaign(CampaignError):
    """SQLite's own checks fail on the file."""


class NewerCampaign(CampaignError):
    """The file was written by a newer version of TFT Manager."""


class CampaignInUse(CampaignError):
    """Another TFT Manager window or process has the campaign open."""


class ReadOnlyCampaign(CampaignError):
    """The campaign cannot be written here (a read-only folder): it can still be read.

    Raised when it is opened for editing, and by every operation on a store
    opened for reading, so an edit is refused in one line with nothing changed.
    """


class MigrationFailed(CampaignError):
    """Upgrading the file failed; it was restored from the backup taken first."""


class ServerError(CampaignError):
    """A server campaign that cannot be reached, set up or used (no driver, bad URL, refused)."""


class ConnectionLost(ServerError):
    """The connection to the server dropped; the next action reconnects.

    ``saved`` is True when the operation had in fact committed before the
    connection went (the store asked the server again); trying it again
    would do it twice.
    """

    def __init__(self, path: Path, message: str, saved: bool = False) -> None:
        super().__init__(path, message)
        self.saved = saved


class EditConflict(CampaignError):
    """Another user changed what this edit touches since this client last looked."""


class RequestDone(CampaignError):
    """A player's request the table server already did (its nonce is recorded): not again."""


class NotYours(CampaignError):
    """The server refused the change: a player's login may change only their own characters."""
