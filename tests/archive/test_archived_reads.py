"""A finished game archived to a real S3-compatible server (moto) reads exactly as it did from Redis: its
page's answers, replay at any version, history, export, chat, profiles and the archive pages; Redis keeps
only its catalog entry and index entries, and a changed object is refused."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from services import keys
from services.archive.archiver import Archived
from services.archive.layout import object_key
from services.audit.verify import verify_export
from services.read_side.rebuild_projections import rebuild_all
from services.social.finished import summarise
from tests.social.conftest import Site, Table, make_site
from tests.support.harness import drain
from tests.support.s3_server import S3Server

DAY = 86_400.0


@pytest.fixture
def s3_site(monkeypatch: pytest.MonkeyPatch, s3_server: S3Server, bucket: str) -> Iterator[Site]:
    yield from make_site(
        monkeypatch, archive_url=f"s3://{bucket}/papyrus/", archive_endpoint=s3_server.endpoint
    )


def finished_game(site: Site, players: list[str]) -> Table:
    table = site.table(players)
    client = site.client()
    client.post(f"/api/games/{table.game_id}/chat", json={"text": "good luck"}, headers=table.auth(0))
    site.play_out(table)
    client.post(f"/api/games/{table.game_id}/chat", json={"text": "well played"}, headers=table.auth(1))
    drain(site.service)
    return table


def answers(site: Site, table: Table, account: str) -> dict[str, Any]:
    """Everything the API answers about a finished game, as a spectator and as a seat (by its account)."""
    client, game = site.client(), f"/api/games/{table.game_id}"
    seat = site.account(account)
    version = client.get(f"{game}/view").get_json()["version"]
    found: dict[str, Any] = {
        "meta": client.get(game).get_json(),
        "view": client.get(f"{game}/view").get_json(),
        "seat view": client.get(f"{game}/seats/0/view", headers=seat).get_json(),
        "history": client.get(f"{game}/history").get_json(),
        "history after 5": client.get(f"{game}/history?after=5").get_json(),
        "seat history": client.get(f"{game}/seats/0/history", headers=seat).get_json(),
        "export": client.get(f"{game}/export").get_data(as_text=True),
        "chat": client.get(f"{game}/chat").get_json(),
        "legal": client.get(f"{game}/seats/0/legal-commands", headers=seat).get_json(),
        "profile": client.get(f"/api/players/{account.capitalize()}").get_json(),
        "archive page": client.get(f"/api/archive?player={account}").get_json(),
    }
    for at in (1, version // 2, version):
        found[f"view at {at}"] = client.get(f"{game}/view?at={at}").get_json()
        found[f"seat view at {at}"] = client.get(f"{game}/seats/0/view?at={at}", headers=seat).get_json()
    for answer in ("view", "seat view"):
        found[answer].pop("now", None)
    return found


def game_keys_left(site: Site, game_id: str) -> list[bytes]:
    return sorted(site.service.components.redis.scan_iter(match=f"*{{game:{game_id}}}*"))


def test_an_archived_game_answers_as_from_redis_and_leaves_only_its_catalog_entry(s3_site: Site) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    before = answers(s3_site, table, "ann")
    service = s3_site.service
    assert service.archive.archive_due() == 0, "not before a day has passed"
    s3_site.clock.advance(DAY)
    assert service.archive.archive_due() == 1
    assert game_keys_left(s3_site, table.game_id) == []
    assert service.components.redis.zscore(keys.games(), table.game_id) is None
    assert service.archive.reader.entry(table.game_id) is not None
    assert table.game_id not in service.accounts.seats("ann"), "it left her games in play"
    after = answers(s3_site, table, "ann")
    assert after == before


def test_the_object_is_the_export_compressed_and_archiving_again_changes_nothing(
    s3_site: Site, s3_server: S3Server, bucket: str
) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    export = s3_site.client().get(f"/api/games/{table.game_id}/export").get_data(as_text=True)
    s3_site.clock.advance(DAY)
    archiver = s3_site.service.archive.archiver
    assert archiver is not None and archiver.archive(table.game_id) is Archived.ARCHIVED
    stored = s3_server.client.get_object(Bucket=bucket, Key=f"papyrus/{object_key(table.game_id)}")
    assert gzip.decompress(stored["Body"].read()).decode() == export
    assert archiver.archive(table.game_id) is Archived.ARCHIVED  # idempotent: nothing left to do
    assert s3_site.service.archive.archive_due() == 0


def test_a_changed_object_is_refused_with_a_clear_error(
    s3_site: Site, s3_server: S3Server, bucket: str
) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    s3_site.clock.advance(DAY)
    assert s3_site.service.archive.archive_due() == 1
    key = f"papyrus/{object_key(table.game_id)}"
    lines = gzip.decompress(s3_server.client.get_object(Bucket=bucket, Key=key)["Body"].read()).decode()
    forged = lines.replace('"text":"well played"', '"text":"I resign"')
    s3_server.client.put_object(Bucket=bucket, Key=key, Body=gzip.compress(forged.encode()))
    s3_site.service.archive.reader.forget(table.game_id)
    response = s3_site.client().get(f"/api/games/{table.game_id}/history")
    assert response.status_code == 500
    assert response.get_json()["error"]["code"] == "archive.damaged"


def test_an_archived_games_chat_is_read_only_and_keeps_its_mutes(s3_site: Site) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    client, game = s3_site.client(), f"/api/games/{table.game_id}"
    mute = {"speaker": "seat:1", "muted": True}
    muted = client.post(f"{game}/chat/mutes", json=mute, headers=table.auth(0))
    assert muted.status_code == 200
    s3_site.clock.advance(DAY)
    assert s3_site.service.archive.archive_due() == 1
    ann = s3_site.account("ann")
    assert [m["text"] for m in client.get(f"{game}/chat", headers=ann).get_json()] == ["good luck"]
    assert client.get(f"{game}/chat/mutes", headers=ann).get_json()["muted"] == ["seat:1"]
    refused = client.post(f"{game}/chat", json={"text": "rematch?"}, headers=ann)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "chat.archived"


def test_rebuilding_the_ratings_reads_archived_games(s3_site: Site) -> None:
    first = finished_game(s3_site, ["ann", "bob"])
    s3_site.clock.advance(DAY)
    assert s3_site.service.archive.archive_due() == 1
    second = finished_game(s3_site, ["bob", "ann"])
    social = s3_site.service.social
    board = s3_site.client().get("/api/ratings/toy").get_json()
    summaries = social.finished.many([first.game_id, second.game_id])
    assert summarise(s3_site.service.components, first.game_id) is None  # no longer in Redis
    assert social.rebuild() == 2
    assert social.finished.many([first.game_id, second.game_id]) == summaries
    assert s3_site.client().get("/api/ratings/toy").get_json() == board


def test_a_game_waits_in_redis_until_it_is_recorded_and_its_notifications_are_out(s3_site: Site) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    redis = s3_site.service.components.redis
    redis.zadd(keys.finished_pending(), {table.game_id: 0})
    s3_site.clock.advance(DAY)
    assert s3_site.service.archive.archive_due() == 0
    assert redis.exists(keys.meta(table.game_id))
    redis.zrem(keys.finished_pending(), table.game_id)
    s3_site.clock.advance(DAY)
    assert s3_site.service.archive.archive_due() == 1


def test_papyrus_export_lines_parse(s3_site: Site) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    header = json.loads(next(iter(s3_site.service.export(table.game_id))))
    assert header["public"] is True and header["rated"] is True and header["spectator_chat"] is True


def test_renaming_a_player_rewrites_the_archived_game_which_still_verifies(
    s3_site: Site, s3_server: S3Server, bucket: str
) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    s3_site.clock.advance(DAY)
    service = s3_site.service
    assert service.archive.archive_due() == 1
    before = service.archive.reader.entry(table.game_id)
    assert before is not None and before.accounts == ["ann", "bob"]
    assert service.archive.rename(table.game_id, {1: "Player 7f3a"}, {}, account="bob")
    after = service.archive.reader.entry(table.game_id)
    assert after is not None and after.accounts == ["ann", None] and not after.previous
    assert [p.name for p in service.meta(table.game_id).players] == ["Ann", "Player 7f3a"]
    chat = s3_site.client().get(f"/api/games/{table.game_id}/chat").get_json()
    assert [(m["name"], m["text"]) for m in chat] == [("Ann", "good luck"), ("Player 7f3a", "well played")]
    export = "\n".join(service.export(table.game_id))
    assert "Bob" not in export and verify_export(export.splitlines()).ok
    stored = s3_server.client.get_object(Bucket=bucket, Key=f"papyrus/{object_key(table.game_id)}")
    assert gzip.decompress(stored["Body"].read()).decode() == export + "\n"


def test_an_object_being_rewritten_is_read_whichever_of_the_two_a_crash_left(s3_site: Site) -> None:
    table = finished_game(s3_site, ["ann", "bob"])
    s3_site.clock.advance(DAY)
    service = s3_site.service
    assert service.archive.archive_due() == 1
    entry = service.archive.reader.entry(table.game_id)
    assert entry is not None
    catalog = service.components.archive_catalog
    catalog.put(table.game_id, msgspec.structs.replace(entry, sha256=b"\x00" * 32, previous=entry.sha256))
    service.archive.reader.forget(table.game_id)
    assert service.meta(table.game_id).players[1].name == "Bob"  # the old object, still accepted
    catalog.put(table.game_id, msgspec.structs.replace(entry, sha256=b"\x00" * 32))
    service.archive.reader.forget(table.game_id)
    assert s3_site.client().get(f"/api/games/{table.game_id}").status_code == 500


def test_rebuilding_projections_skips_archived_games_even_one_caught_between_its_two_steps(
    s3_site: Site,
) -> None:
    first, second = finished_game(s3_site, ["ann", "bob"]), finished_game(s3_site, ["bob", "ann"])
    s3_site.clock.advance(DAY)
    service = s3_site.service
    assert service.archive.archive_due() == 2
    service.components.redis.zadd(
        keys.games(), {second.game_id: 1.0}
    )  # as a worker killed before its last step
    assert rebuild_all(service.components) == 0
    assert service.view(first.game_id, None).status == "over"


def test_games_that_ended_before_archiving_was_turned_on_are_scheduled_once(
    monkeypatch: pytest.MonkeyPatch, s3_server: S3Server, bucket: str
) -> None:
    site = next(make_site(monkeypatch))
    table = finished_game(site, ["ann", "bob"])
    catalog = site.service.components.archive_catalog
    assert catalog.due_count(site.clock() + 10 * DAY) == 0, "no archive configured: nothing scheduled"
    assert catalog.fill_once(DAY) and not catalog.fill_once(DAY)
    ended = site.service.social.finished.get(table.game_id)
    assert ended is not None and catalog.due(ended.ended_at + DAY, 10) == [table.game_id]
    assert catalog.due(ended.ended_at + DAY - 1, 10) == []
