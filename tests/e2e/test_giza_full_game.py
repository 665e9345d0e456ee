"""Four HTTP bots play a whole game of Giza against real Redis and real worker processes: the final scores
equal those of the exported seed and moves run straight through the domain, the export verifies, and no bot
read a tile of another hand or of the pool while the game ran."""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgspec
import pytest
import requests

from domain.engine import apply_command, start
from domain.registry import get_game
from services.audit.verify import verify_export
from tests.api.replay import parse_export
from tests.e2e.bot_client import HttpBot
from tests.e2e.conftest import Deployment
from tests.e2e.test_full_game import SEATS, open_table

PLAY_SECONDS = 120
GAME = "giza"


def hidden_to_the_end(lines: list[dict[str, Any]]) -> list[set[str]]:
    """Per seat, the tiles it never saw before the end: the pool left at the end and the other hands then."""
    game = get_game(GAME)
    header = lines[0]
    options = msgspec.convert(header["options"], game.Options)
    state, _ = start(game, header["seats"], options, bytes.fromhex(header["seed"]))
    accepted = [
        line for line in lines if line["kind"] == "command" and line["outcome"]["status"] == "accepted"
    ]
    for line in sorted(accepted, key=lambda line: line["outcome"]["first_seq"]):
        state, _ = apply_command(game, state, line["seat"], msgspec.convert(line["command"], game.Command))
    pool = set(state.pool)
    return [
        pool | {tile for other, hand in enumerate(state.hands) if other != seat for tile in hand}
        for seat in range(SEATS)
    ]


@pytest.mark.integration
def test_four_http_bots_finish_a_giza_game_that_verifies(deployment: Deployment) -> None:
    game_id, tokens = open_table(deployment.base_url, GAME)
    bots = [HttpBot(deployment.base_url, game_id, seat, tokens[seat], seed=seat) for seat in range(SEATS)]
    deadline = time.monotonic() + PLAY_SECONDS
    with ThreadPoolExecutor(SEATS) as pool:
        finals = list(pool.map(lambda bot: bot.play(deadline), bots))
    result = finals[0]["result"]
    assert result is not None and all(final["result"] == result for final in finals)
    exported = requests.get(f"{deployment.base_url}/api/games/{game_id}/export", timeout=30)
    assert exported.status_code == 200
    verdict = verify_export(exported.text.splitlines())
    assert verdict.ok, verdict.summary()
    assert verdict.result is not None
    assert msgspec.to_builtins(verdict.result) == result
    hidden = hidden_to_the_end(parse_export(exported.text))
    assert all(hidden), "nothing stayed hidden, so this check could not fail"
    for bot in bots:
        before_the_end = json.dumps([answer for answer in bot.answers if not _is_over(answer)])
        found = {
            t
            for t in hidden[bot.seat]
            if re.search(rf"(?<![\w+.-]){re.escape(t)}(?![\w+.-])", before_the_end)
        }
        assert not found, f"seat {bot.seat} read tiles it never saw at the table: {sorted(found)}"


def _is_over(answer: Any) -> bool:
    return isinstance(answer, dict) and answer.get("status") == "over"
