"""File > Save a Copy and ``tftmanager copy``: a consistent copy of a campaign.

Every edit is saved as it is made, so "save" has nothing to do; what a GM
asks for instead is a copy to hand on, archive or try something out in.
Copying the bytes of a live SQLite file can catch it between two writes, so
the copy is made with SQLite's backup API (``store.backup.backup_file``) and
written through a temporary file, so a failure leaves no half copy behind.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.refusal import Refusal
from tftmanager.store.backup import backup_file
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.lock import is_locked
from tftmanager.store.protected import copy_refusal


class CopyRefused(Refusal, ValueError):
    """A copy that must not be made; the message says why in the user's words."""


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through links and ``..`` too)."""
    if a.resolve() == b.resolve():
        return True
    try:
        return a.samefile(b)
    except OSError:
        return False


def _refusal(source: Path, target: Path, *, replace: bool) -> str:
    """Why ``target`` cannot receive a copy of ``source`` ("" when it can)."""
    if _same_file(source, target):
        return (f"{target.name} is the campaign itself; choose another name "
                "for the copy")
    companions = (source.with_name(source.name + suffix) for suffix in (".lock", "-journal"))
    if any(_same_file(companion, target) for companion in companions):
        return f"{target.name} belongs to the open campaign; choose another name for the copy"
    if target.is_dir():
        return f"{target} is a folder; give the copy a file name"
    if not target.parent.is_dir():
        return f"cannot write {target}: the folder {target.parent} does not exist"
    if target.exists() and not replace:
        return f"{target} already exists; choose another name (or allow replacing it)"
    if target.exists() and copy_refusal(target):
        return copy_refusal(target)
    if target.exists() and is_locked(target):
        return (f"{target.name} is a campaign open in TFT Manager; close it there before "
                "replacing it, or choose another name")
    return ""


def save_copy(*, store: CampaignStore, target: Path, replace: bool = False) -> Path:
    """Write a consistent copy of the open campaign to ``target``; returns its path.

    The copy holds everything the campaign does (party, ledgers, library,
    history), so it opens as the same campaign.  The campaign itself is never
    replaced; an existing ``target`` is replaced only when ``replace`` is set
    (a file dialog has already asked).  A server campaign is pulled into
    the new file.  Raises ``CopyRefused``, or ``OutputError`` with one line
    when the disk refuses.
    """
    target = Path(target).expanduser()
    refusal = _refusal(store.path, target, replace=replace)
    if refusal:
        raise CopyRefused(refusal)
    if store.shared:  # a server campaign: pulled into a new file, journal and all
        from tftmanager.store.server import ServerCampaignStore  # noqa: PLC0415 - psycopg
        from tftmanager.store.server_copy import pull  # noqa: PLC0415

        assert isinstance(store, ServerCampaignStore)
        if replace:
            target.unlink(missing_ok=True)
        pull(store.address, target)
        return target.resolve()
    if replace:
        return backup_file(store.path, target, overwrite=True, refuse=copy_refusal)
    return backup_file(store.path, target, names=[target])
