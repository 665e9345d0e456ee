"""The notification settings in the API: e-mail with its mailed verification link, events per channel,
webhook URL and secret rotation, one-click unsubscribe; bad input answers 400 naming the field."""

from __future__ import annotations

import re
from pathlib import Path

import fakeredis
import pytest

from api.app import create_app
from api.context import game_service
from services.game_service import GameService
from services.inputs import Requester, TableTerms
from services.limits.quotas import Limit, QuotaPolicy
from services.notifications.preferences import AccountNotifications
from services.notifications.settings import NotifySettings
from services.settings import Settings
from tests.api.support import JsonClient, bearer, json_client


@pytest.fixture
def mail_log(tmp_path: Path) -> Path:
    return tmp_path / "mail.log"


@pytest.fixture
def client(connection: fakeredis.FakeRedis, mail_log: Path) -> JsonClient:
    settings = NotifySettings(mail_log=str(mail_log), public_url="http://papyrus.test")
    service = GameService(connection, Settings(), notify_settings=settings)
    return json_client(create_app(service, redis=connection, mode="test"))


def signed_in(client: JsonClient, name: str = "imhotep") -> dict[str, str]:
    credentials = {"name": name, "password": "a long password"}
    assert client.post("/api/accounts", json=credentials).status_code == 201
    return bearer(client.post("/api/sessions", json=credentials).json["token"])


def test_an_address_is_used_once_the_mailed_link_is_opened(client: JsonClient, mail_log: Path) -> None:
    auth = signed_in(client)
    asked = client.put("/api/accounts/me/email", json={"email": "imhotep@example.test"}, headers=auth)
    assert asked.status_code == 200
    assert asked.json["email"] is None and asked.json["pending_email"] == "imhotep@example.test"
    logged = mail_log.read_text()
    assert "To: imhotep@example.test" in logged and "Confirm your e-mail address" in logged
    assert "=3D" not in logged and "confirm it: http://papyrus.test/verify-email/" in logged, (
        "not quoted-printable"
    )
    link = re.search(r"http://papyrus\.test(/verify-email/\S+)", logged)
    assert link is not None
    verified = client.get(link.group(1))
    assert verified.status_code == 200 and verified.mimetype == "text/html"
    assert "imhotep@example.test" in verified.text and "is confirmed" in verified.text
    assert client.get("/api/accounts/me/notifications", headers=auth).json["email"] == "imhotep@example.test"
    again = client.put("/api/accounts/me/email", json={"email": "other@example.test"}, headers=auth)
    assert again.status_code == 429 and again.json["error"]["code"] == "mail.too_soon"
    assert "other@example.test" not in mail_log.read_text()  # no mail bombing through the verification


def test_bad_input_names_the_field(client: JsonClient) -> None:
    auth = signed_in(client)
    bad_email = client.put("/api/accounts/me/email", json={"email": "not an address"}, headers=auth)
    assert bad_email.status_code == 400 and bad_email.json["error"]["field"] == "email"
    bad_events = client.put(
        "/api/accounts/me/notifications", json={"mail_events": ["tea_time"]}, headers=auth
    )
    assert bad_events.status_code == 400 and bad_events.json["error"]["field"] == "mail_events[0]"
    private = client.put("/api/accounts/me/webhook", json={"url": "https://127.0.0.1/hook"}, headers=auth)
    assert private.status_code == 400 and private.json["error"]["code"] == "webhook.url_refused"
    for url in ("https://[::1", "https://host:99999/", "ftp://93.184.216.34/", "x" * 2001):
        odd = client.put("/api/accounts/me/webhook", json={"url": url}, headers=auth)
        assert odd.status_code == 400 and odd.json["error"]["field"] == "url", url
    for token in ("forged.token", "W10.x", ".", "bnVsbA.AA"):  # W10: "[]", bnVsbA: "null"
        assert client.get(f"/api/notifications/verify/{token}").json["error"]["code"] == "token.invalid"
    assert client.post("/api/notifications/unsubscribe/forged.token").json["error"]["code"] == "token.invalid"
    assert client.get("/api/accounts/me/notifications").status_code == 401


def test_events_webhook_and_secret_rotation(client: JsonClient) -> None:
    auth = signed_in(client)
    chosen = client.put(
        "/api/accounts/me/notifications",
        json={"mail_events": ["your_turn"], "webhook_events": []},
        headers=auth,
    )
    assert chosen.json["mail_events"] == ["your_turn"] and chosen.json["webhook_events"] == []
    assert client.post("/api/accounts/me/webhook/secret", headers=auth).status_code == 404
    hooked = client.put("/api/accounts/me/webhook", json={"url": "https://93.184.216.34/hook"}, headers=auth)
    assert hooked.status_code == 200 and len(hooked.json["webhook_secret"]) >= 32
    rotated = client.post("/api/accounts/me/webhook/secret", headers=auth)
    assert rotated.json["webhook_secret"] != hooked.json["webhook_secret"]
    shown = client.get("/api/accounts/me/notifications", headers=auth).json
    assert shown["webhook_enabled"] and "webhook_secret" not in shown
    assert client.delete("/api/accounts/me/webhook", headers=auth).json["webhook_url"] is None


def test_one_click_unsubscribe_stops_every_mail(client: JsonClient) -> None:
    auth = signed_in(client)
    with client.application.app_context():  # the link every mail carries in its List-Unsubscribe header
        link = game_service().notifications.unsubscribe_url("imhotep")
    done = client.post(  # as a mail client sends it (RFC 8058): a form body, no cookie, no JSON
        link.removeprefix("http://papyrus.test"),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert done.status_code == 200 and done.json["mail_events"] == []
    assert client.get("/api/accounts/me/notifications", headers=auth).json["mail_events"] == []


def test_a_seated_player_invites_a_player_by_display_name_which_gets_the_private_games_code(
    client: JsonClient, mail_log: Path
) -> None:
    ann, bob = signed_in(client, "ann"), signed_in(client, "bob")
    assert (
        client.put(
            "/api/accounts/me/profile", json={"display_name": "Bob the Scribe"}, headers=bob
        ).status_code
        == 200
    )
    with client.application.app_context():
        service = game_service()
    meta = service.create_game("toy", 2, {"hand": 2}, terms=TableTerms(public=False))
    service.join(meta.id, "Ann", invite=meta.invite, by=Requester(account="ann"))
    service.notifications.preferences.save("bob", AccountNotifications(email="bob@example.test"))
    refused = client.post(f"/api/games/{meta.id}/invitations", json={"player": "Ann"}, headers=bob)
    assert refused.status_code == 403
    for unknown in ("nobody", "bob"):  # a login name is no player's name: nothing tells it exists
        missing = client.post(f"/api/games/{meta.id}/invitations", json={"player": unknown}, headers=ann)
        assert missing.status_code == 404 and missing.json["error"] == {
            "code": "player.unknown",
            "message": "No player has this display name.",
            "field": "player",
        }
    sent = client.post(f"/api/games/{meta.id}/invitations", json={"player": "bob the scribe"}, headers=ann)
    assert sent.status_code == 202 and sent.json == {"game_id": meta.id, "player": "bob the scribe"}
    service.notifications.delivery.deliver_game(meta.id)
    logged = mail_log.read_text().replace("=\n", "").replace("=3D", "=")
    assert "To: bob@example.test" in logged and "You are invited to" in logged
    assert f"/games/{meta.id}?invite={meta.invite}" in logged
    client.post(f"/api/games/{meta.id}/invitations", json={"player": "Bob the Scribe"}, headers=ann)
    service.notifications.delivery.deliver_game(meta.id)
    assert mail_log.read_text().count("To: bob@example.test") == 1  # the same invitation, not mailed twice


def test_invitations_and_account_settings_are_charged_to_quotas(connection: fakeredis.FakeRedis) -> None:
    """Past the quota, 429: invitations (one account mails others through them) and settings changes."""
    limits = {
        **QuotaPolicy().limits,
        "invite": Limit(2, 3600),
        "settings": Limit(3, 3600),
        "chat": Limit(2, 600),
    }
    service = GameService(connection, Settings(quotas=QuotaPolicy(limits=limits)))
    client = json_client(create_app(service, redis=connection, mode="test"))
    ann = signed_in(client, "ann")
    meta = service.create_game("toy", 2, {"hand": 2})
    service.join(meta.id, "Ann", by=Requester(account="ann"))
    invites = [
        client.post(f"/api/games/{meta.id}/invitations", json={"player": "x"}, headers=ann).status_code
        for _ in range(3)
    ]
    assert invites == [404, 404, 429]
    changes = [
        client.put("/api/accounts/me/notifications", json={"mail_events": []}, headers=ann).status_code,
        client.delete("/api/accounts/me/webhook", headers=ann).status_code,
        client.put("/api/accounts/me/profile", json={"display_name": "Ann"}, headers=ann).status_code,
        client.delete("/api/accounts/me/email", headers=ann).status_code,
    ]
    assert changes == [200, 200, 200, 429]
    posts = [
        client.post(f"/api/games/{meta.id}/chat", json={"text": "hi"}, headers=ann).status_code
        for _ in range(3)
    ]
    assert posts == [201, 201, 429]


def test_a_verification_mail_carries_no_text_the_account_chose(client: JsonClient, mail_log: Path) -> None:
    """A login name like an advert: the mail to an address nobody confirmed yet never quotes it."""
    auth = signed_in(client, "Win-a-prize.at.evil.example.x")
    assert (
        client.put("/api/accounts/me/email", json={"email": "victim@example.test"}, headers=auth).status_code
        == 200
    )
    logged = mail_log.read_text().replace("=\n", "")
    assert "To: victim@example.test" in logged and "If it was not, ignore this mail" in logged
    assert "Win-a-prize" not in logged and "evil" not in logged


def test_one_address_gets_at_most_three_verification_mails_a_day(client: JsonClient, mail_log: Path) -> None:
    statuses = []
    for index in range(5):
        auth = signed_in(client, f"sender-{index}")
        asked = client.put("/api/accounts/me/email", json={"email": "victim@example.test"}, headers=auth)
        statuses.append((asked.status_code, asked.json.get("error", {}).get("code")))
    assert statuses == [(200, None)] * 3 + [(429, "mail.too_soon")] * 2
    assert mail_log.read_text().count("To: victim@example.test") == 3


def test_the_mail_log_is_readable_by_its_owner_only(client: JsonClient, mail_log: Path) -> None:
    mail_log.write_text("")
    mail_log.chmod(0o644)  # made before, world-readable
    auth = signed_in(client)
    assert (
        client.put("/api/accounts/me/email", json={"email": "imhotep@example.test"}, headers=auth).status_code
        == 200
    )
    assert mail_log.stat().st_mode & 0o777 == 0o600


def test_an_unsubscribe_link_expires(client: JsonClient) -> None:
    signed_in(client)
    service = client.application.extensions["papyrus"].service
    link = service.notifications.unsubscribe_url("imhotep").removeprefix("http://papyrus.test")
    real_clock = service.notifications._clock
    service.notifications._clock = lambda: real_clock() + 181 * 24 * 3600  # six months on
    expired = client.post(
        link, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert expired.status_code == 404 and expired.json["error"]["code"] == "token.invalid"
