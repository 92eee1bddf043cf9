"""Children made with fork(): cheap enough to kill hundreds of times.

A child runs one function and leaves with ``os._exit`` (never through pytest's
own exit path); what it has to say goes down a pipe, a line at a time.
"""

from __future__ import annotations

import os
import select
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

CRASHED = 4  # a child's exit code when it hit an unexpected exception


@dataclass
class Child:
    """A forked child: its pid and the read end of its report pipe."""

    pid: int
    reports: int
    lines: list[str] = field(default_factory=list)
    _buffer: bytes = b""

    def read_available(self, timeout: float = 0.0) -> list[str]:
        """Lines the child has written so far (waits up to ``timeout`` for the first)."""
        new: list[str] = []
        deadline = time.monotonic() + timeout
        while True:
            wait = max(0.0, deadline - time.monotonic()) if not new else 0.0
            ready, _, _ = select.select([self.reports], [], [], wait)
            if not ready:
                break
            chunk = os.read(self.reports, 65536)
            if not chunk:
                break
            self._buffer += chunk
            *done, self._buffer = self._buffer.split(b"\n")
            new += [line.decode("utf-8", "replace") for line in done]
        self.lines += new
        return new

    def wait(self) -> int:
        """Reap the child; its exit code (negative: killed by that signal)."""
        _, status = os.waitpid(self.pid, 0)
        self.read_available()
        os.close(self.reports)
        return os.waitstatus_to_exitcode(status)


def fork(work: Callable[[Callable[[str], None]], int]) -> Child:
    """Run ``work(say)`` in a child; ``say(line)`` reports a line to the parent."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        code = CRASHED
        try:
            code = work(lambda line: os.write(write, (line + "\n").encode("utf-8")) and None)
        except BaseException:  # noqa: BLE001 - the child reports and leaves, always
            os.write(write, ("traceback " + traceback.format_exc().replace("\n", " | ")
                             + "\n").encode("utf-8"))
        finally:
            os._exit(code)
    os.close(write)
    return Child(pid, read)
