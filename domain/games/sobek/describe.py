"""One sentence per event for the history (a message), naming seats by ``names``. Works on redacted events
too: it names a card only where the event as given carries it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.games.sobek import events as ev
from domain.games.sobek.data import SCRIBE_LIMIT, TOKEN_BY_ID
from domain.games.sobek.rules.characters import (
    DECK_EMPTY,
    NOBODY_HOLDS,
    NOBODY_OVER_LIMIT,
    NOTHING_FITS,
    PILE_EMPTY,
)
from domain.games.sobek.words import (
    BACK_NAMES,
    GOODS_NAMES,
    SYMBOL_NAMES,
    TOKEN_NAMES,
    card_name,
    cards_named,
    token_name,
)
from domain.messages import Msg, msg, msgn

Names = Sequence[str]

# Why a character's power found nothing to act on, as its event records it.
WASTED_REASONS: dict[str, Msg] = {
    DECK_EMPTY: msg("the deck is empty"),
    NOBODY_OVER_LIMIT: msg("no opponent holds more than {limit} cards", limit=SCRIBE_LIMIT),
    NOBODY_HOLDS: msg("no opponent holds a card"),
    NOTHING_FITS: msg("no card in hand fits one of their upright sets"),
    PILE_EMPTY: msg("that corruption pile is empty"),
}


def _taken(e: ev.CardTaken, n: Names) -> Msg:
    card = card_name(e.card) if e.card else msg("a face-down character")
    if e.merchant:
        taken = msg(
            "{name} takes Nile card {position} with the Merchant: {card}.",
            name=n[e.seat],
            position=e.position,
            card=card,
        )
    else:
        taken = msg(
            "{name} takes Nile card {position}: {card}.", name=n[e.seat], position=e.position, card=card
        )
    if not e.skipped_count:
        return taken
    if e.skipped:
        skipped = msgn(
            "The card left of it goes to their corruption pile: {cards}.",
            "The {count} cards left of it go to their corruption pile: {cards}.",
            e.skipped_count,
            cards=cards_named(e.skipped),
        )
    else:
        skipped = msgn(
            "The card left of it goes to their corruption pile.",
            "The {count} cards left of it go to their corruption pile.",
            e.skipped_count,
        )
    return msg("{taken} {skipped}", taken=taken, skipped=skipped)


def _set_played(e: ev.SetPlayed, n: Names) -> Msg:
    goods = GOODS_NAMES[e.goods]
    if e.joined:
        return msg(
            "{name} adds to their {goods} set: {cards}.",
            name=n[e.seat],
            goods=goods,
            cards=cards_named(e.cards),
        )
    return msg("{name} lays a {goods} set: {cards}.", name=n[e.seat], goods=goods, cards=cards_named(e.cards))


def _moved(e: ev.MarkerMoved, n: Names) -> Msg:
    if e.reason == "guild push":
        return msg(
            "{by} pushes {name} back with the Guild from {before} to {after}.",
            by=n[e.by],
            name=n[e.seat],
            before=e.before,
            after=e.after,
        )
    if e.reason == "fraud":
        return msg(
            "{name} moves forward with Fraud from {before} to {after}.",
            name=n[e.seat],
            before=e.before,
            after=e.after,
        )
    return msg(
        "{name} moves forward with the Guild from {before} to {after}.",
        name=n[e.seat],
        before=e.before,
        after=e.after,
    )


def _prosperity(e: ev.ProsperityPlaced, n: Names) -> Msg:
    if e.set < 0:
        return msg("{name} has no cattle, fish or wheat set: the Prosperity token is wasted.", name=n[e.seat])
    return msg(
        "{name} puts the Prosperity token on their set number {number} (+2 scarabs).",
        name=n[e.seat],
        number=e.set + 1,
    )


def _purged(e: ev.Purged, n: Names) -> Msg:
    goods = GOODS_NAMES[e.goods]
    if e.count < 0:
        return msg(
            "{name} names {goods}: every card of it leaves their corruption pile.",
            name=n[e.seat],
            goods=goods,
        )
    if e.cards:
        return msgn(
            "{name} names {goods}: {count} card leaves their corruption pile: {cards}.",
            "{name} names {goods}: {count} cards leave their corruption pile: {cards}.",
            e.count,
            name=n[e.seat],
            goods=goods,
            cards=cards_named(e.cards),
        )
    return msgn(
        "{name} names {goods}: {count} card leaves their corruption pile.",
        "{name} names {goods}: {count} cards leave their corruption pile.",
        e.count,
        name=n[e.seat],
        goods=goods,
    )


def _stolen(e: ev.Stolen, n: Names) -> Msg:
    if e.card:
        return msg(
            "{name} steals a card with a {back} back from {target}'s hand: {card}.",
            name=n[e.seat],
            back=BACK_NAMES[e.back],
            target=n[e.target],
            card=card_name(e.card),
        )
    return msg(
        "{name} steals a card with a {back} back from {target}'s hand.",
        name=n[e.seat],
        back=BACK_NAMES[e.back],
        target=n[e.target],
    )


def _pile_taken(e: ev.PileCardTaken, n: Names) -> Msg:
    if e.card:
        return msg(
            "{name} takes a card from {target}'s corruption pile: {card}.",
            name=n[e.seat],
            target=n[e.target],
            card=card_name(e.card),
        )
    return msg(
        "{name} takes a card with a {back} back from {target}'s corruption pile.",
        name=n[e.seat],
        back=BACK_NAMES[e.back],
        target=n[e.target],
    )


def _discards(e: ev.DiscardsRequired, n: Names) -> Msg:
    who = [
        msgn("{name} {count} card", "{name} {count} cards", count, name=n[seat])
        for seat, count in zip(e.seats, e.counts, strict=True)
    ]
    return msg("The Scribe makes opponents discard down to six cards: {who}.", who=who)


def _scored(e: ev.RoundScored, n: Names) -> Msg:
    parts = [
        msg("{name} {points} ({sets})", name=n[seat], points=points, sets=" + ".join(map(str, sets)))
        if sets
        else msg("{name} {points} (no set)", name=n[seat], points=points)
        for seat, (points, sets) in enumerate(zip(e.set_points, e.sets, strict=True))
    ]
    return msg("Round {round}, sets score: {parts}.", round=e.round, parts=parts)


def _counted(e: ev.CorruptionCounted, n: Names) -> Msg:
    counts = [
        msgn(
            "{name} {corruption} ({count} scarab)",
            "{name} {corruption} ({count} scarabs)",
            scarabs,
            name=n[seat],
            corruption=count,
        )
        for seat, (count, scarabs) in enumerate(zip(e.counts, e.scarabs, strict=True))
    ]
    if e.penalised:
        return msg(
            "Corruption: {counts}. Penalised: {who}.", counts=counts, who=[n[seat] for seat in e.penalised]
        )
    return msg("Corruption: {counts}. Nobody is penalised.", counts=counts)


def _penalty(e: ev.PenaltyApplied, n: Names) -> Msg:
    return msgn(
        "{name}'s corruption penalty: {count} step back to the previous {symbol} square, from {before} to "
        "{after}.",
        "{name}'s corruption penalty: {count} steps back to the previous {symbol} square, from {before} to "
        "{after}.",
        e.steps,
        name=n[e.seat],
        symbol=SYMBOL_NAMES[e.symbol],
        before=e.before,
        after=e.after,
    )


def _embalmed(e: ev.Embalmed, n: Names) -> Msg:
    if e.cards:
        return msgn(
            "{name} takes the {count} card of their corruption pile into their hand: {cards}.",
            "{name} takes the {count} cards of their corruption pile into their hand: {cards}.",
            e.count,
            name=n[e.seat],
            cards=cards_named(e.cards),
        )
    return msgn(
        "{name} takes the {count} card of their corruption pile into their hand.",
        "{name} takes the {count} cards of their corruption pile into their hand.",
        e.count,
        name=n[e.seat],
    )


def _drawn(e: ev.CardsDrawn, n: Names) -> Msg:
    if e.cards:
        return msgn(
            "{name} draws {count} card from the deck: {cards}.",
            "{name} draws {count} cards from the deck: {cards}.",
            len(e.backs),
            name=n[e.seat],
            cards=cards_named(e.cards),
        )
    return msgn(
        "{name} draws {count} card from the deck.",
        "{name} draws {count} cards from the deck.",
        len(e.backs),
        name=n[e.seat],
    )


def _discarded(e: ev.Discarded, n: Names) -> Msg:
    if e.card:
        return msg(
            "{name} discards onto their corruption pile: {card}.", name=n[e.seat], card=card_name(e.card)
        )
    return msg(
        "{name} discards a card with a {back} back onto their corruption pile.",
        name=n[e.seat],
        back=BACK_NAMES[e.back],
    )


def _round_started(e: ev.RoundStarted, n: Names) -> Msg:
    dealt = msgn(
        "Round {round} begins: two green cards each, {tokens} event tokens face down, {count} card dealt "
        "into the Nile (characters face down).",
        "Round {round} begins: two green cards each, {tokens} event tokens face down, {count} cards dealt "
        "into the Nile (characters face down).",
        len(e.nile),
        round=e.round,
        tokens=e.token_count,
    )
    if e.start_player >= 0:
        start = msg("{name} is drawn to start.", name=n[e.start_player])
    elif len(e.tied) > 1:
        start = msg(
            "{name} has the lowest score (drawn among the tied lowest scores) and chooses the start player.",
            name=n[e.chooser],
        )
    else:
        start = msg("{name} has the lowest score and chooses the start player.", name=n[e.chooser])
    return msg("{dealt} {start}", dealt=dealt, start=start)


def _hands(e: ev.HandsToCorruption, n: Names) -> Msg:
    parts = [
        msgn(
            "{name} {count} card ({cards})",
            "{name} {count} cards ({cards})",
            count,
            name=n[seat],
            cards=cards_named(cards),
        )
        if cards
        else msgn("{name} {count} card", "{name} {count} cards", count, name=n[seat])
        for seat, (count, cards) in enumerate(zip(e.counts, e.cards, strict=True))
    ]
    return msg("The cards left in hand go to the corruption piles: {parts}.", parts=parts)


def _ended(e: ev.GameEnded, n: Names) -> Msg:
    ranking = [msg("{name} ({score})", name=n[seat], score=e.scores[seat]) for seat in e.ranking]
    if len(e.winners) > 1:
        return msg(
            "Game over: {winners} share the victory. Ranking: {ranking}.",
            winners=[n[seat] for seat in e.winners],
            ranking=ranking,
        )
    return msg("Game over: {winner} wins. Ranking: {ranking}.", winner=n[e.winners[0]], ranking=ranking)


def _round_ended(e: ev.RoundEnded, n: Names) -> Msg:
    scores = [msg("{name} {score}", name=n[seat], score=score) for seat, score in enumerate(e.result.scores)]
    return msg("Round {round} is over: {scores}.", round=e.result.round, scores=scores)


def _wasted(e: ev.PowerWasted, n: Names) -> Msg:
    reason = WASTED_REASONS.get(e.reason, msg("nothing to act on"))
    return msg("{card} has no effect: {reason}.", card=card_name(e.card), reason=reason)


_DESCRIBERS: dict[type, Callable[[Any, Names], Msg]] = {
    ev.GameSetUp: lambda e, n: msg("A game of Sobek for {players} players is set up.", players=e.players),
    ev.RoundStarted: _round_started,
    ev.NileDealt: lambda e, n: msgn(
        "{count} card is dealt into the Nile (characters face down).",
        "{count} cards are dealt into the Nile (characters face down).",
        len(e.cards),
    ),
    ev.StartPlayerChosen: lambda e, n: msg(
        "{by} chooses {name} to start the round.", by=n[e.by], name=n[e.seat]
    ),
    ev.TurnBegan: lambda e, n: (
        msg("{name} takes an extra turn (Flood).", name=n[e.seat])
        if e.extra
        else msg("{name} takes the turn.", name=n[e.seat])
    ),
    ev.CardTaken: _taken,
    ev.SetPlayed: _set_played,
    ev.TokenChosen: lambda e, n: msg(
        "{name} chooses the event token {token}.", name=n[e.seat], token=_token(e.token)
    ),
    ev.MarkerMoved: _moved,
    ev.CurseGiven: lambda e, n: msg(
        "{name} gives the Curse to {target}.", name=n[e.seat], target=n[e.target]
    ),
    ev.ProsperityPlaced: _prosperity,
    ev.Embalmed: _embalmed,
    ev.FraudRevealed: lambda e, n: msgn(
        "Fraud shows that {name} has {count} corruption card.",
        "Fraud shows that {name} has {count} corruption cards.",
        e.count,
        name=n[e.seat],
    ),
    ev.ExtraTurnGranted: lambda e, n: msg(
        "The Flood gives {name} another turn after this one.", name=n[e.seat]
    ),
    ev.CharacterPlayed: lambda e, n: msg("{name} plays {card}.", name=n[e.seat], card=card_name(e.card)),
    ev.PowerWasted: _wasted,
    ev.CardsDrawn: _drawn,
    ev.Purged: _purged,
    ev.Stolen: _stolen,
    ev.PileLooked: lambda e, n: msg(
        "{name} looks at {target}'s corruption pile.", name=n[e.seat], target=n[e.target]
    ),
    ev.PileCardTaken: _pile_taken,
    ev.CourtierAdded: lambda e, n: msg(
        "{name} adds {cards} to their set number {number}.",
        name=n[e.seat],
        cards=cards_named(e.cards),
        number=e.set + 1,
    ),
    ev.DiscardsRequired: _discards,
    ev.Discarded: _discarded,
    ev.RoundEnding: lambda e, n: msg(
        "The Nile and the deck are empty: round {round} ends with sideways sets.", round=e.round
    ),
    ev.SidewaysLaid: lambda e, n: msg(
        "{name} lays a sideways {goods} set: {cards}.",
        name=n[e.seat],
        goods=GOODS_NAMES[e.goods],
        cards=cards_named(e.cards),
    ),
    ev.SidewaysFinished: lambda e, n: msg("{name} lays no more sideways sets.", name=n[e.seat]),
    ev.HandsToCorruption: _hands,
    ev.RoundScored: _scored,
    ev.CorruptionCounted: _counted,
    ev.PenaltyApplied: _penalty,
    ev.RoundEnded: _round_ended,
    ev.GameEnded: _ended,
}


def _token(token_id: str) -> Msg:
    token = TOKEN_BY_ID[token_id]
    if token.symbol:
        return msg("{token} ({symbol})", token=TOKEN_NAMES[token.kind], symbol=SYMBOL_NAMES[token.symbol])
    return token_name(token_id)


def describe_event(event: Any, names: Names) -> Msg:
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else msg("Something happened.")
