"""``papyrus simulate``: play bot games through the domain only and report speed and outcomes."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from domain.engine import Game, apply_command, start
from domain.registry import games, get_game

HELP = "Play bot games in-process (no Redis) and report games/s, events per game, scores and winners."
PROGRESS_FROM = 50  # show a progress bar (stderr) from this many games on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", required=True, choices=sorted(games()), help="which hosted game to simulate"
    )
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--games", type=int, default=100, help="number of games")
    parser.add_argument("--seed", type=int, default=0, help="base seed; game i uses seed '<seed>:<i>'")
    parser.add_argument("--bot", default="random", help="random or greedy (default: random)")
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


def simulate(game_name: str, players: int, games: int, seed: int, bot: str, progress: bool) -> dict[str, Any]:
    game = get_game(game_name)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"players: {game_name} needs {game.min_players}-{game.max_players} players")
    make_bot = game.make_bot
    make_bot(bot, 0)  # an unknown bot name is refused before any game starts
    tally = game.simulation_stats()
    totals = [0] * players
    wins = [0] * players
    errors: list[str] = []
    events = 0
    finished = 0
    began = time.perf_counter()
    for index in tqdm(range(games), disable=not progress, file=sys.stderr, unit="game"):
        bots = [make_bot(bot, seed * 1000 + index * 10 + seat) for seat in range(players)]
        try:
            result, count = play_game(
                game, players, f"{seed}:{index}".encode(), bots, tally.add if tally else None
            )
        except Exception as error:  # a simulation reports games that raised instead of stopping
            errors.append(f"game {index}: {type(error).__name__}: {error}")
            continue
        finished += 1
        events += count
        wins[result.ranking[0]] += 1
        for seat_index, score in enumerate(result.scores):
            totals[seat_index] += score
    elapsed = time.perf_counter() - began
    return {
        "game": game_name,
        "players": players,
        "bot": bot,
        "seed": seed,
        "games": games,
        "errors": len(errors),
        "error_messages": errors[:10],
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed else 0.0,
        "events_per_game": round(events / finished, 1) if finished else 0.0,
        "mean_scores": [round(total / finished, 2) if finished else 0.0 for total in totals],
        "winners_by_seat": wins,
        **(tally.summary() if tally else {}),
    }


def _print_table(report: dict[str, Any]) -> None:
    print(f"{report['games']} {report['game']} games, {report['players']} players, {report['bot']} bots")
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
        report = simulate(
            args.game,
            args.players,
            args.games,
            args.seed,
            args.bot,
            progress=not args.json and args.games >= PROGRESS_FROM,
        )
    except (ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        _print_table(report)
    return 1 if report["errors"] else 0
