"""Arbitrary commands at arbitrary moments: a clear refusal or valid events, never a crash or a change."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.engine import RandomBot, RuleViolation, apply_command, start
from domain.games.sobek import GAME, SobekOptions, SobekState, copy_state
from domain.games.sobek import commands as cmd

CARDS = ["IVO-01", "ST-WHE-1", "CH-THIEF", "AMU-01", "FIS-03", "bogus", ""]
TOKENS = ["EV-GUILD-1", "EV-FLOOD-2", "EV-X-1", ""]


def _random_command(rng: random.Random) -> Any:
    cards = rng.sample(CARDS, rng.randint(0, 4))
    return rng.choice(
        [
            cmd.Take(position=rng.randint(-2, 11)),
            cmd.PlaySet(cards=cards, join=rng.randint(-3, 3)),
            cmd.PlayCharacter(card=rng.choice(CARDS)),
            cmd.ChooseToken(token=rng.choice(TOKENS)),
            cmd.Push(target=rng.randint(-1, 5)),
            cmd.Curse(target=rng.randint(-1, 5)),
            cmd.Prosper(set=rng.randint(-2, 3)),
            cmd.Steal(target=rng.randint(-1, 4), back=rng.choice(["green", "beige", "orange", "pink", ""])),
            cmd.Look(target=rng.randint(-1, 4)),
            cmd.Pick(card=rng.choice(CARDS)),
            cmd.Court(set=rng.randint(-1, 3), cards=cards),
            cmd.Purge(goods=rng.choice(["wheat", "amulet", "gold", ""])),
            cmd.Hire(position=rng.randint(-1, 12)),
            cmd.Discard(card=rng.choice(CARDS)),
            cmd.LaySideways(cards=cards),
            cmd.Finish(),
            cmd.ChooseStart(seat=rng.randint(-1, 5)),
        ]
    )


def _snapshots(players: int) -> list[SobekState]:
    state, _ = start(GAME, players, SobekOptions(), b"fuzz")
    bots = [RandomBot(seat) for seat in range(players)]
    snapshots = []
    while GAME.result(state) is None:
        snapshots.append(copy_state(state))
        seat = min(GAME.to_act(state))
        state, _ = apply_command(GAME, state, seat, bots[seat].choose(GAME, state, seat))
    return [*snapshots, state]


def test_random_commands_are_refused_clearly_or_accepted_and_never_mutate_the_state() -> None:
    rng = random.Random(2025)
    for players in (2, 4):
        for state in _snapshots(players)[::3]:
            before = msgspec.msgpack.encode(state)
            for _ in range(15):
                seat = rng.randint(0, players - 1)
                try:
                    events = GAME.decide(state, seat, _random_command(rng))
                except RuleViolation as refusal:
                    assert refusal.code and refusal.message.strip()
                    assert "bogus" not in refusal.message and "IVO-01" not in refusal.message
                else:
                    assert events
            GAME.view(state, rng.choice([None, *range(players)]))
            assert msgspec.msgpack.encode(state) == before


def test_a_seat_that_does_not_exist_is_refused_by_name() -> None:
    state, _ = start(GAME, 2, SobekOptions(), b"fuzz")
    try:
        GAME.decide(state, 5, cmd.Take(position=1))
    except RuleViolation as refusal:
        assert refusal.code == "seat.unknown" and refusal.details == {"field": "seat"}
    else:
        raise AssertionError("seat 5 of a 2-player game was accepted")
