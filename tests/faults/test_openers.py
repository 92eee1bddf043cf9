"""24 processes open one campaign at the same moment: exactly one gets to write.

The children wait on one pipe and are released together.  The one that gets
the lock holds it until every other has been refused, so "exactly one" is
checked strictly, not "no two at once by luck of timing"; each refusal must
be the one-line message, naming the holder when it had written its name.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tftmanager.store.campaign import open_campaign
from tftmanager.store.errors import CampaignInUse

from .forking import Child

Rounds = Callable[[int, int], int]
Forker = Callable[[Callable[[Callable[[str], None]], int]], Child]
OPENERS = 24


def _opener(path: Path, start: int, release: int) -> Callable[[Callable[[str], None]], int]:
    def work(say: Callable[[str], None]) -> int:
        os.read(start, 1)  # everyone waits here, then goes at once
        try:
            store = open_campaign(path)
        except CampaignInUse as exc:
            say(f"refused {exc.message}")
            return 0
        say(f"held {os.getpid()}")
        os.read(release, 1)  # hold until the parent has heard from everyone
        store.close()
        return 0
    return work


def _trial(path: Path, forker: Forker) -> tuple[list[str], list[str]]:
    start_r, start_w = os.pipe()
    release_r, release_w = os.pipe()
    children = [forker(_opener(path, start_r, release_r)) for _ in range(OPENERS)]
    os.write(start_w, b"x" * OPENERS)
    lines: list[str] = []
    for child in children:
        lines += child.read_available(timeout=120)
    os.write(release_w, b"x" * OPENERS)
    codes = [child.wait() for child in children]
    for fd in (start_r, start_w, release_r, release_w):
        os.close(fd)
    assert codes == [0] * OPENERS, lines
    return ([line for line in lines if line.startswith("held")],
            [line for line in lines if line.startswith("refused")])


def test_simultaneous_openers_leave_exactly_one_writer(
        demo_copy: Path, rounds: Rounds, tally: Counter[str], forker: Forker) -> None:
    for _ in range(rounds(2, 10)):
        held, refused = _trial(demo_copy, forker)
        tally["simultaneous_open_trials"] += 1
        tally["simultaneous_opens"] += OPENERS
        tally["trials_with_two_writers"] += len(held) > 1
        assert len(held) == 1, held
        assert len(refused) == OPENERS - 1
        holder = held[0].split()[1]
        for line in refused:
            assert "open in another TFT Manager" in line, line
            tally["refusals_naming_the_holder"] += f"process {holder} " in line
