"""The files an export must never replace: campaigns, their locks and journals, backups.

An export's path is typed by the user, so it can name anything.  Replacing a
campaign with a journal's Markdown loses the party; replacing a campaign's
lock file while another process holds it lets a second writer in beside the
first.  A campaign is known by what it holds (SQLite's header and this
program's application id), not by its name: an open one, a closed one, a
copy with another name or a read-only one alike.  Backups are campaigns by
content too, and also known by the names :mod:`tftmanager.store.backup`
gives them, so a damaged one is kept as well.

Only the standard library is used: the check reads a file's first 72 bytes.
"""

from __future__ import annotations

import re
import stat
from pathlib import Path

from tftmanager.store.schema import APPLICATION_ID, SQLITE_HEADER

# NAME.schemaN.bak (taken before an upgrade) and NAME.YYYYmmdd-HHMMSS.bak (the
# rolling backups), each maybe with -N when the name was taken: see store.backup.
BACKUP_NAME = re.compile(r".+\.(schema\d+|\d{8}-\d{6})(-\d+)?\.bak")

# What SQLite and store.lock keep beside a campaign file, by the suffix added to its name.
COMPANIONS = {".lock": "lock file", "-journal": "unfinished-write journal"}


def is_campaign_file(path: Path) -> bool:
    """Whether ``path`` holds a TFT Manager campaign (by its header, whatever its name)."""
    try:
        with path.open("rb") as handle:
            header = handle.read(72)
    except OSError:
        return False
    return (header[: len(SQLITE_HEADER)] == SQLITE_HEADER
            and header[68:72] == APPLICATION_ID.to_bytes(4, "big"))


def _companion_of(path: Path) -> tuple[Path, str] | None:
    """The campaign whose lock or journal ``path`` is, with what it is to it."""
    for suffix, what in COMPANIONS.items():
        if path.name.endswith(suffix) and len(path.name) > len(suffix):
            campaign = path.with_name(path.name[: -len(suffix)])
            if is_campaign_file(campaign):
                return campaign, what
    return None


def replace_refusal(path: Path) -> str:
    """Why an export must not replace ``path`` ("" when it may).

    Only an existing regular file can be refused here; a missing one, a
    folder or a device is :func:`tftmanager.store.files.check_target`'s to say.
    """
    if is_campaign_file(path) and not BACKUP_NAME.fullmatch(path.name):
        return (f"{path}: is a TFT Manager campaign, which an export never replaces; "
                "nothing was written (choose another file name)")
    return copy_refusal(path)


def copy_refusal(path: Path) -> str:
    """Why a copy of a campaign must not replace ``path`` ("" when it may).

    A copy is a campaign, so it may replace a campaign the user chose to
    replace (``app.copies`` refuses the campaign itself and an open one), but
    never a backup, a lock or a journal.
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return ""
    except OSError:
        return ""
    choose = "; nothing was written (choose another file name)"
    if BACKUP_NAME.fullmatch(path.name):
        return f"{path}: is a backup TFT Manager made of a campaign{choose}"
    companion = _companion_of(path)
    if companion is not None:
        campaign, what = companion
        return f"{path}: is the {what} of the campaign {campaign.name}{choose}"
    try:
        with path.open("rb"):
            pass
    except OSError:
        return (f"{path}: cannot be read, so it cannot be told from a campaign; "
                f"it is kept{choose}")
    return ""
