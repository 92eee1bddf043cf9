"""A second launch hands its campaign to the running window (one window per user)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tftmanager.store.lock import read_owner
from tftmanager.ui import single_instance
from tftmanager.ui.single_instance import Receiver, decode, encode, server_name

pytestmark = pytest.mark.ui

HAND_OVER = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from tftmanager.ui.single_instance import hand_over
app = QCoreApplication([])
print(hand_over(sys.argv[1], [Path(p) for p in sys.argv[2:]]))
"""


def test_the_message_round_trips_absolute_paths(tmp_path: Path) -> None:
    message = encode([tmp_path / "a b.tftcampaign", Path("rel.tftcampaign")])
    assert message.endswith(b"\n") and message.count(b"\n") == 1
    assert decode(message.strip()) == [tmp_path / "a b.tftcampaign",
                                       Path.cwd() / "rel.tftcampaign"]


@pytest.mark.parametrize("junk", [b"", b"\xff", b"[]", b'{"open": "x"}', b'{"open": [1]}',
                                  b"[" * 60_000])  # nested past the stack
def test_anything_else_is_refused(junk: bytes) -> None:
    assert decode(junk) is None


def test_each_data_folder_has_its_own_socket(tmp_path: Path) -> None:
    assert server_name(tmp_path / "a") != server_name(tmp_path / "b")
    assert server_name(tmp_path / "a") == server_name(tmp_path / "x" / ".." / "a")


def test_the_socket_lives_where_only_this_user_can_write(short_tmp_path: Path) -> None:
    """Never a guessable name in the shared /tmp, where another user could listen first."""
    tmp_path = short_tmp_path
    runtime, data = tmp_path / "run", tmp_path / "data"
    runtime.mkdir()
    data.mkdir()
    assert Path(server_name(data, "linux", str(runtime))).parent == runtime
    assert Path(server_name(data, "linux", "")).parent == data  # no runtime folder
    deep = tmp_path / ("d" * 120)
    deep.mkdir()
    private = Path(server_name(deep, "linux", ""))
    assert private.parent.name == f"tftmanager-{os.getuid()}"
    assert private.parent.stat().st_mode & 0o777 == 0o700
    assert "/" not in server_name(data, "win32")  # a named pipe


def test_with_nobody_listening_the_launch_keeps_its_own_window(qapp, tmp_path: Path) -> None:
    assert not single_instance.hand_over(server_name(tmp_path), [tmp_path / "x.tftcampaign"])


def test_a_second_process_hands_its_file_to_the_receiver(qtbot, tmp_path: Path) -> None:
    name = server_name(tmp_path)
    received: list[list[Path]] = []
    receiver = Receiver(name, received.append)
    assert receiver.listening()
    target = tmp_path / "other.tftcampaign"
    process = subprocess.Popen([sys.executable, "-c", HAND_OVER, name, str(target)],
                               stdout=subprocess.PIPE, text=True)
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=30000)
    assert process.stdout is not None
    assert process.stdout.read().strip() == "True"
    assert received == [[target]]
    receiver.server.close()


def test_a_socket_left_behind_is_replaced(qtbot, tmp_path: Path) -> None:
    name = server_name(tmp_path)
    first = Receiver(name, lambda _paths: None)  # its socket file stays, as after a crash
    second = Receiver(name, lambda _paths: None)
    assert second.listening()
    second.server.close()
    first.server.close()


def _gui(home: Path, *args: str | Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen")
    env.pop("TFTMANAGER_STARTUP_PROBE", None)
    return subprocess.Popen([sys.executable, "-m", "tftmanager", *map(str, args)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_owner(path: Path, pid: int, seconds: float = 90) -> bool:
    lock = path.with_name(path.name + ".lock")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        owner = read_owner(lock) if lock.exists() else None
        if owner is not None and owner.pid == pid:
            return True
        time.sleep(0.2)
    return False


@pytest.mark.slow
def test_double_clicking_a_second_campaign_opens_it_in_the_running_window(
        tmp_path: Path) -> None:
    from tftmanager.app.campaigns import new_campaign

    home = tmp_path / "home"
    home.mkdir()
    first, second = tmp_path / "first.tftcampaign", tmp_path / "second.tftcampaign"
    for path in (first, second):
        new_campaign(path=path, demo=True).close()
    running = _gui(home, first)
    try:
        assert _wait_for_owner(first, running.pid), running.stderr
        handed = _gui(home, second)
        handed.wait(timeout=60)
        assert handed.returncode == 0, handed.communicate()
        assert _wait_for_owner(second, running.pid)  # the running window opened it
        assert running.poll() is None
    finally:
        running.kill()
        running.communicate()


def test_a_listening_window_is_seen_without_qtnetwork_on_unix(qtbot, tmp_path: Path) -> None:
    """The first launch skips QtNetwork only when no socket file exists; a window makes one."""
    (tmp_path / "sock").mkdir()
    name = server_name(tmp_path / "sock")
    assert single_instance.nobody_listening(name, platform="linux")
    assert not single_instance.nobody_listening(name, platform="win32")
    receiver = Receiver(name, lambda paths: None)
    assert receiver.listening()
    assert not single_instance.nobody_listening(name, platform="linux")
