"""``papyrus simulate --bots``: bots of different kinds at one table, the seats rotating between games, wins
and mean scores by kind with a 95 % interval of each kind's win rate."""

from __future__ import annotations

import json

import pytest

from papyrus.cli import main
from papyrus.commands.simulate import lineup_of, wilson


def test_simulate_pits_bots_against_each_other_by_kind_rotating_the_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--game", "giza", "--players", "2", "--bots", "search,greedy", "--games", "2"]
    assert main([*args, "--iterations", "5", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["search", "greedy"] and report["errors"] == 0
    assert set(report["wins"]) == {"search", "greedy"} and sum(report["wins"].values()) >= 2
    assert set(report["mean_scores_by_kind"]) == {"search", "greedy"}
    for kind, (low, high) in report["win_rate_ci95"].items():
        assert 0.0 <= low <= report["win_rate"][kind] <= high <= 1.0


def test_the_last_bot_named_fills_the_other_seats() -> None:
    assert lineup_of("search,greedy", 4) == ("search", "greedy", "greedy", "greedy")
    assert lineup_of("random", 3) == ("random", "random", "random")


def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_games() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(7, 10)
    assert low < 0.7 < high and (round(low, 2), round(high, 2)) == (0.40, 0.89)
    wide, narrow = wilson(35, 50), wilson(350, 500)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]


def test_simulate_refuses_more_bots_than_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "giza", "--players", "2", "--bots", "search,greedy,random"]) == 2
    assert "bots" in capsys.readouterr().err
