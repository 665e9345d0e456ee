"""``papyrus simulate``: bot games from the command line, as JSON or a table."""

from __future__ import annotations

import json

import pytest

from papyrus.cli import main


def test_simulate_json_reports_games_speed_scores_and_winners(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "egizia", "--players", "3", "--games", "4", "--seed", "5", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["games"] == 4 and report["errors"] == 0
    assert report["games_per_second"] > 0 and report["events_per_game"] > 100
    assert len(report["mean_scores"]) == 3
    assert sum(report["winners_by_seat"]) == 4


def test_simulate_greedy_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "egizia", "--players", "2", "--games", "2", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "games per second" in out and "mean score" in out


def test_simulate_refuses_a_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "egizia", "--players", "6", "--games", "1"]) == 2
    assert "players" in capsys.readouterr().err


def test_simulate_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "egizia", "--games", "1", "--bot", "clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err
