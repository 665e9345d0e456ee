"""The ``papyrus`` command line. Each subcommand lives in ``papyrus/commands/<name>.py`` and exposes
``HELP: str``, ``add_arguments(parser)`` and ``run(args) -> int``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMANDS = {
    "serve": "serve",
    "worker": "worker",
    "simulate": "simulate",
    "rebuild-projections": "rebuild_projections",
    "rebuild-ratings": "rebuild_ratings",
    "verify": "verify",
    "doctor": "doctor",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="papyrus", description="Papyrus play-by-web game service")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module_name in SUBCOMMANDS.items():
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
    args = build_parser().parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
