"""For every seat, no endpoint answers another seat's cards, the deck order, the seed or another token."""

from __future__ import annotations

import json
from typing import Any

from services import keys
from services.results import HistoryEvent
from tests.api.support import Harness, Table
from tests.support.conformance import objects


def everything_a_seat_can_read(api: Harness, table: Table, seat: int) -> list[Any]:
    """Every answer ``seat`` gets from every endpoint, its refusals included."""
    game = f"/api/games/{table.game_id}"
    mine = table.auth(seat)
    version = api.seat_view(table, seat)["version"]
    urls = [
        "/api/games",
        "/api/openapi.json",
        game,
        f"{game}/view",
        f"{game}/history",
        f"{game}/seats/{seat}/view",
        f"{game}/seats/{seat}/legal-commands",
        f"{game}/seats/{seat}/history",
        f"{game}/commands/probe-{seat}",
        f"{game}/chat",
        f"{game}/chat/mutes",
        "/api/archive",
        "/api/ratings/toy",
        *[f"{game}/seats/{seat}/view?at={at}" for at in range(1, version + 1)],
        *[f"{game}/view?at={at}" for at in range(1, version + 1)],
        *[
            f"{game}/seats/{other}/{what}"
            for other in range(3)
            if other != seat
            for what in ("view", "history")
        ],
        *[f"{game}/commands/probe-{other}" for other in range(3) if other != seat],
    ]
    said = api.client.post(f"{game}/chat", json={"text": f"seat {seat} says hello"}, headers=mine)
    answers = [said.json, *(api.client.get(url, headers=mine).json for url in urls)]
    for card in range(1, 20):  # try to play every card: the refusals must not say who holds what
        refused = api.submit(table, seat, {"type": "toy.play_card", "card": card}, f"guess-{seat}-{card}")
        answers.append(refused.json)
    return answers


def dealt(api: Harness, table: Table, seat: int) -> set[int]:
    """The cards dealt to ``seat``, from the service itself (not through the API)."""
    history = api.service.history(table.game_id, seat)
    deals = [
        entry.data for entry in history if isinstance(entry, HistoryEvent) and entry.type == "toy.cards_dealt"
    ]
    return {card for deal in deals if deal["seat"] == seat for card in deal["cards"]}


def leaks(answers: list[Any], seat: int, dealt_to_me: set[int]) -> list[str]:
    found = []
    for node in objects(answers):
        data: dict[str, Any] = node["data"] if isinstance(node.get("data"), dict) else {}
        kind = node.get("type")
        if kind == "toy.cards_dealt" and data.get("seat") != seat and data.get("cards"):
            found.append(f"another seat's deal: {node}")
        if kind == "toy.card_played" and data.get("seat") != seat and data.get("card") is not None:
            found.append(f"another seat's face-down card: {node}")
        if kind == "toy.deck_shuffled" and data.get("order"):
            found.append(f"the deck order: {node}")
        if isinstance(node.get("hand"), list) and not set(node["hand"]) <= dealt_to_me:
            found.append(f"a hand that is not mine: {node}")
    return found


def test_no_seat_reads_another_seats_secrets(api: Harness) -> None:
    table = api.new_game(seats=3, hand=4)
    for seat in (0, 1):  # two cards lie face down; seat 2 is still to play
        card = api.seat_view(table, seat)["view"]["legal"][0]
        assert api.submit(table, seat, card, f"probe-{seat}").status_code == 200
    api.settle(table.game_id)
    seed = api.store.get(keys.seed(table.game_id))
    assert isinstance(seed, bytes)
    for seat in range(3):
        answers = everything_a_seat_can_read(api, table, seat)
        assert leaks(answers, seat, dealt(api, table, seat)) == []
        text = json.dumps(answers)
        assert seed.hex() not in text
        for other in range(3):
            if other != seat:
                assert table.tokens[other] not in text


def test_the_leak_detector_sees_a_leak(api: Harness) -> None:
    table = api.new_game(seats=2)
    seat_one = api.client.get(f"/api/games/{table.game_id}/seats/1/history", headers=table.auth(1)).json
    assert leaks([seat_one], 0, dealt(api, table, 0)) != []
    assert leaks([api.seat_view(table, 1)], 0, dealt(api, table, 0)) != []
