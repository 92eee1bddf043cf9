"""``python -m tftmanager``: the command line, or the desktop app with no command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run a command; with no command (or only a campaign path) open the app."""
    args = sys.argv[1:] if argv is None else argv
    from tftmanager.cli.main import COMMANDS, run  # noqa: PLC0415 - keep start-up light

    if args and (args[0] in COMMANDS or args[0] in ("-h", "--help", "--version")):
        return run(args)
    from tftmanager.ui.launch import main as gui_main  # noqa: PLC0415 - Qt only for the GUI

    return gui_main(args)


if __name__ == "__main__":
    sys.exit(main())
