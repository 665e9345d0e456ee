"""The contract between a game and the service, and the generic helpers around it.

A game is a pure, event-sourced aggregate, exported by its package as one object ``GAME`` that satisfies
:class:`Game` and is listed in ``domain.registry``. Nothing outside ``domain/`` names a game: the store, the
workers, the API and the web pages reach it only through this contract.

How to write a game (read the members of :class:`Game` below for each signature):

1. ``Options``, the ``Command`` union and the ``Event`` union are msgspec structs; commands and events derive
   from :class:`Command` / :class:`Event` with stable tags ``"<game>.<verb>"`` that never change meaning.
2. ``setup`` records every shuffle as data, drawing randomness only from ``domain.rng`` with the seed.
3. ``evolve`` folds one event into the state and may mutate the state in place (the service never folds onto
   a state it still reads); ``decide``/``advance`` build their events in a :class:`Ctx` so later rules see
   the effect of earlier events without touching the caller's state.
4. ``to_act`` is empty exactly when ``advance`` has work or the game is over; every command of
   ``legal_commands`` is accepted by ``decide``; ``timeout_command`` is always accepted.
5. ``view`` and ``redact`` hide what a seat may not know, and ``secrets`` lists those hidden things as
   strings, so the conformance suite (``tests/unit/test_game_conformance.py``) can prove no channel leaks
   them. Derive the game's class from :class:`GameDefaults` to get the optional hooks' defaults.

Seats are 0-based integers; ``None`` as a viewer is a spectator.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import msgspec

Seat = int
S = TypeVar("S")
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every command. Subclasses set ``tag="<game>.<verb>"``; a field the command does not have is
    refused when it is decoded (the API answers 400 naming it), never silently dropped."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every event. Subclasses set ``tag="<game>.<fact>"``."""


class RuleViolation(Exception):
    """A command a player may not make now. ``message`` is written for the player and names the rule."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": self.details}


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """Final outcome: ``ranking`` lists every seat once, winner first; ``scores[seat]`` is its score."""

    ranking: list[Seat]
    scores: list[int]


class Prompt(msgspec.Struct, frozen=True, kw_only=True):
    """What the viewer of a view must decide now, or whom the table is waiting for.

    ``waiting_for`` are the seats that must act (empty while the game moves on by itself or once it is
    over); ``decision`` is a stable code of the viewer's own decision (``""`` when the viewer has none);
    ``text`` says it in one sentence for the viewer; ``notes`` say why an option the viewer might look for
    is not offered now ("The Joker alone cannot draw Sphinx cards."). Pages name the waiting seats by their
    players' names.
    """

    waiting_for: list[Seat]
    decision: str = ""
    text: str = ""
    notes: list[str] = []


class RulesSection(msgspec.Struct, frozen=True, kw_only=True):
    """One part of a game's rules reference, in the product's own words (shown beside the board)."""

    title: str
    paragraphs: list[str]


def waiting_prompt(to_act: set[Seat], over: bool) -> Prompt:
    """The prompt of a viewer who has nothing to decide now."""
    if over:
        return Prompt(waiting_for=[], text="The game is over.")
    if not to_act:
        return Prompt(waiting_for=[], text="Nothing to decide: the game moves on by itself.")
    return Prompt(waiting_for=sorted(to_act))


class Ctx(Generic[S]):
    """A private copy of a state that ``decide`` and ``advance`` emit their events into.

    Each emitted event is folded into the copy at once, so later rules see its effect, and the caller's
    state is never touched. A game binds its own fold and copy, e.g. ``Ctx(state, evolve, copy_state)``.
    """

    __slots__ = ("_evolve", "events", "state")

    def __init__(self, state: S, evolve: Callable[[S, Any], S], copy: Callable[[S], S]) -> None:
        self.state = copy(state)
        self.events: list[Any] = []
        self._evolve = evolve

    def emit(self, event: Any) -> None:
        self.state = self._evolve(self.state, event)
        self.events.append(event)


class Bot(Protocol):
    """A player the service seats in a bot seat, or that ``papyrus simulate`` plays with."""

    def choose(self, game: Game, state: Any, seat: Seat) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal commands, from its own seeded ``random.Random``."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: Seat) -> Any:
        commands = game.legal_commands(state, seat)
        if not commands:
            raise LookupError(f"seat {seat} has no legal command")
        return self._random.choice(commands)


class StatsCollector(Protocol):
    """Tallies over simulated games: ``add`` sees every batch of events, ``summary`` joins the JSON report."""

    def add(self, events: list[Any]) -> None: ...

    def summary(self) -> dict[str, Any]: ...


@runtime_checkable
class Game(Protocol):
    """Everything a game module's ``GAME`` object provides. The members after ``timeout_command`` are
    optional in spirit: :class:`GameDefaults` gives each a default, so a game overrides only what it needs.
    """

    name: str
    """The registry key and the prefix of every command and event tag (``"egizia"``)."""
    title: str
    """The name players read (``"Egizia"``)."""
    min_players: int
    max_players: int
    Options: type[msgspec.Struct]
    """Variants, a msgspec Struct whose every field has a default (and a description for the lobby)."""
    Command: Any
    """The tagged union of the game's commands."""
    Event: Any
    """The tagged union of the game's events."""
    State: type[msgspec.Struct]
    """The folded state; snapshots store it as MessagePack."""

    def setup(self, seats: int, options: Any, seed: bytes) -> list[Any]:
        """The opening facts, every shuffle included as data (first event carries the seed commitment)."""
        ...

    def evolve(self, state: Any | None, event: Any) -> Any:
        """Pure fold of one event (``state`` is ``None`` for the first); never validates, never draws."""
        ...

    def decide(self, state: Any, seat: Seat, command: Any) -> list[Any]:
        """The events a seat's command causes, or ``RuleViolation`` naming the rule that refuses it."""
        ...

    def advance(self, state: Any) -> list[Any]:
        """The next automatic step when nobody must act; ``[]`` while waiting for a player or once over."""
        ...

    def to_act(self, state: Any) -> set[Seat]:
        """Who must act now: drives turn inboxes, deadlines and notifications."""
        ...

    def legal_commands(self, state: Any, seat: Seat) -> list[Any]:
        """Concrete commands, each accepted by ``decide``; ``[]`` for a seat that must not act."""
        ...

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct:
        """What that seat may see (``None``: a spectator): the whole board, its ``prompt`` (a
        :class:`Prompt`) and, for a seat, its ``legal`` commands."""
        ...

    def redact(self, event: Any, seat: Seat | None) -> Any | None:
        """The event as that seat may see it in the history (``None``: not shown at all)."""
        ...

    def describe(self, event: Any, names: Sequence[str]) -> str:
        """One sentence for the history about the event as redacted for its reader, calling each seat by
        ``names[seat]`` (its player's name)."""
        ...

    def result(self, state: Any) -> GameResult | None:
        """Final ranking (every seat once) and scores once the game is over, else ``None``."""
        ...

    def timeout_command(self, state: Any, seat: Seat) -> Any:
        """What the service submits for a seat whose clock ran out; always accepted by ``decide``."""
        ...

    def secrets(self, state: Any, viewer: Seat | None) -> set[str]:
        """Strings naming what ``viewer`` may not know now (another seat's hidden cards, face-down or
        undrawn items by their ids). No view, redacted event, refusal or option shown to ``viewer`` may
        contain one as a word."""
        ...

    def rules_reference(self) -> list[RulesSection]:
        """The rules in the product's own words, section by section, for the rules page of the game."""
        ...

    def checkpoint(self, event: Any) -> bool:
        """True for events after which the state is worth a snapshot (a round start, say)."""
        ...

    def bot(self, seed: int) -> Bot:
        """The player the service seats in a bot seat, seeded per move."""
        ...

    bot_kinds: tuple[str, ...]
    """The bots ``papyrus simulate --bot`` offers."""

    def make_bot(self, kind: str, seed: int) -> Bot:
        """A bot of one of ``bot_kinds``; ``ValueError`` for any other name."""
        ...

    def simulation_stats(self) -> StatsCollector | None:
        """A collector of game-specific tallies for ``papyrus simulate --json``, or ``None``."""
        ...

    def reveals(self, event: Any) -> bool:
        """True if ``event`` shows a seat something it did not know (a card drawn or turned up, a shuffle, a
        random draw, another seat's hidden choice). A player may take back (undo) their own last commands
        only while none of their events, nor the automatic steps that followed them, reveals anything."""
        ...

    def continues_with(self, state: Any, active: set[Seat]) -> bool:
        """Whether the game goes on once a seat resigned or forfeited, with ``active`` the seats that did
        not (bots play the others); False ends the game at once, the resigned seats ranked last."""
        ...

    def current_scores(self, state: Any) -> list[int]:
        """Each seat's score as it stands (ranks the seats left when resignations end the game)."""
        ...

    event_schema_versions: Mapping[str, int]
    """The current schema version of each event type whose shape ever changed (others are version 1)."""
    upcasters: Mapping[tuple[str, int], Upcaster]
    """``(type, version) -> fn(data) -> data`` lifting a stored event one version up, applied on read."""


class GameDefaults:
    """Defaults for the optional members of :class:`Game`; a game class derives from it."""

    bot_kinds: tuple[str, ...] = ("random",)
    event_schema_versions: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}

    def secrets(self, state: Any, viewer: Seat | None) -> set[str]:
        return set()

    def rules_reference(self) -> list[RulesSection]:
        return []

    def checkpoint(self, event: Any) -> bool:
        return False

    def bot(self, seed: int) -> Bot:
        return RandomBot(seed)

    def make_bot(self, kind: str, seed: int) -> Bot:
        if kind != "random":
            raise ValueError(f"unknown bot {kind!r}; this game offers only 'random'")
        return RandomBot(seed)

    def simulation_stats(self) -> StatsCollector | None:
        return None

    def reveals(self, event: Any) -> bool:
        return True

    def continues_with(self, state: Any, active: set[Seat]) -> bool:
        return len(active) >= 2

    def current_scores(self, state: Any) -> list[int]:
        return []


def seed_commitment(seed: bytes) -> str:
    """The public commitment to a secret seed: hex SHA-256 of its bytes."""
    return hashlib.sha256(seed).hexdigest()


def fold(game: Game, events: Iterable[Any], state: Any | None = None) -> Any:
    """Fold events into a state, starting from ``state`` (``None`` = before setup)."""
    for event in events:
        state = game.evolve(state, event)
    return state


def automatic_step(game: Game, state: Any) -> list[Any]:
    """The automatic step due now: none while a player must act (whatever ``advance`` would say), as the
    workers and ``papyrus verify`` run them, so a replay through the domain decides exactly as they did."""
    return [] if game.to_act(state) else game.advance(state)


def run_automatic(game: Game, state: Any, limit: int = 10_000) -> tuple[Any, list[Any]]:
    """Apply the automatic steps until a player must act or the game is over; return the state and the
    new events."""
    produced: list[Any] = []
    for _ in range(limit):
        events = automatic_step(game, state)
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
