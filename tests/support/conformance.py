"""Recorded random-bot games for the game conformance suite (tests/unit/test_game_conformance.py).

A :class:`Trace` keeps every event with the decision points of a whole game: the state before each command
(a deep copy, since games fold in place), who had to act and the command played. The suite checks the
contract of ``domain.engine.Game`` on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import msgspec

from domain.engine import Game, RandomBot, RuleViolation, Seat, apply_command, fold, start
from domain.messages import Msg
from domain.registry import games
from services.i18n import languages, render
from services.store.game_events import new_events
from services.store.records import Actor, EventRecord
from services.table.state import TableState
from services.table.undo import undo_range
from tests.support.toygame import GAME as TOY

ENCODE = msgspec.msgpack.encode


def copy_state(game: Game, state: Any) -> Any:
    """A deep copy of a game state through its own MessagePack encoding."""
    return msgspec.msgpack.decode(ENCODE(state), type=game.State)


def conforming() -> dict[str, Game]:
    """Every registered game, and Toy, the game of docs/adding-a-game.md."""
    return {**games(), TOY.name: TOY}


@dataclass
class Decision:
    state: Any
    seat: Seat
    command: Any
    events_before: int


@dataclass
class Trace:
    game: Game
    players: int
    final: Any
    events: list[Any] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)


@cache
def recorded(name: str, players: int) -> Trace:
    """One complete random-bot game of ``name`` at ``players`` seats (cached: the suite reads it often)."""
    game = conforming()[name]
    state, events = start(game, players, game.Options(), f"conformance:{name}:{players}".encode())
    bots = [RandomBot(players * 10 + seat) for seat in range(players)]
    trace = Trace(game=game, players=players, final=state, events=list(events))
    for _ in range(20_000):
        if game.result(state) is not None:
            trace.final = state
            return trace
        acting = game.to_act(state)
        assert acting, f"{name}: nobody is to act, advance has nothing to do and the game is not over"
        seat = min(acting)
        command = bots[seat].choose(game, state, seat)
        trace.decisions.append(Decision(copy_state(game, state), seat, command, len(trace.events)))
        state, new_events = apply_command(game, state, seat, command)
        trace.events.extend(new_events)
    raise AssertionError(f"{name} with {players} players did not finish in 20,000 commands")


@dataclass
class UndoAttempt:
    """A command of a trace taken back by its seat right after it: the undo rule's refusal code (``None``
    when accepted) and whether some viewer's secrets before an event of the command (or of the automatic
    steps after it) were not all secret after it."""

    decision: Decision
    refusal: str | None
    learned: bool


def undo_attempts(trace: Trace) -> list[UndoAttempt]:
    """Every command of ``trace`` taken back at once by its seat, as the service's undo rule decides it on
    the log so far (the command's events by its seat, the automatic steps after them by ``"system"``)."""
    game = trace.game
    ends = [decision.events_before for decision in trace.decisions[1:]] + [len(trace.events)]
    opening = trace.events[: trace.decisions[0].events_before]
    log, state = _records(game, opening, "system", None), fold(game, opening)
    attempts = []
    for index, (decision, end) in enumerate(zip(trace.decisions, ends, strict=True)):
        run = trace.events[decision.events_before : end]
        own = len(game.decide(decision.state, decision.seat, decision.command))
        log += _records(game, run[:own], decision.seat, f"move-{index}", len(log))
        log += _records(game, run[own:], "system", None, len(log))
        state, learned = _folded_learning(game, state, run, [None, *range(trace.players)])
        try:
            undo_range(game, log, TableState(), decision.seat, trace.players)
            attempts.append(UndoAttempt(decision, None, learned))
        except RuleViolation as violation:
            attempts.append(UndoAttempt(decision, violation.code, learned))
    return attempts


def _folded_learning(
    game: Game, state: Any, events: list[Any], viewers: list[Seat | None]
) -> tuple[Any, bool]:
    """The state after ``events``, and whether some viewer's secrets before one of them were not all secret
    after it."""
    learned = False
    for event in events:
        before = [game.secrets(state, viewer) for viewer in viewers]
        state = game.evolve(state, event)
        after = [game.secrets(state, viewer) for viewer in viewers]
        learned |= any(not hidden <= still for hidden, still in zip(before, after, strict=True))
    return state, learned


def _records(
    game: Game, events: list[Any], actor: Actor, command_id: str | None, seq: int = 0
) -> list[EventRecord]:
    return [
        EventRecord(
            seq=seq + offset,
            type=new.type,
            schema_version=new.schema_version,
            at="",
            actor=actor,
            command_id=command_id,
            data=new.data,
            prev_hash="",
            hash="",
        )
        for offset, new in enumerate(new_events(game, events), start=1)
    ]


def sampled(items: list[Any], limit: int) -> list[Any]:
    """At most ``limit`` items spread evenly over ``items`` (first and last included)."""
    if len(items) <= limit:
        return items
    step = (len(items) - 1) / (limit - 1)
    return [items[round(i * step)] for i in range(limit)]


def objects(node: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``node``, itself first, then those nested in it (depth first)."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from objects(value)


def leaked(secrets: Iterable[str], text: str) -> set[str]:
    """The secrets that occur in ``text`` as whole words (ids such as ``N12-13`` or ``S+3.2`` included). A
    plain substring search first: the pattern, which can only match where the secret occurs, is built and
    run for those alone."""
    return {
        secret
        for secret in secrets
        if secret in text and re.search(rf"(?<![\w+.-]){re.escape(secret)}(?![\w+.-])", text)
    }


def as_text(value: Any) -> str:
    """Anything a seat can receive, as the JSON text the API would send, followed by every message in it as
    a reader of each shipped language reads it (so a secret shows wherever a player could read it)."""
    builtins = msgspec.to_builtins(value)
    found = {ENCODE(message): message for message in _messages(builtins)}.values()  # each distinct one once
    rendered = [render(message, code) for code in languages() for message in found]
    return "\n".join([msgspec.json.encode(builtins, order="sorted").decode(), *rendered])


MESSAGE_KEYS = {"id", "args", "plural", "context"}


def _messages(value: Any) -> Iterable[Msg]:
    """Every message in an encoded value: a JSON object with an ``id`` string and only a message's keys."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str) and set(value) <= MESSAGE_KEYS:
            yield msgspec.convert(value, Msg)
            return
        for item in value.values():
            yield from _messages(item)
    elif isinstance(value, list):
        for item in value:
            yield from _messages(item)
