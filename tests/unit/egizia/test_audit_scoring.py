"""Rules audit of the final scoring: the steps player by player, graves with N5-07, what counts as a
permanent Nile card, and the Sphinx cards that read the whole table."""

from __future__ import annotations

from egizia_support import new_game, of_type

from domain.engine import fold
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.rules.effects import track_order
from domain.games.egizia.rules.sphinx_cards import points_of
from domain.games.egizia.state import FINAL_SCORING, FieldCard, QuarryCard
from services.i18n import english


def _final(state: EgiziaState) -> tuple[EgiziaState, list[object]]:
    state.phase, state.queue = FINAL_SCORING, track_order(state)
    events = GAME.advance(state)
    return fold(GAME, events, state), events


def test_each_player_does_all_three_steps_before_the_next_player_starts() -> None:
    state = new_game(2)
    for player in state.players:
        player.stone_market, player.stones, player.graves, player.sphinx = 5, 4, [2], ["SPH-LAST-STONE"]
    state.players[1].score = 5  # seat 1 leads, so it scores first
    _, events = _final(state)
    scored = [(e.seat, e.reason) for e in of_type(events, ev.ScoreChanged)]
    assert scored == [
        (1, "final stone sale"),
        (1, "grave tiles"),
        (1, "Sphinx card SPH-LAST-STONE"),
        (0, "final stone sale"),
        (0, "grave tiles"),
        (0, "Sphinx card SPH-LAST-STONE"),
    ]
    assert [e.seat for e in of_type(events, ev.SphinxRevealed)] == [1, 0]


def test_the_grave_card_adds_eight_to_the_tile_sum_before_the_table() -> None:
    state = new_game(2)
    state.players[0].graves = [3]  # 3 -> 2 VP alone, 11 -> 5 VP with the card
    state.players[0].permanents = ["N5-07"]
    state.players[0].sphinx = state.players[1].sphinx = []
    after, _ = _final(state)
    assert after.players[0].score == 5


def test_fields_quarries_and_start_cards_are_not_permanent_cards_for_the_sphinx() -> None:
    state = new_game(2)
    player = state.players[0]
    player.fields.append(FieldCard(card="N12-01", grain=2, colour=0))
    player.quarries.append(QuarryCard(card="N12-07", stones=2))
    assert points_of(state, 0, "SPH-PERM2") == 0  # start cards, a field and a quarry
    player.permanents = ["N34-17", "N5-07"]
    assert points_of(state, 0, "SPH-PERM2") == 4


def test_the_crew_table_card_counts_a_joker_on_its_last_space() -> None:
    state = new_game(4)
    state.players[2].crews[3] = 6
    assert points_of(state, 0, "SPH-TBL-CREW") == 3  # one player, the owner not among them


def test_two_copies_of_a_card_in_one_hand_both_score() -> None:
    state = new_game(2)
    state.players[0].stone_market, state.players[0].stones = 5, 0  # nothing to sell
    state.players[0].sphinx = ["SPH-LAST-STONE", "SPH-LAST-STONE"]
    state.players[1].sphinx = []
    after, _ = _final(state)
    assert after.players[0].score == 4 + 4


def test_the_breakdown_files_every_point_under_its_scoring_step_in_the_order_of_a_game() -> None:
    state = new_game(2)
    round_points = [
        ("Nile card N12-09", 2),
        ("crews not fed", -3),
        ("building at the Temple and Pyramid", 6),
        ("pyramid row 1 majority", 2),
        ("Sphinx cards returned", 1),
        ("grain-market bottom", 2),
        ("co-operation bonus, 2 ships", 3),
    ]
    state = fold(
        GAME, [ev.ScoreChanged(seat=0, delta=delta, reason=why) for why, delta in round_points], state
    )
    player = state.players[0]
    player.stone_market, player.stones, player.graves, player.permanents = 5, 4, [3], ["N5-07"]
    player.sphinx, state.players[1].sphinx = ["SPH-LAST-STONE"], []
    after, _ = _final(state)
    lines = GAME.score_breakdown(after)
    assert lines is not None
    assert [(english(line.label), line.points) for line in lines[0]] == [
        ("Nile cards", 2),
        ("Crews not fed", -3),
        ("Building", 6),
        ("Pyramid row majorities", 2),
        ("Sphinx cards put back", 1),
        ("Grain market at the bottom", 2),
        ("Co-operation bonus", 3),
        ("Final stone sale", 2),  # 4 stones at 2 for 1, the marker on a bottom space
        ("Grave tiles", 5),  # 3 + 8 for N5-07 = 11: 5 VP
        ("Sphinx cards", 4),
    ]
    assert sum(line.points for line in lines[0]) == after.players[0].score == 24
