"""Arbitrary commands at arbitrary moments: a clear refusal or valid events, never a crash or a change."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from egizia_games import recorded_game

from domain.engine import RuleViolation
from domain.games.egizia import GAME
from domain.games.egizia.commands import (
    Build,
    Decline,
    Feed,
    Pass,
    PlaceShip,
    PlayCard,
    SphinxDraw,
    SphinxKeep,
)

SPACES = ["C1", "C10", "R_EDFU", "R_ALYI", "R_PASSALON", "B_SPHINX", "B_TEMPLE", "NILE", ""]
BUILD_SPACES = ["O1", "O9", "G1", "G3", "P1-1", "P2-1", "TL1", "TM1", "TT2", "X"]


def _random_command(rng: random.Random) -> Any:
    crews = rng.sample([-1, 0, 1, 2, 3, 4], rng.randint(0, 3))
    return rng.choice(
        [
            PlaceShip(
                space=rng.choice(SPACES),
                slot=rng.randint(-2, 3),
                speculate=rng.random() < 0.2,
                crew=rng.randint(-2, 4),
                crews=crews,
                ring=rng.randint(-2, 2),
            ),
            Pass(),
            Feed(aids=rng.sample(["N12-12", "N12-18", "bogus"], rng.randint(0, 2))),
            Build(
                crews=crews,
                spaces=rng.sample(BUILD_SPACES, rng.randint(0, 3)),
                market=rng.choice(["", "stone", "x"]),
            ),
            SphinxDraw(crews=crews, count=rng.randint(-1, 6)),
            SphinxKeep(keep=rng.sample(["SPH-OBL7", "SPH-TENTH", "bogus"], rng.randint(0, 2))),
            Decline(),
            PlayCard(card=rng.choice(["N12-17", "N5-05", "bogus"])),
        ]
    )


def test_random_commands_are_refused_clearly_or_accepted_and_never_mutate_the_state() -> None:
    rng = random.Random(2024)
    _, _, snapshots = recorded_game(4, b"fuzz")
    for state in snapshots[::2]:
        before = msgspec.msgpack.encode(state)
        for _ in range(12):
            seat = rng.randint(0, 3)
            try:
                events = GAME.decide(state, seat, _random_command(rng))
            except RuleViolation as refusal:
                assert refusal.code and refusal.message.strip()
            else:
                assert events
        GAME.legal_commands(state, rng.randint(0, 3))
        GAME.view(state, rng.choice([None, 0, 1, 2, 3]))
        assert msgspec.msgpack.encode(state) == before
