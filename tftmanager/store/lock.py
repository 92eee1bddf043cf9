"""A lock file beside the campaign so two processes never edit it at once.

SQLite serialises transactions but not sessions: two windows would interleave
edits and each undo stack would lie.  The lock holds the owner's PID and host;
a lock whose owner died (same host, PID gone) is stale and taken over, so a
crash never locks a user out of their campaign.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from tftmanager.store.errors import CampaignInUse


@dataclass(frozen=True)
class LockOwner:
    """Who holds a lock."""

    pid: int
    host: str


def lock_path(campaign: Path) -> Path:
    """Where the lock for a campaign file lives."""
    return campaign.with_name(campaign.name + ".lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _read_owner(path: Path) -> LockOwner | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LockOwner(int(data["pid"]), str(data["host"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


# Locks this process holds: a lock file naming our PID that is not in here
# was left by an earlier process that had the same PID (after a reboot).
_HELD_HERE: set[Path] = set()


class CampaignLock:
    """Held while a campaign is open; release() or a crash frees it."""

    def __init__(self, campaign: Path) -> None:
        self.campaign = campaign
        self.path = lock_path(campaign)
        self._held = False

    def acquire(self) -> None:
        """Take the lock, or raise CampaignInUse naming the owner."""
        me = LockOwner(os.getpid(), socket.gethostname())
        for _attempt in range(2):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                owner = _read_owner(self.path)
                if owner is not None and owner == me and self.path in _HELD_HERE:
                    raise CampaignInUse(
                        self.campaign, f"{self.campaign.name} is already open in this window."
                    ) from None
                if (owner is not None and owner != me
                        and (owner.host != me.host or _alive(owner.pid))):
                    raise CampaignInUse(
                        self.campaign,
                        f"{self.campaign.name} is open in another TFT Manager "
                        f"(process {owner.pid} on {owner.host}). Close it there first.",
                    ) from None
                # Stale (its owner died) or unreadable: take it over.
                self.path.unlink(missing_ok=True)
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump({"pid": me.pid, "host": me.host}, handle)
            self._held = True
            _HELD_HERE.add(self.path)
            return
        raise CampaignInUse(self.campaign, f"Could not lock {self.campaign.name}.")

    def release(self) -> None:
        """Give the lock up (only if we hold it)."""
        if self._held:
            self.path.unlink(missing_ok=True)
            _HELD_HERE.discard(self.path)
            self._held = False

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._held
