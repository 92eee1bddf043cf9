"""The lock: exactly one writer per campaign, released by the kernel on a crash."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.store.campaign import CampaignStore, open_campaign
from tftmanager.store.errors import CampaignInUse
from tftmanager.store.lock import CampaignLock, is_locked, lock_path

pytestmark = pytest.mark.store

# A second process that tries to open the campaign and reports what happened.
OPENER = """
import sys
from pathlib import Path
from tftmanager.store.campaign import open_campaign
from tftmanager.store.errors import CampaignInUse
try:
    store = open_campaign(Path(sys.argv[1]))
except CampaignInUse as exc:
    print(exc.message)
    sys.exit(3)
print("opened", flush=True)
if len(sys.argv) > 2:
    import time
    time.sleep(60)
store.close()
"""


def run_opener(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", OPENER, str(path)],
        capture_output=True, text=True, timeout=120, check=False,
    )


def test_the_lock_file_names_its_owner(store: CampaignStore) -> None:
    data = json.loads(lock_path(store.path).read_text(encoding="utf-8"))
    assert data["pid"] == os.getpid()
    assert data["host"] == socket.gethostname()
    assert data["since"]
    assert store.lock is not None and store.lock.held


def test_second_open_in_the_same_process(store: CampaignStore) -> None:
    with pytest.raises(CampaignInUse) as info:
        open_campaign(store.path)
    assert store.path.name in info.value.message
    assert "already open" in info.value.message
    # The refused open did not take the first one's lock away.
    assert is_locked(store.path)
    assert store.lock is not None and store.lock.held


def test_second_process_is_refused_while_the_first_holds_it(store: CampaignStore) -> None:
    result = run_opener(store.path)
    assert result.returncode == 3, result.stderr
    assert "open in another TFT Manager" in result.stdout
    assert f"process {os.getpid()} on {socket.gethostname()} since " in result.stdout
    assert store.path.name in result.stdout
    # Once the first one closes, the second process gets in.
    store.close()
    result = run_opener(store.path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "opened"
    assert not is_locked(store.path)
    assert not lock_path(store.path).exists()  # its holder removed it on a clean exit


def test_a_killed_holder_frees_the_lock(store: CampaignStore) -> None:
    path = store.path
    store.close()
    holder = subprocess.Popen([sys.executable, "-c", OPENER, str(path), "hold"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "opened"
        assert is_locked(path)
        with pytest.raises(CampaignInUse, match=f"process {holder.pid}"):
            open_campaign(path)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with open_campaign(path) as again:
        assert again.lock is not None and again.lock.held


def test_a_lock_file_naming_a_live_process_does_not_lock(store: CampaignStore) -> None:
    """Only the kernel lock counts: a file naming someone who holds nothing is no lock."""
    path = store.path
    store.close()
    lock_path(path).write_text(json.dumps({"pid": 1, "host": socket.gethostname()}),
                               encoding="utf-8")
    with open_campaign(path) as again:
        assert json.loads(lock_path(path).read_text(encoding="utf-8"))["pid"] == os.getpid()
        assert again.lock is not None


def test_an_empty_lock_file_of_a_live_holder_still_locks(store: CampaignStore) -> None:
    """The owner is written after the lock is held; until then the lock still counts."""
    os.truncate(lock_path(store.path), 0)
    result = run_opener(store.path)
    assert result.returncode == 3, result.stderr
    assert "open in another TFT Manager. Close it there first." in result.stdout


def test_unreadable_or_foreign_lock_content_is_ignored(store: CampaignStore) -> None:
    path = store.path
    store.close()
    for text in ("{half a lock", json.dumps({"pid": 99, "host": "elsewhere"})):
        lock_path(path).write_text(text, encoding="utf-8")
        with open_campaign(path) as again:
            assert again.lock is not None and again.lock.held


def test_release_never_touches_anothers_lock(tmp_path: Path) -> None:
    campaign = tmp_path / "c.tftcampaign"
    mine = CampaignLock(campaign)
    mine.acquire()
    intruder = CampaignLock(campaign)
    with pytest.raises(CampaignInUse):
        intruder.acquire()
    intruder.release()
    assert is_locked(campaign)
    assert mine.held
    mine.release()
    assert not is_locked(campaign)
    assert not lock_path(campaign).exists()
    assert not mine.held


def test_an_opener_of_a_removed_lock_file_locks_the_new_one(tmp_path: Path) -> None:
    """A process that opened the lock file before its holder removed it starts again.

    Else it would lock the removed file while a newcomer locked the new one:
    two writers of one campaign.
    """
    campaign = tmp_path / "c.tftcampaign"
    holder = CampaignLock(campaign)
    holder.acquire()
    stale = os.open(lock_path(campaign), os.O_RDWR)  # a late opener's view of the old file
    try:
        holder.release()  # removes the file, then unlocks it
        newcomer = CampaignLock(campaign)
        newcomer.acquire()  # makes and locks a new file
        late = CampaignLock(campaign)
        assert not late._still_named(stale)  # the old file is no longer the lock
        with pytest.raises(CampaignInUse):
            late.acquire()
        newcomer.release()
    finally:
        os.close(stale)


def test_a_lock_file_of_nested_brackets_names_nobody(tmp_path: Path) -> None:
    """A lock file on a shared folder is anyone's to write: 4 KB of "[" is read as no owner."""
    from tftmanager.store.lock import read_owner

    hostile = tmp_path / "camp.tftcampaign.lock"
    hostile.write_bytes(b"[" * 8192)
    assert read_owner(hostile) is None
