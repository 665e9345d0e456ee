"""An undo never takes back what showed a seat something, on fakeredis with the real processing: in Sobek, a
face-down character taken from the Nile (its taker now knows it) and a set played (its player now saw every
face-down event token) cannot be taken back; a move that showed nobody anything still can."""

from __future__ import annotations

import random
from typing import Any

from domain.engine import start
from domain.games.sobek import GAME as SOBEK
from domain.games.sobek.data import CARDS, ORANGE
from domain.games.sobek.rules.take import reach
from services import keys
from services.game_service import GameService
from tests.support.harness import drain

UNDO = {"type": "papyrus.undo"}


def submit(service: GameService, game_id: str, seat: int, command: dict[str, Any], command_id: str) -> str:
    service.submit(game_id, seat, command, command_id, None)
    drain(service)
    outcome = service.outcome(game_id, command_id)
    assert outcome is not None
    return outcome.status if outcome.violation is None else f"{outcome.status}:{outcome.violation['code']}"


def sobek_game(service: GameService, seed: bytes) -> str:
    """A started two-player Sobek game dealt from ``seed``."""
    meta = service.create_game("sobek", 2, {})
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.components.redis.set(keys.seed(meta.id), seed)
    service.start(meta.id)
    drain(service)
    return meta.id


def seed_with_a_character_in_reach() -> tuple[bytes, int]:
    """A seed whose first Nile holds a face-down character within a take's reach, and its position."""
    for index in range(100):
        seed = index.to_bytes(32, "big")
        state, _ = start(SOBEK, 2, SOBEK.Options(), seed)
        for position, card in enumerate(state.nile[: reach(state)], start=1):
            if CARDS[card].back == ORANGE:
                return seed, position
    raise AssertionError("no seed deals a character within reach")


def test_a_face_down_nile_card_taken_cannot_be_taken_back(service: GameService) -> None:
    seed, position = seed_with_a_character_in_reach()
    game_id = sobek_game(service, seed)
    seat = service.view(game_id, None).to_act[0]
    assert submit(service, game_id, seat, {"type": "sobek.take", "position": position}, "take") == "accepted"
    assert submit(service, game_id, seat, UNDO, "undo") == "rejected:undo.revealed"


def test_a_set_played_cannot_be_taken_back_once_its_player_saw_the_event_tokens(service: GameService) -> None:
    game_id = sobek_game(service, bytes(32))
    pick = random.Random(7)
    for turn in range(400):
        seat = service.view(game_id, None).to_act[0]
        legal = service.legal_commands(game_id, seat)
        sets = [command for command in legal if command["type"] == "sobek.play_set"]
        if sets:
            assert submit(service, game_id, seat, sets[0], "set") == "accepted"
            assert service.view(game_id, seat).view["token_faces"], "the player sees the tokens now"
            assert submit(service, game_id, seat, UNDO, "undo") == "rejected:undo.revealed"
            return
        takes = [command for command in legal if command["type"] == "sobek.take"]
        assert submit(service, game_id, seat, pick.choice(takes or legal), f"move-{turn}") == "accepted"
    raise AssertionError("no set could be played")
