"""Text the command line reads from a file or standard input, refused in one line.

Every command that takes a file of text (character imports, stat blocks)
reads it here, so a missing file, a folder, a binary file or an unreadable
one reads the same whichever command was given it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tftmanager.app.documents import MAX_CHARS
from tftmanager.app.errors import describe_os_error
from tftmanager.refusal import Refusal


class UnreadableInput(Refusal, ValueError):
    """The file could not be read as text; the message names it and says why."""


class UsageError(Refusal):
    """Input the command cannot use; the message is printed as is."""


def read_text(name: str, limit: int, *, encoding: str = "utf-8") -> str:
    """At most ``limit`` characters of the file ``name`` (standard input for '-')."""
    if name == "-":
        return sys.stdin.read(limit)
    try:
        with Path(name).open(encoding=encoding) as handle:
            return handle.read(limit)
    except FileNotFoundError:
        raise UnreadableInput(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UnreadableInput(f"{name}: is a folder, not a file") from None
    except UnicodeDecodeError:
        raise UnreadableInput(f"{name}: not a text file") from None
    except OSError as exc:
        raise UnreadableInput(f"{name}: cannot be read ({describe_os_error(exc)})") from None


def read_document(name: str) -> str:
    """The text of a file (or stdin for '-'), read only up to the documents' size limit."""
    try:
        return read_text(name, MAX_CHARS + 1)
    except UnreadableInput as exc:
        raise UsageError(str(exc)) from None
