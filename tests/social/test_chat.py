"""A game's chat through the API: who may write where, the limits, mutes, the live stream, the history's
versions and the export."""

from __future__ import annotations

import hashlib
import json
import threading
from typing import Any

import pytest

from services.audit.verify import verify_export
from services.errors import ServiceError
from services.social.chat import ChatLimits
from tests.social.conftest import Site, Table
from tests.support.harness import FakeRedisClock

MARKUP = '<img src=x onerror="alert(1)"><script>alert("x")</script> & <b>bold</b>'


def post(site: Site, table: Table, text: str, headers: dict[str, str]) -> Any:
    return site.client().post(f"/api/games/{table.game_id}/chat", json={"text": text}, headers=headers)


def chat_of(site: Site, table: Table, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    response = site.client().get(f"/api/games/{table.game_id}/chat", headers=headers or {})
    assert response.status_code == 200, response.get_json()
    messages: list[dict[str, Any]] = response.get_json()
    return messages


def test_seats_talk_at_the_table_and_spectators_in_their_own_channel(site: Site) -> None:
    table = site.table(["ann", "bob"])
    assert post(site, table, "good luck", table.auth(0)).status_code == 201
    assert post(site, table, "you too", site.account("bob")).status_code == 201  # bob's login holds seat 1
    spectator = post(site, table, "go ann!", site.account("cleo"))
    assert spectator.status_code == 201
    shown = [(m["channel"], m["seat"], m["name"], m["text"]) for m in chat_of(site, table)]
    assert shown == [
        ("table", 0, "Ann", "good luck"),
        ("table", 1, "Bob", "you too"),
        ("spectators", None, "Cleo", "go ann!"),
    ]


def test_anonymous_callers_and_closed_spectator_channels_are_refused(site: Site) -> None:
    table = site.table(["ann", "bob"], spectator_chat=False)
    anonymous = post(site, table, "hello", {})
    assert anonymous.status_code == 401 and anonymous.get_json()["error"]["field"] == "Authorization"
    closed = post(site, table, "hello", site.account("cleo"))
    assert closed.status_code == 403
    assert closed.get_json()["error"]["code"] == "chat.spectators_closed"
    assert post(site, table, "players still talk", table.auth(1)).status_code == 201
    assert [m["text"] for m in chat_of(site, table)] == ["players still talk"]


@pytest.mark.parametrize(
    ("text", "code"),
    [("   ", "text.empty"), ("x" * 501, "text.too_long"), ("bell\x07", "text.invalid")],
)
def test_bad_messages_are_refused_naming_the_text(site: Site, text: str, code: str) -> None:
    table = site.table(["ann", "bob"], start=False)
    refused = post(site, table, text, table.auth(0))
    assert refused.status_code == 400
    assert refused.get_json()["error"]["field"] == "text", code
    with pytest.raises(ServiceError) as refused_by_the_service:  # past the schema, the service says why
        site.service.social.post(site.service.meta(table.game_id), 0, None, text)
    assert (refused_by_the_service.value.code, refused_by_the_service.value.field) == (code, "text")
    assert chat_of(site, table) == []


def test_a_message_of_exactly_the_longest_length_is_kept_whole(site: Site) -> None:
    table = site.table(["ann", "bob"], start=False)
    text = "é" * 500
    assert post(site, table, text, table.auth(0)).status_code == 201
    assert post(site, table, text + "é", table.auth(0)).status_code == 400
    assert post(site, table, " padded \n", table.auth(0)).status_code == 201
    assert [m["text"] for m in chat_of(site, table)] == [text, "padded"]


def test_past_the_rate_a_speaker_is_refused_with_retry_after_and_others_still_talk(site: Site) -> None:
    table = site.table(["ann", "bob"])
    limits = site.service.social.chat.limits
    for number in range(limits.rate):
        assert post(site, table, f"message {number}", table.auth(0)).status_code == 201
    refused = post(site, table, "one too many", table.auth(0))
    assert refused.status_code == 429
    assert refused.get_json()["error"]["code"] == "chat.rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= limits.window_seconds
    assert post(site, table, "my turn to talk", table.auth(1)).status_code == 201
    assert "one too many" not in [m["text"] for m in chat_of(site, table)]


def test_the_rate_window_passes(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site.service.social.chat, "limits", ChatLimits(rate=1, window_seconds=1))
    redis_clock = FakeRedisClock(monkeypatch)
    table = site.table(["ann", "bob"], start=False)
    assert post(site, table, "first", table.auth(0)).status_code == 201
    assert post(site, table, "second", table.auth(0)).status_code == 429
    redis_clock.advance(1.2)
    assert post(site, table, "third", table.auth(0)).status_code == 201


def test_concurrent_posts_never_pass_the_rate(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site.service.social.chat, "limits", ChatLimits(rate=3, window_seconds=60))
    table = site.table(["ann", "bob"], start=False)
    answers: list[int] = []
    threads = [
        threading.Thread(
            target=lambda n=n: answers.append(post(site, table, f"m{n}", table.auth(0)).status_code)
        )
        for n in range(10)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [201] * 3 + [429] * 7
    assert len(chat_of(site, table)) == 3


def test_markup_in_a_name_or_a_message_is_kept_as_plain_text(site: Site) -> None:
    meta = site.service.create_game("toy", 2, {"hand": 2})
    token = site.service.join(meta.id, MARKUP[:40]).token
    site.service.join(meta.id, "bob")
    table = Table(meta.id, [token])
    assert post(site, table, MARKUP, table.auth(0)).status_code == 201
    message = chat_of(site, table)[0]
    assert message["name"] == MARKUP[:40].strip() and message["text"] == MARKUP


def test_a_seat_mutes_a_speaker_for_itself_only(site: Site) -> None:
    table = site.table(["ann", "bob", "cai"])
    post(site, table, "from bob", table.auth(1))
    cleo = post(site, table, "from cleo", site.account("cleo")).get_json()["speaker"]
    assert cleo.startswith("spectator:") and "cleo" not in cleo
    muted = site.client().post(
        f"/api/games/{table.game_id}/chat/mutes", json={"speaker": "seat:1"}, headers=table.auth(0)
    )
    assert muted.status_code == 200 and muted.get_json() == {"muted": ["seat:1"], "names": {"seat:1": "Bob"}}
    site.client().post(
        f"/api/games/{table.game_id}/chat/mutes", json={"speaker": cleo}, headers=table.auth(0)
    )
    assert chat_of(site, table, table.auth(0)) == []
    assert [m["text"] for m in chat_of(site, table, table.auth(2))] == ["from bob", "from cleo"]
    assert [m["text"] for m in chat_of(site, table)] == ["from bob", "from cleo"]
    unmuted = site.client().post(
        f"/api/games/{table.game_id}/chat/mutes",
        json={"speaker": "seat:1", "muted": False},
        headers=table.auth(0),
    )
    assert unmuted.get_json() == {"muted": [cleo], "names": {cleo: "Cleo"}}
    assert [m["text"] for m in chat_of(site, table, table.auth(0))] == ["from bob"]


def test_muting_needs_a_seat_and_a_speaker_that_can_exist(site: Site) -> None:
    table = site.table(["ann", "bob"])
    path = f"/api/games/{table.game_id}/chat/mutes"
    assert site.client().post(path, json={"speaker": "seat:1"}).status_code == 401
    assert (
        site.client().post(path, json={"speaker": "seat:1"}, headers=site.account("cleo")).status_code == 403
    )
    bad = site.client().post(path, json={"speaker": "<b>x</b>"}, headers=table.auth(0))
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "speaker"


def test_a_message_carries_the_version_it_was_written_at(site: Site) -> None:
    table = site.table(["ann", "bob"])
    before = site.service.view(table.game_id, None).version
    post(site, table, "before my move", table.auth(0))
    card = site.service.legal_commands(table.game_id, 0)[0]
    site.service.submit(table.game_id, 0, card, "c1", None)
    site.play_out(table)
    after = site.service.meta(table.game_id)
    post(site, table, "good game", table.auth(1))
    versions = [m["version"] for m in chat_of(site, table)]
    final = site.service.view(table.game_id, None).version
    assert versions == [before, final] and after.status == "over"


def test_the_export_holds_the_chat_and_still_verifies(site: Site) -> None:
    table = site.table(["ann", "bob"])
    post(site, table, MARKUP, table.auth(0))
    post(site, table, "watching", site.account("cleo"))
    site.play_out(table)
    lines = list(site.service.export(table.game_id))
    chat = [json.loads(line) for line in lines if json.loads(line)["kind"] == "chat"]
    assert [(c["channel"], c["text"]) for c in chat] == [("table", MARKUP), ("spectators", "watching")]
    report = verify_export(lines)
    assert report.ok, report.problems


def _stream(site: Site, table: Table, headers: dict[str, str], into: dict[str, str], key: str) -> None:
    response = site.client().get(f"/api/games/{table.game_id}/live", headers=headers)
    into[key] = response.get_data(as_text=True)


class BacklogReads:
    """Counts the live streams that have read the chat's backlog: a message posted after that reaches them
    as news, never in their backlog."""

    def __init__(self, site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
        self.read = threading.Semaphore(0)
        social = site.service.social
        backlog = social.chat_backlog

        def counted(game_id: str, seat: int | None) -> tuple[str, list[Any]]:
            try:
                return backlog(game_id, seat)
            finally:
                self.read.release()

        monkeypatch.setattr(social, "chat_backlog", counted)

    def wait(self, streams: int) -> None:
        for _ in range(streams):
            assert self.read.acquire(timeout=10), "a live stream never read the chat's backlog"


def _chat_events(body: str) -> list[dict[str, Any]]:
    blocks = [block for block in body.split("\n\n") if block.startswith("event: chat")]
    return [json.loads(block.split("data: ", 1)[1]) for block in blocks]


def test_chat_reaches_every_seat_and_spectator_live(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    table = site.table(["ann", "bob", "cai"])
    backlogs = BacklogReads(site, monkeypatch)
    post(site, table, "said before", table.auth(2))
    readers = {"seat0": table.auth(0), "seat1": site.account("bob"), "seat2": table.auth(2), "anon": {}}
    readers["cleo"] = site.account("cleo")
    bodies: dict[str, str] = {}
    threads = [threading.Thread(target=_stream, args=(site, table, h, bodies, k)) for k, h in readers.items()]
    for thread in threads:
        thread.start()
    backlogs.wait(len(threads))
    assert post(site, table, "<i>live</i> from ann", table.auth(0)).status_code == 201
    assert post(site, table, "live from cleo", site.account("cleo")).status_code == 201
    for thread in threads:
        thread.join()
    for reader, body in bodies.items():
        events = _chat_events(body)
        assert events[0]["replace"] is True, reader
        assert [m["text"] for m in events[0]["messages"]] == ["said before"], reader
        news = [m["text"] for event in events[1:] for m in event["messages"]]
        assert news == ["<i>live</i> from ann", "live from cleo"], (reader, body)
        assert all(event["replace"] is False for event in events[1:])
        assert "event: view" in body  # the board still comes on the same stream


def test_a_muted_speaker_never_reaches_the_muting_seat_live(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = site.table(["ann", "bob"])
    backlogs = BacklogReads(site, monkeypatch)
    site.service.social.mute(table.game_id, 0, "seat:1", True)
    bodies: dict[str, str] = {}
    thread = threading.Thread(target=_stream, args=(site, table, table.auth(0), bodies, "ann"))
    thread.start()
    backlogs.wait(1)
    post(site, table, "muted words", table.auth(1))
    post(site, table, "my own words", table.auth(0))
    thread.join()
    texts = [m["text"] for event in _chat_events(bodies["ann"]) for m in event["messages"]]
    assert texts == ["my own words"]


def test_a_reconnecting_page_gets_only_the_messages_it_has_not_shown(site: Site) -> None:
    table = site.table(["ann", "bob"])
    for text in ("one", "two", "three"):
        post(site, table, text, table.auth(0))
    shown = chat_of(site, table)[0]["id"]
    body = site.client().get(f"/api/games/{table.game_id}/live?chat_after={shown}").get_data(as_text=True)
    events = _chat_events(body)
    assert [(e["replace"], [m["text"] for m in e["messages"]]) for e in events] == [(False, ["two", "three"])]
    newest = chat_of(site, table)[-1]["id"]
    quiet = site.client().get(f"/api/games/{table.game_id}/live?chat_after={newest}").get_data(as_text=True)
    assert _chat_events(quiet) == []
    bad = site.client().get(f"/api/games/{table.game_id}/live?chat_after=<script>")
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "chat_after"


def test_a_spectators_chat_id_tells_nothing_of_the_login_name(site: Site) -> None:
    """The id is keyed by a secret of the store and the game: a guessed login name cannot be tested on it,
    and one spectator's ids in two games do not match."""
    first, second = site.table(["ann", "bob"]), site.table(["ann", "bob"])
    cleo = site.account("cleo")
    ids = [post(site, table, "hello", cleo).get_json()["speaker"] for table in (first, second)]
    bare = "spectator:" + hashlib.sha256(b"papyrus-chat:cleo").hexdigest()[:16]
    assert bare not in ids and ids[0] != ids[1]
    assert (
        post(site, first, "again", cleo).get_json()["speaker"] == ids[0]
    )  # stable within a game: mutes hold
