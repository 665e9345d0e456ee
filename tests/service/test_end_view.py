"""A game's end is appended (its meta saying over) before the worker writes its final views: whoever reads
the game in between sees it over at the head of its log, never still running at the version before."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from services.game_service import GameService
from services.processing.next_steps import GameOver
from services.read_side.projections import GameAtVersion
from services.results import GameView, HistoryEvent
from services.store.records import SEED_REVEALED
from services.table.state_cache import StateCache
from tests.support.harness import drain, new_game, play_out


def _read_in_the_window(service: GameService, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Play a game out, reading it as every reader does at the moment its end is appended and its final
    views are not written yet (the worker's next step); what they read then."""
    game_id, _ = new_game(service, seats=2, hand=1)
    read: dict[str, Any] = {}
    close = GameOver.close

    def reading_first(self: GameOver, at: GameAtVersion, now: float) -> None:
        cursor, _ = service.social.chat_backlog(game_id, None)
        read.update(
            meta=service.meta(game_id),
            head=service.components.store.head(game_id).version,
            view=[service.view(game_id, seat) for seat in (None, 0, 1)],
            at_head=[service.view_at_head(game_id, seat) for seat in (None, 0, 1)],
            live=[service.live_step(game_id, seat, 0, cursor, notice=None)[1] for seat in (None, 0)],
            history=service.history(game_id, 0),
            export=[json.loads(line) for line in service.export(game_id)],
        )
        close(self, at, now)

    monkeypatch.setattr(GameOver, "close", reading_first)
    play_out(service, game_id)
    assert read, "the game ended through its worker"
    return read


def _ended(shown: GameView | None, head: int) -> None:
    assert shown is not None
    assert (shown.status, shown.version, shown.to_act) == ("over", head, [])
    assert shown.result is not None and shown.clocks == []


def test_every_view_read_between_the_end_and_its_final_views_shows_the_end(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _read_in_the_window(service, monkeypatch)
    assert read["meta"].status == "over"
    for shown in [*read["view"], *read["at_head"], *read["live"]]:
        _ended(shown, read["head"])


def test_history_and_export_read_in_that_window_show_the_whole_end(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _read_in_the_window(service, monkeypatch)
    events = [entry for entry in read["history"] if isinstance(entry, HistoryEvent)]
    assert events[-1].type == SEED_REVEALED
    assert read["export"][0]["result"] is not None, "the export's header states the result"


def test_the_final_views_once_written_are_the_ones_read_in_the_window(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _read_in_the_window(service, monkeypatch)
    game_id = read["meta"].id
    for seat, before in zip((None, 0, 1), read["view"], strict=True):
        assert service.view(game_id, seat) == before
        at_head = service.view_at_head(game_id, seat)
        assert msgspec.json.encode(at_head) == msgspec.json.encode(before), "the same game at the same head"


def test_a_history_whose_log_read_ends_the_game_shows_it_over_though_its_meta_was_read_before(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service, seats=2, hand=1)
    drain(service)
    for seat in service.view(game_id, None).to_act:
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"last-{seat}", None)
    store, read = service.components.store, service.components.store.read
    ended: list[bool] = []

    def ending_first(*args: Any, **kwargs: Any) -> Any:
        if not ended:  # the worker appends the end between the reader's meta and its log
            ended.append(True)
            drain(service)
        return read(*args, **kwargs)

    monkeypatch.setattr(store, "read", ending_first)
    raced = service.history(game_id, 0)
    assert ended and service.meta(game_id).status == "over"
    assert raced == service.history(game_id, 0), "nothing of the ended game redacted"


def test_a_finished_game_is_read_from_its_final_views_not_folded_again(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service, seats=2, hand=1)
    play_out(service, game_id)
    drain(service)
    before = [service.view(game_id, seat) for seat in (None, 0, 1)]

    def no_fold(*_: Any, **__: Any) -> None:
        raise AssertionError("a finished game's state was folded again")

    monkeypatch.setattr(StateCache, "load", no_fold)
    for seat, shown in zip((None, 0, 1), before, strict=True):
        assert msgspec.json.encode(service.view_at_head(game_id, seat)) == msgspec.json.encode(shown)
    assert service.legal_commands(game_id, 0) == []
