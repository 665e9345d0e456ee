"""``papyrus simulate``: play bot games through the domain only and report speed and outcomes."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from domain.bots import make_bot
from domain.engine import Game, apply_command, start
from domain.registry import games, get_game
from domain.search import Budget

HELP = "Play bot games in-process (no Redis) and report games/s, events per game, scores and wins by bot."
PROGRESS_FROM = 50  # show a progress bar (stderr) from this many games on
WILSON_Z = 1.96  # the normal quantile of a 95 % interval
DEFAULT_ITERATIONS = 1000  # the search bot's samples per move when no budget is given


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", required=True, choices=sorted(games()), help="which hosted game to simulate"
    )
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--games", type=int, default=100, help="number of games")
    parser.add_argument("--seed", type=int, default=0, help="base seed; game i uses seed '<seed>:<i>'")
    parser.add_argument("--bot", default=None, help="one bot for every seat: random, greedy or search")
    parser.add_argument(
        "--bots",
        default=None,
        help="bots by seat, comma-separated (search,greedy); the last fills the other seats, and the seats "
        "rotate between games",
    )
    parser.add_argument(
        "--think-ms", type=int, default=None, help="the search bot's CPU time per move (its thread's)"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="the search bot's samples per move (repeatable runs)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def play_game(
    game: Game,
    players: int,
    seed: bytes,
    bots: list[Any],
    on_events: Callable[[list[Any]], None] | None = None,
) -> tuple[Any, int]:
    """One complete game; returns its result and its event count (``on_events`` sees every event)."""
    state, events = start(game, players, game.Options(), seed)
    count = len(events)
    if on_events:
        on_events(events)
    while (result := game.result(state)) is None:
        acting = game.to_act(state)
        if not acting:
            raise RuntimeError("nobody is to act but the game is not over")
        seat = min(acting)
        state, new_events = apply_command(game, state, seat, bots[seat].choose(game, state, seat))
        count += len(new_events)
        if on_events:
            on_events(new_events)
    return result, count


@dataclass(frozen=True, kw_only=True)
class Plan:
    """What to simulate: ``lineup`` names the bot of each seat in the first game (the seats rotate by one
    each game), ``budget`` bounds the search bot."""

    game: str
    players: int
    games: int
    seed: int = 0
    lineup: tuple[str, ...] = ("random",)
    budget: Budget | None = None


def lineup_of(kinds: str, players: int) -> tuple[str, ...]:
    """The bot of each seat from a comma-separated list, its last name filling the seats it leaves."""
    names = [name.strip() for name in kinds.split(",") if name.strip()]
    if not names or len(names) > players:
        raise ValueError(f"bots: name 1 to {players} bots, comma-separated")
    return (*names, *[names[-1]] * (players - len(names)))


def wilson(wins: int, games: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default): sound for small counts and rates near 0
    or 1, where the normal approximation is not."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - spread), 4), round(min(1.0, centre + spread), 4))


def simulate(plan: Plan, progress: bool = False) -> dict[str, Any]:
    game = get_game(plan.game)
    players = plan.players
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"players: {plan.game} needs {game.min_players}-{game.max_players} players")
    lineup = plan.lineup if len(plan.lineup) == players else lineup_of(",".join(plan.lineup), players)
    for kind in set(lineup):
        make_bot(game, kind, 0, plan.budget)  # an unknown bot name is refused before any game starts
    tally = game.simulation_stats()
    totals = [0] * players
    wins = [0] * players
    kinds = sorted(set(lineup))
    kind_wins = dict.fromkeys(kinds, 0)
    kind_scores: dict[str, list[int]] = {kind: [] for kind in kinds}
    errors: list[str] = []
    events = 0
    finished = 0
    began = time.perf_counter()
    for index in tqdm(range(plan.games), disable=not progress, file=sys.stderr, unit="game"):
        seated = [lineup[(seat - index) % players] for seat in range(players)]
        bots = [
            make_bot(game, kind, plan.seed * 1000 + index * 10 + seat, plan.budget)
            for seat, kind in enumerate(seated)
        ]
        try:
            result, count = play_game(
                game, players, f"{plan.seed}:{index}".encode(), bots, tally.add if tally else None
            )
        except Exception as error:  # a simulation reports games that raised instead of stopping
            errors.append(f"game {index}: {type(error).__name__}: {error}")
            continue
        finished += 1
        events += count
        wins[result.ranking[0]] += 1
        for kind in {seated[seat] for seat, place in enumerate(result.places) if place == 1}:
            kind_wins[kind] += 1
        for seat_index, score in enumerate(result.scores):
            totals[seat_index] += score
            kind_scores[seated[seat_index]].append(score)
    elapsed = time.perf_counter() - began
    return {
        "game": plan.game,
        "players": players,
        "bot": lineup[0] if len(kinds) == 1 else ",".join(lineup),
        "bots": list(lineup),
        "seed": plan.seed,
        "games": plan.games,
        "think_ms": plan.budget.think_ms if plan.budget else None,
        "iterations": plan.budget.iterations if plan.budget and plan.budget.think_ms is None else None,
        "errors": len(errors),
        "error_messages": errors[:10],
        "seconds": round(elapsed, 3),
        "games_per_second": round(plan.games / elapsed, 2) if elapsed else 0.0,
        "events_per_game": round(events / finished, 1) if finished else 0.0,
        "mean_scores": [round(total / finished, 2) if finished else 0.0 for total in totals],
        "winners_by_seat": wins,
        "wins": kind_wins,
        "win_rate": {kind: round(kind_wins[kind] / finished, 4) if finished else 0.0 for kind in kinds},
        "win_rate_ci95": {kind: list(wilson(kind_wins[kind], finished)) for kind in kinds},
        "mean_scores_by_kind": {
            kind: round(sum(scores) / len(scores), 2) if scores else 0.0
            for kind, scores in kind_scores.items()
        },
        **(tally.summary() if tally else {}),
    }


def budget_of(think_ms: int | None, iterations: int | None) -> Budget:
    """The search bot's budget from the command line: a time per move, or a number of samples (repeatable:
    a time depends on the machine), or both; 1,000 samples when neither is given. The time is this
    thinking thread's CPU time, so a busy shared machine measures what one free core would."""
    if think_ms is None:
        return Budget(iterations=iterations or DEFAULT_ITERATIONS)
    return Budget(think_ms=think_ms, clock=time.thread_time, iterations=iterations or Budget().iterations)


def _print_table(report: dict[str, Any]) -> None:
    print(f"{report['games']} {report['game']} games, {report['players']} players, {report['bot']} bots")
    for kind, count in report["wins"].items():
        low, high = report["win_rate_ci95"][kind]
        mean = report["mean_scores_by_kind"][kind]
        print(f"  {kind:<8}  wins {count:>4}  95 % CI {low:.2f}-{high:.2f}  mean score {mean}")
    print(f"  errors            {report['errors']}")
    for message in report["error_messages"]:
        print(f"    {message}")
    print(f"  games per second  {report['games_per_second']}")
    print(f"  events per game   {report['events_per_game']}")
    print("  seat  mean score  wins")
    for seat, (mean, wins) in enumerate(zip(report["mean_scores"], report["winners_by_seat"], strict=True)):
        print(f"  {seat:>4}  {mean:>10}  {wins:>4}")


def run(args: argparse.Namespace) -> int:
    try:
        plan = Plan(
            game=args.game,
            players=args.players,
            games=args.games,
            seed=args.seed,
            lineup=lineup_of(args.bots or args.bot or "random", args.players),
            budget=budget_of(args.think_ms, args.iterations),
        )
        report = simulate(plan, progress=not args.json and args.games >= PROGRESS_FROM)
    except (ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        _print_table(report)
    return 1 if report["errors"] else 0
