"""The finished games' index stores each summary as MessagePack under one-letter keys, under half its JSON
(most of what Redis keeps of an archived game); summaries stored under full names read as they did."""

from __future__ import annotations

import msgspec

from services import keys
from services.social.finished import GAME_KEYS, SEAT_KEYS, FinishedSeat, stored_summary
from tests.social.conftest import Site


def test_a_summary_is_stored_compactly_and_one_stored_as_json_still_reads(site: Site) -> None:
    table = site.table(["ann", "bob"])
    site.play_out(table)
    finished = site.service.social.finished
    summary = finished.get(table.game_id)
    assert summary is not None and summary.players[0].account == "ann"
    stored = site.service.components.redis.hget(keys.finished_docs(), table.game_id)
    short_names = msgspec.to_builtins(summary)
    full_names = {long: short_names[short] for long, short in GAME_KEYS.items() if short in short_names}
    full_names["players"] = [_long(seat) for seat in summary.players]
    assert set(full_names["players"][0]) >= {"seat", "name", "place", "fate", "account"}
    json_form = msgspec.json.encode(full_names)
    assert stored == stored_summary(summary) and len(stored) < 0.5 * len(json_form)
    for old in (json_form, msgspec.msgpack.encode(full_names)):
        site.service.components.redis.hset(keys.finished_docs(), table.game_id, old)
        assert finished.get(table.game_id) == summary and finished.many([table.game_id]) == [summary]
    assert site.client().get("/api/archive").get_json()["total"] == 1


def _long(seat: FinishedSeat) -> dict[str, object]:
    short = msgspec.to_builtins(seat)
    return {long: short[key] for long, key in SEAT_KEYS.items() if key in short}
