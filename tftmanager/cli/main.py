"""``tftmanager COMMAND ...``: campaign files and characters from a shell.

Exit codes: 0 done (for ``check``: the character is legal), 1 the character
has problems, 2 the input could not be used or the disk refused (one line on
stderr says why, and nothing was changed; a closed output pipe ends the
command quietly with 2), 70 a bug (one line names the crash report holding
the traceback), 130 interrupted.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Callable
from typing import Any

from tftmanager import __version__, activity_log
from tftmanager.cli import failures
from tftmanager.cli.arguments import Parser
from tftmanager.collector import keep_for_good

Command = Callable[[argparse.Namespace], int]

# Each command's function, as "module:function": only the command given is
# imported, so `tftmanager list` does not load what `cards` or `week` need.
# A command and its action ("library show") may have a function of its own.
COMMANDS: dict[str, str | Command] = {
    "new": "tftmanager.cli.campaign_command:cmd_new",
    "list": "tftmanager.cli.read_command:cmd_list",
    "check": "tftmanager.cli.campaign_command:cmd_check",
    "export": "tftmanager.cli.read_command:cmd_export",
    "import": "tftmanager.cli.campaign_command:cmd_import",
    "library": "tftmanager.cli.campaign_command:cmd_library",
    "library show": "tftmanager.cli.read_command:show_library_entry",
    "xp": "tftmanager.cli.campaign_command:cmd_xp",
    "week": "tftmanager.cli.campaign_command:cmd_week",
    "jobs": "tftmanager.cli.campaign_command:cmd_jobs",
    "cards": "tftmanager.cli.cards_command:run",
    "sheet": "tftmanager.cli.sheet_command:run",
    "statblock": "tftmanager.cli.interop_command:run_statblock",
    "foundry": "tftmanager.cli.interop_command:run_foundry",
    "history": "tftmanager.cli.journal_command:run_history",
    "undo": "tftmanager.cli.journal_command:run_undo",
    "redo": "tftmanager.cli.journal_command:run_redo",
    "encounter": "tftmanager.cli.encounter_command:run",
    "copy": "tftmanager.cli.copy_command:run",
    "rename": "tftmanager.cli.party_command:run_rename",
    "journal": "tftmanager.cli.story_command:run",
    "server": "tftmanager.cli.server_command:run_server",
    "push": "tftmanager.cli.server_command:run_push",
    "pull": "tftmanager.cli.server_command:run_pull",
    "table-server": "tftmanager.cli.table_command:run",
}

# Who adds each command's arguments, in the order --help lists them (a module
# is imported only when one of its commands is given, or for the whole
# grammar, as --help or a mistyped command needs).
GRAMMAR: tuple[tuple[tuple[str, ...], str], ...] = (
    (("new",), "tftmanager.cli.campaign_grammar:add_new_parser"),
    (("list",), "tftmanager.cli.campaign_grammar:add_list_parser"),
    (("check",), "tftmanager.cli.campaign_grammar:add_check_parser"),
    (("export",), "tftmanager.cli.campaign_grammar:add_export_parser"),
    (("import",), "tftmanager.cli.campaign_grammar:add_import_parser"),
    (("library",), "tftmanager.cli.campaign_grammar:add_library_parsers"),
    (("xp",), "tftmanager.cli.week_grammar:add_xp_parsers"),
    (("week", "jobs"), "tftmanager.cli.week_grammar:add_week_parsers"),
    (("cards",), "tftmanager.cli.cards_command:add_parser"),
    (("sheet",), "tftmanager.cli.sheet_command:add_parser"),
    (("statblock", "foundry"), "tftmanager.cli.interop_command:add_parsers"),
    (("history", "undo", "redo"), "tftmanager.cli.journal_command:add_parsers"),
    (("encounter",), "tftmanager.cli.encounter_command:add_parser"),
    (("copy",), "tftmanager.cli.copy_command:add_parser"),
    (("rename",), "tftmanager.cli.party_command:add_parsers"),
    (("journal",), "tftmanager.cli.story_command:add_parser"),
    (("server", "push", "pull"), "tftmanager.cli.server_command:add_parsers"),
    (("table-server",), "tftmanager.cli.table_command:add_parser"),
)


def _named(target: str) -> Any:
    """The function a "module:function" names, importing its module."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command-line grammar: every command's, or only ``command``'s when it is one.

    Only the named command's module is imported for its arguments; a word
    that is no command (a typo, ``--help``) gets the whole grammar, so the
    error or the help names every command.
    """
    summary = __doc__.splitlines()[0].replace("``", "") if __doc__ else ""  # no RST in --help
    parser = Parser(prog="tftmanager", description=summary)
    parser.add_argument("--version", action="version", version=f"TFT Manager {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    known = command in COMMANDS
    for names, adder in GRAMMAR:
        if not known or command in names:
            _named(adder)(sub)
    return parser


def run(argv: list[str]) -> int:
    """Parse and run one command; every failure is one line (see cli.failures)."""
    with failures.escaped_output():
        args = build_parser(argv[0] if argv else None).parse_args(argv)
        activity_log.configure()
        label = " ".join(w for w in (args.command, getattr(args, "action", None)) if w)
        start = activity_log.started(label)
        try:
            command = COMMANDS.get(label) or COMMANDS[args.command]
            function = _named(command) if isinstance(command, str) else command
            if not gc.isenabled():  # paused while the modules loaded (``python -m tftmanager``)
                keep_for_good(started=True)
            code = function(args)
            sys.stdout.flush()  # a closed pipe shows up here, not at interpreter exit
        except BaseException as exc:  # the last line of defence, by design
            if isinstance(exc, SystemExit):
                raise
            return failures.report(args.command, argv, exc, start, label)
        activity_log.done(label, start)
        return code
