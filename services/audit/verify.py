"""``verify_export``: every check ``papyrus verify`` runs on an export, with a verdict a person can read.

The records parse; the hash chain holds; the revealed seed matches its commitment; ``game.setup`` with that
seed gives the recorded setup (every shuffle re-derived); every accepted command re-decided and every
automatic step re-run gives the recorded events, and every refusal is refused again for its reason, the
table's commands (opponents' choices included) too (replay.py); every ``timeout`` move is the one the clock's
policy gives (clock_checks.py); the final result is the declared one.
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
        result = self.result
        shared = len(set(result.places)) < len(result.places) and not result.abandoned
        return (
            f"OK {self.game} game {self.game_id}: {self.events} events, {self.commands} commands "
            f"({self.refusals_checked} refused or without effect, re-checked), "
            f"ranking {result.ranking}, scores {result.scores}"
            + (f", places {result.places}" if shared else "")
            + (", abandoned (nobody was playing at the end)" if result.abandoned else "")
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
    replay.opponents_choose = isinstance(clock, dict) and clock.get("opponents_choose") is True
    replay.run_setup(seats, _options(game, export.header), seed)
    verdict.result = replay.run()
    verdict.refusals_checked = replay.refusals_checked
    declared = export.header.get("result")
    replayed = as_declared(msgspec.to_builtins(verdict.result), declared)
    if declared is not None and declared != replayed:
        verdict.problems.append(
            Problem("header", f"declares the result {declared}, but the moves give {replayed}")
        )


OLD_RESULT_FIELDS = ("ranking", "scores")


def as_declared(replayed: dict[str, Any], declared: Any) -> dict[str, Any]:
    """The replayed result in the shape the export declares it: only the ranking and the scores for an
    export written before results had places (upcast, never refused for what it could not say)."""
    if isinstance(declared, dict) and "places" not in declared:
        return {key: replayed[key] for key in OLD_RESULT_FIELDS}
    return replayed


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
