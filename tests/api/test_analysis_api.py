"""``POST /api/games/<id>/analysis``: the search bot's preferred moves for a position of a finished game, in
the caller's language once a worker computed them; refused while the game runs and where the game has no
search bot."""

from __future__ import annotations

import time

from domain import registry
from tests.api.support import Harness
from tests.service.test_analysis import NAME, _a_decision


def test_a_finished_game_is_analysed_pending_then_done_in_words(api: Harness) -> None:
    meta = api.service.create_game(NAME, 2, {})
    api.service.start(meta.id, fill_with_bots=True)
    deadline = time.monotonic() + 120
    while api.service.meta(meta.id).status != "over" and time.monotonic() < deadline:
        time.sleep(0.05)
    version, seat = _a_decision(api.service, meta.id)
    url = f"/api/games/{meta.id}/analysis"
    first = api.client.post(url, json={"at": version, "seat": seat})
    assert first.status_code == 200 and first.json["status"] in {"pending", "done"}, first.json
    deadline = time.monotonic() + 60
    done = first
    while done.json["status"] == "pending" and time.monotonic() < deadline:
        time.sleep(0.05)
        done = api.client.post(url, json={"at": version, "seat": seat}, headers={"Accept-Language": "de"})
    assert done.status_code == 200 and done.json["status"] == "done", done.json
    best = done.json["moves"][0]
    assert isinstance(best["description"], str) and best["description"]
    assert 0.0 <= best["win_chance"] <= 1.0 and best["visits"] >= 1
    assert registry.get_game(NAME).title


def test_analysis_is_refused_while_the_game_runs_and_for_a_game_without_a_search_bot(api: Harness) -> None:
    table = api.new_game()
    url = f"/api/games/{table.game_id}/analysis"
    assert api.client.post(url, json={"at": 1, "seat": 0}).status_code == 409
    api.play_out(table)
    refused = api.client.post(url, json={"at": 1, "seat": 0})
    assert refused.status_code == 422 and refused.json["error"]["code"] == "analysis.unavailable", (
        refused.json
    )
    assert api.client.post(url, json={"at": 1}).status_code == 400
