"""A player's own data reaches archived games: the account's data export holds their games and chat, and
erasing the account renames it in the object of every archived game it sat in or wrote in the spectators'
chat of (never its login or name left, every export verified, the catalog forgetting the account), while
a game still in Redis is archived later with the pseudonym."""

from __future__ import annotations

import gzip
from collections.abc import Iterator

import pytest

from services.archive.layout import object_key
from services.audit.verify import verify_export
from tests.social.conftest import PASSWORD, Site, Table, make_site
from tests.support.harness import drain
from tests.support.s3_server import S3Server

DAY = 86_400.0
LOGIN = "nefertari-of-abydos"  # shown as "Nefertari-of-abydos"


@pytest.fixture
def s3_site(monkeypatch: pytest.MonkeyPatch, s3_server: S3Server, bucket: str) -> Iterator[Site]:
    yield from make_site(
        monkeypatch, archive_url=f"s3://{bucket}/papyrus/", archive_endpoint=s3_server.endpoint
    )


def finished_game(site: Site, players: list[str], spectator: str | None = None) -> Table:
    """A toy game these accounts played to the end, each seat and the ``spectator`` saying something."""
    table = site.table(players)
    chat = f"/api/games/{table.game_id}/chat"
    for seat in range(len(players)):
        said = site.client().post(chat, json={"text": f"hi from {seat}"}, headers=table.auth(seat))
        assert said.status_code == 201, said.get_json()
    if spectator is not None:
        said = site.client().post(chat, json={"text": "go on"}, headers=site.account(spectator))
        assert said.status_code == 201 and said.get_json()["channel"] == "spectators", said.get_json()
    site.play_out(table)
    drain(site.service)
    return table


def assert_pseudonymised(export: str, pseudonym: str) -> None:
    assert LOGIN not in export.lower()
    assert pseudonym in export
    report = verify_export(export.splitlines())
    assert report.ok, report


def every_export(site: Site, s3_server: S3Server, bucket: str, game_ids: list[str]) -> dict[str, str]:
    """Each game's export as the API answers it and, for an archived one, its object as stored."""
    found = {}
    for game_id in game_ids:
        found[f"{game_id} answered"] = (
            site.client().get(f"/api/games/{game_id}/export").get_data(as_text=True)
        )
        if site.service.archive.reader.entry(game_id) is not None:
            stored = s3_server.client.get_object(Bucket=bucket, Key=f"papyrus/{object_key(game_id)}")
            found[f"{game_id} stored"] = gzip.decompress(stored["Body"].read()).decode()
    return found


def test_the_data_export_holds_archived_games_and_their_chat(s3_site: Site) -> None:
    login = s3_site.account(LOGIN)
    seated = finished_game(s3_site, [LOGIN, "bob"])
    watched = finished_game(s3_site, ["bob", "cleo"], spectator=LOGIN)
    s3_site.clock.advance(DAY)
    assert s3_site.service.archive.archive_due() == 2
    data = s3_site.client().get("/api/accounts/me/data", headers=login).get_json()
    assert [(game["id"], game["seat"], game["status"]) for game in data["games"]] == [
        (seated.game_id, 0, "over")
    ]
    assert [(m["text"], m["name"]) for m in data["chat"]] == [
        ("hi from 0", "Nefertari-of-abydos"),
        ("go on", "Nefertari-of-abydos"),
    ]
    assert watched.game_id not in [game["id"] for game in data["games"]]


def test_erasure_renames_the_account_in_archived_games_and_in_games_archived_after(
    s3_site: Site, s3_server: S3Server, bucket: str
) -> None:
    service, client = s3_site.service, s3_site.client()
    login = s3_site.account(LOGIN)
    seated = finished_game(s3_site, [LOGIN, "bob"])
    watched = finished_game(s3_site, ["bob", "cleo"], spectator=LOGIN)
    s3_site.clock.advance(DAY)
    assert service.archive.archive_due() == 2
    recent = finished_game(s3_site, ["cleo", LOGIN])  # still in Redis
    games = [seated.game_id, watched.game_id, recent.game_id]

    erased = client.delete("/api/accounts/me", json={"password": PASSWORD}, headers=login)
    assert erased.status_code == 200, erased.get_json()
    pseudonym = erased.get_json()["pseudonym"]

    exports = every_export(s3_site, s3_server, bucket, games)
    assert len(exports) == 5
    for export in exports.values():
        assert_pseudonymised(export, pseudonym)
    for game_id in (seated.game_id, watched.game_id):
        entry = service.archive.reader.entry(game_id)
        assert entry is not None and LOGIN not in entry.accounts and not entry.previous
    players = client.get(f"/api/games/{seated.game_id}").get_json()["players"]
    assert [player["name"] for player in players] == [pseudonym, "Bob"]
    chat = client.get(f"/api/games/{watched.game_id}/chat").get_json()
    assert [m["name"] for m in chat] == ["Bob", "Cleo", pseudonym]

    s3_site.clock.advance(DAY)
    assert service.archive.archive_due() == 1
    exports = every_export(s3_site, s3_server, bucket, games)
    assert len(exports) == 6
    for export in exports.values():
        assert_pseudonymised(export, pseudonym)

    assert [key for key in service.components.redis.scan_iter() if LOGIN.encode() in key.lower()] == []
    assert client.get("/api/accounts/me/data", headers=login).status_code == 401
    assert client.get("/api/players/Nefertari-of-abydos").status_code == 404
    assert client.get(f"/api/archive?player={LOGIN}").get_json()["total"] == 0
    bob = client.get("/api/players/Bob").get_json()
    assert {p["name"] for game in bob["recent"] for p in game["players"]} == {"Bob", "Cleo", pseudonym}
    summaries = service.social.finished.many(games)
    assert service.social.rebuild() == 3  # from the archived objects and their catalog entries
    assert service.social.finished.many(games) == summaries
    # a new account of that name inherits nothing of the erased one
    s3_site.logins.pop(LOGIN)
    again = client.get("/api/accounts/me/data", headers=s3_site.account(LOGIN)).get_json()
    assert again["games"] == [] and again["chat"] == [] and again["ratings"] == {}


ARCHIVING_STEPS = ["after its export", "after its object is written", "before its delete", "after its delete"]


@pytest.mark.parametrize("step", ARCHIVING_STEPS)
def test_an_erasure_while_the_game_is_archived_leaves_no_name_and_no_stray_key(
    s3_site: Site, s3_server: S3Server, bucket: str, step: str
) -> None:
    service = s3_site.service
    table = finished_game(s3_site, [LOGIN, "bob"])
    catalog, erased = service.components.archive_catalog, []

    def erase() -> None:
        if not erased:
            erased.append(service.own_data.erase(LOGIN))

    method = {
        "after its export": "fingerprint",
        "after its object is written": "put",
        "before its delete": "delete_game",
        "after its delete": "delete_game",
    }[step]
    original = getattr(catalog, method)

    def interrupted(*args: object) -> object:
        if step.startswith("after"):
            answer = original(*args)
            erase()
            return answer
        erase()
        return original(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalog, method, interrupted)
        s3_site.clock.advance(DAY)
        service.archive.archive_due()
    assert erased
    s3_site.clock.advance(DAY)
    service.archive.archive_due()  # the game that changed while it was archived is archived now
    assert service.archive.reader.entry(table.game_id) is not None
    assert sorted(service.components.redis.scan_iter(match=f"*{{game:{table.game_id}}}*")) == []
    exports = every_export(s3_site, s3_server, bucket, [table.game_id])
    assert len(exports) == 2
    for export in exports.values():
        assert_pseudonymised(export, erased[0])
