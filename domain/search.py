"""The search bot: information-set Monte Carlo tree search (single observer) through the game contract only.

Each iteration samples a state the bot's seat cannot tell from the real one (``Game.determinize``), walks one
shared tree down it by UCB over the legal commands' keys, adds a node, plays on at random as far as the game's
``SearchHints`` say and scores where it stops (``finalists``: then halves the most tried first moves down to
one). It never reads more than its seat may know. Bounded by
iterations (repeatable for a seed), by time on an injected clock and by a node count.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.engine import Game, SearchHints, Seat

EXPLORATION = 0.7  # UCB's exploration constant, for rewards between 0 and 1
MARGIN_SHARE = 0.15  # the part of a reward that follows the score margin rather than the place
MAX_NODES = 200_000  # nodes the tree may hold (about 200 bytes each): the memory bound
HINT = 0.3  # the progressive bias towards the seat bot's choice at each node...
HINT_VISITS = 10.0  # ...fading as that child gets visits
AUTOMATIC_LIMIT = 10_000  # automatic steps in a row before a game is taken to be stuck
CHECK_CLOCK_EVERY = 4  # iterations between readings of the clock
HALVING_FROM = 0.5  # the share of the budget spent before the root's finalists are halved (``finalists``)

_encode = msgspec.msgpack.Encoder().encode


@dataclass(frozen=True, kw_only=True)
class Budget:
    """How long a search may think: at most ``iterations`` samples, and when ``clock`` (seconds) is given, at
    most ``think_ms`` of it; at least one iteration runs either way. ``clock`` is best the thinking thread's
    CPU time (``time.thread_time``): a loaded machine then slows the move but not its quality. ``wall_ms``
    on ``wall_clock`` caps the real time all the same. ``max_nodes`` bounds the memory."""

    iterations: int = 100_000
    think_ms: int | None = None
    clock: Callable[[], float] | None = None
    wall_ms: int | None = None
    wall_clock: Callable[[], float] | None = None
    max_nodes: int = MAX_NODES

    def deadline(self) -> Callable[[], bool]:
        """A test that the time is up, started now: never, without a clock."""
        timers = self._timers()
        return lambda: any(clock() - begun >= span for clock, begun, span in timers)

    def meter(self) -> Callable[[int], float]:
        """The share of the budget spent, started now, after a number of iterations: the largest of the
        iterations' share and each clock's."""
        timers = self._timers()

        def spent(iterations: int) -> float:
            shares = [(clock() - begun) / span if span > 0 else 1.0 for clock, begun, span in timers]
            return max([iterations / max(1, self.iterations), *shares])

        return spent

    def _timers(self) -> list[tuple[Callable[[], float], float, float]]:
        """Each clock with a limit: the clock, its reading now and the seconds allowed on it."""
        return [
            (clock, clock(), ms / 1000.0)
            for clock, ms in ((self.clock, self.think_ms), (self.wall_clock, self.wall_ms))
            if clock is not None and ms is not None
        ]


@dataclass(frozen=True, kw_only=True)
class Estimate:
    """One legal command as the search judged it: how often it was tried and its mean win share."""

    command: Any
    visits: int
    win_chance: float


@dataclass(frozen=True, kw_only=True)
class Analysis:
    """The outcome of one search: the preferred command first, then the others by visits."""

    moves: list[Estimate]
    iterations: int

    @property
    def best(self) -> Estimate:
        return self.moves[0]


class _Node:
    """The statistics of the move leading here, from the point of view of the seat that made it."""

    __slots__ = ("available", "children", "command", "hint", "order", "reward", "visits", "wins")

    def __init__(self, command: Any) -> None:
        self.command = command
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.wins = 0.0
        self.children: dict[bytes, _Node] = {}
        self.hint: bytes | None = None
        self.order: list[bytes] = []  # the seat bot's ranking of the commands, when the tree widens by it


class _Search:
    """One search from one seat's point of view: the tree and the random numbers it draws."""

    def __init__(self, game: Game, seat: Seat, rng: random.Random, max_nodes: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.max_nodes = max_nodes
        self.nodes = 1
        self.root = _Node(None)
        self.guide = game.bot(rng.getrandbits(32))
        self.hints = game.rules.search
        widens = self.hints.widening or self.hints.root_widening
        self.rank: Callable[[Game, Any, Seat], list[Any]] | None = (
            getattr(self.guide, "rank", None) if widens else None
        )

    def iterate(self, state: Any, first: bytes | None = None) -> float:
        """One sample down the tree (starting with the root's child ``first`` when given); the searching
        seat's reward."""
        game, rng = self.game, self.rng
        sample = game.determinize(state, self.seat, rng)
        node = self.root
        path: list[tuple[_Node, Seat]] = []
        actor: Seat | None = self.seat
        while actor is not None:
            commands = game.legal_commands(sample, actor)
            keyed = [(_encode(command), command) for command in commands]
            if first is not None and node is self.root and first in self.root.children:
                child = self.root.children[first]
                path.append((child, actor))
                sample = _play(game, sample, actor, child.command)
                node = child
                actor = _next_actor(game, sample)
                if child.visits == 0:
                    break
                continue
            if node.hint is None:
                if self.rank is not None:
                    node.order = [_encode(command) for command in self.rank(game, sample, actor)]
                    node.hint = node.order[0]
                else:
                    node.hint = _encode(self.guide.choose(game, sample, actor))
            child, fresh = self._select(node, keyed)
            path.append((child, actor))
            sample = _play(game, sample, actor, child.command)
            node = child
            actor = _next_actor(game, sample)
            if fresh:
                break
        rewards = self._playout(sample, actor)
        self.root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover][0]
            child.wins += rewards[mover][1]
        return rewards[self.seat][0]

    def halve(
        self, state: Any, spent: Callable[[int], float], iterations: int, limit: int
    ) -> tuple[bytes | None, int]:
        """Sequential halving over the root's ``finalists`` most tried children with the budget left: rounds
        of equal shares, each sampling every survivor once per sampled position (the same position and
        random numbers for all, so they are compared on equal terms) and keeping the better half by those
        samples' rewards. The key of the child left (``None`` if there were not two to choose from) and the
        iterations run in all."""
        ranked = sorted(self.root.children.items(), key=lambda item: (-item[1].visits, -_mean(item[1])))
        survivors = [key for key, _child in ranked[: self.hints.finalists]]
        if len(survivors) < 2:
            return None, iterations
        paired = dict.fromkeys(survivors, 0.0)
        begun = spent(iterations)
        rounds = math.ceil(math.log2(len(survivors)))
        for round_ in range(rounds):
            end = begun + (1.0 - begun) * (round_ + 1) / rounds
            while iterations < limit and spent(iterations) < end:
                seed = self.rng.getrandbits(64)
                own = self.rng
                for key in survivors:
                    self.rng = random.Random(seed)
                    paired[key] += self.iterate(state, key)
                self.rng = own
                iterations += len(survivors)
            if iterations >= limit or spent(iterations) >= 1.0:
                break
            survivors = self._by_paired(survivors, paired)[: (len(survivors) + 1) // 2]
        return self._by_paired(survivors, paired)[0], iterations

    def _by_paired(self, keys: list[bytes], paired: dict[bytes, float]) -> list[bytes]:
        children = self.root.children
        return sorted(keys, key=lambda key: (-paired[key], -_mean(children[key])))

    def _select(self, node: _Node, keyed: list[tuple[bytes, Any]]) -> tuple[_Node, bool]:
        """The child to follow among the legal commands: an untried one first (when the tree may grow),
        else the best by UCB with availability counts."""
        children = node.children
        untried = [(key, command) for key, command in keyed if key not in children]
        for key, _ in keyed:
            child = children.get(key)
            if child is not None:
                child.available += 1
        widening = self.hints.root_widening if node is self.root else self.hints.widening
        room = not widening or len(children) < widening * math.sqrt(node.visits + 1)
        if untried and room and self.nodes < self.max_nodes:
            key, command = self._next_to_try(node, untried)
            child = _Node(command)
            child.available = 1
            children[key] = child
            self.nodes += 1
            return child, True
        best: _Node | None = None
        best_score = -math.inf
        for key, _command in keyed:
            child = children.get(key)
            if child is None:  # not yet widened to, or the tree is full
                continue
            if child.visits == 0:
                return child, True
            score = child.reward / child.visits + EXPLORATION * math.sqrt(
                math.log(child.available) / child.visits
            )
            if key == node.hint:
                score += HINT / (1 + child.visits) * HINT_VISITS
            if score > best_score:
                best, best_score = child, score
        if best is None:
            key, command = keyed[self.rng.randrange(len(keyed))]
            return _Node(command), True
        return best, False

    def _next_to_try(self, node: _Node, untried: list[tuple[bytes, Any]]) -> tuple[bytes, Any]:
        """The untried command to add: the seat bot's best ranked, else its choice, else one at random."""
        if node.order:
            ranked = dict(untried)
            for key in node.order:
                if key in ranked:
                    return key, ranked[key]
        hinted = [pair for pair in untried if pair[0] == node.hint]
        return hinted[0] if hinted else untried[self.rng.randrange(len(untried))]

    def _playout(self, state: Any, actor: Seat | None) -> list[tuple[float, float]]:
        """Random moves to the end or for the game's ``playout_depth`` decisions (a ``guided`` share of them
        the seat bot's instead); each seat's (reward, win share) where it stops."""
        game, rng, guide = self.game, self.rng, self.guide
        steps = 0
        depth, guided = self.hints.playout_depth, self.hints.guided
        while actor is not None and steps < depth:
            if guided and rng.random() < guided:
                command = guide.choose(game, state, actor)
            else:
                commands = game.legal_commands(state, actor)
                command = commands[rng.randrange(len(commands))]
            state = _play(game, state, actor, command)
            actor = _next_actor(game, state)
            steps += 1
        return rewards_of(game, state, self.hints)

    def analysis(self, iterations: int, chosen: bytes | None = None) -> Analysis:
        first = self.root.children.get(chosen) if chosen is not None else None
        children = sorted(
            self.root.children.values(),
            key=lambda child: (child is not first, -child.visits, -_mean(child)),
        )
        moves = [
            Estimate(
                command=child.command,
                visits=child.visits,
                win_chance=child.wins / child.visits if child.visits else 0.0,
            )
            for child in children
        ]
        return Analysis(moves=moves, iterations=iterations)


def _mean(node: _Node) -> float:
    return node.reward / node.visits if node.visits else 0.0


def _play(game: Game, state: Any, seat: Seat, command: Any) -> Any:
    """Decide and fold a command, then the automatic steps after it (folding in place: the state is ours)."""
    evolve = game.evolve
    if game.rules.search.fold_in_place:
        state = game.fold_decided(state, seat, command)
    else:
        for event in game.decide(state, seat, command):
            state = evolve(state, event)
    for _ in range(AUTOMATIC_LIMIT):
        if game.to_act(state):
            return state
        events = game.advance(state)
        if not events:
            return state
        for event in events:
            state = evolve(state, event)
    raise RuntimeError(f"{game.name}: advance() did not settle")


def _next_actor(game: Game, state: Any) -> Seat | None:
    """The seat that moves next (the lowest of those who must act), ``None`` once nobody must."""
    acting = game.to_act(state)
    return min(acting) if acting else None


def rewards_of(game: Game, state: Any, hints: SearchHints) -> list[tuple[float, float]]:
    """Each seat's (reward, win share) in a state: by the final places once the game is over, else by the
    game's judgement of the position (``hints.evaluate``, else the scores as they stand; the leaders sharing
    the win)."""
    result = game.result(state)
    if result is not None:
        scores = [float(score) for score in result.scores]
        firsts = [place == 1 for place in result.places]
    else:
        judged = hints.evaluate(state) if hints.evaluate is not None else game.current_scores(state)
        scores = [float(score) for score in judged]
        if hints.soft_judgement:
            return _judged_rewards(scores, hints.score_scale)
        top = max(scores) if scores else 0.0
        firsts = [score == top for score in scores]
    share = 1.0 / max(1, sum(firsts))
    rewards: list[tuple[float, float]] = []
    for seat, score in enumerate(scores):
        best_other = max((other for index, other in enumerate(scores) if index != seat), default=score)
        margin = 0.5 + 0.5 * math.tanh((score - best_other) / hints.score_scale)
        win = share if firsts[seat] else 0.0
        rewards.append(((1.0 - MARGIN_SHARE) * win + MARGIN_SHARE * margin, win))
    return rewards


def _judged_rewards(scores: list[float], scale: float) -> list[tuple[float, float]]:
    """Each seat's (reward, win share) in a position judged short of the end: its chance to win as a
    softmax of the values over the scale (a logistic of the margin for two seats), so that every point of
    lead counts rather than only who leads."""
    top = max(scores)
    weights = [math.exp((score - top) / scale) for score in scores]
    total = sum(weights)
    return [(weight / total, weight / total) for weight in weights]


def analyse(game: Game, state: Any, seat: Seat, seed: int, budget: Budget) -> Analysis:
    """Search the position for ``seat`` (which must act now) and judge each of its legal commands."""
    commands = game.legal_commands(state, seat)
    if not commands:
        raise LookupError(f"seat {seat} has no legal command")
    search = _Search(game, seat, random.Random(seed), budget.max_nodes)
    time_is_up = budget.deadline()
    spent = budget.meter()
    halving = search.hints.finalists > 1 and len(commands) > 1
    iterations = 0
    while iterations < budget.iterations:
        search.iterate(state)
        iterations += 1
        if iterations % CHECK_CLOCK_EVERY == 0 and time_is_up():
            break
        if len(commands) == 1:
            break
        if halving and iterations % CHECK_CLOCK_EVERY == 0 and spent(iterations) >= HALVING_FROM:
            chosen, iterations = search.halve(state, spent, iterations, budget.iterations)
            return search.analysis(iterations, chosen)
    return search.analysis(iterations)


class SearchBot:
    """The search bot as a player: plays the command :func:`analyse` prefers (the most tried, or the one
    sequential halving left)."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self._random = random.Random(seed)
        self._budget = budget or Budget(iterations=1000)

    def choose(self, game: Game, state: Any, seat: Seat) -> Any:
        seed = self._random.getrandbits(64)
        return analyse(game, state, seat, seed, self._budget).best.command
