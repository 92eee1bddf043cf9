"""The lock file: one TFT Manager at a time per campaign, and no lock-outs after a crash."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.store.campaign import CampaignStore, open_campaign
from tftmanager.store.errors import CampaignInUse
from tftmanager.store.lock import CampaignLock, lock_path

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
store.close()
print("opened")
"""


def run_opener(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", OPENER, str(path)],
        capture_output=True, text=True, timeout=120, check=False,
    )


def dead_pid() -> int:
    """The PID of a process that has finished (and been reaped)."""
    finished = subprocess.Popen([sys.executable, "-c", "pass"])
    finished.wait()
    return finished.pid


def test_the_lock_file_names_its_owner(store: CampaignStore) -> None:
    data = json.loads(lock_path(store.path).read_text(encoding="utf-8"))
    assert data == {"pid": os.getpid(), "host": socket.gethostname()}
    assert store.lock.held


def test_second_open_in_the_same_process(store: CampaignStore) -> None:
    with pytest.raises(CampaignInUse) as info:
        open_campaign(store.path)
    assert store.path.name in info.value.message
    assert "already open" in info.value.message
    # The refused open did not take the first one's lock away.
    assert lock_path(store.path).exists()
    assert store.lock.held


def test_second_process_is_refused_while_the_first_holds_it(store: CampaignStore) -> None:
    result = run_opener(store.path)
    assert result.returncode == 3, result.stderr
    assert "open in another TFT Manager" in result.stdout
    assert f"process {os.getpid()}" in result.stdout
    assert store.path.name in result.stdout
    # Once the first one closes, the second process gets in.
    store.close()
    result = run_opener(store.path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "opened"
    assert not lock_path(store.path).exists()


def test_stale_lock_of_a_dead_process_is_taken_over(store: CampaignStore) -> None:
    path = store.path
    store.close()
    pid = dead_pid()
    lock_path(path).write_text(
        json.dumps({"pid": pid, "host": socket.gethostname()}), encoding="utf-8"
    )
    with open_campaign(path) as again:
        data = json.loads(lock_path(path).read_text(encoding="utf-8"))
        assert data["pid"] == os.getpid()
        assert again.lock.held
    assert not lock_path(path).exists()


def test_unreadable_lock_is_taken_over(store: CampaignStore) -> None:
    path = store.path
    store.close()
    lock_path(path).write_text("{half a lock", encoding="utf-8")
    with open_campaign(path) as again:
        assert again.lock.held


def test_lock_held_on_another_host_is_respected(store: CampaignStore) -> None:
    path = store.path
    store.close()
    # Even with a PID that is dead here: we cannot tell on another machine.
    other = {"pid": dead_pid(), "host": socket.gethostname() + "-elsewhere"}
    lock_path(path).write_text(json.dumps(other), encoding="utf-8")
    with pytest.raises(CampaignInUse) as info:
        open_campaign(path)
    assert other["host"] in info.value.message
    # The other machine's lock is left exactly as it was.
    assert json.loads(lock_path(path).read_text(encoding="utf-8")) == other


def test_release_only_removes_our_own_lock(tmp_path: Path) -> None:
    campaign = tmp_path / "c.tftcampaign"
    mine = CampaignLock(campaign)
    mine.acquire()
    intruder = CampaignLock(campaign)
    with pytest.raises(CampaignInUse):
        intruder.acquire()
    intruder.release()
    assert lock_path(campaign).exists()
    mine.release()
    assert not lock_path(campaign).exists()
    assert not mine.held
