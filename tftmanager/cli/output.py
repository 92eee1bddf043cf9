"""Where a command's text goes: the file ``--out`` names, else standard output.

Every file goes through ``app.outputs`` (the one writer of every export), so
``--out`` naming a campaign, its lock or a backup is refused in one line with
nothing changed, like a folder or a read-only place.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tftmanager.app.outputs import write_output


def write_or_print(text: str, out: str | None, *, wrote: str = "") -> None:
    """Write ``text`` to ``out`` and say so (``wrote`` adds to the line), or print it."""
    if not out:
        sys.stdout.write(text)
        return
    write_output(Path(out), text)
    print(f"Wrote {out}{wrote}")
