"""One sentence per event for the history (a message), naming seats by ``names``. Works on redacted events
too: it never names a secret card unless the event as given carries it, and never names a card by id."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from domain.games.egizia import events as ev
from domain.games.egizia.rules.spaces import GRAVE_IDS
from domain.games.egizia.state import BONUS, BUILDING, FEEDING, FINAL_SCORING, PRODUCTION, SEQUENCE
from domain.games.egizia.words import (
    CREW_WORDS,
    DECK_WORDS,
    MARKET_WORDS,
    RING_WORDS,
    ROUND_SPACE_WORDS,
    SITE_WORDS,
    card_name,
    cards_named,
    crews_words,
    place_words,
    space_name,
    spaces_named,
)
from domain.messages import Msg, msg, msgn

Names = Sequence[str]

_PHASES = {
    FEEDING: msg("Phase 3: the crews are fed, front of the scoring track first."),
    PRODUCTION: msg("Phase 4: the quarries produce stones."),
    BUILDING: msg(
        "Phase 5: building at the Sphinx, then the Obelisk and Graves, then the Temple and Pyramid."
    ),
    BONUS: msg("Phase 6: co-operation bonus for the builders."),
    SEQUENCE: msg("Phase 7: the new player sequence."),
    FINAL_SCORING: msg("Final scoring: stone sale, grave tiles, Sphinx cards, track leader first."),
}
_SITE_BY_NAME = {
    "the Sphinx": "B_SPHINX",
    "the Obelisk and Graves": "B_OBELISK",
    "the Temple and Pyramid": "B_TEMPLE",
}
_TOWN_BY_NAME = {
    "Edfu": "R_EDFU",
    "Thebae": "R_THEBAE",
    "Passalon": "R_PASSALON",
    "Selinon": "R_SELINON",
    "Beni Hasan": "R_BENIHASAN",
    "Alyi": "R_ALYI",
    "Heliopolis": "R_HELIOPOLIS",
}
_FIXED_REASONS = {
    "crews not fed": msg("crews not fed"),
    "quarries": msg("quarries"),
    "Sphinx cards returned": msg("Sphinx cards returned"),
    "stone-market bottom": msg("stone-market marker at the bottom"),
    "grain-market bottom": msg("grain-market marker at the bottom"),
    "Obelisk/Graves build": msg("building at the Obelisk and Graves"),
    "final stone sale": msg("final stone sale"),
    "grave tiles": msg("grave tiles"),
}
_CARD_REASON = re.compile(r"(Nile|Sphinx) card (\S+?)(: stones sold|: stones for grain)?$")
_COOP = re.compile(r"co-operation bonus, (\d+) ships?$")
_ROW = re.compile(r"pyramid row (\d+) majority$")


def reason_words(reason: str) -> Msg:
    """Why a score, stones, crew or market changed, in words: the events record it as a short English key
    (``Nile card N12-09``, ``building at the Sphinx``), which this reads."""
    if reason in _FIXED_REASONS:
        return _FIXED_REASONS[reason]
    if reason in _TOWN_BY_NAME:
        return ROUND_SPACE_WORDS[_TOWN_BY_NAME[reason]]
    if reason.startswith("building at ") and reason[12:] in _SITE_BY_NAME:
        return msg("building at {site}", site=SITE_WORDS[_SITE_BY_NAME[reason[12:]]])
    found = _CARD_REASON.match(reason)
    if found:
        card = card_name(found[2])
        if found[3] == ": stones sold":
            return msg("stones sold with {card}", card=card)
        if found[3]:
            return msg("stones paid for grain with {card}", card=card)
        return card
    if coop := _COOP.match(reason):
        return msgn("co-operation bonus, {count} ship", "co-operation bonus, {count} ships", int(coop[1]))
    if row := _ROW.match(reason):
        return msg("majority in pyramid row {row}", row=int(row[1]))
    return msg("the rules")


def _set_up(e: ev.GameSetUp, n: Names) -> Msg:
    return msg("A game for {count} players is set up.", count=e.players)


def _ship(e: ev.ShipPlaced, n: Names) -> Msg:
    where = place_words(e.space)
    if e.speculate:
        return msg(
            "{name} speculates at {place}: the ship waits for a space to be freed.",
            name=n[e.seat],
            place=where,
        )
    if e.slot >= 0:
        return msg(
            "{name} takes ship space {number} at {place}.", name=n[e.seat], number=e.slot + 1, place=where
        )
    return msg("{name} places a ship on {place}.", name=n[e.seat], place=where)


def _sphinx_drawn(e: ev.SphinxDrawn, n: Names) -> Msg:
    if e.crews:
        return msgn(
            "{name} draws {count} Sphinx card with {crews}, paying {stones} stones.",
            "{name} draws {count} Sphinx cards with {crews}, paying {stones} stones.",
            e.count,
            name=n[e.seat],
            crews=crews_words(e.crews),
            stones=e.stones,
        )
    return msgn(
        "{name} draws {count} Sphinx card for free.",
        "{name} draws {count} Sphinx cards for free.",
        e.count,
        name=n[e.seat],
    )


def _built(e: ev.Built, n: Names) -> Msg:
    args: dict[str, Any] = {
        "name": n[e.seat],
        "spaces": spaces_named(e.spaces),
        "site": SITE_WORDS[e.site],
        "crews": crews_words(e.crews),
        "count": e.cost,
    }
    if e.cards:
        return msg(
            "{name} builds {spaces} at {site} with {crews} and {cards} for {count} stones.",
            cards=cards_named(e.cards),
            **args,
        )
    return msg("{name} builds {spaces} at {site} with {crews} for {count} stones.", **args)


def _goes_on(e: ev.BuildGoesOn, n: Names) -> Msg:
    return msg(
        "{name} may go on building at {site} one space at a time ({strength} strength left; the {market} "
        "marker moves when the action ends).",
        name=n[e.seat],
        site=SITE_WORDS[e.site],
        strength=e.strength,
        market=MARKET_WORDS.get(e.market, MARKET_WORDS["stone"]),
    )


def _built_more(e: ev.BuiltMore, n: Names) -> Msg:
    if e.space in GRAVE_IDS:
        return msg(
            "{name} goes on and takes {space} (value {value}) for {value} stones.",
            name=n[e.seat],
            space=space_name(e.space),
            value=e.value,
        )
    return msg(
        "{name} goes on and builds {space} for {value} stones.",
        name=n[e.seat],
        space=space_name(e.space),
        value=e.value,
    )


def _build_ended(e: ev.BuildEnded, n: Names) -> Msg:
    if e.forced:
        return msg(
            "{name} can pay for no further space: the build action at {site} ends.",
            name=n[e.seat],
            site=SITE_WORDS[e.site],
        )
    return msg("{name} stops building at {site}.", name=n[e.seat], site=SITE_WORDS[e.site])


def _declined(e: ev.Declined, n: Names) -> Msg:
    site = SITE_WORDS[e.site]
    if e.forced:
        text = msg("{name} cannot build at {site}.", name=n[e.seat], site=site)
    else:
        text = msg("{name} declines to build at {site}.", name=n[e.seat], site=site)
    if e.successor < 0:
        return text
    moves = msg(
        "{name} moves into ship space {number} from speculation.", name=n[e.successor], number=e.slot + 1
    )
    return msg("{first} {then}", first=text, then=moves)


def _fed(e: ev.CrewsFed, n: Names) -> Msg:
    fed = (
        msg(
            "{name} is {missing} grain short feeding crews of strength {need}.",
            name=n[e.seat],
            missing=e.missing,
            need=e.need,
        )
        if e.missing
        else msg(
            "{name} feeds crews of strength {need} with {grain} grain.",
            name=n[e.seat],
            need=e.need,
            grain=e.grain,
        )
    )
    if not e.aids:
        return fed
    return msg("{first} Feeding aids: {cards}.", first=fed, cards=cards_named(e.aids))


def _signed(e: ev.ScoreChanged | ev.StonesChanged, n: Names) -> Msg:
    reason = reason_words(e.reason)
    amount = abs(e.delta)
    if isinstance(e, ev.ScoreChanged):
        if e.delta >= 0:
            return msg("{name} gains {count} VP ({reason}).", name=n[e.seat], count=amount, reason=reason)
        return msg("{name} loses {count} VP ({reason}).", name=n[e.seat], count=amount, reason=reason)
    if e.delta >= 0:
        return msgn(
            "{name} gains {count} stone ({reason}).",
            "{name} gains {count} stones ({reason}).",
            amount,
            name=n[e.seat],
            reason=reason,
        )
    return msgn(
        "{name} loses {count} stone ({reason}).",
        "{name} loses {count} stones ({reason}).",
        amount,
        name=n[e.seat],
        reason=reason,
    )


def _sequence(e: ev.SequenceSet, n: Names) -> Msg:
    parts: list[Msg | str] = [
        msg("{name} takes sequence tile {tile}", name=n[seat], tile=tile) for seat, tile in enumerate(e.tiles)
    ]
    return msg("New sequence: {tiles}.", tiles=parts)


def _ended(e: ev.GameEnded, n: Names) -> Msg:
    parts: list[Msg | str] = [
        msg("{name} ({count} VP)", name=n[seat], count=e.scores[seat]) for seat in e.ranking
    ]
    return msg("Game over. Ranking: {ranking}.", ranking=parts)


def _revealed(e: ev.SphinxRevealed, n: Names) -> Msg:
    if not e.cards:
        return msg("{name} has no Sphinx card to reveal.", name=n[e.seat])
    return msg("{name} reveals Sphinx cards: {cards}.", name=n[e.seat], cards=cards_named(e.cards))


_DESCRIBERS: dict[type, Callable[[Any, Names], Msg]] = {
    ev.GameSetUp: _set_up,
    ev.RoundStarted: lambda e, n: msg("Round {round} begins.", round=e.round),
    ev.NileCardsLaidOut: lambda e, n: msgn(
        "{count} Nile card of {deck} is laid out.",
        "{count} Nile cards of {deck} are laid out.",
        len(e.cards),
        deck=DECK_WORDS[e.deck],
    ),
    ev.ShipPlaced: _ship,
    ev.NileCardTaken: lambda e, n: msg(
        "{name} takes the Nile card {card}.", name=n[e.seat], card=card_name(e.card)
    ),
    ev.Passed: lambda e, n: (
        msg("{name} cannot place a ship for the rest of the round.", name=n[e.seat])
        if e.forced
        else msg("{name} passes for the rest of the round.", name=n[e.seat])
    ),
    ev.ScoreChanged: _signed,
    ev.StonesChanged: _signed,
    ev.CrewMoved: lambda e, n: msg(
        "{name}'s {crew} gains {count} strength ({reason}).",
        name=n[e.seat],
        crew=CREW_WORDS[e.crew],
        count=e.delta,
        reason=reason_words(e.reason),
    ),
    ev.MarketMoved: lambda e, n: msg(
        "{name}'s {market} marker moves down to space {number}.",
        name=n[e.seat],
        market=MARKET_WORDS.get(e.market, MARKET_WORDS["stone"]),
        number=e.to + 1,
    ),
    ev.RingMoved: lambda e, n: msg(
        "{name} moves the water ring to the {position}.", name=n[e.seat], position=RING_WORDS[e.to]
    ),
    ev.PlacementEnded: lambda e, n: msgn(
        "Ship placement ends; {count} Nile card leaves the river.",
        "Ship placement ends; {count} Nile cards leave the river.",
        len(e.discarded),
    ),
    ev.PhaseStarted: lambda e, n: _PHASES.get(e.phase, msg("A new phase begins.")),
    ev.CrewsFed: _fed,
    ev.SphinxDrawn: _sphinx_drawn,
    ev.SphinxKept: lambda e, n: msgn(
        "{name} keeps {count} Sphinx card and returns {returned} under the deck.",
        "{name} keeps {count} Sphinx cards and returns {returned} under the deck.",
        e.kept_count,
        name=n[e.seat],
        returned=e.returned_count,
    ),
    ev.Built: _built,
    ev.BuildGoesOn: _goes_on,
    ev.BuiltMore: _built_more,
    ev.BuildEnded: _build_ended,
    ev.GraveRevealed: lambda e, n: msg(
        "Grave tile {number} is turned face up: value {value}.", number=e.space + 1, value=e.value
    ),
    ev.Declined: _declined,
    ev.SiteClosed: lambda e, n: msg("Building at {site} is over.", site=SITE_WORDS[e.site]),
    ev.ShipsReturned: lambda e, n: msg("All ships return home."),
    ev.SequenceSet: _sequence,
    ev.DeckRemoved: lambda e, n: msgn(
        "The rest of the Nile cards of {deck} ({count} card) leaves the game.",
        "The rest of the Nile cards of {deck} ({count} cards) leaves the game.",
        e.count,
        deck=DECK_WORDS[e.deck],
    ),
    ev.SphinxRevealed: _revealed,
    ev.GameEnded: _ended,
    ev.CardUsed: lambda e, n: msg(
        "{name} uses the Nile card {card}.", name=n[e.seat], card=card_name(e.card)
    ),
    ev.FieldImproved: lambda e, n: msg(
        "{name} improves their field {field} with {card}.",
        name=n[e.seat],
        field=card_name(e.field),
        card=card_name(e.card),
    ),
    ev.CardDeclined: lambda e, n: msg(
        "{name} does not use the Nile card {card} this round.", name=n[e.seat], card=card_name(e.card)
    ),
    ev.CardBuildTurn: lambda e, n: msg(
        "{name} builds at {site} out of turn with {card}.",
        name=n[e.seat],
        site=SITE_WORDS[e.site],
        card=card_name(e.card),
    ),
}


def describe_event(event: Any, names: Names) -> Msg:
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else msg("Something happens on the board.")
