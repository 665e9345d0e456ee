"""The Game protocol every game module provides, and the generic helpers around it.

A game is a pure, event-sourced aggregate:

* ``setup(seats, options, seed)`` returns the opening facts, shuffles included as data;
* ``evolve(state, event)`` folds one fact into the state (``state`` is ``None`` for the first event);
* ``decide(state, seat, command)`` turns a player's command into facts or raises :class:`RuleViolation`;
* ``advance(state)`` returns the next automatic facts when nobody has to act, else ``[]``.

Seats are 0-based integers. Command and event structs are msgspec tagged unions whose tags are stable
strings such as ``"egizia.place_ship"``; services store and transport them without knowing the game.

Optional hooks, looked up with ``getattr`` (a game without them gets the default): ``bot(seed) -> Bot``
(see ``domain.bots``) gives the player the service seats in a bot seat, seeded per move; without it the
service plays a ``RandomBot`` there. ``checkpoint(event) -> bool`` marks events after which the state is
worth a snapshot (a round start, say); the service then snapshots it besides every N events.
For ``papyrus simulate``: ``bot_kinds`` and ``make_bot(kind, seed) -> Bot`` offer the game's own bots
(otherwise only ``"random"``), and ``simulation_stats()`` returns a collector with ``add(events)`` and
``summary() -> dict`` whose keys join the JSON report (Egizia's ``card_plays``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

Seat = int
SYSTEM = "system"


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every command. Subclasses set ``tag="<game>.<verb>"``."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every event. Subclasses set ``tag="<game>.<fact>"``."""


class RuleViolation(Exception):
    """A command a player may not make now. ``message`` is written for the player."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": self.details}


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """Final outcome: ``ranking`` lists seats from winner to last; ``scores[seat]`` is that seat's score."""

    ranking: list[Seat]
    scores: list[int]


State = TypeVar("State")


@runtime_checkable
class Game(Protocol):
    """What a game module exports (one object). See design.md §3."""

    name: str
    min_players: int
    max_players: int
    Options: type[msgspec.Struct]
    Command: Any
    Event: Any

    def setup(self, seats: int, options: Any, seed: bytes) -> list[Any]: ...

    def evolve(self, state: Any | None, event: Any) -> Any: ...

    def decide(self, state: Any, seat: Seat, command: Any) -> list[Any]: ...

    def advance(self, state: Any) -> list[Any]: ...

    def to_act(self, state: Any) -> set[Seat]: ...

    def legal_commands(self, state: Any, seat: Seat) -> list[Any]: ...

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct: ...

    def redact(self, event: Any, seat: Seat | None) -> Any | None: ...

    def describe(self, event: Any) -> str: ...

    def result(self, state: Any) -> GameResult | None: ...

    def timeout_command(self, state: Any, seat: Seat) -> Any: ...


def seed_commitment(seed: bytes) -> str:
    """The public commitment to a secret seed: hex SHA-256 of its bytes."""
    return hashlib.sha256(seed).hexdigest()


def fold(game: Game, events: Iterable[Any], state: Any | None = None) -> Any:
    """Fold events into a state, starting from ``state`` (``None`` = before setup)."""
    for event in events:
        state = game.evolve(state, event)
    return state


def run_automatic(game: Game, state: Any, limit: int = 10_000) -> tuple[Any, list[Any]]:
    """Apply ``advance`` until a player must act or the game is over; return the state and new events."""
    produced: list[Any] = []
    for _ in range(limit):
        events = game.advance(state)
        if not events:
            return state, produced
        state = fold(game, events, state)
        produced.extend(events)
    raise RuntimeError(f"{game.name}: advance() did not settle after {limit} steps")


def apply_command(game: Game, state: Any, seat: Seat, command: Any) -> tuple[Any, list[Any]]:
    """Decide a command, fold its events, then run the automatic steps that follow."""
    events = game.decide(state, seat, command)
    state = fold(game, events, state)
    state, automatic = run_automatic(game, state)
    return state, [*events, *automatic]


def start(game: Game, seats: int, options: Any, seed: bytes) -> tuple[Any, list[Any]]:
    """Set up a game and run its opening automatic steps."""
    events = game.setup(seats, options, seed)
    state = fold(game, events)
    state, automatic = run_automatic(game, state)
    return state, [*events, *automatic]


def replay(game: Game, events: Sequence[Any], upto: int | None = None) -> Any:
    """The state after the first ``upto`` events (all of them when ``upto`` is None)."""
    return fold(game, events[:upto] if upto is not None else events)
