"""An operating-system lock beside the campaign so exactly one process writes it.

SQLite serialises transactions but not sessions: two windows would interleave
edits and each undo stack would lie.  The lock is an advisory lock the kernel
holds on ``NAME.tftcampaign.lock`` (``flock`` on POSIX, ``msvcrt.locking`` on
Windows) for as long as the campaign is open.  The kernel drops it when the
process ends, however it ends, so no PID liveness guessing is needed and a
crash never locks anybody out.

A lock made by creating a file and then writing into it was racy (24
processes opening at once gave two or three holders); taking the kernel lock
first and only then writing the owner's PID, host and time into the file (for
the message the next opener shows) is not.

On POSIX the holder removes the file when it closes the campaign, while still
holding the lock, so no ``NAME.tftcampaign.lock`` is left beside a closed
campaign.  That is safe because an opener that wins a lock checks the name
still leads to the very file it locked, and starts again when it does not: a
process that opened the old file before it was removed can never hold a lock
that a newcomer, locking the new file, would not see.  Windows cannot remove
an open file, so its lock file stays (and is harmless).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tftmanager.store.errors import CampaignError, CampaignInUse, ReadOnlyCampaign

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    # Windows locks bytes: the owner is written past the locked first byte.
    _OWNER_OFFSET = 1
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    _OWNER_OFFSET = 0


@dataclass(frozen=True)
class LockOwner:
    """Who holds a lock, as its holder wrote it (for the message only)."""

    pid: int
    host: str
    since: str


def lock_path(campaign: Path) -> Path:
    """Where the lock for a campaign file lives."""
    return campaign.with_name(campaign.name + ".lock")


def read_owner(path: Path) -> LockOwner | None:
    """The owner a lock file names, or None if it names nobody readable."""
    try:
        with path.open("rb") as handle:
            handle.seek(_OWNER_OFFSET)
            data = json.loads(handle.read(4096).decode("utf-8"))
        return LockOwner(int(data["pid"]), str(data["host"]), str(data.get("since", "")))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # RecursionError: a lock file nested past the stack (4 KB of "[")


def is_locked(campaign: Path) -> bool:
    """Whether some process (this one included) holds the campaign's lock.

    Probes without creating or changing the lock file.
    """
    try:
        fd = os.open(lock_path(campaign), os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        if not _try_lock(fd):
            return True
        _unlock(fd)
        return False
    finally:
        os.close(fd)


# Tries to lock a lock file that is not removed under us; only a holder closing
# as often as we open could use them all.
_ATTEMPTS = 20

# Campaign files this process holds locks on, to say "already open in this
# window" rather than "open in another TFT Manager" naming our own PID.
_HELD_HERE: set[Path] = set()


def in_this_program_message(campaign: Path) -> str:
    """The refusal for a file this very program already holds.

    The lock cannot tell which window holds it, so it says what is true
    whichever window asked: the campaign is open in a TFT Manager window of
    this program, and where to go.
    """
    return (f"{campaign.name} is already open in another window of this TFT Manager. "
            "Switch to that window to work on it (one window at a time edits a campaign).")


class CampaignLock:
    """Held while a campaign is open; release() or the process ending frees it."""

    def __init__(self, campaign: Path) -> None:
        self.campaign = campaign
        self.path = lock_path(campaign)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise CampaignInUse naming the owner.

        Raises ReadOnlyCampaign when the lock file cannot be made (a read-only
        folder): the campaign can then only be read.
        """
        if self.path in _HELD_HERE:
            raise CampaignInUse(self.campaign, in_this_program_message(self.campaign))
        for _attempt in range(_ATTEMPTS):
            fd = self._open()
            try:
                locked = _try_lock(fd)
            except OSError as exc:
                os.close(fd)
                raise CampaignError(self.campaign, f"{self.campaign.name} cannot be locked "
                                    f"for editing ({exc.strerror}).") from exc
            if not locked:
                os.close(fd)
                raise CampaignInUse(self.campaign, self._in_use_message())
            if self._still_named(fd):
                break
            _unlock(fd)  # its holder removed that file as we locked it: lock the new one
            os.close(fd)
        else:
            raise CampaignInUse(self.campaign, self._in_use_message())
        self._fd = fd
        _HELD_HERE.add(self.path)
        self._write_owner(fd)

    def _still_named(self, fd: int) -> bool:
        """Whether the lock file's name still leads to the file this descriptor locked."""
        try:
            named, held = self.path.stat(), os.fstat(fd)
        except OSError:
            return False
        return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)

    def _open(self) -> int:
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                why = ("its folder is read-only" if exc.errno == errno.EROFS
                       or not os.access(self.path.parent, os.W_OK) else "permission denied")
                raise ReadOnlyCampaign(
                    self.campaign,
                    f"{self.campaign.name} cannot be opened for editing: {why} "
                    f"(it can still be read, listed and exported).") from exc
            raise CampaignError(self.campaign, f"{self.campaign.name} cannot be locked for "
                                f"editing ({exc.strerror}).") from exc

    def _write_owner(self, fd: int) -> None:
        """Name ourselves in the file; only for the next opener's message."""
        owner = {"pid": os.getpid(), "host": socket.gethostname(),
                 "since": time.strftime("%Y-%m-%d %H:%M:%S")}
        data = json.dumps(owner).encode("utf-8")
        try:
            os.ftruncate(fd, _OWNER_OFFSET)
            os.lseek(fd, _OWNER_OFFSET, os.SEEK_SET)
            os.write(fd, data)
        except OSError:
            pass  # a full disk: the lock is held all the same, the message is vaguer

    def _in_use_message(self) -> str:
        owner = read_owner(self.path)
        name = self.campaign.name
        if owner is None:
            return f"{name} is open in another TFT Manager. Close it there first."
        since = f" since {owner.since}" if owner.since else ""
        return (f"{name} is open in another TFT Manager (process {owner.pid} on "
                f"{owner.host}{since}). Close it there first.")

    def release(self) -> None:
        """Give the lock up (only if we hold it), removing its file first where we may."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        _HELD_HERE.discard(self.path)
        if sys.platform != "win32" and self._still_named(fd):
            with contextlib.suppress(OSError):  # a read-only folder: the file stays
                self.path.unlink()
        with contextlib.suppress(OSError):  # closing the descriptor releases it anyway
            _unlock(fd)
        os.close(fd)

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._fd is not None
