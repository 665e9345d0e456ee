"""What the real pipeline delivers carries no secret: every registered game is played to its end by
accounts with a verified address and a webhook, through the service (appends, outbox, delivery jobs); every
mail and webhook body sent is searched for what was secret for its seat, or for a spectator, at the version
that caused it."""

from __future__ import annotations

import random
from typing import Any

import fakeredis
import pytest

from domain.registry import games, get_game
from services.game_service import GameService
from services.inputs import Requester
from services.notifications import delivery as delivery_module
from services.notifications.preferences import AccountNotifications
from services.notifications.settings import NotifySettings
from services.table.state_cache import fold_records
from tests.notifications.conftest import CapturedMail
from tests.support.conformance import leaked
from tests.support.harness import FakeClock, drain, make_service

GAMES = sorted(games())
SETTINGS = NotifySettings(digest_interval=0.0, webhook_allow_private=True)


def _play(service: GameService, game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    for step in range(5_000):
        drain(service)
        view = service.view(game_id, None)
        if view.status == "over":
            return
        for seat in sorted(view.to_act):
            legal = service.legal_commands(game_id, seat)
            service.submit(game_id, seat, rng.choice(legal), f"s{step}-{seat}", None)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", GAMES)
def test_no_delivered_mail_or_webhook_shows_a_secret(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    service = make_service(fakeredis.FakeRedis(), FakeClock(), notify_settings=SETTINGS)
    mails, posted = CapturedMail(), []
    service.notifications.delivery.mailer = mails  # type: ignore[assignment]
    monkeypatch.setattr(
        delivery_module, "post", lambda url, secret, body, key, now, settings: posted.append((key, body))
    )
    game = get_game(name)
    meta = service.create_game(name, game.min_players, {})
    for seat in range(game.min_players):
        account = f"{name}{seat}"
        service.join(meta.id, account, by=Requester(account=account))
        service.notifications.preferences.save(
            account,
            AccountNotifications(
                email=f"{account}@example.test", webhook_url="https://10.0.0.1/", webhook_secret="s"
            ),
        )
    service.start(meta.id)
    _play(service, meta.id, seed=len(name))
    records = service.components.store.read(meta.id)
    sent = [
        (m["X-Papyrus-Delivery"], "\n".join(f"{k}: {v}" for k, v in m.items()) + m.get_content())
        for m in mails.sent
    ]
    sent += [(key, body.decode()) for key, body in posted]
    kinds = {key.split(":")[2] for key, _ in sent}
    assert {"game_started", "your_turn", "game_ended"} <= kinds
    searched = 0
    for key, text in sent:
        _, version, _, seat = key.split(":")[:4]
        state: Any = fold_records(game, [r for r in records if r.seq <= int(version)], None)
        hidden = game.secrets(state, None) | game.secrets(state, int(seat))
        searched += len(hidden)
        assert not leaked(hidden, text), f"{key} shows {leaked(hidden, text)}"
    assert searched > 0
