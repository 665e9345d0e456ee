"""No notification, mail or webhook body shows anyone a secret: checked on every registered game at every
player count, for every seat, at every turn of a recorded random-bot game (tests/support/conformance.py).

Each notification an append would cause (the start, each seat's turn, the end, a reminder, an invitation)
is rendered as its recipient would get it (the mail as sent, with headers, and the webhook body) and
searched for what is secret for that seat or for a spectator at that moment."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from domain.engine import Game
from domain.registry import games
from services.notifications import messages
from services.processing.append_notes import Notification, Reached, after_append
from services.results import GameMeta, Player
from tests.support.conformance import leaked, recorded

CASES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name, game in sorted(games().items())
    for players in range(game.min_players, game.max_players + 1)
]
PUBLIC_URL = "https://papyrus.example"
UNSUBSCRIBE = f"{PUBLIC_URL}/api/notifications/unsubscribe/token"


def _meta(name: str, players: int) -> GameMeta:
    seated = [Player(seat=seat, name=f"Player {seat + 1}", bot=False) for seat in range(players)]
    return GameMeta(
        id="g1",
        game=name,
        seats=players,
        options={},
        public=True,
        created_at=0.0,
        status="running",
        players=seated,
    )


def _rendered(note: Notification, meta: GameMeta) -> list[tuple[str, str]]:
    subject, text = messages.describe(note, meta, PUBLIC_URL)
    mail = messages.mail("p@example.test", subject, text, f"{note.key}:mail", UNSUBSCRIBE)
    headers = "\n".join(f"{name}: {value}" for name, value in mail.items())
    return [
        ("mail", f"{headers}\n{mail.get_content()}"),  # decoded: quoted-printable would hide a secret
        ("webhook", messages.webhook_body(note, meta, PUBLIC_URL).decode()),
    ]


def _hidden(game: Game, state: Any, seat: int | None) -> set[str]:
    return game.secrets(state, None) | (game.secrets(state, seat) if seat is not None else set())


def _check(game: Game, state: Any, notes: list[Notification], meta: GameMeta, where: str) -> int:
    checked = 0
    for note in notes:
        hidden = _hidden(game, state, note.seat)
        for channel, text in _rendered(note, meta):
            found = leaked(hidden, text)
            assert not found, f"{where}: the {note.kind} {channel} for seat {note.seat} shows {found}"
            checked += len(hidden)
    return checked


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_notification_mail_or_webhook_shows_a_secret(name: str, players: int) -> None:
    trace = recorded(name, players)
    game, meta = trace.game, _meta(name, players)
    seats = frozenset(range(players))
    states = [decision.state for decision in trace.decisions] + [trace.final]
    secrets_searched = _check(
        game,
        states[0],
        after_append(Reached(game, "g1", 1, states[0]), set(), seats, started=True),
        meta,
        "start",
    )
    for index, (before, after) in enumerate(pairwise(states), start=1):
        notes = after_append(Reached(game, "g1", index + 1, after), game.to_act(before), seats)
        notes += [
            Notification(
                key=f"g1:{index}:reminder:{s}",
                kind="reminder",
                game_id="g1",
                game=name,
                version=index,
                seat=s,
                seconds_left=3600.0,
            )
            for s in sorted(game.to_act(after))
        ]
        secrets_searched += _check(game, after, notes, meta, f"decision {index}")
    ended = after_append(Reached(game, "g1", len(states) + 1, trace.final), game.to_act(states[-2]), seats)
    assert [note.kind for note in ended] == ["game_ended"] * players
    assert secrets_searched > 0, f"{name} declares no secrets, so this check could not fail"


def test_the_search_finds_a_secret_a_mail_would_show() -> None:
    note = Notification(
        key="g1:1:invitation:ann",
        kind="invitation",
        game_id="g1",
        game="toy",
        version=1,
        account="ann",
        invite="N12-13",
    )
    assert leaked({"N12-13"}, _rendered(note, _meta("toy", 2))[0][1]) == {"N12-13"}
