"""Round end, scoring and the corruption penalty: the worked examples of the rules, played out."""

from __future__ import annotations

import pytest
from sobek_support import (
    empty_hands,
    give,
    lay,
    new_game,
    of_type,
    play,
    play_on,
    set_deck,
    set_nile,
    set_tokens,
    turn_of,
)

from domain.engine import RuleViolation
from domain.games.sobek import GAME, SobekState
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import ANKH, EYE, NUMBER, SCARAB
from domain.games.sobek.rules.corruption import penalised, penalty_walk
from domain.games.sobek.rules.sets import sideways_points, upright_points
from domain.games.sobek.rules.track import next_with, previous_with
from domain.games.sobek.state import DEALING, OVER, SIDEWAYS, GoodsSet
from services.i18n import english


def _last_take(state: SobekState) -> SobekState:
    """Seat 0 is about to take the last card of the round (one plain marble in the Nile, deck empty)."""
    turn_of(state, 0)
    set_nile(state, ["MAR-06"])
    set_deck(state, [])
    set_tokens(state, [])
    return state


def test_the_41_point_round_upright_ivory_36_upright_wheat_3_sideways_wheat_2() -> None:
    state = new_game(3)
    empty_hands(state)
    give(state, 0, ["IVO-01", "IVO-02", "IVO-03", "IVO-04", "WHE-01", "WHE-07", "ST-WHE-1"])
    give(state, 0, ["WHE-02", "WHE-03", "WHE-08"])
    _last_take(state)
    after, _ = play(state, 0, cmd.PlaySet(cards=["IVO-01", "IVO-02", "IVO-03", "IVO-04"]))
    after, _ = play(turn_of(after, 0), 0, cmd.PlaySet(cards=["WHE-01", "WHE-07", "ST-WHE-1"]))
    after, events = play(turn_of(after, 0), 0, cmd.Take(position=1))
    assert events[-1] == ev.RoundEnding(round=1) and after.phase == SIDEWAYS
    assert GAME.to_act(after) == {0}
    assert cmd.LaySideways(cards=["WHE-02", "WHE-03", "WHE-08"]) in GAME.legal_commands(after, 0)
    # with no set left in hand the player is done: the round is scored at once
    after, events = play_on(after, 0, cmd.LaySideways(cards=["WHE-02", "WHE-03", "WHE-08"]))
    scored = of_type(events, ev.RoundScored)[0]
    assert scored.sets[0] == [36, 3, 2] and scored.set_points[0] == 41


def test_upright_scores_scarabs_times_cards_sideways_scarabs_only_prosperity_adds_two() -> None:
    ivory = GoodsSet(goods="ivory", cards=["IVO-01", "IVO-02", "IVO-03", "IVO-04"])
    assert upright_points(ivory) == 36 and sideways_points(ivory) == 9
    fish = GoodsSet(goods="fish", cards=["FIS-01", "FIS-02", "FIS-06", "AMU-01"], prosperity=["EV-PROSP-1"])
    assert upright_points(fish) == (2 + 2) * 4 == 16
    fish.prosperity = []
    assert upright_points(fish) == 8


def test_the_ankh_penalty_39_points_on_square_39_three_ankhs_back_to_29() -> None:
    assert penalty_walk(39, 39) == (3, ANKH, 29)
    state = new_game(3)
    empty_hands(state)
    lay(state, 0, ["IVO-01", "IVO-02", "IVO-03", "IVO-04"], "ivory")  # 36
    lay(state, 0, ["WHE-01", "WHE-07", "ST-WHE-1"], "wheat")  # 3
    give(state, 0, ["CAT-01", "CAT-06"], pile="corruption")
    give(state, 1, ["CAT-07"], pile="corruption")
    _last_take(state)
    after, events = play_on(state, 0, cmd.Take(position=1))  # the marble taken stays in hand: corruption
    assert of_type(events, ev.RoundScored)[0].scores[0] == 39
    counted = of_type(events, ev.CorruptionCounted)[0]
    assert counted.counts == [3, 1, 0] and counted.penalised == [0]
    assert of_type(events, ev.PenaltyApplied) == [
        ev.PenaltyApplied(seat=0, steps=3, symbol=ANKH, before=39, after=29)
    ]
    assert after.players[0].score == 29 and after.results[0].penalties == [10, 0, 0]
    breakdown = GAME.score_breakdown(after)
    assert breakdown is not None
    assert [(english(line.label), line.points) for line in breakdown[0]] == [
        ("Round 1: sets", 39),
        ("Round 1: event tokens", 0),
        ("Round 1: corruption penalty", -10),
    ]


def test_a_marker_on_a_numbered_square_goes_back_to_the_previous_numbered_squares() -> None:
    assert penalty_walk(50, 27) == (2, NUMBER, 30)


def test_fewer_than_ten_set_points_cost_nothing_even_when_penalised() -> None:
    steps, _, after = penalty_walk(8, 8)
    assert steps == 0 and after == 8


def test_ties_for_the_most_corruption_go_to_the_most_scarabs_then_all_tied_players() -> None:
    # A: 6 cards (4 scarabs); B: 4 cards and a Curse = 6 (1 scarab); C: 5
    assert penalised([6, 6, 5], [4, 1, 0]) == [0]
    assert penalised([6, 6, 5], [4, 4, 0]) == [0, 1]
    assert penalised([0, 0, 0], [0, 0, 0]) == []


def test_a_curse_counts_two_and_carries_no_scarabs_at_round_end() -> None:
    state = new_game(3)
    empty_hands(state)
    lay(state, 1, ["IVO-01", "IVO-02", "IVO-03"], "ivory")  # 27 points
    give(state, 0, ["WHE-01"], pile="corruption")  # with the marble taken last: 2 cards, 1 scarab
    state.players[1].curses = ["EV-CURSE-1"]  # counts 2, no scarab
    _last_take(state)
    _, events = play_on(state, 0, cmd.Take(position=1))
    counted = of_type(events, ev.CorruptionCounted)[0]
    assert counted.counts == [2, 2, 0] and counted.scarabs == [1, 0, 0] and counted.penalised == [0]


def test_the_track_walks_forward_and_back_by_symbol_across_laps() -> None:
    assert next_with(39, ANKH) == 43 and previous_with(39, ANKH) == 36
    assert next_with(40, EYE) == 41 and previous_with(41, EYE) == 37
    assert previous_with(2, ANKH) == 0  # no ankh behind: the marker stops at 0
    assert next_with(98, SCARAB) == 102 and previous_with(101, ANKH) == 99
    assert previous_with(110, NUMBER) == 100


def test_leftover_hands_become_corruption_at_round_end() -> None:
    state = new_game(3)
    empty_hands(state)
    give(state, 1, ["IVO-04", "EBO-05"])
    _last_take(state)
    after, events = play_on(state, 0, cmd.Take(position=1))
    assert of_type(events, ev.HandsToCorruption)[0].counts == [1, 2, 0]
    assert after.results[0].corruption == [1, 2, 0] and after.results[0].penalised == [1]


def test_sideways_sets_are_decided_by_every_player_at_once_and_never_join_a_set() -> None:
    state = new_game(3)
    empty_hands(state)
    give(state, 0, ["FIS-01", "FIS-02", "FIS-03"])
    give(state, 2, ["CAT-01", "CAT-02", "AMU-01"])
    lay(state, 2, ["CAT-03", "CAT-04", "CAT-05"], "cattle")
    _last_take(state)
    after, _ = play(state, 0, cmd.Take(position=1))
    assert GAME.to_act(after) == {0, 2}
    assert all(c.cards for c in GAME.legal_commands(after, 2) if isinstance(c, cmd.LaySideways))
    after, _ = play(after, 2, cmd.LaySideways(cards=["CAT-01", "CAT-02", "AMU-01"]))
    assert GAME.to_act(after) == {0} and after.players[2].sideways[0].cards == ["CAT-01", "CAT-02", "AMU-01"]
    assert len(after.players[2].upright[0].cards) == 3
    with pytest.raises(RuleViolation, match="Sideways sets are laid only at the end of a round"):
        GAME.decide(state, 0, cmd.LaySideways(cards=["FIS-01", "FIS-02", "FIS-03"]))
    after, events = play_on(after, 0, cmd.Finish())
    assert of_type(events, ev.RoundScored)[0].sets == [[], [], [9, 2]]
    assert after.phase != SIDEWAYS
    with pytest.raises(RuleViolation):
        GAME.decide(after, 0, cmd.Finish())


def _end_of_round(round_number: int, scores: list[int]) -> tuple[SobekState, list[object]]:
    state = new_game(3)
    empty_hands(state)
    state.round = round_number
    for player, score in zip(state.players, scores, strict=True):
        player.score = score
    _last_take(state)
    return play_on(state, 0, cmd.Take(position=1))


def test_the_game_ends_after_round_two_only_with_a_score_above_100() -> None:
    after, events = _end_of_round(2, [101, 40, 3])
    assert after.phase == OVER and of_type(events, ev.GameEnded)[0].winners == [0]
    after, _ = _end_of_round(2, [100, 40, 3])
    assert after.phase != OVER and after.round == 3
    after, _ = _end_of_round(1, [130, 40, 3])
    assert after.phase != OVER and after.round == 2


def test_after_round_three_the_highest_score_wins_and_equal_scores_share_the_victory() -> None:
    after, events = _end_of_round(3, [40, 55, 55])
    ended = of_type(events, ev.GameEnded)[0]
    assert ended.winners == [1, 2] and sorted(ended.ranking[:2]) == [1, 2] and ended.ranking[2] == 0
    result = GAME.result(after)
    assert result is not None and result.scores == [40, 55, 55]
    order = after.deals[2].seats
    assert ended.ranking[:2] == sorted([1, 2], key=order.index)  # equal corruption: the seat order decides
    assert after.phase == OVER and GAME.to_act(after) == set() and GAME.advance(after) == []


def test_an_equal_score_ranks_the_less_corrupt_player_first() -> None:
    state = new_game(3)
    empty_hands(state)
    state.round = 3
    for player, score in zip(state.players, [55, 55, 10], strict=True):
        player.score = score
    give(state, 0, ["FIS-06"], pile="corruption")
    _last_take(state)
    after, _ = play_on(state, 0, cmd.Take(position=1))
    assert after.ranking == [1, 0, 2]


def test_a_new_round_is_dealt_after_round_one() -> None:
    after, _ = _end_of_round(1, [0, 0, 0])
    assert after.round == 2 and after.phase != DEALING and len(after.nile) == 9
