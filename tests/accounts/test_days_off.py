"""An account's days off through the API: time zone, weekend days and absences, refused with the field
named; while away the deadlines of its games move past the absence (no timeout, no stand-in), the other
players see the seat "away until", and an absence can be cancelled only before it starts."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from tests.accounts.conftest import Site
from tests.service.test_clocks import run_due_jobs
from tests.support.harness import drain

DAY = 86_400.0
URL = "/api/accounts/me/days-off"


def berlin(*parts: int) -> float:
    return dt.datetime(*parts, tzinfo=ZoneInfo("Europe/Berlin")).timestamp()  # type: ignore[misc]


def refusal(response: Any) -> tuple[int, str | None]:
    return response.status_code, response.get_json()["error"].get("field")


def timed_game(site: Site, players: list[dict[str, str]]) -> str:
    body = {
        "game": "toy",
        "seats": len(players),
        "options": {"hand": 3},
        "clock": {"preset": "custom", "per_move": DAY, "reserve": 0, "policy": "bot"},
    }
    created = site.client().post("/api/games", json=body).get_json()
    for seat, headers in enumerate(players):
        assert site.join(created["id"], headers, seat=seat, name=f"P{seat}").status_code == 201
    site.client().post(f"/api/games/{created['id']}/start", headers=players[0])
    drain(site.service, due_scheduled=False)
    return str(created["id"])


def test_the_settings_start_empty_with_the_yearly_allowance(site: Site) -> None:
    site.register("ankh")
    shown = site.client().get(URL, headers=site.login("ankh")).get_json()
    assert shown == {
        "zone": "UTC",
        "weekend": [],
        "absences": [],
        "floating": False,
        "allowance": 21,
        "spent": 0,
        "planned": 0,
        "left": 21,
    }


def test_bad_settings_are_refused_naming_the_field(site: Site) -> None:
    site.register("ankh")
    ankh = site.login("ankh")
    client = site.client()
    assert refusal(client.put(URL, json={"zone": "Mars/Olympus"}, headers=ankh)) == (400, "zone")
    assert refusal(client.put(URL, json={"weekend": [0]}, headers=ankh)) == (400, "weekend")
    assert refusal(client.put(URL, json={"weekend": [1, 2, 3, 4]}, headers=ankh)) == (400, "weekend")
    absences = "/api/accounts/me/absences"
    # the fake clock's today is 2027-01-15
    assert refusal(client.post(absences, json={"first": "2027-13-01", "last": "x"}, headers=ankh)) == (
        400,
        "first",
    )
    past = {"first": "2027-01-10", "last": "2027-01-20"}
    assert refusal(client.post(absences, json=past, headers=ankh)) == (400, "first")
    backwards = {"first": "2027-02-10", "last": "2027-02-01"}
    assert refusal(client.post(absences, json=backwards, headers=ankh)) == (400, "last")
    too_long = {"first": "2027-03-01", "last": "2027-03-22"}
    assert refusal(client.post(absences, json=too_long, headers=ankh)) == (400, "last")
    assert (
        client.post(absences, json={"first": "2027-03-01", "last": "2027-03-10"}, headers=ankh).status_code
        == 201
    )
    overlap = {"first": "2027-03-10", "last": "2027-03-12"}
    assert refusal(client.post(absences, json=overlap, headers=ankh)) == (400, "first")
    rest = {"first": "2027-04-01", "last": "2027-04-12"}
    assert refusal(client.post(absences, json=rest, headers=ankh)) == (400, "last"), "11 days are left"
    shown = client.get(URL, headers=ankh).get_json()
    assert (shown["planned"], shown["spent"], shown["left"]) == (10, 0, 11)


def test_an_absence_can_be_cancelled_until_it_starts(site: Site) -> None:
    site.register("ankh")
    ankh = site.login("ankh")
    client = site.client()
    soon = client.post(
        "/api/accounts/me/absences", json={"first": "2027-01-16", "last": "2027-01-17"}, headers=ankh
    )
    later = client.post(
        "/api/accounts/me/absences", json={"first": "2027-02-01", "last": "2027-02-02"}, headers=ankh
    )
    site.clock.advance(DAY)  # 2027-01-16: the first one started
    started = client.delete(f"/api/accounts/me/absences/{soon.get_json()['id']}", headers=ankh)
    assert (started.status_code, started.get_json()["error"]["code"]) == (409, "absence.started")
    cancelled = client.delete(f"/api/accounts/me/absences/{later.get_json()['id']}", headers=ankh)
    assert cancelled.status_code == 200
    shown = cancelled.get_json()
    assert [away["first"] for away in shown["absences"]] == ["2027-01-16"]
    assert (shown["spent"], shown["planned"]) == (1, 1), "only the days reached are spent"
    unknown = client.delete("/api/accounts/me/absences/nope", headers=ankh)
    assert unknown.status_code == 404


def test_while_away_no_deadline_passes_and_the_others_see_the_seat_away(site: Site) -> None:
    site.register("ankh")
    site.register("bes")
    ankh, bes = site.login("ankh"), site.login("bes")
    game_id = timed_game(site, [ankh, bes])
    view = site.service.view(game_id, None)
    acting, away_player = 0, ankh
    start = site.clock.now  # Friday 2027-01-15 09:00 in Berlin
    assert view.clocks[acting].deadline == start + DAY
    client = site.client()
    assert client.put(URL, json={"zone": "Europe/Berlin"}, headers=away_player).status_code == 200
    away = {"first": "2027-01-16", "last": "2027-01-18"}
    assert client.post("/api/accounts/me/absences", json=away, headers=away_player).status_code == 201
    drain(site.service, due_scheduled=False)
    view = site.service.view(game_id, None)
    assert view.clocks[acting].deadline == berlin(2027, 1, 19, 9), "15 h on Friday, 9 on Tuesday"
    site.clock.advance(DAY + 60)  # Saturday, past the deadline the game had without the absence
    run_due_jobs(site.service, site.clock)
    view = site.service.view(game_id, None)
    assert view.table.stand_in == [1], "the other seat timed out"
    assert acting in view.to_act, "no timeout, no stand-in while away"
    assert [(seat.seat, seat.until) for seat in view.away] == [(acting, "2027-01-18")]
    assert not view.clocks[acting].running
    site.clock.now = berlin(2027, 1, 19, 9) + 1
    run_due_jobs(site.service, site.clock)
    assert acting in site.service.view(game_id, None).table.stand_in, "the clock ran on after the absence"


def test_floating_vacation_spends_an_hour_instead_of_timing_out(site: Site) -> None:
    site.register("ankh")
    site.register("bes")
    ankh, bes = site.login("ankh"), site.login("bes")
    client = site.client()
    assert client.put(URL, json={"floating": True}, headers=ankh).status_code == 200
    game_id = timed_game(site, [ankh, bes])
    deadline = site.service.view(game_id, None).clocks[0].deadline
    assert deadline is not None
    site.clock.now = deadline + 1
    run_due_jobs(site.service, site.clock)
    view = site.service.view(game_id, None)
    assert 0 not in view.table.stand_in and 1 in view.table.stand_in, "only the seat without vacation"
    assert view.clocks[0].deadline == deadline + 3_600
    shown = client.get(URL, headers=ankh).get_json()
    assert shown["spent"] == round(1 / 24, 3) and shown["left"] == round(21 - 1 / 24, 3)
