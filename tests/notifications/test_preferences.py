"""Saved notification settings meet kinds added after they were saved: such a kind takes its default (both
channels carry it), while a kind the account turned off stays off."""

from __future__ import annotations

import fakeredis
import msgspec

from services import keys
from services.notifications.preferences import NotificationPreferences
from services.players.accounts import name_key
from services.processing.append_notes import KINDS

# As an account saved its settings before "choice_asked" existed: mail without "reminder".
SAVED_BEFORE = {
    "email": "ann@example.test",
    "mail_events": ["your_turn", "game_started", "game_ended", "invitation"],
    "webhook_events": ["your_turn", "reminder", "game_started", "game_ended", "invitation"],
    "webhook_disabled": "",
}


def test_a_kind_the_saved_settings_do_not_name_takes_its_default() -> None:
    connection = fakeredis.FakeRedis()
    connection.set(keys.notify_settings(name_key("ann")), msgspec.json.encode(SAVED_BEFORE))
    read = NotificationPreferences(connection).get("ann")
    assert read.mail_events == [kind for kind in KINDS if kind != "reminder"]
    assert "choice_asked" in read.mail_events and "choice_asked" in read.webhook_events
    assert read.webhook_events == list(KINDS)
    assert read.email == "ann@example.test"


def test_a_kind_turned_off_after_it_existed_stays_off() -> None:
    preferences = NotificationPreferences(fakeredis.FakeRedis())
    stored = preferences.get("bob")
    assert stored.mail_events == list(KINDS)
    stored.mail_events = [kind for kind in KINDS if kind != "choice_asked"]
    preferences.save("bob", stored)
    assert "choice_asked" not in preferences.get("bob").mail_events
    assert "choice_asked" in preferences.get("bob").webhook_events
