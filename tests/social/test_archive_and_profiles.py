"""The archive of finished games (per game, per player, by date and number of players, a page at a time) and
players' profiles (record per game, current and recent games, settings)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest

from services import keys
from services.results import GameMeta, Player
from services.social.standing import PLAYED, RESIGNED, TIMED_OUT, seat_fates
from services.store.event_store import NewEvent
from services.store.records import CommandRecord, EventRecord, OutcomeRecord
from tests.social.conftest import PASSWORD, Site

DAY = 86_400  # the fake clock starts on 2027-01-15 at 08:00 UTC


def _season(site: Site) -> dict[str, str]:
    """Finished games on 15, 16, 17 and 18 January, and a running one."""
    ids = {}
    for label, names in (
        ("jan15", ["ann", "bob"]),
        ("jan16", ["bob", "cai", "dee"]),
        ("jan17", ["dee", "cai", "bob", "ann"]),
        ("jan18", ["cai", "ann"]),
    ):
        table = site.table(names)
        site.play_out(table)
        ids[label] = table.game_id
        site.clock.advance(DAY)
    ids["running"] = site.table(["ann", "dee"]).game_id
    return ids


def archive(site: Site, query: str = "") -> dict[str, Any]:
    response = site.client().get(f"/api/archive?{query}")
    assert response.status_code == 200, response.get_json()
    page: dict[str, Any] = response.get_json()
    return page


def labels(page: dict[str, Any], ids: dict[str, str]) -> list[str]:
    by_id = {game_id: label for label, game_id in ids.items()}
    return [by_id[game["id"]] for game in page["games"]]


def test_the_archive_lists_finished_games_newest_first_with_their_final_places(site: Site) -> None:
    ids = _season(site)
    page = archive(site)
    assert labels(page, ids) == ["jan18", "jan17", "jan16", "jan15"] and page["total"] == 4
    first = page["games"][-1]
    assert sorted(p["place"] for p in first["players"]) == [1, 2]
    assert archive(site, "game=toy")["total"] == 4


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("player=ann", ["jan18", "jan17", "jan15"]),
        ("player=ANN", ["jan18", "jan17", "jan15"]),
        ("players=3", ["jan16"]),
        ("player=bob&players=2", ["jan15"]),
        ("since=2027-01-16&until=2027-01-17", ["jan17", "jan16"]),
        ("until=2027-01-15", ["jan15"]),
        ("since=2027-01-18&player=cai", ["jan18"]),
        ("player=nobody", []),
    ],
)
def test_the_archive_filters(site: Site, query: str, expected: list[str]) -> None:
    ids = _season(site)
    assert labels(archive(site, query), ids) == expected


def test_the_archive_pages(site: Site) -> None:
    ids = _season(site)
    pages = [archive(site, f"per_page=3&page={n}") for n in (1, 2, 3)]
    assert [labels(page, ids) for page in pages] == [["jan18", "jan17", "jan16"], ["jan15"], []]
    assert {page["total"] for page in pages} == {4}


@pytest.mark.parametrize(
    ("query", "status", "field"),
    [
        ("since=15/01/2027", 400, "since"),
        ("until=2027-13-01", 400, "until"),
        ("players=0", 400, "players"),
        ("page=0", 400, "page"),
        ("per_page=500", 400, "per_page"),
        ("game=chess", 404, "game"),
    ],
)
def test_bad_archive_filters_are_refused_naming_them(site: Site, query: str, status: int, field: str) -> None:
    response = site.client().get(f"/api/archive?{query}")
    assert response.status_code == status
    assert response.get_json()["error"]["field"] == field


def test_a_finished_game_opens_on_its_final_board_with_its_export(site: Site) -> None:
    ids = _season(site)
    game = archive(site, "player=cai")["games"][0]
    page = site.client().get(f"/games/{game['id']}/history")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'id="version-slider"' in html and f"/api/games/{game['id']}/export" in html
    assert ids["jan18"] == game["id"]
    final = site.client().get(f"/api/games/{game['id']}/view").get_json()
    assert final["version"] == game["version"] and final["status"] == "over"


def _record(profile: dict[str, Any], game: str = "toy") -> dict[str, Any]:
    found: dict[str, Any] = next(r for r in profile["games"] if r["game"] == game)
    return found


def test_a_profile_counts_games_played_won_and_shows_current_and_recent_games(site: Site) -> None:
    ids = _season(site)
    profile = site.client().get("/api/players/ann").get_json()
    finished = site.service.social.finished.many([ids["jan15"], ids["jan17"], ids["jan18"]])
    wins = sum(1 for g in finished for p in g.players if p.account == "ann" and p.place == 1)
    assert profile["display_name"] == "Ann" and '"ann"' not in json.dumps(profile)  # no login name shown
    assert profile["member_since"] == pytest.approx(1_800_000_000.0)
    assert _record(profile) | {"rating": None} == {
        "game": "toy",
        "title": "Toy",
        "played": 3,
        "won": wins,
        "resigned": 0,
        "timed_out": 0,
        "abandoned": 0,
        "rating": None,
    }
    assert _record(profile)["rating"]["games"] == 3
    assert {r["game"] for r in profile["games"]} >= {"egizia", "giza", "sobek"}
    assert _record(profile, "egizia")["played"] == 0 and _record(profile, "egizia")["rating"] is None
    assert [g["id"] for g in profile["current"]] == [ids["running"]]
    assert [g["id"] for g in profile["recent"]] == [ids["jan18"], ids["jan17"], ids["jan15"]]


def test_a_profile_counts_a_timed_out_game(timed_site: Site) -> None:
    """Bob's first move timed out (the clock played it for him) and he played on: it counts as timed out,
    and he won or lost by his score."""
    site = timed_site
    table = site.table(["ann", "bob"])
    site.play_out(table, skip=1)
    bob = _record(site.client().get("/api/players/bob").get_json())
    ann = _record(site.client().get("/api/players/ann").get_json())
    result = site.service.view(table.game_id, None).result
    assert result is not None
    assert (bob["played"], bob["won"], bob["timed_out"]) == (1, int(result.places[1] == 1), 1)
    assert (ann["played"], ann["won"], ann["timed_out"]) == (1, int(result.places[0] == 1), 0)


def test_an_unknown_player_has_no_profile(site: Site) -> None:
    response = site.client().get("/api/players/nobody")
    assert response.status_code == 404 and response.get_json()["error"]["field"] == "name"


def test_a_player_changes_the_display_name_and_markup_stays_text(site: Site) -> None:
    headers = site.account("ann")
    path = "/api/accounts/me/profile"
    assert site.client().get(path, headers=headers).get_json() == {"display_name": "Ann"}
    changed = site.client().put(path, json={"display_name": " <b>Ann</b> & co "}, headers=headers)
    assert changed.status_code == 200 and changed.get_json() == {"display_name": "<b>Ann</b> & co"}
    shown = site.client().get(f"/api/players/{quote('<B>ANN</B> & CO')}").get_json()  # any letter case
    assert shown["display_name"] == "<b>Ann</b> & co"
    renamed = site.client().get("/api/players/Ann")  # a link to the old name finds the player still
    assert renamed.status_code == 200 and renamed.get_json()["display_name"] == "<b>Ann</b> & co"
    site.account("bob")
    taken = site.client().put(path, json={"display_name": "BOB"}, headers=headers)
    assert taken.status_code == 409 and taken.get_json()["error"]["field"] == "display_name"
    assert site.client().put(path, json={"display_name": "Ann"}, headers=headers).status_code == 200
    assert site.client().get("/api/players/ann").get_json()["display_name"] == "Ann"
    for bad in ("", "   ", "x" * 41, "tab\there", "zero\u200bwidth"):
        refused = site.client().put(path, json={"display_name": bad}, headers=headers)
        assert refused.status_code == 400 and refused.get_json()["error"]["field"] == "display_name"
    unknown = site.client().put(path, json={"display_name": "x", "email": "a@b"}, headers=headers)
    assert unknown.status_code == 400
    assert site.client().put(path, json={"display_name": "Ann"}).status_code == 401
    assert site.client().get(path).status_code == 401


def test_links_to_a_former_name_find_the_player_until_another_takes_it(site: Site) -> None:
    renamer = site.account("nebet")
    site.client().put("/api/accounts/me/profile", json={"display_name": "Neith"}, headers=renamer)
    assert site.client().get("/api/players/nebet").get_json()["display_name"] == "Neith"
    assert site.client().get("/api/archive?player=nebet").status_code == 200
    other = site.account("someone")
    site.client().put("/api/accounts/me/profile", json={"display_name": "Nebet"}, headers=other)
    assert site.client().get("/api/players/nebet").get_json()["display_name"] == "Nebet"
    erased = site.client().delete("/api/accounts/me", json={"password": PASSWORD}, headers=renamer)
    assert erased.status_code == 200
    assert not site.service.components.redis.exists(keys.former_display_name("nebet")), (
        "erased: no former name"
    )


def test_a_players_public_id_outlives_renames_and_a_taken_former_name(site: Site) -> None:
    renamer = site.account("hatshepsut")
    first = site.client().get("/api/players/hatshepsut").get_json()["id"]
    assert first.isalnum() and "hatshepsut" not in first
    site.client().put("/api/accounts/me/profile", json={"display_name": "Maatkare"}, headers=renamer)
    other = site.account("usurper")
    site.client().put("/api/accounts/me/profile", json={"display_name": "Hatshepsut"}, headers=other)
    by_id = site.client().get(f"/api/profiles/{first}").get_json()
    assert by_id["display_name"] == "Maatkare" and by_id["id"] == first
    assert site.client().get("/api/players/hatshepsut").get_json()["id"] != first  # the name is another's now
    page = site.client().get("/players/Maatkare")  # a link by name: to the lasting address
    assert page.status_code == 302 and page.headers["Location"].endswith(f"/profiles/{first}")
    shown = site.client().get(f"/profiles/{first}").get_data(as_text=True)
    assert "Maatkare" in shown
    assert site.client().get("/api/profiles/nosuchid99").status_code == 404
    assert site.client().get("/players/nobody-at-all").status_code == 404
    own = site.client().get("/profile", headers=renamer)  # the header's link: one's own lasting address
    assert own.status_code == 302 and own.headers["Location"].endswith(f"/profiles/{first}")
    assert site.client().get("/profile").headers["Location"].endswith("/login")
    erased = site.client().delete("/api/accounts/me", json={"password": PASSWORD}, headers=renamer)
    assert erased.status_code == 200
    assert site.client().get(f"/api/profiles/{first}").status_code == 404
    assert site.client().get(f"/profiles/{first}").status_code == 404


def test_a_spectator_talks_under_the_display_name(site: Site) -> None:
    headers = site.account("cleo")
    site.client().put("/api/accounts/me/profile", json={"display_name": "Cleo <3"}, headers=headers)
    table = site.table(["ann", "bob"])
    posted = site.client().post(f"/api/games/{table.game_id}/chat", json={"text": "hi"}, headers=headers)
    assert posted.get_json()["name"] == "Cleo <3"
    board_names = site.client().get("/api/ratings/toy").get_json()["entries"]
    assert board_names == []


def _meta(seats: int, players: list[Player] | None = None) -> GameMeta:
    return GameMeta(
        id="g",
        game="toy",
        seats=seats,
        options={},
        public=True,
        created_at=0.0,
        status="over",
        players=players or [],
    )


def _event(seq: int, type_: str, data: dict[str, Any]) -> EventRecord:
    return EventRecord(
        seq=seq,
        type=type_,
        schema_version=1,
        at="",
        actor="system",
        command_id=None,
        data=data,
        prev_hash="",
        hash="",
    )


def test_a_seats_fate_says_whether_it_resigned_or_timed_out() -> None:
    """The table's resignations (services/table/) and the moves the timeout played: a resignation is
    ``resigned``, a forfeit on time ``timed_out``, a move the timeout played ``timed_out`` (places are the
    table's standings: tests/unit/test_standings.py)."""
    records = [
        _event(1, "toy.card_played", {"seat": 0}),
        _event(2, "papyrus.resigned", {"seat": 2, "reason": "resigned"}),
    ]
    timeout = CommandRecord(command_id="t", seat=1, actor="timeout", command={}, expected_version=None, at="")
    refused = CommandRecord(command_id="r", seat=3, actor="timeout", command={}, expected_version=None, at="")
    outcomes = {
        "t": OutcomeRecord(command_id="t", seat=1, status="accepted", version=3),
        "r": OutcomeRecord(command_id="r", seat=3, status="rejected", version=3),
    }
    fates = seat_fates(_meta(4), records, [("1-0", timeout), ("2-0", refused)], outcomes)
    assert fates == [PLAYED, TIMED_OUT, RESIGNED, PLAYED]
    later = [
        *records,
        _event(3, "papyrus.resigned", {"seat": 2, "reason": "forfeit"}),
        _event(4, "papyrus.resigned", {"seat": 3, "reason": "forfeit"}),
    ]
    assert seat_fates(_meta(4), later, [], {}) == [PLAYED, PLAYED, RESIGNED, TIMED_OUT]


def test_private_games_count_on_profiles_but_are_listed_nowhere(site: Site) -> None:
    private = site.table(["ann", "bob"], public=False)
    site.play_out(private)
    running = site.table(["ann", "bob"], public=False)
    assert archive(site)["total"] == 0 and archive(site, "player=ann")["games"] == []
    profile = site.client().get("/api/players/ann").get_json()
    assert _record(profile)["played"] == 1
    assert profile["recent"] == [] and profile["current"] == []
    assert running.game_id not in str(profile) and private.game_id not in str(profile)


def test_a_resigned_seat_recorded_in_the_log_counts_as_resigned_and_last(site: Site) -> None:
    """A ``papyrus.resigned`` fact in a finished game's log (what the table's resign command writes) makes the
    seat last and counts as resigned once the standing is rebuilt."""
    table = site.table(["ann", "bob", "cai"])
    site.play_out(table)
    store = site.service.components.store
    head = store.head(table.game_id)
    resigned = [NewEvent(type="papyrus.resigned", data={"seat": 0, "reason": "resigned"})]
    store.append(table.game_id, head, store.build(head, resigned, "system", None))
    site.service.social.rebuild()
    summary = site.service.social.finished.get(table.game_id)
    assert summary is not None
    assert (summary.players[0].fate, summary.players[0].place) == ("resigned", 3)
    assert sorted(p.place for p in summary.players[1:]) == [1, 2]
    ann = _record(site.client().get("/api/players/ann").get_json())
    assert (ann["played"], ann["won"], ann["resigned"], ann["timed_out"], ann["abandoned"]) == (1, 0, 1, 0, 0)
