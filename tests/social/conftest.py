"""Table talk and standing tests: the Flask app over one fakeredis store per test, the toy game, a fake clock,
queued jobs run on demand (``drain``), and players with accounts."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import fakeredis
import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from api.context import ApiConfig
from api.web.settings import LiveSettings, install_settings
from services.game_service import GameService
from services.inputs import Requester, TableTerms
from tests.support.harness import FakeClock, drain, make_service, register_toy
from workers import jobs

PASSWORD = "correct horse battery"
SHORT_LIVE = LiveSettings(stream_seconds=1.5, heartbeat_seconds=0.1, retry_ms=250)


@dataclass
class Table:
    game_id: str
    tokens: list[str]

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}


@dataclass
class Site:
    app: Flask
    service: GameService
    clock: FakeClock
    logins: dict[str, dict[str, str]] = field(default_factory=dict)

    def client(self) -> FlaskClient:
        return self.app.test_client()

    def account(self, name: str) -> dict[str, str]:
        """Bearer headers of the login ``name`` (registered on first use, its display name capitalised:
        "ann" is shown as "Ann")."""
        if name not in self.logins:
            self.service.accounts.register(name, PASSWORD, display_name=name.capitalize())
            login = self.service.accounts.login(name, PASSWORD, "203.0.113.9")
            self.logins[name] = {"Authorization": f"Bearer {login.token}"}
        return self.logins[name]

    def table(self, players: list[str], start: bool = True, hand: int = 2, **create: Any) -> Table:
        """A toy game whose seats are held by these accounts, in order (started unless asked not to), with
        ``hand`` cards each (as many rounds)."""
        meta = self.service.create_game("toy", len(players), {"hand": hand}, TableTerms(**create))
        tokens = []
        for name in players:
            self.account(name)
            seat = self.service.join(
                meta.id, name.capitalize(), invite=meta.invite, by=Requester(account=name)
            )
            tokens.append(seat.token)
        if start:
            self.service.start(meta.id)
            drain(self.service)
        return Table(meta.id, tokens)

    def play_out(self, table: Table, skip: int | None = None) -> None:
        """Everyone plays their lowest card until the game is over; the seat ``skip`` lets its first move
        time out (the clock moves past its deadline and the timeout job runs), then plays on."""
        service = self.service
        for turn in range(200):
            drain(service, due_scheduled=False)
            if service.meta(table.game_id).status == "over":
                return
            to_act = service.view(table.game_id, None).to_act
            for seat in to_act:
                if seat != skip:
                    card = service.legal_commands(table.game_id, seat)[0]
                    service.submit(table.game_id, seat, card, f"play-{turn}-{seat}", None)
            if skip in to_act:
                drain(service, due_scheduled=False)
                self.clock.advance(service.settings.move_timeout + 1)
                assert jobs.timeout_seat(table.game_id, skip)
                skip = None
        raise AssertionError("the game did not end")


def make_site(monkeypatch: pytest.MonkeyPatch, **settings: Any) -> Iterator[Site]:
    register_toy(monkeypatch)
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    clock = FakeClock()
    service = make_service(connection, clock, queue_name="papyrus-social", **settings)
    app = create_app(service, redis=connection, config=ApiConfig(submit_wait_seconds=0.0), mode="test")
    install_settings(app, SHORT_LIVE)
    yield Site(app, service, clock)
    connection.close()


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    yield from make_site(monkeypatch)


@pytest.fixture
def timed_site(monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    """Moves time out after an hour (the fake clock decides when that is)."""
    yield from make_site(monkeypatch, move_timeout=3600.0)
