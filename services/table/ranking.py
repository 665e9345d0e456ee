"""A game's standings as the table ends it (:func:`standings`): the one ranking every page, notification,
the archive, the ratings and ``papyrus verify`` read. A seat that resigned or forfeited loses: it shares the
last place with the others that gave up; the others keep the game's order and places. A game cut short by
resignations ranks the seats left by their scores, equal scores sharing a place. A game no player was still
playing at its end is abandoned: nobody won, every seat shares one place (docs/standings.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine import Game, GameResult
from services.table.state import TableState


def standings(result: GameResult | None, table: TableState) -> GameResult | None:
    """The final standings from the game's own ``result`` (None while its rules go on) and the table's
    state at the end; None while the game is not over."""
    early = table.ended is not None
    base = table.ended if table.ended is not None else result
    if base is None:
        return None
    seats = len(base.scores)
    fallen = list(dict.fromkeys(entry.seat for entry in reversed(table.resigned) if 0 <= entry.seat < seats))
    kept = [seat for seat in base.ranking if seat not in fallen]
    places = _places(kept, base.scores if early else base.places, seats)
    for seat in fallen:
        places[seat] = len(kept) + 1
    abandoned = seats > 0 and set(range(seats)) <= table.bot_played()
    return GameResult(
        ranking=[*kept, *fallen],
        scores=list(base.scores),
        places=[1] * seats if abandoned else places,
        abandoned=abandoned,
    )


def _places(order: list[int], keys: Sequence[int], seats: int) -> list[int]:
    """Places (by seat) of the seats in ``order``, best first: a seat whose key equals the one before it
    shares its place, any other takes its position's."""
    places = [0] * seats
    for index, seat in enumerate(order):
        before = order[index - 1] if index else None
        shares = before is not None and keys[before] == keys[seat]
        places[seat] = places[before] if shares and before is not None else index + 1
    return places


def early_result(game: Game, state: Any, seats: int, table: TableState) -> GameResult:
    """What the table records when resignations end the game: the seats left by their current score (equal
    scores listed by seat; :func:`standings` has them share the place), then the resigned ones."""
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
