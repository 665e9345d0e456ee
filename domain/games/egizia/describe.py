"""One line of English per event, for the history page, naming seats by ``names``. Works on redacted events
too (it never names a secret card unless the event as given carries it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.games.egizia import events as ev
from domain.games.egizia.data import (
    CREW_NAMES,
    DECKS,
    NILE_BY_ID,
    RING_NAMES,
    ROUND_SPACE_NAMES,
    SITE_NAMES,
)
from domain.games.egizia.rules.spaces import GRAVE_IDS
from domain.games.egizia.state import BONUS, BUILDING, FEEDING, FINAL_SCORING, PRODUCTION, SEQUENCE


def _space(space: str) -> str:
    return ROUND_SPACE_NAMES.get(space) or SITE_NAMES.get(space) or f"card space {space}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _signed(delta: int, unit: str) -> str:
    amount = f"{abs(delta)} VP" if unit == "VP" else _plural(abs(delta), unit)
    return f"{'gains' if delta >= 0 else 'loses'} {amount}"


Names = Sequence[str]

_PHASES = {
    FEEDING: "Phase 3: the crews are fed, front of the scoring track first.",
    PRODUCTION: "Phase 4: the quarries produce stones.",
    BUILDING: "Phase 5: building at the Sphinx, then the Obelisk and Graves, then the Temple and Pyramid.",
    BONUS: "Phase 6: co-operation bonus for the builders.",
    SEQUENCE: "Phase 7: the new player sequence.",
    FINAL_SCORING: "Final scoring: stone sale, grave tiles, Sphinx cards, track leader first.",
}


def _set_up(e: ev.GameSetUp, n: Names) -> str:
    return f"A {e.players}-player game is set up (seed commitment {e.seed_commitment[:12]}…)."


def _ship(e: ev.ShipPlaced, n: Names) -> str:
    where = _space(e.space)
    if e.speculate:
        return f"{n[e.seat]} speculates at {where}: the ship waits for a space to be freed."
    if e.slot >= 0:
        return f"{n[e.seat]} takes ship space S{e.slot + 1} at {where}."
    return f"{n[e.seat]} places a ship on {where}."


def _taken(e: ev.NileCardTaken, n: Names) -> str:
    card = NILE_BY_ID[e.card]
    return f"{n[e.seat]} takes Nile card {e.card} ({card.text})."


def _sphinx_drawn(e: ev.SphinxDrawn, n: Names) -> str:
    crews = " + ".join(CREW_NAMES[c] for c in e.crews) or "no crew"
    paid = _plural(e.stones, "stone")
    return f"{n[e.seat]} draws {_plural(e.count, 'Sphinx card')} with {crews}, paying {paid}."


def _built(e: ev.Built, n: Names) -> str:
    crews = " + ".join(CREW_NAMES[c] for c in e.crews)
    spaces = ", ".join(e.spaces)
    paid = _plural(e.cost, "stone")
    cards = f" and Nile card {', '.join(e.cards)}" if e.cards else ""
    return f"{n[e.seat]} builds {spaces} at {SITE_NAMES[e.site]} with {crews}{cards} for {paid}."


def _goes_on(e: ev.BuildGoesOn, n: Names) -> str:
    return (
        f"{n[e.seat]} may go on building at {SITE_NAMES[e.site]} one space at a time "
        f"({e.strength} strength left; the {e.market}-market marker moves when the action ends)."
    )


def _built_more(e: ev.BuiltMore, n: Names) -> str:
    what = f"{'grave tile' if e.space in GRAVE_IDS else 'obelisk space'} {e.space} (value {e.value})"
    return f"{n[e.seat]} goes on and builds {what} at {SITE_NAMES[e.site]} for {_plural(e.value, 'stone')}."


def _build_ended(e: ev.BuildEnded, n: Names) -> str:
    if e.forced:
        return f"{n[e.seat]} can pay for no further space: the build action at {SITE_NAMES[e.site]} ends."
    return f"{n[e.seat]} stops building at {SITE_NAMES[e.site]}."


def _declined(e: ev.Declined, n: Names) -> str:
    text = f"{n[e.seat]} {'cannot build' if e.forced else 'declines to build'} at {SITE_NAMES[e.site]}"
    if e.successor >= 0:
        return f"{text}; {n[e.successor]} moves into ship space S{e.slot + 1} from speculation."
    return text + "."


def _fed(e: ev.CrewsFed, n: Names) -> str:
    aids = f" (using {', '.join(e.aids)})" if e.aids else ""
    if e.missing:
        return f"{n[e.seat]} is {e.missing} grain short feeding crews of strength {e.need}{aids}."
    return f"{n[e.seat]} feeds crews of strength {e.need} with {e.grain} grain{aids}."


_DESCRIBERS: dict[type, Callable[[Any, Names], str]] = {
    ev.GameSetUp: _set_up,
    ev.RoundStarted: lambda e, n: f"Round {e.round} begins.",
    ev.NileCardsLaidOut: lambda e, n: f"{len(e.cards)} Nile cards from deck {DECKS[e.deck]} are laid out.",
    ev.ShipPlaced: _ship,
    ev.NileCardTaken: _taken,
    ev.Passed: lambda e, n: (
        f"{n[e.seat]} {'cannot place' if e.forced else 'passes'} for the rest of the round."
    ),
    ev.ScoreChanged: lambda e, n: f"{n[e.seat]} {_signed(e.delta, 'VP')} ({e.reason}).",
    ev.StonesChanged: lambda e, n: f"{n[e.seat]} {_signed(e.delta, 'stone')} ({e.reason}).",
    ev.CrewMoved: lambda e, n: (
        f"{n[e.seat]}'s crew {CREW_NAMES[e.crew]} gains {e.delta} strength ({e.reason})."
    ),
    ev.MarketMoved: lambda e, n: f"{n[e.seat]}'s {e.market}-market marker moves down to space {e.to + 1}.",
    ev.RingMoved: lambda e, n: f"{n[e.seat]} moves the water ring to the {RING_NAMES[e.to]}.",
    ev.PlacementEnded: lambda e, n: (
        f"Ship placement ends; {_plural(len(e.discarded), 'Nile card')} "
        f"{'leaves' if len(e.discarded) == 1 else 'leave'} the river."
    ),
    ev.PhaseStarted: lambda e, n: _PHASES.get(e.phase, f"Phase: {e.phase.replace('_', ' ')}."),
    ev.CrewsFed: _fed,
    ev.SphinxDrawn: _sphinx_drawn,
    ev.SphinxKept: lambda e, n: (
        f"{n[e.seat]} keeps {_plural(e.kept_count, 'Sphinx card')} and returns {e.returned_count} "
        "under the deck."
    ),
    ev.Built: _built,
    ev.BuildGoesOn: _goes_on,
    ev.BuiltMore: _built_more,
    ev.BuildEnded: _build_ended,
    ev.GraveRevealed: lambda e, n: f"Grave tile G{e.space + 1} is turned face up: value {e.value}.",
    ev.Declined: _declined,
    ev.SiteClosed: lambda e, n: f"Building at {SITE_NAMES[e.site]} is over.",
    ev.ShipsReturned: lambda e, n: "All ships return home.",
    ev.SequenceSet: lambda e, n: (
        "New sequence: "
        + ", ".join(f"{n[seat]} takes tile {tile}" for seat, tile in enumerate(e.tiles))
        + "."
    ),
    ev.DeckRemoved: lambda e, n: (
        f"The rest of Nile deck {DECKS[e.deck]} ({_plural(e.count, 'card')}) leaves the game."
    ),
    ev.SphinxRevealed: lambda e, n: f"{n[e.seat]} reveals Sphinx cards: {', '.join(e.cards) or 'none'}.",
    ev.GameEnded: lambda e, n: (
        "Game over. Ranking: " + ", ".join(f"{n[seat]} ({e.scores[seat]} VP)" for seat in e.ranking) + "."
    ),
    ev.CardUsed: lambda e, n: f"{n[e.seat]} uses Nile card {e.card} ({NILE_BY_ID[e.card].text}).",
    ev.FieldImproved: lambda e, n: f"{n[e.seat]} improves field {e.field} with Nile card {e.card}.",
    ev.CardDeclined: lambda e, n: f"{n[e.seat]} does not use Nile card {e.card} this round.",
    ev.CardBuildTurn: lambda e, n: (
        f"{n[e.seat]} builds at {SITE_NAMES[e.site]} out of turn with Nile card {e.card}."
    ),
}


def describe_event(event: Any, names: Names) -> str:
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else type(event).__name__
