"""One line of English per event, for the history page, naming seats by ``names``. Works on redacted events
too: it names a tile only when the event as given carries it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.games.giza import events as ev
from domain.games.giza.data import SITE_NAMES, TILE_BY_ID
from domain.games.giza.state import BOARD_COMPLETE

Names = Sequence[str]


def _tile(tile_id: str) -> str:
    return f"the {TILE_BY_ID[tile_id].label} ({tile_id})"


def _tiles(tile_ids: list[str]) -> str:
    return ", ".join(f"{TILE_BY_ID[tile].label} ({tile})" for tile in tile_ids)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _site(n: Names, board: int, site: int, seat: int) -> str:
    return f"their own {SITE_NAMES[site]}" if board == seat else f"{n[board]}'s {SITE_NAMES[site]}"


def _set_up(e: ev.GameSetUp, n: Names) -> str:
    return (
        f"A {e.players}-player game is set up: {e.pool_size} tiles shuffled face down into the pool "
        f"(seed commitment {e.seed_commitment[:12]}…); {n[e.start_seat]} starts."
    )


def _drawn(e: ev.TilesDrawn, n: Names) -> str:
    verb = "is dealt" if e.dealt else "draws"
    shown = f": {_tiles(e.tiles)}" if e.tiles else ""
    return f"{n[e.seat]} {verb} {_plural(e.count, 'tile')}{shown}."


def _placed(e: ev.TilePlaced, n: Names) -> str:
    return f"{n[e.seat]} plays {_tile(e.tile)} on {_site(n, e.board, e.site, e.seat)}."


def _demolished(e: ev.TileDemolished, n: Names) -> str:
    return (
        f"{n[e.seat]} plays a demolish ({e.tile}) on {_site(n, e.board, e.site, e.seat)}, "
        f"destroying {_tile(e.target)}; both go to the discard pool."
    )


def _discarded(e: ev.TilesDiscarded, n: Names) -> str:
    return f"{n[e.seat]} discards {_plural(len(e.tiles), 'tile')}: {_tiles(e.tiles)}."


def _scarab_removed(e: ev.ScarabRemoved, n: Names) -> str:
    where = _site(n, e.seat, e.site, e.seat)
    return f"{n[e.seat]} takes {_tile(e.tile)} off {where}; the turn ends without drawing."


def _turn(e: ev.TurnPassed, n: Names) -> str:
    return f"{n[e.seat]}'s turn."


def _ended(e: ev.GameEnded, n: Names) -> str:
    why = (
        f"all three of {n[e.board]}'s pyramids are complete"
        if e.reason == BOARD_COMPLETE
        else "the last tile of the pool has been drawn"
    )
    places = ", ".join(
        f"{place}. {n[seat]} ({e.scores[seat]})" for place, seat in enumerate(e.ranking, start=1)
    )
    return f"The game ends: {why}. Final ranking: {places}."


_DESCRIBE: dict[type, Callable[[Any, Names], str]] = {
    ev.GameSetUp: _set_up,
    ev.TilesDrawn: _drawn,
    ev.TilePlaced: _placed,
    ev.TileDemolished: _demolished,
    ev.TilesDiscarded: _discarded,
    ev.ScarabRemoved: _scarab_removed,
    ev.TurnPassed: _turn,
    ev.GameEnded: _ended,
}


def describe_event(event: Any, names: Names) -> str:
    return _DESCRIBE[type(event)](event, names)
