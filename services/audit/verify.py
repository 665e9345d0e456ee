"""``verify_export``: every check ``papyrus verify`` runs on an export, with a verdict a person can read.

1. the records parse (a header first, then events and commands);
2. the hash chain holds (seqs, ``prev_hash`` links, recomputed hashes, the header's head);
3. the revealed seed matches the commitment published in the first event;
4. ``game.setup`` run with that seed gives exactly the recorded setup events (every shuffle re-derived);
5. every accepted command, re-decided, and every automatic step, re-run, gives exactly the recorded events,
   and every refused command is still refused for the recorded reason (the table's commands too:
   services/audit/replay.py); every move made with actor ``timeout`` is the one the game's clock policy
   gives (services/audit/clock_checks.py);
6. the replayed final result equals the one the export declares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain import registry
from domain.engine import Game, GameResult
from services.audit.chain import chain_problems, seed_problems
from services.audit.clock_checks import clock_problems
from services.audit.records import Export, Problem, parse_export
from services.audit.replay import Replay, ReplayStopped


@dataclass
class Verdict:
    game: str = ""
    game_id: str = ""
    events: int = 0
    commands: int = 0
    refusals_checked: int = 0
    result: GameResult | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and self.result is not None

    def summary(self) -> str:
        if not self.ok:
            return "\n".join(["FAILED", *(str(problem) for problem in self.problems)])
        assert self.result is not None
        return (
            f"OK {self.game} game {self.game_id}: {self.events} events, {self.commands} commands "
            f"({self.refusals_checked} refused or without effect, re-checked), "
            f"ranking {self.result.ranking}, scores {self.result.scores}"
        )


def _game(header: dict[str, Any]) -> tuple[Game | None, Problem | None]:
    try:
        return registry.get_game(str(header.get("game"))), None
    except KeyError as unknown:
        return None, Problem("header", str(unknown.args[0]))


def _options(game: Game, header: dict[str, Any]) -> Any:
    try:
        return msgspec.convert(header.get("options", {}), game.Options)
    except msgspec.ValidationError as error:
        raise ReplayStopped(Problem("header", f"options do not decode: {error}")) from None


def _humans(header: dict[str, Any]) -> frozenset[int]:
    """The seats held by players (not bots), from the header's players."""
    players = header.get("players") or []
    return frozenset(
        player["seat"] for player in players if isinstance(player, dict) and not player.get("bot", False)
    )


def _replay(game: Game, export: Export, seed: bytes, verdict: Verdict) -> None:
    seats = export.header.get("seats")
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise ReplayStopped(Problem("header", f"seats is {seats!r}, not a number"))
    replay = Replay(game, export.events, export.commands, humans=_humans(export.header))
    clock = export.header.get("clock")
    if isinstance(clock, dict) and isinstance(clock.get("per_move"), int | float):
        replay.per_move = float(clock["per_move"])
    replay.run_setup(seats, _options(game, export.header), seed)
    verdict.result = replay.run()
    verdict.refusals_checked = replay.refusals_checked
    declared = export.header.get("result")
    replayed = msgspec.to_builtins(verdict.result)
    if declared is not None and declared != replayed:
        verdict.problems.append(
            Problem("header", f"declares the result {declared}, but the moves give {replayed}")
        )


def verify_export(lines: Iterable[str]) -> Verdict:
    export = parse_export(lines)
    verdict = Verdict(
        game=str(export.header.get("game", "")),
        game_id=str(export.header.get("game_id", "")),
        events=len(export.events),
        commands=len(export.commands),
        problems=list(export.problems),
    )
    if not export.header:
        return verdict
    game, unknown = _game(export.header)
    if game is None:
        verdict.problems.append(unknown or Problem("header", "no game"))
        return verdict
    verdict.problems += chain_problems(export.events, export.header)
    verdict.problems += clock_problems(export.header, export.commands)
    seed, problems = seed_problems(export)
    verdict.problems += problems
    if seed is None:
        return verdict
    try:
        _replay(game, export, seed, verdict)
    except ReplayStopped as stopped:
        verdict.result = None
        verdict.problems.append(stopped.problem)
    return verdict
