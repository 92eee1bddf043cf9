"""``python -m tftmanager``: the command line, or the desktop app with no command."""

from __future__ import annotations

import sys

# The command line's commands (cli.main.COMMANDS holds their functions); kept
# here so starting the GUI does not import the command line and the store.
COMMAND_NAMES = frozenset({"new", "list", "check", "export", "import", "library", "xp", "week",
                           "jobs", "cards"})


def main(argv: list[str] | None = None) -> int:
    """Run a command; with no command (or only a campaign path) open the app."""
    args = sys.argv[1:] if argv is None else argv
    if args and (args[0] in COMMAND_NAMES or args[0] in ("-h", "--help", "--version")):
        from tftmanager.cli.main import run  # noqa: PLC0415 - keep GUI start-up light

        return run(args)
    from tftmanager.ui.launch import main as gui_main  # noqa: PLC0415 - Qt only for the GUI

    return gui_main(args)


if __name__ == "__main__":
    sys.exit(main())
