"""The generic engine pieces every game relies on, and what the engine makes of a game's declaration."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.engine import (
    Command,
    Ctx,
    Event,
    Game,
    RandomBot,
    Rules,
    RuleViolation,
    apply_command,
    seed_commitment,
    start,
)
from domain.rng import SeededStream, shuffled
from services.i18n import english


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    items = list(range(56))
    first = shuffled(b"seed", "deck", items)
    assert sorted(first) == items
    assert first == shuffled(b"seed", "deck", items)
    assert first != shuffled(b"seed", "other-deck", items)
    assert first != shuffled(b"other-seed", "deck", items)


def test_shuffle_algorithm_is_version_stable() -> None:
    # Pinned output of the documented algorithm: changing it breaks every stored game's verification.
    assert shuffled(b"x", "a", list(range(10))) == [4, 2, 5, 8, 9, 1, 6, 0, 7, 3]


def test_below_stays_in_range_and_covers_it() -> None:
    stream = SeededStream(b"s", "range")
    values = {stream.below(6) for _ in range(600)}
    assert values == set(range(6))


def test_seed_commitment_is_sha256_hex() -> None:
    assert seed_commitment(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_rule_violation_carries_code_message_details() -> None:
    violation = RuleViolation("ship.upstream", "Ships must go downstream.", {"position": 3})
    assert violation.as_dict() == {
        "code": "ship.upstream",
        "message": "Ships must go downstream.",
        "details": {"position": 3},
    }


class Counter(msgspec.Struct):
    total: int = 0


class Added(Event, frozen=True, kw_only=True, tag="counter.added"):
    amount: int


def add(state: Counter | None, event: Added) -> Counter:
    state = state or Counter()
    state.total += event.amount  # folds in place, as games may
    return state


class Copies:
    """A copy function that counts its calls."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, state: Counter) -> Counter:
        self.made += 1
        return Counter(total=state.total)


def test_a_ctx_shows_its_events_folded_and_never_touches_the_callers_state() -> None:
    given = Counter(total=1)
    ctx = Ctx(given, add, Copies())
    assert ctx.state is given, "before any event the caller's state is read as it is"
    ctx.emit(Added(amount=2))
    assert ctx.state.total == 3 and given.total == 1
    ctx.emit(Added(amount=4), Added(amount=8))
    assert ctx.state.total == 15 and given.total == 1
    assert ctx.events == [Added(amount=2), Added(amount=4), Added(amount=8)]


def test_a_ctx_copies_only_when_a_rule_reads_the_state_after_an_emit() -> None:
    copies = Copies()
    ctx = Ctx(Counter(), add, copies)
    ctx.state.total  # noqa: B018 - a read before any event
    ctx.emit(Added(amount=1), Added(amount=1))
    assert copies.made == 0
    ctx.state.total  # noqa: B018
    ctx.state.total  # noqa: B018
    ctx.emit(Added(amount=1))
    assert ctx.state.total == 3 and copies.made == 1


class Bump(Command, frozen=True, kw_only=True, tag="counter.bump"):
    amount: int


class Reset(Command, frozen=True, kw_only=True, tag="counter.reset"):
    pass


def bump(ctx: Ctx[Counter], seat: int, command: Bump) -> None:
    if command.amount <= 0:
        raise RuleViolation("bump.amount", "Bump by a positive amount.")
    ctx.emit(Added(amount=command.amount))


def counter_rules(**changes: Any) -> Rules[Counter]:
    """A one-command game: seat 0 bumps the counter, which tops itself up to 10 once it passes 5."""
    declared: dict[str, Any] = {
        "name": "counter",
        "title": "Counter",
        "min_players": 1,
        "max_players": 1,
        "Options": Counter,
        "Command": Bump,
        "Event": Added,
        "State": Counter,
        "setup": lambda seats, options, seed: [Added(amount=0)],
        "evolve": add,
        "commands": {Bump: bump},
        "phase": lambda state: "topping up" if 5 < state.total < 10 else "playing",
        "steps": {"topping up": lambda ctx: ctx.emit(Added(amount=10 - ctx.state.total))},
        "to_act": lambda state: {0} if state.total <= 5 else set(),
        "legal_commands": lambda state, seat: [Bump(amount=1)],
        "timeout_command": lambda state, seat: Bump(amount=1),
        "result": lambda state: None,
        "view": lambda state, seat, legal, to_act: state,
        "redact": lambda event, seat: event,
        "describe": lambda event, names: "added",
        "secrets": lambda state, viewer: set(),
        **changes,
    }
    return Rules(**declared)


def test_the_engine_decides_through_the_declared_function_and_refuses_what_the_game_does_not_have() -> None:
    game = Game(counter_rules())
    state = Counter(total=1)
    assert game.decide(state, 0, Bump(amount=3)) == [Added(amount=3)] and state.total == 1
    with pytest.raises(RuleViolation, match="Bump by a positive amount"):
        game.decide(state, 0, Bump(amount=0))
    with pytest.raises(RuleViolation) as unknown:
        game.decide(state, 0, Reset())
    assert unknown.value.code == "command.unknown"
    assert english(unknown.value.message) == "Counter has no such command."


def test_a_step_runs_by_phase_and_never_while_a_seat_must_act() -> None:
    game = Game(counter_rules(to_act=lambda state: {0}))
    assert game.advance(Counter(total=7)) == [], "seat 0 must act: no step"
    game = Game(counter_rules())
    assert game.advance(Counter(total=7)) == [Added(amount=3)]
    assert game.advance(Counter(total=3)) == [], "no step in this phase"
    state, events = start(game, 1, None, b"seed")
    state, events = apply_command(game, state, 0, Bump(amount=6))
    assert events == [Added(amount=6), Added(amount=4)] and state.total == 10


def test_a_declaration_that_forgets_a_command_or_names_a_bot_it_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="no function decides Reset"):
        Game(counter_rules(Command=Bump | Reset))
    with pytest.raises(ValueError, match="'greedy' is not one of its bots"):
        Game(counter_rules(seat_bot="greedy"))


def test_the_engine_supplies_the_bots_snapshots_versions_and_legal_commands_of_a_declaration() -> None:
    game = Game(counter_rules(checkpoints=(Added,), upcasters={("counter.added", 1): dict}))
    assert game.bot_kinds == ("random",) and isinstance(game.bot(1), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        game.make_bot("clever", 1)
    assert game.checkpoint(Added(amount=1)) and not game.reveals(Added(amount=1))
    assert Game(counter_rules(reveals=(Added,))).reveals(Added(amount=1))
    assert game.event_schema_versions == {"counter.added": 2}
    assert game.legal_commands(Counter(total=7), 0) == [], "only a seat that must act has legal commands"
    assert game.copy(Counter(total=2)) == Counter(total=2)
