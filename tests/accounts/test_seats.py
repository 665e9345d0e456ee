"""Seats held by accounts: joining binds the seat, the account then acts for it; one seat per account and
per seat; private games by invitation; leaving an open game; "my games" with my turn first."""

from __future__ import annotations

from typing import Any

from tests.accounts.conftest import Site


def play_card(site: Site, game_id: str, headers: dict[str, str], command_id: str) -> Any:
    seat = next(
        g
        for g in site.client().get("/api/accounts/me/games", headers=headers).get_json()
        if g["id"] == game_id
    )["seat"]
    view = site.client().get(f"/api/games/{game_id}/seats/{seat}/view", headers=headers).get_json()
    body = {"command_id": command_id, "command": view["view"]["legal"][0]}
    return site.client().post(f"/api/games/{game_id}/commands", json=body, headers=headers)


def test_joining_while_logged_in_binds_the_seat_to_the_account(site: Site) -> None:
    site.register("khafre")
    khafre = site.login("khafre")
    game = site.new_game()
    joined = site.join(game["id"], khafre, name="Khafre")
    assert joined.status_code == 201
    players = site.client().get(f"/api/games/{game['id']}").get_json()["players"]
    assert players == [{"seat": 0, "name": "Khafre", "bot": False}]  # the login name is never shown
    another_login = site.login("khafre")
    view = site.client().get(f"/api/games/{game['id']}/seats/0/view", headers=another_login)
    assert view.status_code == 200


def test_a_seat_cannot_be_taken_twice(site: Site) -> None:
    site.register("tut")
    site.register("aye")
    tut, aye = site.login("tut"), site.login("aye")
    game = site.new_game(seats=3)
    assert site.join(game["id"], tut, seat=0).status_code == 201
    taken = site.join(game["id"], aye, seat=0)
    assert (taken.status_code, taken.get_json()["error"]["code"]) == (409, "seat.taken")
    anonymous = site.join(game["id"], {}, seat=0)
    assert anonymous.status_code == 409
    twice = site.join(game["id"], tut)
    assert (twice.status_code, twice.get_json()["error"]["code"]) == (409, "seat.already_yours")
    assert [p.seat for p in site.service.meta(game["id"]).players] == [0]


def test_a_player_cannot_act_in_a_game_they_have_not_joined(site: Site) -> None:
    site.register("narmer")
    site.register("outsider")
    narmer, outsider = site.login("narmer"), site.login("outsider")
    game = site.new_game()
    site.join(game["id"], narmer)
    site.client().post(f"/api/games/{game['id']}/start", json={"fill_with_bots": True}, headers=narmer)
    site.settle()
    command = {"command_id": "sneaky", "command": {"type": "toy.play_card", "card": 1}}
    url = f"/api/games/{game['id']}/commands"
    refused = site.client().post(url, json=command, headers=outsider)
    assert (refused.status_code, refused.get_json()["error"]["code"]) == (403, "not_joined")
    assert site.client().post(url, json=command).status_code == 401
    other = site.new_game()
    other_token = site.join(other["id"], {}).get_json()["token"]
    foreign = site.client().post(url, json=command, headers={"Authorization": f"Bearer {other_token}"})
    assert foreign.status_code == 401
    assert site.client().get(f"/api/games/{game['id']}/seats/1/view", headers=outsider).status_code == 403
    submitted = [command.command_id for _, command in site.service.components.inbox.all(game["id"])]
    assert not [command_id for command_id in submitted if "sneaky" in command_id]


def test_a_private_game_is_joined_only_with_its_invitation(site: Site) -> None:
    site.register("imhotep")
    imhotep = site.login("imhotep")
    game = site.new_game(public=False)
    code = game["invite"]
    assert "invite" not in site.client().get(f"/api/games/{game['id']}").get_json()
    assert site.client().get("/api/games").get_json() == []
    refused = site.join(game["id"], imhotep)
    assert (refused.status_code, refused.get_json()["error"]["field"]) == (403, "invite")
    assert site.join(game["id"], imhotep, invite="wrong-code").status_code == 403
    assert site.client().get(f"/api/invites/{code}").get_json()["id"] == game["id"]
    joined = site.client().post(f"/api/invites/{code}/seats", json={}, headers=imhotep)
    assert joined.status_code == 201
    shown = site.service.meta(game["id"]).players[0].name  # the display name, not the login name
    assert shown == site.service.accounts.display_name("imhotep") != "imhotep"
    shared = site.client().get(f"/api/games/{game['id']}/invite", headers=imhotep).get_json()
    assert shared == {"invite": code, "url": f"/api/invites/{code}"}
    by_code = site.join(game["id"], {}, name="friend", invite=code)
    assert by_code.status_code == 201
    assert site.client().post("/api/invites/nope/seats", json={"name": "x"}).status_code == 404


def test_a_player_may_leave_a_game_that_has_not_started(site: Site) -> None:
    site.register("userkaf")
    userkaf = site.login("userkaf")
    game = site.new_game()
    seat_token = site.join(game["id"], userkaf).get_json()["token"]
    left = site.client().delete(f"/api/games/{game['id']}/seats/0", headers=userkaf)
    assert (left.status_code, left.get_json()["players"]) == (200, [])
    assert site.client().get("/api/accounts/me/games", headers=userkaf).get_json() == []
    stale = {"Authorization": f"Bearer {seat_token}"}
    assert site.client().get(f"/api/games/{game['id']}/seats/0/view", headers=stale).status_code == 401
    assert game["id"] in [g["id"] for g in site.client().get("/api/games").get_json()]
    assert site.join(game["id"], userkaf).status_code == 201
    site.client().post(f"/api/games/{game['id']}/start", json={"fill_with_bots": True}, headers=userkaf)
    too_late = site.client().delete(f"/api/games/{game['id']}/seats/0", headers=userkaf)
    assert (too_late.status_code, too_late.get_json()["error"]["code"]) == (409, "game.started")


def test_my_games_list_the_ones_where_it_is_my_turn_first(site: Site) -> None:
    site.register("sahure")
    sahure = site.login("sahure")
    games = [site.new_game() for _ in range(3)]
    for game in games:
        site.join(game["id"], sahure)
        site.join(game["id"], {}, name="partner")
    for game in games[:2]:
        site.client().post(f"/api/games/{game['id']}/start", headers=sahure)
    site.settle()
    assert play_card(site, games[0]["id"], sahure, "first").status_code == 202
    site.settle()
    listed = site.client().get("/api/accounts/me/games", headers=sahure).get_json()
    assert [(g["id"], g["your_turn"], g["status"]) for g in listed] == [
        (games[1]["id"], True, "running"),
        (games[0]["id"], False, "running"),
        (games[2]["id"], False, "open"),
    ]


def test_only_the_player_who_created_a_game_starts_it(site: Site) -> None:
    site.register("djoser")
    site.register("guest")
    djoser, guest = site.login("djoser"), site.login("guest")
    body = {"game": "toy", "seats": 3, "options": {"hand": 2}}
    game = site.client().post("/api/games", json=body, headers=djoser).get_json()
    assert site.join(game["id"], guest, name="Guest").status_code == 201  # the guest sits first
    assert site.join(game["id"], djoser, name="Djoser").status_code == 201
    assert site.client().get(f"/api/games/{game['id']}").get_json()["host"] == 1
    start = f"/api/games/{game['id']}/start"
    refused = site.client().post(
        start, json={"fill_with_bots": True}, headers={**guest, "Accept-Language": "de-DE"}
    )
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "game.not_creator"
    assert refused.get_json()["error"]["message"] == "Nur wer dieses Spiel erstellt hat, kann es starten."
    assert site.service.meta(game["id"]).status == "open"
    started = site.client().post(start, json={"fill_with_bots": True}, headers=djoser)
    assert started.status_code == 200 and started.get_json()["status"] == "running"


def test_once_the_creator_leaves_any_seated_player_starts(site: Site) -> None:
    site.register("sneferu")
    site.register("visitor")
    sneferu, visitor = site.login("sneferu"), site.login("visitor")
    body = {"game": "toy", "seats": 2, "options": {"hand": 2}}
    game = site.client().post("/api/games", json=body, headers=sneferu).get_json()
    site.join(game["id"], sneferu, name="Sneferu")
    site.join(game["id"], visitor, name="Visitor")
    assert site.client().delete(f"/api/games/{game['id']}/seats/0", headers=sneferu).status_code == 200
    assert "host" not in site.client().get(f"/api/games/{game['id']}").get_json()
    started = site.client().post(
        f"/api/games/{game['id']}/start", json={"fill_with_bots": True}, headers=visitor
    )
    assert started.status_code == 200


def test_a_refused_seat_says_why_in_the_readers_language(site: Site) -> None:
    game = site.new_game(seats=2)
    for name in ("sneferu", "khaba"):
        site.register(name)
        assert site.join(game["id"], site.login(name), name=name).status_code == 201
    site.register("huni")
    huni = site.login("huni")
    said = {}
    for language in ("en", "de", "ja"):
        full = site.join(game["id"], {**huni, "Accept-Language": language}, name="huni")
        assert (full.status_code, full.get_json()["error"]["code"]) == (409, "game.full")
        said[language] = full.get_json()["error"]["message"]
    assert said == {
        "en": "Every seat of this game is taken.",
        "de": "Alle Plätze dieser Partie sind besetzt.",
        "ja": "このゲームの席はすべて埋まっています。",
    }
    unknown = site.client().post(
        "/api/invites/nope/seats", json={"name": "x"}, headers={"Accept-Language": "de"}
    )
    assert unknown.get_json()["error"]["message"] == "Keine Partie hat diesen Einladungscode."
