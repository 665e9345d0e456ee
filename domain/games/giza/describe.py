"""One sentence per event for the history (a message), naming seats by ``names``. Works on redacted events
too: it names a tile only when the event as given carries it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.engine import ranked_by_score
from domain.games.giza import events as ev
from domain.games.giza.state import BOARD_COMPLETE
from domain.games.giza.words import site_of, tile_named
from domain.messages import Msg, msg, msgn

Names = Sequence[str]


def _set_up(e: ev.GameSetUp, n: Names) -> Msg:
    return msg(
        "A game for {players} players is set up: {tiles} tiles shuffled face down into the pool; {name} "
        "starts.",
        players=e.players,
        tiles=e.pool_size,
        name=n[e.start_seat],
    )


def _drawn(e: ev.TilesDrawn, n: Names) -> Msg:
    if e.tiles:
        tiles = [tile_named(tile) for tile in e.tiles]
        if e.dealt:
            return msg("{name} is dealt {tiles}.", name=n[e.seat], tiles=tiles)
        return msg("{name} draws {tiles}.", name=n[e.seat], tiles=tiles)
    if e.dealt:
        return msgn(
            "{name} is dealt {count} tile.", "{name} is dealt {count} tiles.", e.count, name=n[e.seat]
        )
    return msgn("{name} draws {count} tile.", "{name} draws {count} tiles.", e.count, name=n[e.seat])


def _placed(e: ev.TilePlaced, n: Names) -> Msg:
    return msg(
        "{name} plays the {tile} on {site}.",
        name=n[e.seat],
        tile=tile_named(e.tile),
        site=site_of(e.board, e.site, e.seat, n),
    )


def _demolished(e: ev.TileDemolished, n: Names) -> Msg:
    return msg(
        "{name} demolishes the {tile} on {site}; both tiles go to the discard pool.",
        name=n[e.seat],
        tile=tile_named(e.target),
        site=site_of(e.board, e.site, e.seat, n),
    )


def _discarded(e: ev.TilesDiscarded, n: Names) -> Msg:
    return msg("{name} discards {tiles}.", name=n[e.seat], tiles=[tile_named(tile) for tile in e.tiles])


def _scarab_removed(e: ev.ScarabRemoved, n: Names) -> Msg:
    return msg(
        "{name} takes the scarab off {site}; the turn ends without drawing.",
        name=n[e.seat],
        site=site_of(e.seat, e.site, e.seat, n),
    )


def _turn(e: ev.TurnPassed, n: Names) -> Msg:
    return msg("{name}'s turn.", name=n[e.seat])


def _ended(e: ev.GameEnded, n: Names) -> Msg:
    placed = ranked_by_score(e.scores, e.ranking).places
    places = [
        msg("{place}. {name} ({score})", place=placed[seat], name=n[seat], score=e.scores[seat])
        for seat in e.ranking
    ]
    if e.reason == BOARD_COMPLETE:
        return msg(
            "The game ends: all three of {name}'s pyramids are complete. Final ranking: {places}.",
            name=n[e.board],
            places=places,
        )
    return msg(
        "The game ends: the last tile of the pool has been drawn. Final ranking: {places}.", places=places
    )


_DESCRIBE: dict[type, Callable[[Any, Names], Msg]] = {
    ev.GameSetUp: _set_up,
    ev.TilesDrawn: _drawn,
    ev.TilePlaced: _placed,
    ev.TileDemolished: _demolished,
    ev.TilesDiscarded: _discarded,
    ev.ScarabRemoved: _scarab_removed,
    ev.TurnPassed: _turn,
    ev.GameEnded: _ended,
}


def describe_event(event: Any, names: Names) -> Msg:
    return _DESCRIBE[type(event)](event, names)
