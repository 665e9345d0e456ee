"""The contract between a game and the service, and the plumbing the engine adds to every game.

A game states its rules as one :class:`Rules` declaration (its commands and the function deciding each, its
automatic steps by phase, who acts, what each seat sees); the engine makes of it the :class:`Game` the service
plays, ``GAME = Game(RULES)`` listed in ``domain.registry``. Nothing outside ``domain/`` names a game.
``secrets`` lists what a viewer may not see, which also tells the events that reveal (:func:`revealing`: no
undo takes them back). A ``None`` viewer is a spectator.
"""

from __future__ import annotations

import hashlib
import random
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from domain.messages import Msg, english_text, msg

# What a player reads: a message; a plain string only where a game still writes English (being converted).
Text = Msg | str

Seat = int
S = TypeVar("S")
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every command. Subclasses set ``tag="<game>.<verb>"``; a field the command does not have is
    refused when it is decoded (the API answers 400 naming it), never silently dropped."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every event. Subclasses set ``tag="<game>.<fact>"``."""


class RuleViolation(Exception):
    """A command a player may not make now. ``message`` names the rule, as a message for the player; the
    exception's own text is that message in English with its parameters, for logs and tests."""

    def __init__(self, code: str, message: Text, details: dict[str, Any] | None = None) -> None:
        super().__init__(message if isinstance(message, str) else english_text(message))
        self.code = code
        self.message = message
        self.details = details or {}

    def as_dict(self) -> dict[str, Any]:
        message = msgspec.to_builtins(self.message)
        return {"code": self.code, "message": message, "details": self.details}


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """Final outcome: ``ranking`` lists every seat once, best first; ``scores[seat]`` is its score;
    ``places[seat]`` its place, 1 = first, seats with equal places sharing it (where the rules give no
    tie-break: :func:`shared_places`). Left out, the places follow ``ranking`` one seat a place (how a result
    stored before places existed reads). ``abandoned``: no player was still playing at the end (set by the
    service's table around the game, never by a game's rules): nobody won."""

    ranking: list[Seat]
    scores: list[int]
    places: list[int] = []
    abandoned: bool = False

    def __post_init__(self) -> None:
        if not self.places:
            msgspec.structs.force_setattr(self, "places", places_in_order(self.ranking))


def places_in_order(ranking: Sequence[Seat]) -> list[int]:
    """Each seat's place (by seat) when ``ranking`` breaks every tie: the first seat 1st, the next 2nd..."""
    places = [0] * len(ranking)
    for place, seat in enumerate(ranking, start=1):
        places[seat] = place
    return places


def shared_places(ranking: Sequence[Seat], keys: Sequence[Any]) -> list[int]:
    """Each seat's place (by seat) in ``ranking`` order, seats whose ``keys[seat]`` are equal sharing the
    better place (1, 1, 3: standard competition ranking). ``ranking`` must already be sorted by the keys."""
    places = [0] * len(ranking)
    for index, seat in enumerate(ranking):
        earlier = ranking[index - 1] if index else None
        shares = earlier is not None and keys[earlier] == keys[seat]
        places[seat] = places[earlier] if shares and earlier is not None else index + 1
    return places


def ranked_by_score(scores: Sequence[int], order: Sequence[Seat] | None = None) -> GameResult:
    """The result of a game whose rules say only "the highest score wins": equal scores share a place.
    ``order`` lists the seats best first (it may order equal scores any way, e.g. to keep a recorded
    listing); by default the scores, then the seats, order them."""
    if order is None:
        order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    ranking = list(order)
    return GameResult(ranking=ranking, scores=list(scores), places=shared_places(ranking, list(scores)))


class ScoreLine(msgspec.Struct, frozen=True, kw_only=True):
    """One source of a seat's points in the end-of-game breakdown: what they came from (``label``, a
    message: a scoring step, a pyramid, a round's sets) and how many (``points``, negative for a penalty)."""

    label: Text
    points: int


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
    text: Text = ""
    notes: list[Text] = []


class RulesSection(msgspec.Struct, frozen=True, kw_only=True):
    """One part of a game's rules reference, in the product's own words (shown beside the board)."""

    title: Text
    paragraphs: list[Text]


def waiting_prompt(to_act: set[Seat], over: bool) -> Prompt:
    """The prompt of a viewer who has nothing to decide now."""
    if over:
        return Prompt(waiting_for=[], text=msg("The game is over."))
    if not to_act:
        return Prompt(waiting_for=[], text=msg("Nothing to decide: the game moves on by itself."))
    return Prompt(waiting_for=sorted(to_act))


class Ctx(Generic[S]):
    """What a command's function or an automatic step decides on, and the events it emits.

    ``state`` is the state as decided so far: the caller's own state until a rule reads it after an emit,
    then a private copy with every emitted event folded in (each later event folded as it is emitted), so
    later rules see the effect of earlier events and the caller's state is never touched. A refusal, or a
    rule that only emits, costs no copy. Read ``ctx.state`` anew after an emit: a part of it taken before
    is the caller's, which the events never change (unless ``in_place``: ``Game.fold_decided``).
    """

    __slots__ = ("_copy", "_evolve", "_given", "_own", "events")

    def __init__(
        self, state: S, evolve: Callable[[S, Any], S], copy: Callable[[S], S], in_place: bool = False
    ) -> None:
        self._given = state
        self._own: S | None = state if in_place else None  # in place: the events fold into the caller's state
        self._evolve = evolve
        self._copy = copy
        self.events: list[Any] = []

    @property
    def state(self) -> S:
        if self._own is not None:
            return self._own
        if not self.events:
            return self._given
        own = self._copy(self._given)
        for event in self.events:
            own = self._evolve(own, event)
        self._own = own
        return own

    def emit(self, *events: Any) -> None:
        if self._own is not None:
            for event in events:
                self._own = self._evolve(self._own, event)
        self.events.extend(events)


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


Decide = Callable[[Ctx[S], Seat, Any], None]
"""A command's rules: ``(ctx, seat, command)`` emits the events the command causes into ``ctx``, or raises
:class:`RuleViolation` naming the rule that refuses it (before emitting anything)."""
Step = Callable[[Ctx[S]], None]
"""An automatic step: ``(ctx)`` emits the events of what happens by itself now (a deal, a scoring)."""


def _no_check(state: Any, seat: Seat) -> None:
    return None


def _no_scores(state: Any) -> list[int]:
    return []


def _no_reference() -> list[RulesSection]:
    return []


@dataclass(frozen=True, kw_only=True)
class SearchHints:
    """What the search bot (domain/search.py) may know of a game's pace and worth to play it well: the
    search itself is the same for every game."""

    playout_depth: int = 20
    """Decisions a playout plays at random past the tree before the position is judged as it stands: long
    where a few random moves change little, short where they wreck what the position is worth."""
    score_scale: float = 20.0
    """A lead of about this many points is a clear one: the game's usual winning margin."""
    evaluate: Callable[[Any], list[float]] | None = None
    """``(state)``: each seat's worth of a position short of the end, in points or in the units
    ``score_scale`` counts a clear lead in (the points as they stand plus what the position promises, from
    what every seat may see). ``None``: the scores as they stand."""
    soft_judgement: bool = False
    """Short of the end, each seat's win chance as a softmax of the judged values over ``score_scale`` (a
    logistic of the margin for two seats) rather than a win for the leaders: every point of lead counts."""
    guided: float = 0.0
    """The share of playout decisions the game's seat bot makes rather than chance."""
    widening: float = 0.0
    """Progressive widening: a node below the root tries at most ``widening * sqrt(visits + 1)`` commands, the
    seat bot's first, so the search looks at the likely replies deeply rather than at all of them
    thinly. 0: every legal command at once."""
    root_widening: float = 0.0
    """The same at the root (``root_widening * sqrt(iterations + 1)`` commands): where a seat has hundreds of
    commands (a build's plans), the budget goes to the seat bot's likely best rather than a few samples each.
    With either widening, a seat bot that ranks its commands (``rank``) gives the order they are tried in."""
    finalists: int = 0
    """Sequential halving at the root: after half the budget, the search spends the rest on this many of the
    most tried commands in rounds, each round sampling every survivor on the same sampled positions and
    keeping the better half, and plays the last one left: a less noisy choice among moves of nearly equal
    worth than the most tried. 0: the most tried command, with no halving."""
    fold_in_place: bool = False
    """The search plays a command by ``Game.fold_decided`` (no copy of the state a move): for a game whose
    rules read ``ctx.state`` anew after every emit."""


@dataclass(frozen=True, kw_only=True)
class Rules(Generic[S]):
    """What a game states. The fields with a default are optional; everything else the engine supplies."""

    name: str
    """The registry key and the prefix of every command and event tag (``"egizia"``)."""
    title: str
    """The game's name as its English edition prints it (``"Egizia"``); the API answers it."""
    min_players: int
    max_players: int
    Options: type[msgspec.Struct]
    """Variants, a msgspec Struct whose every field has a default (and a description for the lobby)."""
    Command: Any
    """The tagged union of the game's commands."""
    Event: Any
    """The tagged union of the game's events."""
    State: type[S]
    """The folded state, a msgspec Struct; snapshots store it as MessagePack."""

    setup: Callable[[int, Any, bytes], list[Any]]
    """``(seats, options, seed)``: the opening facts, every shuffle included as data (the first event carries
    the seed commitment)."""
    evolve: Callable[[S | None, Any], S]
    """Pure fold of one event (``state`` is ``None`` for the first); never validates, never draws."""
    commands: Mapping[type, Decide[S]]
    """Every command type of ``Command`` and the function that decides it: ``{PlaceShip: decide_place}``."""
    check: Callable[[S, Seat], None] = _no_check
    """``(state, seat)``: refuses a seat that may not command now (no such seat, the game is over), before
    the command is looked at."""
    title_words: Msg | None = None
    """The name players read in their language, where a language's community calls the game otherwise
    (``msgp("game title", "Sobek")``, Japanese セベク); None: ``title`` in every language."""
    steps: Mapping[Hashable, Step[S]] = field(default_factory=dict)
    """The automatic steps by phase: ``{PRODUCTION: produce}``. A phase without a step waits for players."""
    phase: Callable[[S], Hashable] = attrgetter("phase")
    """The phase the state is in, the key of ``steps`` (``state.phase`` unless stated)."""
    to_act: Callable[[S], set[Seat]]
    """Who must act now: drives turn inboxes, deadlines and notifications."""
    legal_commands: Callable[[S, Seat], list[Any]]
    """Concrete commands of a seat that must act, each accepted by its function (the engine asks for no
    other seat: every other has none)."""
    timeout_command: Callable[[S, Seat], Any]
    """What the service submits for a seat whose clock ran out; always accepted."""
    result: Callable[[S], GameResult | None]
    """Final ranking (every seat once), scores and places once the game is over, else ``None``; equal places
    only where the rules print no tie-break (:func:`ranked_by_score`)."""
    scores: Callable[[S], list[int]] = _no_scores
    """Each seat's score as it stands (ranks the seats left when resignations end the game); none: all 0."""

    view: Callable[[S, Seat | None, list[Any], set[Seat]], msgspec.Struct]
    """``(state, seat, legal, to_act)``: what that seat may see (``None``: a spectator), given its legal
    commands and who must act: the whole board, a ``prompt`` (a :class:`Prompt`) and those ``legal``."""
    redact: Callable[[Any, Seat | None], Any | None]
    """``(event, seat)``: the event as that seat may see it in the history (``None``: not shown at all)."""
    describe: Callable[[Any, Sequence[str]], Text]
    """``(event, names)``: one sentence for the history about the event as redacted for its reader, calling
    each seat by ``names[seat]`` (its player's name)."""
    secrets: Callable[[S, Seat | None], set[str]]
    """``(state, viewer)``: strings naming what ``viewer`` may not know now (another seat's hidden cards,
    face-down or undrawn items by their ids, values included). No view, redacted event, refusal or option
    shown to ``viewer`` may contain one as a word; an event after which one is no longer secret reveals
    (:func:`revealing`), and no undo takes it back."""
    reveals: tuple[type, ...] = ()
    """The events that show a seat something ``secrets`` cannot name (a count, say). They only add to what
    :func:`revealing` derives from ``secrets``: they never make a revealing event safe."""

    score_breakdown: Callable[[S], list[list[ScoreLine]]] | None = None
    """``(state)``: every seat's points by where they came from, for the end of the game (lines of each seat
    summing to its score as ``scores`` states it). Every seat lists the same sources in the same order, zero
    points included, so pages can set them side by side. A game without one shows totals only."""
    rules_reference: Callable[[], list[RulesSection]] = _no_reference
    """The rules in the product's own words, section by section, for the rules page of the game."""
    option_labels: Mapping[str, Msg] = field(default_factory=dict)
    """What the lobby calls each field of ``Options``, in words players read."""
    checkpoints: tuple[type, ...] = ()
    """The events after which the state is worth a snapshot (a round start, say)."""
    determinize: Callable[[S, Seat | None, random.Random], S] | None = None
    """``(state, viewer, rng)``: a new state ``viewer`` cannot tell from ``state`` (its view is equal), with
    everything hidden from ``viewer`` (other hands, deck orders, face-down items) dealt again at random among
    the hidden places it could lie in. It reads only what ``viewer`` may know (sort a pool before shuffling
    it), so states that differ only in what is hidden from ``viewer`` give the same result for the same
    ``rng``. The search bot samples with it; a game without one has no search bot."""
    search: SearchHints = field(default_factory=SearchHints)
    """How the search bot plays this game out and judges a position short of the end (see
    :class:`SearchHints`)."""
    bots: Mapping[str, Callable[[int], Bot]] = field(default_factory=lambda: {"random": RandomBot})
    """The bots ``papyrus simulate --bot`` offers, by name, each made from a seed."""
    seat_bot: str = "random"
    """The bot (a name in ``bots``) the service seats in a bot seat, seeded per move."""
    stats: Callable[[], StatsCollector] | None = None
    """Makes a collector of game-specific tallies for ``papyrus simulate --json``."""
    upcasters: Mapping[tuple[str, int], Upcaster] = field(default_factory=dict)
    """``(type, version) -> fn(data) -> data`` lifting a stored event one version up, applied on read; an
    event type's current version is one above its last upcaster (1 without any)."""


def state_copier(state_type: type[S]) -> Callable[[S], S]:
    """A deep copy of a state of that type, as a MessagePack round trip (folds mutate what they are given)."""
    encode = msgspec.msgpack.Encoder().encode
    decode = msgspec.msgpack.Decoder(state_type).decode
    return lambda state: decode(encode(state))


def command_types(union: Any) -> tuple[type, ...]:
    """The command classes of a ``Command`` union (or the one class a game with one command names)."""
    return typing.get_args(union) or (union,)


class Game:
    """A game as the service plays it: the :class:`Rules` a game states, and the plumbing the engine adds.

    The attributes are the game's own (``game.evolve`` is the game's fold, called with no wrapper: replay
    speed matters); the methods are the engine's, the same for every game.
    """

    def __init__(self, rules: Rules[Any]) -> None:
        undecided = [kind.__name__ for kind in command_types(rules.Command) if kind not in rules.commands]
        if undecided:
            raise ValueError(f"{rules.name}: no function decides {', '.join(undecided)}")
        if rules.seat_bot not in rules.bots:
            raise ValueError(f"{rules.name}: the seat bot {rules.seat_bot!r} is not one of its bots")
        self.rules = rules
        self._check, self._commands, self._legal = rules.check, rules.commands, rules.legal_commands
        self.name = rules.name
        self.title = rules.title
        self.title_words: Msg | str = rules.title_words or rules.title
        self.min_players = rules.min_players
        self.max_players = rules.max_players
        self.Options = rules.Options
        self.Command = rules.Command
        self.Event = rules.Event
        self.State = rules.State
        self.evolve = rules.evolve
        self.to_act = rules.to_act
        self.timeout_command = rules.timeout_command
        self.result = rules.result
        self.current_scores = rules.scores
        self.redact = rules.redact
        self.describe = rules.describe
        self.secrets = rules.secrets
        self.rules_reference = rules.rules_reference
        self.copy: Callable[[Any], Any] = state_copier(rules.State)
        """A deep copy of a state (bots look ahead on copies; folds mutate what they are given)."""
        self.bot_kinds = tuple(rules.bots)
        self.upcasters = rules.upcasters
        self.event_schema_versions: Mapping[str, int] = {
            kind: version + 1 for (kind, version) in sorted(rules.upcasters)
        }
        """The current schema version of each event type whose shape ever changed (others are version 1)."""

    def setup(self, seats: int, options: Any, seed: bytes) -> list[Any]:
        """The opening facts of a game of ``seats`` players (default options when ``options`` is None)."""
        return self.rules.setup(seats, options if options is not None else self.Options(), seed)

    def decide(self, state: Any, seat: Seat, command: Any) -> list[Any]:
        """The events a seat's command causes, or ``RuleViolation`` naming the rule that refuses it."""
        self._check(state, seat)
        decide = self._commands.get(type(command))
        if decide is None:
            raise RuleViolation("command.unknown", msg("{game} has no such command.", game=self.title))
        ctx = Ctx(state, self.evolve, self.copy)
        decide(ctx, seat, command)
        return ctx.events

    def fold_decided(self, state: Any, seat: Seat, command: Any) -> Any:
        """The state after a legal command's events, folded into ``state`` itself as they are decided (no
        copy, each event folded once): for a caller that owns the state and a game whose rules never read a
        part of the state taken before an emit after it (``SearchHints.fold_in_place``)."""
        self._check(state, seat)
        ctx = Ctx(state, self.evolve, self.copy, in_place=True)
        self._commands[type(command)](ctx, seat, command)
        return ctx.state

    def advance(self, state: Any) -> list[Any]:
        """The automatic step due now: the events of the step of the state's phase, none while a player must
        act (whatever the step would say) or the phase has no step. The workers and ``papyrus verify`` run
        exactly these, so a replay through the domain decides as they did."""
        step = self.rules.steps.get(self.rules.phase(state)) if self.rules.steps else None
        if step is None or self.to_act(state):
            return []
        ctx = Ctx(state, self.evolve, self.copy)
        step(ctx)
        return ctx.events

    def legal_commands(self, state: Any, seat: Seat) -> list[Any]:
        """The game's legal commands for a seat that must act now; ``[]`` for any other."""
        return self._legal(state, seat) if seat in self.to_act(state) else []

    def view(self, state: Any, seat: Seat | None) -> msgspec.Struct:
        """What that seat may see (``None``: a spectator), its legal commands included."""
        to_act = self.to_act(state)
        legal = self._legal(state, seat) if seat in to_act else []
        return self.rules.view(state, seat, legal, to_act)

    def reveals(self, event: Any) -> bool:
        """True for an event that shows a seat something ``secrets`` cannot name (see ``Rules.reveals``)."""
        return isinstance(event, self.rules.reveals)

    def option_labels(self) -> Mapping[str, Msg]:
        """What the lobby calls each field of ``Options``, in words players read (see ``Rules``)."""
        return self.rules.option_labels

    def checkpoint(self, event: Any) -> bool:
        """True for events after which the state is worth a snapshot (see ``Rules.checkpoints``)."""
        return isinstance(event, self.rules.checkpoints)

    def determinize(self, state: Any, viewer: Seat | None, rng: random.Random) -> Any:
        """A state ``viewer`` cannot tell from ``state``, its hidden part dealt again (see
        ``Rules.determinize``); ``NotImplementedError`` for a game that states none."""
        if self.rules.determinize is None:
            raise NotImplementedError(f"{self.name} cannot sample what a seat does not see")
        return self.rules.determinize(state, viewer, rng)

    def score_breakdown(self, state: Any) -> list[list[ScoreLine]] | None:
        """Every seat's points by source as they stand (see ``Rules.score_breakdown``); ``None`` for a game
        that states no breakdown."""
        if self.rules.score_breakdown is None:
            return None
        return self.rules.score_breakdown(state)

    def continues_with(self, state: Any, active: set[Seat]) -> bool:
        """Whether the game goes on once a seat resigned or forfeited, with ``active`` the seats that did not
        (bots play the others): while two are left. False ends the game at once, the resigned ranked last."""
        return len(active) >= 2

    def bot(self, seed: int) -> Bot:
        """The player the service seats in a bot seat, seeded per move."""
        return self.rules.bots[self.rules.seat_bot](seed)

    def make_bot(self, kind: str, seed: int) -> Bot:
        """A bot of one of ``bot_kinds``; ``ValueError`` for any other name."""
        make = self.rules.bots.get(kind)
        if make is None:
            offered = ", ".join(repr(name) for name in self.bot_kinds)
            raise ValueError(f"bot: unknown bot {kind!r}; choose one of {offered}")
        return make(seed)

    def simulation_stats(self) -> StatsCollector | None:
        """A collector of game-specific tallies for ``papyrus simulate --json``, or ``None``."""
        return self.rules.stats() if self.rules.stats is not None else None


def seed_commitment(seed: bytes) -> str:
    """The public commitment to a secret seed: hex SHA-256 of its bytes."""
    return hashlib.sha256(seed).hexdigest()


def revealing(game: Game, state: Any | None, events: Iterable[Any], viewers: Sequence[Seat | None]) -> bool:
    """Whether folding ``events`` onto ``state`` shows some viewer something, so that no undo may take them
    back: the setup (it draws on the seed: every shuffle is drawn there, ``state`` is ``None``), an event
    after which some viewer's secrets before it are not all secret, or one the game declares revealing
    (``Game.reveals``). ``state`` is folded on, and ``evolve`` may change it in place."""
    for event in events:
        if state is None or game.reveals(event):
            return True
        before = [game.secrets(state, viewer) for viewer in viewers]
        state = game.evolve(state, event)
        after = [game.secrets(state, viewer) for viewer in viewers]
        if any(not hidden <= still for hidden, still in zip(before, after, strict=True)):
            return True
    return False


def fold(game: Game, events: Iterable[Any], state: Any | None = None) -> Any:
    """Fold events into a state, starting from ``state`` (``None`` = before setup)."""
    for event in events:
        state = game.evolve(state, event)
    return state


def automatic_step(game: Game, state: Any) -> list[Any]:
    """The automatic step due now (``game.advance``): none while a player must act."""
    return game.advance(state)


def run_automatic(game: Game, state: Any, limit: int = 10_000) -> tuple[Any, list[Any]]:
    """Apply the automatic steps until a player must act or the game is over; return the state and the
    new events."""
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
