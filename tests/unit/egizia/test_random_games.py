"""Random-bot games for 2, 3 and 4 players finish without an exception, with invariants after every event.

The number of games defaults to 2,000 (override with EGIZIA_RANDOM_GAMES, e.g. for a quick local run).
The run is played once per test session (:func:`random_run`) and shared with the Nile-card coverage test.
"""

from __future__ import annotations

import functools
import os
from typing import Any, NamedTuple

import pytest

from domain.engine import RandomBot, start
from domain.games.egizia import GAME, EgiziaOptions, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.data import JOKER, SHIPS_PER_PLAYER, STONE_CAP
from domain.games.egizia.rules.spaces import BUILD_SPACES, GRAVE_IDS
from domain.games.egizia.state import graves_face_up
from domain.games.egizia.stats import CardPlays

GAMES = int(os.environ.get("EGIZIA_RANDOM_GAMES", "2000"))
pytestmark = pytest.mark.xdist_group("egizia-random-run")  # one xdist worker plays the shared run
CHECK_LEGAL_EVERY = 25  # every 25th game also checks that decide accepts every listed command


def _check_event(state: EgiziaState, event: Any) -> None:
    """Fold one event, checking the invariants around it."""
    before_scores = [player.score for player in state.players]
    if isinstance(event, ev.SphinxDrawn | ev.Built):
        player = state.players[event.seat]
        assert not any(player.crews_used[crew] for crew in event.crews), "a crew built twice in one round"
        regulars = len([crew for crew in event.crews if crew != JOKER])
        played = event.cards if isinstance(event, ev.Built) else event.nile_cards
        expected = 2 if "N34-13" in played else 1  # Nile card N34-13: two regular crews
        free_draw = isinstance(event, ev.SphinxDrawn) and not event.crews and event.stones == 0  # N12-19
        assert regulars == expected or free_draw, "one regular crew per action (two with N34-13)"
    if isinstance(event, ev.BuiltMore):
        action = state.action
        assert action is not None and action.seat == event.seat, "a step outside a step-by-step action"
        assert event.value <= action.strength, "a step costs more strength than the action has left"
        assert BUILD_SPACES[event.space][1] < graves_face_up(state) or event.space not in GRAVE_IDS, (
            "a grave tile taken while face down"
        )
    GAME.evolve(state, event)
    after_scores = [player.score for player in state.players]
    if isinstance(event, ev.ScoreChanged):
        before_scores[event.seat] += event.delta
    assert after_scores == before_scores, f"score changed without a ScoreChanged event: {event}"
    for player in state.players:
        assert 0 <= player.stones <= STONE_CAP, f"stones out of range: {player.stones}"
        assert player.ships_placed <= SHIPS_PER_PLAYER


def _check_listed_commands_accepted(state: EgiziaState, seat: int, commands: list[Any]) -> None:
    for command in commands:
        assert GAME.decide(state, seat, command) is not None


def _run_automatic(state: EgiziaState, plays: CardPlays) -> None:
    while events := GAME.advance(state):
        for event in events:
            _check_event(state, event)
        plays.add(events)


def _play(players: int, index: int, plays: CardPlays) -> EgiziaState:
    state = None
    for event in GAME.setup(players, EgiziaOptions(), f"random-{index}".encode()):
        state = GAME.evolve(state, event)
    assert state is not None
    bot = RandomBot(index)
    _run_automatic(state, plays)
    while GAME.result(state) is None:
        acting = GAME.to_act(state)
        assert acting, f"nobody to act in phase {state.phase}"
        seat = min(acting)
        commands = GAME.legal_commands(state, seat)
        assert commands, f"seat {seat} must act but has no legal command"
        if index % CHECK_LEGAL_EVERY == 0:
            _check_listed_commands_accepted(state, seat, commands)
        events = GAME.decide(state, seat, bot.choose(GAME, state, seat))
        for event in events:
            _check_event(state, event)
        plays.add(events)
        _run_automatic(state, plays)
    return state


class RandomRun(NamedTuple):
    finals: list[EgiziaState]
    card_plays: CardPlays


@functools.cache
def random_run() -> RandomRun:
    """The random games (2, 3, 4 players in turn), played once per session with every invariant checked."""
    plays = CardPlays()
    finals = [_play(2 + index % 3, index, plays) for index in range(GAMES)]
    return RandomRun(finals, plays)


def _check_final_ranking(state: EgiziaState) -> None:
    result = GAME.result(state)
    assert result is not None
    players = state.players
    assert sorted(result.ranking) == list(range(len(players)))
    expected = sorted(range(len(players)), key=lambda seat: (-players[seat].score, players[seat].arrival))
    assert result.ranking == expected
    keys = [(players[seat].score, players[seat].arrival) for seat in result.ranking]
    assert len(set(keys)) == len(keys), "two players share a place"
    assert GAME.to_act(state) == set()


@pytest.mark.slow
def test_random_games_finish_with_invariants_intact() -> None:
    for state in random_run().finals:
        _check_final_ranking(state)


def test_a_game_with_both_variants_finishes() -> None:
    state, _ = start(
        GAME, 4, EgiziaOptions(without_sphinx_draw_card=True, without_tenth_card=True), b"variants"
    )
    bot = RandomBot(1)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        for event in GAME.decide(state, seat, bot.choose(GAME, state, seat)):
            GAME.evolve(state, event)
        while events := GAME.advance(state):
            for event in events:
                GAME.evolve(state, event)
    assert all("SPH-TENTH" not in player.sphinx for player in state.players)
