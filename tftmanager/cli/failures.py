r"""How the command line fails: one line, a known exit code, never a traceback.

Every refusal (``tftmanager.refusal.Refusal``, or a disk or file failure the
store words) is one line on stderr and exit 2.  A closed output pipe
(``check ... | head``) is not an error of the command and ends it quietly.
Anything else is a bug, a ``ValueError`` included: its traceback goes to a
crash report file, named in the one line, and the exit code is 70
(``EX_SOFTWARE``).  The log (``tftmanager.activity_log``) gets each command's
time, every refusal and every bug.

Text from a campaign or a document may hold control characters (names saved
before they were refused, keys in a foreign file): everything written to the
terminal passes through :class:`EscapingStream`, which shows each as ``\uXXXX``
(also a valid escape inside JSON and TOML strings).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from typing import TextIO

from tftmanager.app.errors import failure_of
from tftmanager.cli.exit_codes import CRASHED, INTERRUPTED, UNUSABLE
from tftmanager.rules.text import BIDI_CONTROLS

_ESCAPES = {code: f"\\u{code:04x}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0),
                                                0x2028, 0x2029, *map(ord, BIDI_CONTROLS))
            if code not in (0x0A, 0x09)}


def escape_controls(text: str) -> str:
    r"""``text`` with every control character shown as ``\uXXXX`` (newlines and tabs kept)."""
    return text.translate(_ESCAPES)


def say(command: str, message: object) -> None:
    """Print one line on stderr, line breaks inside the message shown escaped.

    A message may quote a hostile document (a field whose name is a line
    break); it stays one line.
    """
    text = str(message).replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")
    print(f"tftmanager {command}: {text}", file=sys.stderr)


class EscapingStream(io.TextIOBase):
    """A text stream that escapes control characters before they reach the terminal."""

    def __init__(self, inner: TextIO) -> None:
        super().__init__()
        self.inner = inner

    def write(self, text: str) -> int:
        """Write ``text`` escaped; returns its length as given (print() expects that)."""
        self.inner.write(escape_controls(text))
        return len(text)

    def flush(self) -> None:
        """Flush the stream underneath."""
        self.inner.flush()

    def fileno(self) -> int:
        """The descriptor underneath (for code that asks, like isatty checks)."""
        return self.inner.fileno()

    def isatty(self) -> bool:
        """Whether the stream underneath is a terminal."""
        return self.inner.isatty()


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Escape control characters on stdout and stderr while a command runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = EscapingStream(out)
    sys.stderr = EscapingStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def quiet_broken_pipe() -> None:
    """Point stdout at /dev/null so the interpreter's last flush does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())  # type: ignore[union-attr]
        os.close(devnull)


def report(command: str, argv: list[str], exc: BaseException, start: float,
           label: str = "") -> int:
    """Say what went wrong in one line (and log it); returns the exit code.

    ``start`` is when the command started (``activity_log.started``) and
    ``label`` what the log calls it (the command and its action).
    """
    if isinstance(exc, BrokenPipeError):
        quiet_broken_pipe()
        return UNUSABLE
    if isinstance(exc, KeyboardInterrupt):
        say(command, "interrupted")
        return INTERRUPTED
    failure = failure_of(label or command, exc, start=start, command=command, argv=argv)
    if not failure.bug:
        say(command, failure.message)
        return UNUSABLE
    say(command, f"{failure.message}. Please report it.")
    return CRASHED
