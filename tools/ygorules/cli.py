"""The command line: one subcommand per module in ygorules.commands, loaded lazily.

A command module defines ``HELP`` (one line), ``EXAMPLE``, ``register(parser)`` and ``run(args) -> int``;
it imports what it needs inside ``run`` so that a cold start stays fast. It may define ``fast_args(argv) -> dict |
None``: the arguments of its plain forms, read without argparse (whose import and parser cost a cold ``lookup``
about a fifth of its time); for anything else it gives None and argparse reads the command line as usual.
"""
from __future__ import annotations

import importlib
import os
import sys

from . import __version__

from . import commands
from .core import catalog
from .core.errors import YgoError


def _command_names() -> list[str]:
    """The subcommands: one module per command in ygorules/commands (listed without importing pkgutil)."""
    return sorted(name[:-3] for folder in commands.__path__ for name in os.listdir(folder)
                  if name.endswith(".py") and not name.startswith("_"))


_formatter = None


def _formatter_class():
    """argparse's formatter, told the terminal width up front: argparse would import shutil (slow) for it (the class is
    made on first use: a command line that ``fast_args`` reads imports no argparse)."""
    global _formatter
    if _formatter is None:
        import argparse

        class Formatter(argparse.RawDescriptionHelpFormatter):
            def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
                if width is None:
                    try:
                        width = os.get_terminal_size(sys.stderr.fileno()).columns - 2
                    except (OSError, ValueError):
                        width = int(os.environ.get("COLUMNS", "80")) - 2
                super().__init__(prog, indent_increment, max_help_position, width)

        _formatter = Formatter
    return _formatter


def parser(only: str | None = None):
    """The argument parser (argparse.ArgumentParser) with every subcommand (or, for a fast start, only the one named)."""
    import argparse

    p = argparse.ArgumentParser(prog="ygorules", epilog="Example: ygorules check", formatter_class=_formatter_class(),
                                description="The Yu-Gi-Oh! Battle Phase rules knowledge base: check it, look names up, translate, build the site.")
    p.add_argument("--version", action="version", version=f"ygorules {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    p.commands = {}  # name → its subparser
    for name in [only] if only else _command_names():
        mod = importlib.import_module(f"ygorules.commands.{name}")
        sp = sub.add_parser(name, help=mod.HELP, description=mod.HELP, epilog=f"Example: {mod.EXAMPLE}",
                            formatter_class=_formatter_class())
        mod.register(sp)
        sp.set_defaults(_module=mod)
        p.commands[name] = sp
    return p


def _parse(argv: list[str], first: str | None):
    """The arguments (a namespace); a command whose module says ``INTERMIXED`` takes its positionals on either side of its
    options (``can CARD --lang es TIMING``: argparse alone reads the positionals that come together, and stops); one
    whose ``fast_args`` reads the command line is not given to argparse."""
    known = first in _command_names()
    if known:
        mod = importlib.import_module(f"ygorules.commands.{first}")
        fast = getattr(mod, "fast_args", None)
        got = fast(argv[1:]) if fast is not None else None
        if got is not None:
            from types import SimpleNamespace
            return SimpleNamespace(command=first, _module=mod, **got)
    p = parser(first if known else None)
    sp = p.commands.get(first)
    if sp is not None and getattr(sp.get_default("_module"), "INTERMIXED", False):
        args = sp.parse_intermixed_args(argv[1:])
        args.command = first
        return args
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the command, turn documented errors into messages and exit codes."""
    argv = sys.argv[1:] if argv is None else argv
    first = argv[0] if argv else None
    try:
        args = _parse(argv, first)
    except YgoError as exc:  # a file every command reads at start (kb/locales.yaml) is not as expected
        print(f"ygorules: {exc}", file=sys.stderr)
        return exc.exit_code
    if not getattr(args, "_module", None):
        parser().print_help(sys.stderr)
        return 2
    try:
        return int(args._module.run(args) or 0)
    except YgoError as exc:
        for problem in exc.problems:
            print(problem.format(), file=sys.stderr)
        print(f"ygorules {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (… | head): not an error; nothing more to flush
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file, folder or port the user named that cannot be used
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"ygorules {args.command}: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    finally:  # the interface language a command chose (``can --lang``) lasts for its run only
        catalog.use(catalog.SOURCE_LANG)
