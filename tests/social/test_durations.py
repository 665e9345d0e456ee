"""The lobby's estimate of how long a game takes: the median and the 90th percentile of the finished games
with the same game, player count and clock, from their start to their end, once three of them ended; "no
estimate yet" (null) before, and none carried over from other settings."""

from __future__ import annotations

from services.inputs import TableTerms
from tests.social.conftest import Site

HOUR = 3_600.0


def lobby_estimate(site: Site, game_id: str) -> object:
    listed = site.client().get("/api/games").get_json()
    return next(game for game in listed if game["id"] == game_id).get("estimate")


def test_the_lobby_estimates_from_finished_games_with_the_same_settings(site: Site) -> None:
    for hours in (1, 2):
        table = site.table(["ann", "bob"], clock={"preset": "slow"})
        site.clock.advance(hours * HOUR)
        site.play_out(table)
    waiting = site.service.create_game("toy", 2, {"hand": 2}, terms=TableTerms(clock={"preset": "slow"}))
    assert lobby_estimate(site, waiting.id) is None, "two games are too few"
    for hours in (3, 4):
        table = site.table(["ann", "bob"], clock={"preset": "slow"})
        site.clock.advance(hours * HOUR)
        site.play_out(table)
    estimate = lobby_estimate(site, waiting.id)
    assert estimate == {"median": 2 * HOUR, "p90": 4 * HOUR, "games": 4}
    assert site.client().get(f"/api/games/{waiting.id}").get_json()["estimate"] == estimate
    other_clock = site.service.create_game("toy", 2, {"hand": 2}, terms=TableTerms(clock={"preset": "fast"}))
    three_seats = site.service.create_game("toy", 3, {"hand": 2}, terms=TableTerms(clock={"preset": "slow"}))
    assert lobby_estimate(site, other_clock.id) is None
    assert lobby_estimate(site, three_seats.id) is None
