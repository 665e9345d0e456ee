"""The contract of domain.engine.Game, checked on every registered game at every allowed player count.

A new game that is registered gets these checks for free: random-bot games finish; every listed command is
accepted by ``decide`` (also after a JSON round trip, as the API decodes it); ``decide`` never touches the
state it is given; replay from stored events equals the step-by-step state; ``to_act`` is empty exactly
when ``advance`` has work or the game is over; no view, redacted event, description, refusal or option shown
to a seat or a spectator contains what the game declares secret for it; the result ranks every seat once;
the timeout command is always accepted; none of the calls the service makes per command leaves reference
cycles behind (the garbage collector would have to free them, pausing the API and the workers).
"""

from __future__ import annotations

import gc
from collections import Counter
from typing import Any

import msgspec
import pytest

from domain.engine import Game, Prompt, RandomBot, RuleViolation, fold, start
from domain.registry import games, get_game
from tests.support.conformance import ENCODE, Trace, as_text, copy_state, leaked, recorded, sampled

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in sorted(games().items())
    for players in range(game.min_players, game.max_players + 1)
]
GAME_NAMES = sorted(games())
COMMANDS_CHECKED_PER_DECISION = 30
GAMES_FOR_THE_AUTOMATIC_RULE = 40
DECISIONS_CHECKED_FOR_SECRETS = 60
NAMES = [f"Player {seat + 1}" for seat in range(8)]


def _trace(name: str, players: int) -> Trace:
    return recorded(name, players)


def _decoded_command(game: Game, command: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(command), type=game.Command)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_random_bot_game_finishes_with_a_strict_ranking(name: str, players: int) -> None:
    trace = _trace(name, players)
    result = trace.game.result(trace.final)
    assert result is not None
    assert sorted(result.ranking) == list(range(players)), "every seat is ranked exactly once"
    assert len(result.scores) == players
    ranked_scores = [result.scores[seat] for seat in result.ranking]
    assert ranked_scores == sorted(ranked_scores, reverse=True), "a better score never ranks lower"
    assert trace.game.advance(trace.final) == [] and trace.game.to_act(trace.final) == set()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_listed_command_is_accepted_and_decide_never_mutates(name: str, players: int) -> None:
    trace = _trace(name, players)
    game = trace.game
    for decision in trace.decisions:
        before = ENCODE(decision.state)
        for seat in range(players):
            legal = game.legal_commands(decision.state, seat)
            assert bool(legal) == (seat in game.to_act(decision.state)), f"seat {seat}: legal vs to_act"
            for command in sampled(legal, COMMANDS_CHECKED_PER_DECISION):
                assert game.decide(decision.state, seat, _decoded_command(game, command)), command
        assert ENCODE(decision.state) == before, "decide/legal_commands changed the state they were given"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_calls_made_per_command_leave_no_reference_cycles(name: str, players: int) -> None:
    trace = _trace(name, players)
    game = trace.game
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        state = None
        for event in trace.events:
            state = game.evolve(state, event)
        for decision in trace.decisions:
            game.to_act(decision.state)
            game.advance(decision.state)
            for seat in [*range(players), None]:
                game.view(decision.state, seat)
            game.legal_commands(decision.state, decision.seat)
            game.decide(decision.state, decision.seat, decision.command)
        gc.collect()
        cycles = Counter(type(garbage).__qualname__ for garbage in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert not cycles, f"objects left in reference cycles: {cycles.most_common(5)}"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_timeout_command_is_always_accepted(name: str, players: int) -> None:
    trace = _trace(name, players)
    for decision in trace.decisions:
        for seat in sorted(trace.game.to_act(decision.state)):
            timeout = trace.game.timeout_command(decision.state, seat)
            assert trace.game.decide(decision.state, seat, _decoded_command(trace.game, timeout))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_nobody_acts_exactly_when_advance_has_work_or_the_game_is_over(name: str, players: int) -> None:
    trace = _trace(name, players)
    game = trace.game
    state = None
    for event in trace.events:
        state = game.evolve(state, event)
        idle = not game.to_act(state)
        has_work = bool(game.advance(state))
        over = game.result(state) is not None
        assert idle == (has_work or over), (
            f"after {game.describe(event, NAMES)!r}: to_act={game.to_act(state)}"
        )
        assert not (has_work and over), "advance has work in a finished game"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_advance_has_nothing_while_a_player_must_act_over_many_games(name: str, players: int) -> None:
    """The workers run no automatic step while someone must act; a game whose ``advance`` has work then
    would be decided one way by the service and another by a replay of its log. Rare positions (a Nile
    card holder on ship space 1) need many games to reach."""
    game = get_game(name)
    for seed in range(GAMES_FOR_THE_AUTOMATIC_RULE):
        state, _ = start(game, players, game.Options(), f"automatic:{seed}".encode())
        bot = RandomBot(seed)
        while game.result(state) is None:
            acting = game.to_act(state)
            assert not (acting and game.advance(state)), f"seed {seed}: {acting} to act, yet advance has work"
            if acting:
                seat = min(acting)
                state = fold(game, game.decide(state, seat, bot.choose(game, state, seat)), state)
            else:
                state = fold(game, game.advance(state), state)


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("codec", ["msgpack", "json"])
def test_replay_of_stored_events_equals_the_step_by_step_state(name: str, players: int, codec: str) -> None:
    trace = _trace(name, players)
    game = trace.game
    module = msgspec.msgpack if codec == "msgpack" else msgspec.json
    stored = [module.decode(module.encode(event), type=game.Event) for event in trace.events]
    assert stored == trace.events
    assert ENCODE(fold(game, stored)) == ENCODE(trace.final)
    for decision in sampled(trace.decisions, 12):
        midway = fold(game, stored[: decision.events_before])
        assert ENCODE(midway) == ENCODE(decision.state), "replay to a past version differs"
        resumed = fold(game, stored[decision.events_before :], copy_state(game, midway))
        assert ENCODE(resumed) == ENCODE(trace.final)


def _refusals_for(game: Game, state: Any, viewer: int, players: int) -> list[str]:
    """What ``viewer`` is told when it sends another seat's commands or timeout move (or any command while
    it has no turn)."""
    attempts: list[Any] = []
    for seat in range(players):
        if seat != viewer:
            attempts += sampled(game.legal_commands(state, seat), 5)
            attempts.append(game.timeout_command(state, seat))
    messages = []
    for command in attempts:
        try:
            game.decide(state, viewer, command)
        except RuleViolation as violation:
            messages.append(as_text(violation.as_dict()))
        except (LookupError, ValueError, TypeError, AttributeError):
            continue
    return messages


def _state_shown_to(game: Game, state: Any, viewer: int | None, players: int) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = [("view", as_text(game.view(state, viewer)))]
    if viewer is not None:
        shown.append(("legal commands", as_text(game.legal_commands(state, viewer))))
        shown += [("refusal", message) for message in _refusals_for(game, state, viewer, players)]
    return shown


def _assert_nothing_leaks(secrets: set[str], shown: list[tuple[str, str]], where: str) -> None:
    for channel, text in shown:
        found = leaked(secrets, text)
        assert not found, f"{where}: {channel} shows the viewer its secrets {found}"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_event_in_the_history_shows_a_seat_what_is_secret_for_it(name: str, players: int) -> None:
    """An event may reveal a secret to its reader (a card drawn) or make a known thing secret (a card put
    back into the deck), so what it must not show is what is secret both before and after it."""
    trace = _trace(name, players)
    game = trace.game
    viewers = [None, *range(players)]
    state = game.evolve(None, trace.events[0])
    before = {viewer: game.secrets(state, viewer) for viewer in viewers}
    _assert_nothing_leaks(before[None], [("setup", as_text(game.redact(trace.events[0], None)))], "event 0")
    declared = 0
    for seq, event in enumerate(trace.events[1:], start=1):
        state = game.evolve(state, event)
        for viewer in viewers:
            after = game.secrets(state, viewer)
            declared += len(after)
            redacted = game.redact(event, viewer)
            if redacted is not None:
                text = as_text(redacted) + game.describe(redacted, NAMES)
                _assert_nothing_leaks(before[viewer] & after, [(type(event).__name__, text)], f"event {seq}")
            before[viewer] = after
    assert declared, f"{name} declares no secrets, so this check could not fail"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_view_option_or_refusal_shows_a_seat_what_is_secret_for_it(name: str, players: int) -> None:
    trace = _trace(name, players)
    game = trace.game
    for index, decision in enumerate(sampled(trace.decisions, DECISIONS_CHECKED_FOR_SECRETS)):
        for viewer in [None, *range(players)]:
            secrets = game.secrets(decision.state, viewer)
            shown = _state_shown_to(game, decision.state, viewer, players)
            _assert_nothing_leaks(secrets, shown, f"sampled decision {index}, viewer {viewer}")


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_view_carries_a_prompt_naming_who_must_act(name: str, players: int) -> None:
    trace = _trace(name, players)
    game = trace.game
    for decision in sampled(trace.decisions, 40):
        to_act = game.to_act(decision.state)
        for viewer in [None, *range(players)]:
            prompt = getattr(game.view(decision.state, viewer), "prompt", None)
            assert isinstance(prompt, Prompt), "a view carries a domain.engine.Prompt as 'prompt'"
            assert prompt.waiting_for == sorted(to_act)
            assert bool(prompt.decision) == (viewer in to_act), "a decision code exactly for who must act"
            assert prompt.text or viewer not in to_act


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_game_satisfies_the_protocol_with_sane_static_facts(name: str) -> None:
    game = games()[name]
    assert isinstance(game, Game)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.Options(), msgspec.Struct), "every option has a default"
    assert "random" in game.bot_kinds
    for kind in game.bot_kinds:
        assert game.make_bot(kind, 1) is not None
    with pytest.raises(ValueError):
        game.make_bot("no-such-bot", 1)
