"""The ``papyrus`` command line. Each subcommand lives in ``papyrus/commands/<name>.py`` and exposes
``HELP: str``, ``add_arguments(parser)`` and ``run(args) -> int``.

A command line that names its subcommand imports that subcommand's module only: ``papyrus api`` must set
up the metrics' shared directory before anything imports prometheus_client (papyrus/commands/api.py),
which other subcommands' modules do."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMANDS = {
    "serve": "serve",
    "api": "api",
    "worker": "worker",
    "simulate": "simulate",
    "rebuild-projections": "rebuild_projections",
    "rebuild-ratings": "rebuild_ratings",
    "verify": "verify",
    "doctor": "doctor",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or of ``only`` (a subcommand's name) alone."""
    parser = argparse.ArgumentParser(prog="papyrus", description="Papyrus play-by-web game service")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module_name in SUBCOMMANDS.items():
        if only is not None and name != only:
            continue
        try:
            module = importlib.import_module(f"papyrus.commands.{module_name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"papyrus.commands.{module_name}":
                raise
            continue
        command_parser = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(command_parser)
        command_parser.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    named = words[0] if words and words[0] in SUBCOMMANDS else None
    args = build_parser(only=named).parse_args(words)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
