"""The table's standings (services/table/ranking.py), the one ranking every page, notification, the archive,
the ratings and ``papyrus verify`` show: resignations and forfeits are losses sharing the last place, places
the rules left shared stay shared, a game cut short by resignations ranks the seats left by their scores,
and a game nobody was playing any more at its end is abandoned. Checked on examples and on every table of
2 to 4 seats (every resigned order, every stand-in set, every tie pattern of the scores)."""

from __future__ import annotations

from itertools import permutations, product

import msgspec
import pytest

from domain.engine import GameResult, places_in_order, ranked_by_score, shared_places
from services.table.ranking import standings
from services.table.state import Resignation, TableState


def table(
    resigned: list[int] | None = None, stand_in: list[int] | None = None, ended: GameResult | None = None
) -> TableState:
    return TableState(
        resigned=[Resignation(seat=seat, reason="resigned") for seat in resigned or []],
        stand_in=list(stand_in or []),
        ended=ended,
    )


def test_a_result_without_places_reads_as_one_seat_a_place_as_stored_before_places_existed() -> None:
    old = msgspec.json.decode(b'{"ranking": [2, 0, 1], "scores": [5, 1, 9]}', type=GameResult)
    assert old.places == [2, 3, 1] and not old.abandoned
    assert GameResult(ranking=[1, 0], scores=[3, 3]).places == [2, 1]
    assert places_in_order([1, 2, 0]) == [3, 1, 2]


def test_equal_scores_share_a_place_when_the_rules_give_no_tie_break() -> None:
    result = ranked_by_score([7, 9, 7, 3])
    assert result.ranking == [1, 0, 2, 3] and result.places == [2, 1, 2, 4]
    assert ranked_by_score([4, 4, 4], order=[2, 0, 1]).places == [1, 1, 1]
    assert shared_places([0, 1, 2], [5, 5, 1]) == [1, 1, 3]


def test_the_game_result_stands_when_nobody_gave_up() -> None:
    result = ranked_by_score([9, 4, 9])
    assert standings(result, TableState()) == result
    assert standings(None, TableState()) is None


def test_a_resigned_seat_loses_after_every_seat_that_played_on_and_shared_places_stay_shared() -> None:
    result = ranked_by_score([10, 10, 8, 5])  # places 1, 1, 3, 4
    final = standings(result, table(resigned=[0]))
    assert final is not None and not final.abandoned
    assert final.ranking == [1, 2, 3, 0]
    assert final.places == [4, 1, 2, 3]
    both = standings(result, table(resigned=[3, 1]))
    assert both is not None
    assert both.ranking == [0, 2, 1, 3], "the last to give up is listed first"
    assert both.places == [1, 3, 2, 3], "every seat that gave up shares the last place"
    assert both.scores == result.scores


def test_a_two_player_resignation_ends_the_game_with_the_other_player_first() -> None:
    ended = GameResult(ranking=[1, 0], scores=[0, 0])  # what the table records (services/table/decide.py)
    final = standings(None, table(resigned=[0], ended=ended))
    assert final is not None
    assert (final.ranking, final.places, final.abandoned) == ([1, 0], [2, 1], False)


def test_a_game_cut_short_ranks_the_seats_left_by_their_scores_equal_scores_sharing() -> None:
    ended = GameResult(ranking=[1, 2, 3, 0], scores=[9, 4, 4, 1])
    final = standings(None, table(resigned=[0], ended=ended))
    assert final is not None and final.places == [4, 1, 1, 3]


@pytest.mark.parametrize(
    ("resigned", "stand_in", "abandoned"),
    [([0, 1], [], True), ([0], [1], True), ([], [0, 1], True), ([0], [], False), ([], [1], False)],
)
def test_a_game_nobody_was_playing_at_its_end_is_abandoned_and_nobody_won(
    resigned: list[int], stand_in: list[int], abandoned: bool
) -> None:
    final = standings(GameResult(ranking=[1, 0], scores=[3, 8]), table(resigned, stand_in))
    assert final is not None and final.abandoned is abandoned
    if abandoned:
        assert final.places == [1, 1], "no seat is placed ahead of another"


def _tables(seats: int) -> list[TableState]:
    found = [table()]
    for count in range(1, seats + 1):
        for order in permutations(range(seats), count):
            found.append(table(resigned=list(order)))
    for stood in product([False, True], repeat=seats):
        found.append(table(resigned=[0], stand_in=[s for s in range(1, seats) if stood[s]]))
        found.append(table(stand_in=[s for s in range(seats) if stood[s]]))
    return found


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_standings_of_every_table_rank_every_seat_once_and_place_them_consistently(seats: int) -> None:
    for scores in product(range(3), repeat=seats):
        strict = GameResult(ranking=list(range(seats)), scores=list(scores))
        for result in (ranked_by_score(list(scores)), strict):
            for state in _tables(seats):
                final = standings(result, state)
                assert final is not None
                _check(final, result, state)


def _check(final: GameResult, result: GameResult, state: TableState) -> None:
    seats = len(result.scores)
    fallen = state.resigned_seats()
    assert sorted(final.ranking) == list(range(seats)) and final.scores == result.scores
    assert final.abandoned == (set(range(seats)) <= state.bot_played())
    if final.abandoned:
        assert set(final.places) == {1}
        return
    played_on = [seat for seat in final.ranking if seat not in fallen]
    assert final.ranking[: len(played_on)] == played_on, "every seat that gave up comes after the others"
    assert played_on == [seat for seat in result.ranking if seat not in fallen], "the game's order is kept"
    assert all(final.places[seat] == len(played_on) + 1 for seat in fallen)
    for index, seat in enumerate(played_on):
        if index == 0:
            assert final.places[seat] == 1
            continue
        before = played_on[index - 1]
        shared = result.places[before] == result.places[seat]
        assert final.places[seat] == (final.places[before] if shared else index + 1)
