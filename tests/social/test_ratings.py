"""Ratings: openskill's numbers for known 2-, 3- and 4-player results, who is rated, a seat whose move the
clock played rated by its place, and the table rebuilt from the logs equal to the one the jobs built."""

from __future__ import annotations

import argparse
import math

import pytest
from openskill.models import PlackettLuce

from papyrus.commands import rebuild_ratings
from services.inputs import Requester
from services.social.rating_math import Rating, fresh, rate
from tests.social.conftest import Site, Table
from tests.support.harness import drain
from workers import context

# openskill 6.2.0, Plackett-Luce with its defaults (mu 25, sigma 25/3), everyone new, places 1..n:
# (mu, sigma) by place.
KNOWN = {
    2: [(27.635389, 8.065901), (22.364611, 8.065901)],
    3: [(27.869049, 8.205243), (25.717262, 8.058224), (21.413689, 8.058224)],
    4: [(27.795253, 8.263572), (26.552918, 8.179618), (24.689416, 8.084128), (20.962413, 8.084128)],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rating_math_moves_as_openskill_says(players: int) -> None:
    rated = rate([fresh(f"p{n}") for n in range(players)], list(range(1, players + 1)))
    assert [(r.mu, r.sigma) for r in rated] == [pytest.approx(known, abs=1e-6) for known in KNOWN[players]]
    assert all(r.games == 1 for r in rated)


def test_the_two_player_winner_gains_what_plackett_luce_gives_by_hand() -> None:
    """Weng-Lin's Plackett-Luce update, with openskill's default dynamics (tau = 25/300 added to sigma
    before the game): each of two equal players had a 1/2 chance of winning."""
    sigma, tau = 25 / 3, 25 / 300
    variance = sigma**2 + tau**2
    beta = sigma / 2
    c = math.sqrt(2 * variance + 2 * beta**2)
    winner, loser = rate([fresh("a"), fresh("b")], [1, 2])
    assert winner.mu == pytest.approx(25 + variance / c * 0.5, abs=1e-9)
    assert loser.mu == pytest.approx(25 - variance / c * 0.5, abs=1e-9)


def _places(site: Site, table: Table) -> dict[str, int]:
    summary = site.service.social.finished.get(table.game_id)
    assert summary is not None
    return {p.account or "": p.place for p in summary.players}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_game_moves_its_players_ratings_by_place(site: Site, players: int) -> None:
    names = ["ann", "bob", "cai", "dee"][:players]
    table = site.table(names)
    site.play_out(table)
    result = site.service.view(table.game_id, None).result
    assert result is not None
    places = _places(site, table)
    assert [names[seat] for seat in result.ranking] == sorted(names, key=lambda n: places[n])
    ratings = site.service.social.ratings.table("toy")
    for name in names:
        mu, sigma = KNOWN[players][places[name] - 1]
        assert (ratings[name].mu, ratings[name].sigma) == (pytest.approx(mu, abs=1e-6), pytest.approx(sigma))
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in names], ranks=[float(places[n]) for n in names])
    assert [ratings[n].mu for n in names] == [team[0].mu for team in expected]


def test_a_seat_whose_move_the_clock_played_plays_on_and_is_rated_by_its_place(timed_site: Site) -> None:
    """Only a resignation or a forfeit is a loss whatever the score (tests/social/test_standings.py)."""
    site = timed_site
    table = site.table(["ann", "bob", "cai"])
    site.play_out(table, skip=0)
    summary = site.service.social.finished.get(table.game_id)
    result = site.service.view(table.game_id, None).result
    assert summary is not None and result is not None
    assert (summary.players[0].account, summary.players[0].fate) == ("ann", "timed_out")
    place = summary.players[0].place
    assert place == result.places[0]
    rated = site.service.social.ratings.table("toy")["ann"]
    assert rated.mu == pytest.approx(KNOWN[3][place - 1][0], abs=1e-6)


def test_games_with_bots_guests_or_friendly_settings_are_not_rated(site: Site) -> None:
    bots = site.service.create_game("toy", 2, {"hand": 2})
    site.account("ann")
    site.service.join(bots.id, "ann", by=Requester(account="ann"))
    site.service.start(bots.id, fill_with_bots=True)
    drain(site.service)
    guest = site.service.create_game("toy", 2, {"hand": 2})
    site.service.join(guest.id, "ann", by=Requester(account="ann"))
    site.service.join(guest.id, "a guest")
    site.service.start(guest.id)
    friendly = site.table(["ann", "bob"], rated=False)
    for game_id in (bots.id, guest.id, friendly.game_id):
        site.play_out(Table(game_id, []))
    assert site.service.social.ratings.table("toy") == {}
    archived = site.service.social.finished.many([bots.id, guest.id, friendly.game_id])
    assert [g.rated for g in archived] == [False, False, False]
    board = site.client().get("/api/ratings/toy").get_json()
    assert board["total"] == 0 and board["entries"] == []


def _season(site: Site) -> list[Table]:
    """Games among overlapping players that end on different days."""
    tables = []
    for names in (["ann", "bob"], ["bob", "cai", "dee"], ["dee", "cai", "bob", "ann"], ["cai", "ann"]):
        table = site.table(names)
        site.play_out(table)
        site.clock.advance(86_400)
        tables.append(table)
    return tables


def test_rebuilding_from_the_logs_gives_the_same_table(site: Site) -> None:
    _season(site)
    social = site.service.social
    built = social.ratings.table("toy")
    assert {r.games for r in built.values()} >= {3}
    board = site.client().get("/api/ratings/toy").get_json()
    archive = site.client().get("/api/archive").get_json()
    assert social.rebuild() == 4
    assert social.ratings.table("toy") == built
    assert site.client().get("/api/ratings/toy").get_json() == board
    assert site.client().get("/api/archive").get_json() == archive


def test_papyrus_rebuild_ratings_recreates_lost_ratings(
    site: Site, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _season(site)
    built = site.service.social.ratings.table("toy")
    site.service.social.ratings.replace_all("toy", [])
    site.service.social.finished.forget_all()
    assert site.client().get("/api/archive").get_json()["total"] == 0
    monkeypatch.setattr(context, "service_from_env", lambda: site.service)
    assert rebuild_ratings.run(argparse.Namespace(quiet=True)) == 0
    assert "from 4 finished games" in capsys.readouterr().out
    assert site.service.social.ratings.table("toy") == built


def test_a_game_rated_late_is_folded_in_the_order_games_ended(site: Site) -> None:
    tables = _season(site)
    social = site.service.social
    built = social.ratings.table("toy")
    social.ratings.replace_all("toy", [])
    for table in reversed(tables):  # the jobs ran in the wrong order
        assert social.record_finished(table.game_id)
    assert social.ratings.table("toy") == built
    assert not social.ratings.apply(social.finished.get(tables[0].game_id))  # type: ignore[arg-type]
    assert social.ratings.table("toy") == built


def test_the_leaderboard_pages_best_first(site: Site) -> None:
    _season(site)
    table: dict[str, Rating] = site.service.social.ratings.table("toy")
    best_first = sorted(table.values(), key=lambda r: -r.ordinal)
    first = site.client().get("/api/ratings/toy?per_page=3").get_json()
    second = site.client().get("/api/ratings/toy?per_page=3&page=2").get_json()
    assert first["total"] == 4 and second["page"] == 2
    shown = first["entries"] + second["entries"]
    assert [e["display_name"] for e in shown] == [r.name.capitalize() for r in best_first]
    assert "name" not in shown[0]  # login names are never shown
    assert [e["rank"] for e in shown] == [1, 2, 3, 4]
    assert shown[0]["rating"] == pytest.approx(best_first[0].ordinal, abs=1e-3)


@pytest.mark.parametrize(
    ("query", "status", "field"),
    [("page=0", 400, "page"), ("per_page=101", 400, "per_page"), ("page=x", 400, "page")],
)
def test_bad_leaderboard_paging_is_refused(site: Site, query: str, status: int, field: str) -> None:
    response = site.client().get(f"/api/ratings/toy?{query}")
    assert response.status_code == status and response.get_json()["error"]["field"] == field


def test_an_unknown_game_has_no_leaderboard(site: Site) -> None:
    response = site.client().get("/api/ratings/chess")
    assert response.status_code == 404 and response.get_json()["error"]["field"] == "game"


def test_a_finished_game_whose_job_was_lost_is_indexed_and_rated_by_a_later_sweep(site: Site) -> None:
    table = site.table(["ann", "bob"])
    queue = site.service.components.scheduler.queue
    original = site.service.social.record_finished
    site.service.social.record_finished = lambda game_id: False  # type: ignore[method-assign]
    site.play_out(table)  # the job ran and did nothing, as if its worker died in it
    site.service.social.record_finished = original  # type: ignore[method-assign]
    assert site.service.social.finished.get(table.game_id) is None
    assert site.service.components.scheduler.retry_finished() == []  # not due yet
    site.clock.advance(301)
    assert site.service.components.scheduler.retry_finished() == [table.game_id]
    drain(site.service, due_scheduled=False)
    assert queue.count == 0
    assert site.service.social.finished.get(table.game_id) is not None
    assert set(site.service.social.ratings.table("toy")) == {"ann", "bob"}
    site.clock.advance(301)
    assert site.service.components.scheduler.retry_finished() == []
