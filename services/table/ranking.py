"""The result of a game as the table ends it: seats that resigned or forfeited rank last, the last to give
up first among them; when resignations end a game early the others rank by their scores as they stand."""

from __future__ import annotations

from typing import Any

from domain.engine import Game, GameResult
from services.table.state import TableState


def table_result(result: GameResult | None, table: TableState) -> GameResult | None:
    """The game's own result with every resigned seat moved last (the game's ranking, or the ranking
    resignations ended it with)."""
    if table.ended is not None:
        return table.ended
    if result is None or not table.resigned:
        return result
    gave_up = [entry.seat for entry in reversed(table.resigned)]
    kept = [seat for seat in result.ranking if seat not in gave_up]
    return GameResult(ranking=[*kept, *gave_up], scores=list(result.scores))


def early_result(game: Game, state: Any, seats: int, table: TableState) -> GameResult:
    """The result when resignations end the game: the seats left by their current score (ties by seat),
    then the resigned ones."""
    scores = list(game.current_scores(state)) or [0] * seats
    scores += [0] * (seats - len(scores))
    gave_up = [entry.seat for entry in reversed(table.resigned)]
    left = sorted(
        (seat for seat in range(seats) if seat not in gave_up), key=lambda seat: (-scores[seat], seat)
    )
    return GameResult(ranking=[*left, *gave_up], scores=scores)


def finished(game: Game, state: Any, table: TableState) -> bool:
    """True once the game is over, by its rules or by resignations."""
    return table.ended is not None or game.result(state) is not None
