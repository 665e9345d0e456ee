"""Four HTTP bots play a whole game of Egizia against real Redis and real worker processes; the final scores
equal those of the same seed and moves run straight through the domain, and no bot saw another seat's
secrets while the game ran."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgspec
import pytest
import requests

from domain.registry import games
from tests.api.replay import parse_export, replay_export
from tests.e2e.bot_client import HttpBot
from tests.e2e.conftest import Deployment
from tests.e2e.egizia_secrets import leaks

SEATS = 4
PLAY_SECONDS = 120


GAME = "egizia"


def open_table(base_url: str, game: str) -> tuple[str, list[str]]:
    created = requests.post(f"{base_url}/api/games", json={"game": game, "seats": SEATS}, timeout=10)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    tokens = []
    for seat in range(SEATS):
        joined = requests.post(
            f"{base_url}/api/games/{game_id}/seats", json={"name": f"bot {seat}"}, timeout=10
        )
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    started = requests.post(
        f"{base_url}/api/games/{game_id}/start", headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=10
    )
    assert started.status_code == 200, started.text
    return game_id, tokens


@pytest.mark.integration
def test_four_http_bots_finish_a_game_scored_as_the_domain_scores_it(deployment: Deployment) -> None:
    game_id, tokens = open_table(deployment.base_url, GAME)
    bots = [HttpBot(deployment.base_url, game_id, seat, tokens[seat], seed=seat) for seat in range(SEATS)]
    deadline = time.monotonic() + PLAY_SECONDS
    with ThreadPoolExecutor(SEATS) as pool:
        finals = list(pool.map(lambda bot: bot.play(deadline), bots))

    result = finals[0]["result"]
    assert result is not None
    assert all(final["result"] == result for final in finals)
    exported = requests.get(f"{deployment.base_url}/api/games/{game_id}/export", timeout=30)
    assert exported.status_code == 200
    lines = parse_export(exported.text)
    replayed = replay_export(games()[GAME], lines)
    assert replayed is not None
    assert result == msgspec.to_builtins(replayed)
    accepted = [
        line for line in lines if line["kind"] == "command" and line["outcome"]["status"] == "accepted"
    ]
    sent = {f"{bot.seat}.{command_id}" for bot in bots for command_id in bot.accepted}
    assert {line["command_id"] for line in accepted} == sent
    assert_no_bot_saw_another_seats_token_or_the_seed(bots, tokens, lines[0]["seed"])


def assert_no_bot_saw_another_seats_token_or_the_seed(
    bots: list[HttpBot], tokens: list[str], seed: str
) -> None:
    for bot in bots:
        before_the_end = [answer for answer in bot.answers if not _is_over(answer)]
        text = json.dumps(before_the_end)
        assert seed not in text
        assert all(token not in text for seat, token in enumerate(tokens) if seat != bot.seat)
        assert leaks(before_the_end, bot.seat) == []


def _is_over(answer: Any) -> bool:
    return isinstance(answer, dict) and answer.get("status") == "over"
