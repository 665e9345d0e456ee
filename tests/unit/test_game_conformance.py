"""The contract of domain.engine.Game, checked on every registered game at every allowed player count.

Every registered game gets these: random games finish; every legal command is accepted (also after a JSON
round trip); random commands the API lets through are refused clearly or accepted, never changing a state;
``decide`` leaves its state alone; replay equals the step-by-step state; ``to_act`` is empty exactly when
``advance`` has work; no seat sees a secret; no undo crosses a reveal; only the setup draws on the seed;
results rank every seat once; timeouts are accepted; no reference cycles.
"""

from __future__ import annotations

import gc
import importlib
import random
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.engine import (
    Command,
    Game,
    Prompt,
    RandomBot,
    RuleViolation,
    apply_command,
    fold,
    run_automatic,
    start,
)
from domain.registry import games
from domain.rng import SeededStream
from services.i18n import english
from tests.support.conformance import (
    ENCODE,
    Trace,
    as_text,
    conforming,
    copy_state,
    leaked,
    recorded,
    sampled,
    undo_attempts,
)
from tests.support.random_commands import RandomCommands

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in sorted(conforming().items())
    for players in range(game.min_players, game.max_players + 1)
]
GAME_NAMES = sorted(games())
CONFORMING_NAMES = sorted(conforming())
SECRETLESS = {"toy"}  # Toy's cards are bare numbers, which no text can be searched for
COMMANDS_CHECKED_PER_DECISION = 30
GAMES_FOR_THE_AUTOMATIC_RULE = 40
DECISIONS_CHECKED_FOR_SECRETS = 60
DECISIONS_FUZZED = 30
RANDOM_COMMANDS_PER_DECISION = 30
NAMES = [f"Player {seat + 1}" for seat in range(8)]


def _trace(name: str, players: int) -> Trace:
    return recorded(name, players)


def _decoded_command(game: Game, command: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(command), type=game.Command)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_random_bot_game_finishes_with_every_seat_ranked_and_placed(name: str, players: int) -> None:
    trace = _trace(name, players)
    result = trace.game.result(trace.final)
    assert result is not None
    assert sorted(result.ranking) == list(range(players)), "every seat is ranked exactly once"
    assert len(result.scores) == players and len(result.places) == players
    ranked_scores = [result.scores[seat] for seat in result.ranking]
    assert ranked_scores == sorted(ranked_scores, reverse=True), "a better score never ranks lower"
    placed = [result.places[seat] for seat in result.ranking]
    assert placed[0] == 1 and placed == sorted(placed), "places follow the ranking"
    for index, seat in enumerate(result.ranking[1:], start=1):
        assert result.places[seat] in (placed[index - 1], index + 1), "a place is shared or the next one"
        if result.places[seat] == placed[index - 1]:
            assert result.scores[seat] == result.scores[result.ranking[index - 1]], "only equal scores share"
    assert trace.game.advance(trace.final) == [] and trace.game.to_act(trace.final) == set()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_end_breakdown_lists_the_same_sources_for_every_seat_summing_to_its_score(
    name: str, players: int
) -> None:
    trace = _trace(name, players)
    breakdown = trace.game.score_breakdown(trace.final)
    if breakdown is None:
        pytest.skip(f"{name} states no breakdown")
    result = trace.game.result(trace.final)
    assert result is not None and len(breakdown) == players
    assert [sum(line.points for line in lines) for lines in breakdown] == result.scores
    labels = [[msgspec.to_builtins(line.label) for line in lines] for lines in breakdown]
    assert all(seat_labels == labels[0] for seat_labels in labels), "every seat lists the same sources"
    assert all(english(line.label) for lines in breakdown for line in lines)


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
def test_random_commands_are_refused_clearly_or_accepted_and_never_change_the_state(
    name: str, players: int
) -> None:
    """Commands of every shape the API lets through, sent by any seat (or one the game does not have) at
    moments across a whole game: a refusal with a code and a message, or events; never a crash, never a
    change to the state they were decided on."""
    trace = _trace(name, players)
    game = trace.game
    rng = random.Random(f"{name}:{players}")
    commands = RandomCommands(trace, rng)
    drawn = decided = 0
    for decision in sampled(trace.decisions, DECISIONS_FUZZED):
        state = decision.state
        before = ENCODE(state)
        for _ in range(RANDOM_COMMANDS_PER_DECISION):
            seat = _random_seat(rng, game.to_act(state), players)
            command = commands.draw(game.legal_commands(state, seat) if 0 <= seat < players else [])
            drawn += 1
            if command is None:
                continue
            decided += 1
            try:
                events = game.decide(state, seat, command)
            except RuleViolation as refusal:
                assert refusal.code and english(refusal.message).strip(), command
            else:
                assert events, command
        game.legal_commands(state, rng.randrange(players))
        game.view(state, rng.choice([None, *range(players)]))
        assert ENCODE(state) == before, "a random command changed the state it was decided on"
    assert decided >= drawn // 2, "most random commands decode"


def _random_seat(rng: random.Random, acting: set[int], players: int) -> int:
    """Often a seat that must act (its commands meet the rules beyond the turn checks), now and then one
    the game does not have."""
    roll = rng.random()
    if acting and roll < 0.5:
        return rng.choice(sorted(acting))
    return rng.randrange(players) if roll < 0.95 else rng.choice([-1, players])


class Foreign(Command, frozen=True, kw_only=True, tag="elsewhere.fly"):
    """A command no registered game has."""


@pytest.mark.parametrize("name", CONFORMING_NAMES)
def test_a_command_the_game_does_not_have_is_refused_by_the_engine(name: str) -> None:
    game = conforming()[name]
    decision = _trace(name, game.min_players).decisions[0]
    with pytest.raises(RuleViolation) as refused:
        game.decide(decision.state, decision.seat, Foreign())
    assert refused.value.code == "command.unknown"
    assert english(refused.value.message) == f"{game.title} has no such command."


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_calls_made_per_command_leave_no_reference_cycles(name: str, players: int) -> None:
    trace = _trace(name, players)
    game = trace.game
    gc.freeze()  # what exists now is no garbage of these calls: only what they make is collected below
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
        gc.unfreeze()
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
            f"after {english(game.describe(event, NAMES))!r}: to_act={game.to_act(state)}"
        )
        assert not (has_work and over), "advance has work in a finished game"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_advance_has_nothing_while_a_player_must_act_over_many_games(name: str, players: int) -> None:
    """The workers run no automatic step while someone must act; a game whose ``advance`` has work then
    would be decided one way by the service and another by a replay of its log. Rare positions (a Nile
    card holder on ship space 1) need many games to reach."""
    game = conforming()[name]
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
                text = as_text([redacted, game.describe(redacted, NAMES)])
                _assert_nothing_leaks(before[viewer] & after, [(type(event).__name__, text)], f"event {seq}")
            before[viewer] = after
    assert declared or name in SECRETLESS, f"{name} declares no secrets, so this check could not fail"


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
def test_no_accepted_undo_takes_back_what_showed_a_viewer_something(name: str, players: int) -> None:
    """Every command of a whole game is taken back by its seat right after it, by the service's undo rule:
    once some viewer's secrets before one of its events (or of the automatic steps after it) are not all
    secret after it, the undo is refused; what showed nobody anything may be taken back."""
    attempts = undo_attempts(_trace(name, players))
    for attempt in attempts:
        command = attempt.decision.command
        assert attempt.refusal in (None, "undo.revealed"), f"{command}: refused as {attempt.refusal}"
        assert attempt.refusal or not attempt.learned, (
            f"{command} showed a viewer something, yet was taken back"
        )
    learned = any(attempt.learned for attempt in attempts)
    assert learned or name in SECRETLESS, "no command showed anything: this check cannot fail"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_randomness_is_drawn_at_setup_only(name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup draws every shuffle from the seed and records it, so it is the only event that draws on the
    game's randomness (``domain.engine.revealing`` counts it revealing); commands and automatic steps only
    read what it recorded."""
    trace = _trace(name, players)
    game = trace.game
    state = fold(game, game.setup(players, game.Options(), f"conformance:{name}:{players}".encode()))

    def drawn(stream: SeededStream, size: int) -> bytes:
        raise AssertionError(f"{name} draws on the seed after its setup")

    monkeypatch.setattr(SeededStream, "_read", drawn)
    run_automatic(game, state)
    for decision in trace.decisions:
        apply_command(game, copy_state(game, decision.state), decision.seat, decision.command)


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


@pytest.mark.parametrize("name", CONFORMING_NAMES)
def test_the_game_satisfies_the_protocol_with_sane_static_facts(name: str) -> None:
    game = conforming()[name]
    assert isinstance(game, Game)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.Options(), msgspec.Struct), "every option has a default"
    assert "random" in game.bot_kinds
    for kind in game.bot_kinds:
        assert game.make_bot(kind, 1) is not None
    with pytest.raises(ValueError):
        game.make_bot("no-such-bot", 1)


GAME_LAYOUT = {
    "__init__.py": "exports GAME",
    "game.py": "the Rules declaration and GAME",
    "commands.py": "the Command union",
    "events.py": "the Event union",
    "state.py": "the folded state and copy_state",
    "data": "every printed number, labelled (data.py or a data/ package)",
    "rules": "setup.py, fold.py, legal.py and the rules by topic",
    "views.py": "what each seat sees, redact, secrets",
    "describe.py": "one sentence per event for the history",
    "reference.py": "the rules reference",
    "bots.py": "the game's own bots",
    "determinize.py": "a state a seat could imagine, its hidden part dealt again",
    "stats.py": "its tallies for papyrus simulate --json",
}
RULES_LAYOUT = ("setup.py", "fold.py", "legal.py")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_folder_has_the_same_layout(name: str) -> None:
    folder = Path(importlib.import_module(f"domain.games.{name}").__file__ or "").parent
    present = {
        path.stem if path.suffix == ".py" and path.stem == "data" else path.name for path in folder.iterdir()
    }
    missing = [entry for entry in GAME_LAYOUT if entry not in present]
    assert not missing, f"{name} lacks {missing}"
    assert all((folder / "rules" / module).is_file() for module in RULES_LAYOUT), (
        f"{name}/rules lacks one of {RULES_LAYOUT}"
    )
