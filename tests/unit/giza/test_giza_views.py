"""Hidden information: a seat sees its own hand and its own stacks whole; of the others only the hand size and
each stack's top tile and height; nobody sees the pool; the discards are public; everything once it is over.
Checked for every seat and the spectator, in the views and in the history."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from giza_support import KHUFU, Table, play, played

from domain.games.giza import GAME, GizaState
from domain.games.giza import events as ev
from domain.games.giza.commands import Discard, Play
from services.i18n import english
from tests.support.conformance import as_text, leaked

NAMES = ["Ana", "Bo", "Cy", "Di"]


def view(state: GizaState, viewer: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = msgspec.to_builtins(GAME.view(state, viewer))
    return shown


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_a_seat_sees_its_own_hand_only_and_the_others_hand_sizes(viewer: int | None) -> None:
    state, _ = played()
    shown = view(state, viewer)
    for hand in shown["hands"]:
        assert hand["count"] == len(state.hands[hand["seat"]])
        if hand["seat"] == viewer:
            assert [tile["id"] for tile in hand["tiles"]] == state.hands[viewer]
        else:
            assert hand["tiles"] is None
    text = as_text(shown)
    others = {tile for seat, hand in enumerate(state.hands) if seat != viewer for tile in hand}
    assert leaked(others, text) == set()


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_nobody_sees_the_pool_only_how_many_tiles_it_holds(viewer: int | None) -> None:
    state, _ = played()
    shown = view(state, viewer)
    assert shown["pool"] is None and shown["pool_count"] == len(state.pool)
    assert leaked(set(state.pool), as_text(shown)) == set()


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_the_discard_pool_is_public(viewer: int | None) -> None:
    state, _ = played()
    assert state.discards
    assert [tile["id"] for tile in view(state, viewer)["discards"]] == state.discards


def buried_table() -> GizaState:
    return (
        Table(3)
        .stack(0, "khufu", "+5", "T5", "-4")
        .stack(1, "khufu", "+4", "-3", "T3", "SCA")
        .stack(2, "sphinx", "BASE", "BODY")
        .state()
    )


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_a_seat_sees_its_own_stacks_whole_and_only_top_and_height_of_the_others(viewer: int | None) -> None:
    state = buried_table()
    shown = view(state, viewer)
    for board in shown["boards"]:
        own = board["seat"] == viewer
        assert (board["score"] is not None) == own
        for site in board["sites"]:
            stack = state.boards[board["seat"]][site["site"]]
            assert site["height"] == len(stack)
            assert (site["top"] or {}).get("id") == (stack[-1] if stack else None)
            if own:
                assert [tile["id"] for tile in site["tiles"]] == stack
            else:
                assert site["tiles"] is None and site["points"] is None
                buried = set(stack[:-1])
                assert leaked(buried, as_text(board)) == set(), "a tile under another player's top tile"


def test_a_seat_sees_its_own_running_score() -> None:
    state = buried_table()
    assert view(state, 0)["boards"][0]["score"] == 5 + 5 - 4
    assert view(state, 1)["boards"][1]["score"] == 4 - 3 + 3


def test_once_the_game_is_over_everything_is_shown_to_everyone() -> None:
    state = buried_table()
    state.pool = state.pool[:1]
    after, _ = play(state, 0, Discard(tiles=state.hands[0][:1]))
    assert after.over
    for viewer in (None, 0, 1, 2):
        shown = view(after, viewer)
        assert all(hand["tiles"] is not None for hand in shown["hands"])
        assert all(site["tiles"] is not None for board in shown["boards"] for site in board["sites"])
        assert [board["score"] for board in shown["boards"]] == after.scores
        assert shown["pool"] == [] and shown["ranking"] == after.ranking
        assert GAME.secrets(after, viewer) == set()


def test_the_setup_never_shows_the_pool_order_to_anyone() -> None:
    _, events = played(turns=0)
    setup = events[0]
    for viewer in (None, 0, 1, 2, 3):
        redacted = GAME.redact(setup, viewer)
        assert redacted.pool == [] and redacted.pool_size == 83
        assert leaked(set(setup.pool), as_text(redacted) + english(GAME.describe(redacted, NAMES))) == set()


def test_a_draw_shows_its_tiles_to_the_drawing_seat_and_only_how_many_to_the_others() -> None:
    _, events = played(turns=6)
    draws = [event for event in events if isinstance(event, ev.TilesDrawn)]
    assert len(draws) >= 8
    for draw in draws:
        for viewer in (None, 0, 1, 2, 3):
            redacted = GAME.redact(draw, viewer)
            text = as_text(redacted) + english(GAME.describe(redacted, NAMES))
            if viewer == draw.seat:
                assert redacted == draw and all(tile in text for tile in draw.tiles)
            else:
                assert redacted.tiles == [] and redacted.count == draw.count
                assert leaked(set(draw.tiles), text) == set()
                assert f"{NAMES[draw.seat]} " in english(GAME.describe(redacted, NAMES))


def test_every_tile_played_is_told_in_the_history_as_the_table_saw_it() -> None:
    state = Table(2).stack(1, "khufu", "+5").hand(0, "-4").state()
    tile = next(t for t in state.hands[0] if t.startswith("S-4"))
    _, events = play(state, 0, Play(tile=tile, board=1, site=KHUFU))
    placed = events[0]
    for viewer in (None, 0, 1):
        assert GAME.redact(placed, viewer) == placed
    assert english(GAME.describe(placed, ["Ana", "Bo"])) == "Ana plays the \u22124 stone on Bo's Khufu."


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_the_secrets_are_the_pool_and_the_other_hands(viewer: int | None) -> None:
    state, _ = played()
    expected = set(state.pool) | {t for seat, hand in enumerate(state.hands) if seat != viewer for t in hand}
    assert GAME.secrets(state, viewer) == expected
