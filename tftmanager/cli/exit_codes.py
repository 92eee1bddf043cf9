"""What a command's exit status says, in one place for every command."""

from __future__ import annotations

OK = 0
PROBLEMS = 1  # `tftmanager check`: a character breaks a rule
UNUSABLE = 2  # refused: a bad argument, or something the user can act on
CRASHED = 70  # a bug: the crash report's path is printed (EX_SOFTWARE)
INTERRUPTED = 130  # Ctrl+C
