"""The bots and ``papyrus simulate`` for Sobek: every player count runs, and the greedy bot beats random."""

from __future__ import annotations

import json

import pytest

from domain.engine import RandomBot
from domain.games.sobek import GAME
from domain.games.sobek.bots import GreedyBot
from papyrus.cli import main
from papyrus.commands.simulate import play_game

GREEDY_GAMES = 24


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_plays_sobek_at_every_player_count(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "sobek", "--players", str(players), "--games", "3", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["errors"] == 0 and report["game"] == "sobek"
    assert len(report["mean_scores"]) == players and sum(report["winners_by_seat"]) == 3
    assert 2 <= report["rounds_per_game"] <= 3 and 0 <= report["early_ends"] <= 3
    assert report["powers"] and all(tally["played"] >= tally["wasted"] for tally in report["powers"].values())


def test_simulate_with_greedy_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "sobek", "--players", "3", "--games", "2", "--bot", "greedy"]) == 0
    assert "games per second" in capsys.readouterr().out


@pytest.mark.parametrize("players", [2, 4])
def test_one_greedy_bot_beats_random_bots_clearly(players: int) -> None:
    wins = greedy_points = random_points = 0
    for index in range(GREEDY_GAMES):
        seat = index % players
        bots = [GreedyBot(index) if s == seat else RandomBot(index * 10 + s) for s in range(players)]
        result, _ = play_game(GAME, players, f"greedy-{index}".encode(), bots)
        wins += result.ranking[0] == seat
        greedy_points += result.scores[seat]
        random_points += sum(result.scores) - result.scores[seat]
    assert wins >= min(0.75 * GREEDY_GAMES, 2 * GREEDY_GAMES / players), (
        f"greedy won {wins} of {GREEDY_GAMES}"
    )
    assert greedy_points / GREEDY_GAMES > 1.3 * random_points / (GREEDY_GAMES * (players - 1))


def test_the_service_seats_the_greedy_bot_and_unknown_bots_are_refused() -> None:
    assert isinstance(GAME.bot(3), GreedyBot)
    assert set(GAME.bot_kinds) == {"random", "greedy"}
    with pytest.raises(ValueError, match="unknown bot"):
        GAME.make_bot("clever", 1)
