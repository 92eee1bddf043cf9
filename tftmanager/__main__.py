"""``python -m tftmanager``: the command line, or the desktop app with no command."""

from __future__ import annotations

import sys
from pathlib import Path

from tftmanager.collector import paused_for_start_up

# The command line's commands (cli.main.COMMANDS holds their functions); kept
# here so starting the GUI does not import the command line and the store.
COMMAND_NAMES = frozenset({"new", "list", "check", "export", "import", "library", "xp", "week",
                           "jobs", "cards", "sheet", "history", "undo", "redo", "copy"})
CAMPAIGN_SUFFIX = ".tftcampaign"
# Options that go to the desktop app rather than the command line.
APP_OPTIONS = frozenset({"--smoke", "--join"})


def _is_for_the_app(args: list[str]) -> bool:
    """No arguments, or a campaign file to open: anything else is a command (or a typo)."""
    if not args:
        return True
    first = args[0]
    if first in APP_OPTIONS:
        return True
    if first in COMMAND_NAMES or first.startswith("-"):
        return False
    return first.endswith(CAMPAIGN_SUFFIX) or Path(first).is_file()


def main(argv: list[str] | None = None) -> int:
    """Run a command; with no command (or only a campaign path) open the app.

    A word that is neither a command nor a campaign file goes to the command
    line, which names the commands and exits 2, rather than opening a window.
    """
    args = sys.argv[1:] if argv is None else argv
    if not _is_for_the_app(args):
        paused_for_start_up()  # until the command's modules are loaded (cli.main.run)
        from tftmanager.cli.main import run  # noqa: PLC0415 - keep GUI start-up light

        return run(args)
    paused_for_start_up()  # until the editor is ready (tftmanager.collector)
    from tftmanager.ui.import_scan import import_qt  # noqa: PLC0415 - Qt only for the GUI

    import_qt()  # before the app's modules: PySide6 would read each one's source
    from tftmanager.ui.launch import main as gui_main  # noqa: PLC0415

    return gui_main(args)


if __name__ == "__main__":
    sys.exit(main())
