"""A seat's WebSocket (api/front/sockets.py): authenticated at its opening as every request is, each command
frame answered as the submit route answers it (the seat's view after it), the game's changes pushed as the
seat may see them, and a bad frame answered with the API's own error while the socket stays open."""

from __future__ import annotations

import asyncio
from typing import Any

from api.account_auth import SESSION_COOKIE
from api.front.sockets import REFUSED_CLOSE
from tests.api.socket_client import SocketClient
from tests.api.support import Harness, Table
from tests.api.test_waiting_submits import Front, first_legal
from tests.support.notices import SilentNotices
from tests.support.toygame import GAME as TOY


def socket(front: Front, table: Table, seat: int | None, **headers: str) -> SocketClient:
    if seat is not None:
        headers["Authorization"] = f"Bearer {table.tokens[seat]}"
    return SocketClient(front.asgi, f"/api/games/{table.game_id}/socket", headers)


async def opened(client: SocketClient) -> dict[str, Any]:
    """Open ``client``; its first view frame (after the welcome and the chat)."""
    await client.open()
    welcome = await client.next()
    assert welcome["type"] == "welcome", welcome
    assert (await client.next())["type"] == "chat"
    view = await client.next()
    assert view["type"] == "view", view
    return view["view"]


def one_answer(front: Front, table: Table, seat: int, frame: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``frame`` sent on a socket of ``seat``, opened for it and closed after."""

    async def scenario() -> dict[str, Any]:
        client = socket(front, table, seat)
        await opened(client)
        answer = await client.answer(frame)
        await client.close()
        return answer

    return front.run(scenario())


def test_a_socket_without_a_seat_is_refused_with_the_apis_reason_in_its_language(deciding: Harness) -> None:
    table = deciding.new_game()
    front = Front(deciding)

    async def scenario() -> list[dict[str, Any]]:
        frames = []
        for client in (
            socket(front, table, None, **{"Accept-Language": "de"}),
            socket(front, table, None, Authorization="Bearer not-a-token"),
        ):
            await client.open()
            frames += [await client.next(), await client.next()]
        return frames

    refused, closed, bad_token, _ = front.run(scenario())
    assert refused["type"] == "refused" and refused["status"] == 401 and not refused["ok"]
    assert refused["error"]["code"] == "unauthenticated"
    assert refused["error"]["message"] == "Melde dich zuerst an oder tritt dieser Partie bei."
    assert refused["error"]["field"] == "Authorization"
    assert closed == {"type": "closed", "code": REFUSED_CLOSE + 401, "reason": "refused"}
    assert (bad_token["status"], bad_token["error"]["code"]) == (401, "bad_credentials")


def test_a_command_frame_is_answered_with_the_submits_answer_and_the_seats_view(deciding: Harness) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)
    front = Front(deciding)

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        client = socket(front, table, seat)
        view = await opened(client)
        answer = await client.answer({"command_id": "c1", "command": command})
        again = await client.answer({"command_id": "c1", "command": command})
        await client.close()
        return view, answer, again

    view, answer, again = front.run(scenario())
    assert view["seat"] == seat and command in view["view"]["legal"]
    assert (answer["id"], answer["status"], answer["ok"]) == ("c1", 200, True), answer
    result = answer["result"]
    assert result["status"] == "accepted" and result["command_id"] == "c1"
    assert [event["type"] for event in result["events"]] == ["toy.card_played"]
    assert result["view"]["seat"] == seat and result["view"]["version"] == result["version"]
    assert command not in result["view"]["view"]["legal"]
    assert again["ok"] and again["result"]["version"] == result["version"]  # resubmitted: the same outcome


def test_a_command_a_worker_decides_is_answered_once_decided(waiting: Harness) -> None:
    table = waiting.new_game()
    seat, command = first_legal(waiting, table)
    front = Front(waiting)
    answer = one_answer(front, table, seat, {"command_id": "w1", "command": command})
    assert answer["ok"] and answer["result"]["status"] == "accepted", answer
    assert answer["result"]["view"]["version"] == answer["result"]["version"]


def test_an_answer_whose_push_never_comes_reads_the_seats_view_itself(deciding: Harness) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)
    front = Front(deciding, source=SilentNotices())
    answer = one_answer(front, table, seat, {"command_id": "n1", "command": command})
    assert answer["ok"] and answer["result"]["status"] == "accepted", answer
    assert answer["result"]["view"]["seat"] == seat
    assert answer["result"]["view"]["version"] == answer["result"]["version"]
    assert command not in answer["result"]["view"]["view"]["legal"]


def test_bad_frames_are_answered_with_the_apis_errors_and_the_socket_stays_open(deciding: Harness) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)
    other = 1 - seat
    front = Front(deciding)

    async def scenario() -> list[dict[str, Any]]:
        client = socket(front, table, seat)
        await opened(client)
        answers = [
            await client.answer("{not json"),
            await client.answer(
                {"command_id": "big", "command": {"type": "toy.play_card", "pad": "x" * 70_000}}
            ),
            await client.answer({"command_id": "typo", "comand": command}),
            await client.answer({"command_id": "theirs", "command": command, "seat": other}),
            await client.answer({"command_id": "ok", "command": command}),
        ]
        await client.close()
        return answers

    malformed, oversized, unknown_field, not_mine, fine = front.run(scenario())
    assert (malformed["id"], malformed["status"], malformed["error"]["code"]) == (None, 400, "malformed_json")
    assert malformed["error"]["field"] == "body"
    assert (oversized["id"], oversized["status"]) == ("big", 400)
    assert oversized["error"]["code"] == "body_too_large"
    assert (unknown_field["status"], unknown_field["ok"]) == (400, False)
    assert unknown_field["error"]["field"] is not None
    assert (not_mine["status"], not_mine["error"]["code"]) == (403, "not_your_seat")
    assert fine["ok"] and fine["result"]["status"] == "accepted"


def test_another_seats_move_is_pushed_to_each_seat_with_its_own_view(deciding: Harness) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)
    front = Front(deciding)

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        clients = [socket(front, table, s) for s in (0, 1)]
        first = [await opened(client) for client in clients]
        status, answer = await front.call(
            "POST",
            f"/api/games/{table.game_id}/commands",
            table.tokens[seat],
            {"command_id": "h", "command": command},
        )
        assert status == 200, answer
        pushed = [(await client.next("view"))["view"] for client in clients]
        for client in clients:
            await client.close()
        return first, pushed, answer

    first, pushed, answer = front.run(scenario())
    for s in (0, 1):
        assert pushed[s]["seat"] == s and pushed[s]["version"] == answer["version"] > first[s]["version"]
        assert pushed[s]["view"]["hand"] == sorted(deciding.service.view(table.game_id, s).view["hand"])
    assert set(pushed[0]["view"]["hand"]).isdisjoint(pushed[1]["view"]["hand"])
    assert pushed[seat]["view"]["my_card"] == command["card"]
    assert pushed[1 - seat]["view"]["my_card"] is None


def test_the_movers_own_push_is_left_out_its_answer_carried_the_view(deciding: Harness) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)
    front = Front(deciding)

    async def scenario() -> list[dict[str, Any]]:
        client = socket(front, table, seat)
        await opened(client)
        await client.answer({"command_id": "c", "command": command})
        await asyncio.sleep(0.3)
        left: list[dict[str, Any]] = []
        while not client.frames.empty():
            left.append(client.frames.get_nowait())
        await client.close()
        return left

    assert [frame["type"] for frame in front.run(scenario())] == []


def test_the_socket_address_over_plain_http_says_to_open_a_websocket(deciding: Harness) -> None:
    table = deciding.new_game()
    front = Front(deciding)
    status, answer = front.run(front.call("GET", f"/api/games/{table.game_id}/socket", table.tokens[0]))
    assert (status, answer["error"]["code"]) == (426, "socket.upgrade_required")
    plain = deciding.client.get(f"/api/games/{table.game_id}/socket", headers=table.auth(0))
    assert plain.status_code == 426


def test_a_session_cookie_opens_a_socket_only_from_this_site(deciding: Harness) -> None:
    client = deciding.client
    client.post("/api/accounts", json={"name": "imhotep", "password": "a long password"})
    login = client.post("/api/sessions", json={"name": "imhotep", "password": "a long password"}).json[
        "token"
    ]
    game_id = client.post("/api/games", json={"game": TOY.name, "seats": 2}).json["id"]
    joined = client.post(
        f"/api/games/{game_id}/seats", json={"name": "imhotep"}, headers={"Authorization": f"Bearer {login}"}
    )
    assert joined.status_code == 201, joined.json
    front = Front(deciding)
    path = f"/api/games/{game_id}/socket"
    cookie = f"{SESSION_COOKIE}={login}"

    async def scenario() -> list[dict[str, Any]]:
        foreign = SocketClient(front.asgi, path, {"Cookie": cookie, "Origin": "https://elsewhere.example"})
        own = SocketClient(front.asgi, path, {"Cookie": cookie, "Origin": "http://localhost"})
        frames = [await (await foreign.open()).next(), await (await own.open()).next()]
        await own.close()
        return frames

    refused, welcome = front.run(scenario())
    assert (refused["type"], refused["status"], refused["error"]["code"]) == (
        "refused",
        403,
        "origin.forbidden",
    )
    assert (welcome["type"], welcome["seat"]) == ("welcome", joined.json["seat"])
