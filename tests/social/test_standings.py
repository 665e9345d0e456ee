"""Every finished game is recorded exactly once, in the archive, on every seated account's profile and in the
ratings, with the table's standings (services/table/ranking.py): a resignation or a forfeit is a loss, a
game nobody was playing any more at its end is abandoned (unrated, no winner), equal scores where the rules
give no tie-break share a place. Once a game is over nothing offers a move to anyone, the seat that
resigned included, also read again later."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import GameResult, ranked_by_score
from services.table.prompts import RESIGNED_TEXT
from tests.social.conftest import Site, Table
from tests.social.test_ratings import KNOWN
from tests.support.harness import drain
from tests.support.toygame import GAME, ToyState
from workers import jobs

PER_MOVE = 60.0
RESIGN = {"type": "papyrus.resign"}


def send(site: Site, table: Table, seat: int, command: dict[str, Any], command_id: str) -> None:
    response = site.client().post(
        f"/api/games/{table.game_id}/commands",
        json={"command_id": command_id, "command": command},
        headers=table.auth(seat),
    )
    assert response.status_code in (200, 202), response.get_json()
    drain(site.service)


def summary_of(site: Site, table: Table) -> dict[str, Any]:
    found = [g for g in site.client().get("/api/archive").get_json()["games"] if g["id"] == table.game_id]
    assert len(found) == 1, "the game is listed exactly once"
    game: dict[str, Any] = found[0]
    return game


def record(site: Site, name: str) -> dict[str, Any]:
    profile = site.client().get(f"/api/players/{name}").get_json()
    found: dict[str, Any] = next(r for r in profile["games"] if r["game"] == "toy")
    return found


def run_out(site: Site, table: Table, seats: list[int]) -> None:
    """Let every seat's time run out and the clock act on ``seats``, then the bots play on."""
    site.clock.advance(PER_MOVE + 1)
    for seat in seats:
        assert jobs.timeout_seat(table.game_id, seat)
    drain(site.service)


def timed(site: Site, names: list[str], policy: str) -> Table:
    clock = {"preset": "custom", "per_move": PER_MOVE, "reserve": 0, "policy": policy}
    return site.table(names, clock=clock)


def test_a_two_player_resignation_is_recorded_once_in_the_archive_both_profiles_and_the_ratings(
    site: Site,
) -> None:
    table = site.table(["ann", "bob"])
    send(site, table, 0, RESIGN, "give-up")
    game = summary_of(site, table)
    seats = {p["player"]: p for p in game["players"]}
    assert (seats["Ann"]["place"], seats["Ann"]["fate"]) == (2, "resigned")
    assert (seats["Bob"]["place"], seats["Bob"]["fate"]) == (1, "played")
    assert game["rated"] and not game["abandoned"]
    ann, bob = record(site, "ann"), record(site, "bob")
    assert (ann["played"], ann["won"], ann["resigned"]) == (1, 0, 1)
    assert (bob["played"], bob["won"], bob["resigned"]) == (1, 1, 0)
    ratings = site.service.social.ratings.table("toy")
    assert ratings["ann"].mu == pytest.approx(KNOWN[2][1][0], abs=1e-6), "a resignation is rated as a loss"
    assert ratings["bob"].mu == pytest.approx(KNOWN[2][0][0], abs=1e-6)
    assert site.service.social.record_finished(table.game_id), "recording it again changes nothing"
    assert site.service.social.ratings.table("toy") == ratings
    assert site.client().get("/api/archive").get_json()["total"] == 1
    assert (
        site.service.components.scheduler.retry_finished() == []
        and not site.service.components.redis.zcard("papyrus:{finished}:pending")
    )


def _offers_nothing(site: Site, table: Table, seat: int) -> None:
    game_id = table.game_id
    body = site.client().get(f"/api/games/{game_id}/seats/{seat}/view", headers=table.auth(seat)).get_json()
    assert body["status"] == "over" and body["to_act"] == []
    assert body["view"]["legal"] == [] and body["view"]["prompt"]["waiting_for"] == []
    assert body["view"]["prompt"]["text"]["id"] == "The game is over."
    legal = site.client().get(f"/api/games/{game_id}/seats/{seat}/legal-commands", headers=table.auth(seat))
    assert legal.status_code == 200 and legal.get_json() == []
    assert site.service.your_turn(game_id, seat).your_turn is False


def test_nothing_is_offered_to_anyone_once_a_resignation_ended_the_game_also_read_again(site: Site) -> None:
    table = site.table(["ann", "bob"])
    send(site, table, 0, RESIGN, "give-up")
    for seat in (0, 1):
        _offers_nothing(site, table, seat)
    site.service.components.states.forget(table.game_id)  # a reload reads the stored final views
    for seat in (0, 1):
        _offers_nothing(site, table, seat)
    for name in ("ann", "bob"):
        games = site.client().get("/api/accounts/me/games", headers=site.account(name)).get_json()
        assert [g["your_turn"] for g in games] == [False]


def test_a_seat_that_resigned_while_the_game_goes_on_is_offered_no_move(site: Site) -> None:
    table = site.table(["ann", "bob", "cai"])
    send(site, table, 2, RESIGN, "give-up")
    body = site.client().get(f"/api/games/{table.game_id}/seats/2/view", headers=table.auth(2)).get_json()
    assert body["status"] == "running"
    assert body["view"]["legal"] == [] and body["view"]["prompt"]["text"] == RESIGNED_TEXT
    legal = site.client().get(f"/api/games/{table.game_id}/seats/2/legal-commands", headers=table.auth(2))
    assert legal.get_json() == []
    games = site.client().get("/api/accounts/me/games", headers=site.account("cai")).get_json()
    assert [g["your_turn"] for g in games] == [False]
    assert site.service.your_turn(table.game_id, 2).your_turn is False


def test_a_forfeit_on_time_is_rated_as_a_loss(site: Site) -> None:
    table = timed(site, ["ann", "bob"], "forfeit")
    send(site, table, 1, site.service.legal_commands(table.game_id, 1)[-1], "bob-plays")
    run_out(site, table, [0])
    site.play_out(table)
    seats = {p["player"]: p for p in summary_of(site, table)["players"]}
    assert (seats["Ann"]["place"], seats["Ann"]["fate"], seats["Bob"]["place"]) == (2, "timed_out", 1)
    assert site.service.social.ratings.table("toy")["ann"].mu == pytest.approx(KNOWN[2][1][0], abs=1e-6)


@pytest.mark.parametrize("policy", ["bot", "forfeit"])
def test_a_game_every_player_timed_out_of_is_abandoned_unrated_and_names_no_winner(
    site: Site, policy: str
) -> None:
    table = timed(site, ["ann", "bob"], policy)
    run_out(site, table, [0, 1])
    assert site.service.meta(table.game_id).status == "over", "the stand-ins finished it"
    game = summary_of(site, table)
    assert game["abandoned"] and not game["rated"]
    assert {p["place"] for p in game["players"]} == {1}, "nobody is placed ahead"
    assert site.service.social.ratings.table("toy") == {}
    board = site.client().get("/api/ratings/toy").get_json()
    assert board["total"] == 0
    for name in ("ann", "bob"):
        assert (record(site, name)["won"], record(site, name)["abandoned"]) == (0, 1)
    result = site.service.view(table.game_id, None).result
    assert result is not None and result.abandoned


def test_a_game_whose_every_player_resigned_or_forfeited_is_abandoned(site: Site) -> None:
    table = timed(site, ["ann", "bob"], "forfeit")
    send(site, table, 1, site.service.legal_commands(table.game_id, 1)[-1], "bob-plays")
    run_out(site, table, [0])
    send(site, table, 1, RESIGN, "bob-gives-up")
    game = summary_of(site, table)
    assert game["abandoned"] and not game["rated"]


def _equal_scores(state: ToyState) -> GameResult | None:
    """The toy game as a game whose rules name no tie-break: equal scores share a place."""
    return None if state.ranking is None else ranked_by_score(state.scores, state.ranking)


def test_equal_scores_share_a_place_in_the_result_the_archive_the_profiles_and_the_ratings(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GAME, "result", _equal_scores)
    table = site.table(["ann", "bob", "cai"], hand=1)
    site.play_out(table)
    result = site.service.view(table.game_id, None).result
    assert result is not None
    winner = result.ranking[0]
    assert sorted(result.places) == [1, 2, 2], "one round: one seat scores, the other two share 2nd"
    game = summary_of(site, table)
    assert sorted(p["place"] for p in game["players"]) == [1, 2, 2]
    names = ["ann", "bob", "cai"]
    ratings = site.service.social.ratings.table("toy")
    losers = [ratings[names[seat]] for seat in range(3) if seat != winner]
    assert losers[0].mu == losers[1].mu and losers[0].sigma == losers[1].sigma, "a shared place rates alike"
    assert record(site, names[winner])["won"] == 1


def test_a_drawn_game_leaves_its_players_sharing_their_place_on_the_leaderboard(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = lambda state: None if state.ranking is None else ranked_by_score([0, 0])  # noqa: E731
    monkeypatch.setattr(GAME, "result", drawn)
    site.play_out(site.table(["ann", "bob"]))
    ratings = site.service.social.ratings.table("toy")
    assert ratings["ann"].mu == ratings["bob"].mu == pytest.approx(25.0), "a draw moves nobody's mu"
    board = site.client().get("/api/ratings/toy?per_page=1&page=2").get_json()
    assert [entry["rank"] for entry in board["entries"]] == [1], "equal ratings share the place across pages"
    board = site.client().get("/api/ratings/toy").get_json()
    assert [entry["rank"] for entry in board["entries"]] == [1, 1]
    profile = site.client().get("/api/players/bob").get_json()
    assert next(r for r in profile["games"] if r["game"] == "toy")["rating"]["rank"] == 1
