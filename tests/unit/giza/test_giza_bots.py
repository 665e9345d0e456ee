"""The bots: `papyrus simulate` plays Giza at every player count with either bot; the greedy bot clearly beats
the random bot, and decides from what its seat may know only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from domain.engine import Game, start
from domain.games.giza import GAME, GizaOptions, copy_state
from domain.games.giza.bots import GreedyBot, _command
from papyrus.cli import main
from papyrus.commands.simulate import play_game


@pytest.mark.parametrize("players", range(2, 7))
def test_simulate_plays_giza_at_every_player_count(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "giza", "--players", str(players), "--games", "5", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["errors"] == 0 and report["games"] == 5
    assert len(report["mean_scores"]) == players and sum(report["winners_by_seat"]) == 5
    assert sum(report["end_reasons"].values()) == 5 and report["turns_per_game"] > 0


def test_simulate_plays_giza_with_the_greedy_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "giza", "--players", "3", "--games", "3", "--bot", "greedy"]) == 0
    assert "games per second" in capsys.readouterr().out


def test_an_unknown_bot_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        GAME.make_bot("clever", 1)
    assert isinstance(GAME.bot(3), GreedyBot) and GAME.bot_kinds == ("random", "greedy")


@pytest.mark.parametrize(("players", "games", "least_share"), [(2, 20, 0.8), (4, 40, 0.6)])
def test_the_greedy_bot_clearly_beats_random_bots(players: int, games: int, least_share: float) -> None:
    wins = 0
    for index in range(games):
        greedy = index % players
        bots = [
            GAME.make_bot("greedy" if seat == greedy else "random", index * 7 + seat)
            for seat in range(players)
        ]
        result, _ = play_game(GAME, players, f"duel:{players}:{index}".encode(), bots)
        wins += result.ranking[0] == greedy
    assert wins / games >= least_share, f"greedy won {wins} of {games} (a random seat wins 1 in {players})"


def test_the_greedy_bot_never_reads_other_hands_or_the_pool_order() -> None:
    state, _ = start(GAME, 4, GizaOptions(), b"greedy-knows")
    seat = state.turn
    choice = GreedyBot(5).choose(GAME, state, seat)
    shuffled = copy_state(state)
    others = [tile for other, hand in enumerate(shuffled.hands) if other != seat for tile in hand]
    mixed = list(reversed(shuffled.pool + others))
    for other in range(4):
        if other != seat:
            shuffled.hands[other], mixed = mixed[:4], mixed[4:]
    shuffled.pool = mixed
    assert GreedyBot(5).choose(GAME, shuffled, seat) == choice


class _LegalityCheck:
    """A random player that first checks the greedy bot's own list of commands against the rules' one."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.checked = 0

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        legal = game.legal_commands(state, seat)
        _values, moves = GreedyBot(0).values(state, seat)
        assert [_command(move) for move in moves] == legal
        self.checked += 1
        return legal[self._random.randrange(len(legal))]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_greedy_bot_weighs_exactly_the_legal_commands(players: int) -> None:
    bots = [_LegalityCheck(seat) for seat in range(players)]
    for index in range(3):
        play_game(GAME, players, f"legal:{players}:{index}".encode(), bots)
    assert sum(bot.checked for bot in bots) > 50


class _WeighingCheck:
    """A greedy player that checks the greedy bot's choice, and its random numbers after it, against the
    best of every command :meth:`GreedyBot.values` weighs with the same tie-breaking noise."""

    def __init__(self, seed: int) -> None:
        self.bot = GreedyBot(seed)
        self.noise = random.Random(seed)
        self.checked = 0

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        values, moves = self.bot.values(state, seat)
        keys = [value + self.noise.random() * 0.01 for value in values]
        expected = _command(moves[max(range(len(keys)), key=lambda index: (keys[index], -index))])
        choice = self.bot.choose(game, state, seat)
        assert choice == expected and self.bot._random.random() == self.noise.random()
        self.checked += 1
        return choice


@pytest.mark.parametrize("players", [2, 4])
def test_the_greedy_bot_weighs_discards_only_when_one_could_win_yet_chooses_as_weighing_all(
    players: int,
) -> None:
    bots = [_WeighingCheck(seat) for seat in range(players)]
    for index in range(4):
        play_game(GAME, players, f"weigh:{players}:{index}".encode(), bots)
    assert sum(bot.checked for bot in bots) > 100
