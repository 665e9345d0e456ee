"""``papyrus api`` with real processes, a seat's WebSocket through Granian's RSGI: refused without a seat
(the API's reason, in a frame, then closed), then two seats play over their sockets: each move
answered with the mover's view, the other seat's view pushed, a malformed frame answered and the socket
kept."""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.e2e.conftest import REDIS_TEST_URL
from tests.e2e.test_live_notices import _redis_or_skip, new_game
from tests.e2e.test_observed_deployment import (
    call,
    delete_what_the_run_made,
    free_port,
    rq_keys,
    spawn,
    stop,
    wait_http,
)

FRAME_SECONDS = 15.0


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store = _redis_or_skip()
    prefix = queue = f"papyrus-sockets-{uuid.uuid4().hex[:8]}"
    env = {"REDIS_URL": REDIS_TEST_URL, "PAPYRUS_QUEUE": queue, "PAPYRUS_KEY_PREFIX": prefix}
    logs, rq_before, port = tmp_path_factory.mktemp("sockets-logs"), rq_keys(store), free_port()
    command = [sys.executable, "-m", "papyrus", "api", "--workers", "1", "--threads", "4"]
    command += ["--port", str(port)]
    processes = [
        spawn(command, env, logs / "api.log"),
        spawn([sys.executable, "-m", "papyrus", "worker"], env, logs / "worker.log"),
    ]
    try:
        wait_http(f"http://127.0.0.1:{port}/api/health", processes[0], logs / "api.log")
        yield f"127.0.0.1:{port}"
    finally:
        stop(processes)
        delete_what_the_run_made(store, prefix, queue, rq_before)
        store.close()


async def frame(socket: ClientConnection, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (others skipped)."""
    async with asyncio.timeout(FRAME_SECONDS):
        while True:
            got = json.loads(await socket.recv())
            if got["type"] == kind:
                return got


def test_a_socket_without_a_seat_is_refused_with_the_apis_reason(api: str) -> None:
    game_id, _ = new_game(f"http://{api}")

    async def scenario() -> dict[str, Any]:
        headers = {"Accept-Language": "de"}
        async with connect(f"ws://{api}/api/games/{game_id}/socket", additional_headers=headers) as socket:
            refused = json.loads(await socket.recv())
            with pytest.raises(ConnectionClosed):
                await socket.recv()  # closed by the server
        return refused

    refused = asyncio.run(scenario())
    assert (refused["type"], refused["status"]) == ("refused", 401)
    assert refused["error"]["code"] == "unauthenticated"
    assert refused["error"]["message"] == "Melde dich zuerst an oder tritt dieser Partie bei."


def test_two_seats_play_over_their_sockets(api: str) -> None:
    game_id, tokens = new_game(f"http://{api}")
    url = f"ws://{api}/api/games/{game_id}/socket"

    async def scenario() -> list[tuple[dict[str, Any], dict[str, Any]]]:
        sockets = [
            await connect(url, additional_headers={"Authorization": f"Bearer {token}"}) for token in tokens
        ]
        seen = [(await frame(socket, "view"))["view"] for socket in sockets]
        assert [view["seat"] for view in seen] == [0, 1]
        played = []
        for number in range(4):
            version = max(view["version"] for view in seen)
            seat = await _to_act(api, game_id, version)
            legal = call("GET", f"http://{api}/api/games/{game_id}/seats/{seat}/legal-commands", tokens[seat])
            mover, other = sockets[seat], sockets[1 - seat]
            await mover.send("{not json")
            malformed = await frame(mover, "answer")
            assert (malformed["status"], malformed["error"]["code"]) == (400, "malformed_json")
            await mover.send(json.dumps({"command_id": f"m{number}", "command": legal.json()[0]}))
            answer = await frame(mover, "answer")
            assert answer["ok"], answer
            pushed = (await frame(other, "view"))["view"]
            while pushed["version"] < answer["result"]["version"]:
                pushed = (await frame(other, "view"))["view"]
            seen = [answer["result"]["view"], pushed] if seat == 0 else [pushed, answer["result"]["view"]]
            played.append((answer, pushed))
        for socket in sockets:
            await socket.close()
        return played

    for answer, pushed in asyncio.run(scenario()):
        result = answer["result"]
        assert result["status"] == "accepted" and result["view"]["version"] == result["version"]
        assert pushed["version"] >= result["version"] and pushed["seat"] != result["view"]["seat"]


async def _to_act(api: str, game_id: str, version: int) -> int:
    """The seat to act once the game reached ``version`` (the workers may take automatic steps first)."""
    async with asyncio.timeout(FRAME_SECONDS):
        while True:
            view = call("GET", f"http://{api}/api/games/{game_id}/view").json()
            if view["version"] >= version and view["to_act"]:
                return int(view["to_act"][0])
            await asyncio.sleep(0.05)
