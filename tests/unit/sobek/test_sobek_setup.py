"""Game and round setup: the deal, the shuffles drawn from the seed, and the start player."""

from __future__ import annotations

import pytest
from sobek_support import new_game, of_type, play, play_on

from domain.engine import RuleViolation, start
from domain.games.sobek import GAME, SobekOptions
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import DECK_IDS, STARTER_IDS, TOKEN_IDS
from domain.games.sobek.state import PLAYING, STARTING
from domain.rng import shuffled

SEED = b"setup-seed"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_one_deals_two_green_cards_each_five_tokens_and_nine_nile_cards(players: int) -> None:
    state, events = start(GAME, players, SobekOptions(), SEED)
    starters = shuffled(SEED, "sobek/starters/1", STARTER_IDS)
    deck = shuffled(SEED, "sobek/deck/1", DECK_IDS)
    assert [p.hand for p in state.players] == [starters[2 * s : 2 * s + 2] for s in range(players)]
    assert state.unused_starters == starters[2 * players :]
    assert len(state.unused_starters) == {2: 5, 3: 3, 4: 1}[players]
    assert state.tokens == shuffled(SEED, "sobek/tokens/1", TOKEN_IDS)[:5]
    assert len(state.unused_tokens) == 7
    assert state.nile == deck[:9] and state.deck == deck[9:]
    assert state.phase == PLAYING and state.round == 1
    assert state.turn == shuffled(SEED, "sobek/seats/1", range(players))[0]
    assert GAME.to_act(state) == {state.turn}
    assert of_type(events, ev.RoundStarted)[0].start_player == state.turn


def test_a_game_for_one_or_five_players_is_refused() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError, match="players"):
            GAME.setup(players, SobekOptions(), SEED)


def _round_two(scores: list[int], seed: bytes = SEED) -> tuple[object, list[object]]:
    state = new_game(len(scores), seed)
    state.nile, state.deck = state.nile[:1], []
    for player, score in zip(state.players, scores, strict=True):
        player.score = score
    after, events = play_on(state, state.turn, cmd.Take(position=1))
    # nobody can lay sideways sets with two cards, so the round is scored and round 2 dealt at once
    return after, events


def test_the_lowest_score_chooses_the_start_player_of_round_two_after_the_nile_is_dealt() -> None:
    state, events = _round_two([30, 5, 12])
    started = of_type(events, ev.RoundStarted)[-1]
    assert started.round == 2 and started.chooser == 1 and started.tied == [1]
    assert len(started.nile) == 9
    assert state.phase == STARTING and GAME.to_act(state) == {1}
    assert GAME.legal_commands(state, 1) == [cmd.ChooseStart(seat=seat) for seat in range(3)]
    assert GAME.view(state, 1).prompt.decision == "sobek.choose_start"
    after, chosen = play(state, 1, cmd.ChooseStart(seat=1))
    assert chosen == [ev.StartPlayerChosen(seat=1, by=1), ev.TurnBegan(seat=1)]
    assert after.turn == 1 and GAME.to_act(after) == {1}


def test_a_tie_for_the_lowest_score_is_broken_by_the_seeded_seat_order_of_the_round() -> None:
    for seed in (b"a", b"b", b"c", b"d"):
        _, events = _round_two([5, 30, 5], seed)
        started = of_type(events, ev.RoundStarted)[-1]
        order = shuffled(seed, "sobek/seats/2", range(3))
        assert started.tied == [0, 2]
        assert started.chooser == next(seat for seat in order if seat in (0, 2))


def test_only_the_chooser_names_the_start_player_and_only_a_real_seat() -> None:
    state, _ = _round_two([30, 5, 12])
    with pytest.raises(RuleViolation, match="lowest score chooses") as refused:
        GAME.decide(state, 0, cmd.ChooseStart(seat=0))
    assert refused.value.code == "start.not_chooser"
    with pytest.raises(RuleViolation, match="seat from 0 to 2"):
        GAME.decide(state, 1, cmd.ChooseStart(seat=3))
    with pytest.raises(RuleViolation, match="start player of the round is being chosen"):
        GAME.decide(state, 1, cmd.Take(position=1))


def test_every_round_reshuffles_all_twelve_tokens_and_the_whole_deck() -> None:
    state, _ = _round_two([30, 5, 12])
    assert sorted(state.tokens + state.unused_tokens) == sorted(TOKEN_IDS)
    assert state.tokens == shuffled(SEED, "sobek/tokens/2", TOKEN_IDS)[:5]
    assert state.nile + state.deck == shuffled(SEED, "sobek/deck/2", DECK_IDS)
    assert all(not p.corruption and not p.upright and len(p.hand) == 2 for p in state.players)
