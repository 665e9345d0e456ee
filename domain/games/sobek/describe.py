"""One line of English per event, for the history page, naming seats by ``names``. Works on redacted events
too: it names a card only where the event as given carries it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.games.sobek import events as ev
from domain.games.sobek.data import CARDS, GOODS_NAMES, SYMBOL_NAMES, TOKEN_BY_ID

Names = Sequence[str]
_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _ordinal(number: int) -> str:
    return _ORDINALS.get(number, f"{number}th")


def card_words(card: str) -> str:
    """``IVO-01 (ivory, 3 scarabs)``, ``CH-THIEF (the Thief)``; "" for a hidden card."""
    if not card:
        return ""
    printed = CARDS[card]
    if printed.power:
        return f"{card} (the {printed.name})"
    return f"{card} ({GOODS_NAMES[printed.goods]}, {_plural(printed.scarabs, 'scarab')})"


def _cards(cards: list[str]) -> str:
    return ", ".join(card_words(card) for card in cards)


def _token(token: str) -> str:
    return f"{TOKEN_BY_ID[token].name} ({token})"


def _taken(e: ev.CardTaken, n: Names) -> str:
    card = card_words(e.card) or "a face-down character"
    how = " with the Merchant" if e.merchant else ""
    text = f"{n[e.seat]} takes the {_ordinal(e.position)} Nile card{how}: {card}"
    if e.skipped_count:
        skipped = f": {_cards(e.skipped)}" if e.skipped else ""
        text += f"; the {_plural(e.skipped_count, 'card')} left of it go to their corruption pile{skipped}"
    return text + "."


def _set_played(e: ev.SetPlayed, n: Names) -> str:
    where = f"adds to their {GOODS_NAMES[e.goods]} set" if e.joined else f"lays a {GOODS_NAMES[e.goods]} set"
    return f"{n[e.seat]} {where}: {_cards(e.cards)}."


_MOVES = {
    "guild": "{who} moves forward with the Guild from {before} to {after}.",
    "guild push": "{by} pushes {who} back with the Guild from {before} to {after}.",
    "fraud": "{who} moves forward with Fraud from {before} to {after}.",
}


def _moved(e: ev.MarkerMoved, n: Names) -> str:
    return _MOVES[e.reason].format(who=n[e.seat], by=n[e.by], before=e.before, after=e.after)


def _prosperity(e: ev.ProsperityPlaced, n: Names) -> str:
    if e.set < 0:
        return f"{n[e.seat]} has no cattle, fish or wheat set: the Prosperity token is wasted."
    return f"{n[e.seat]} puts the Prosperity token on their set number {e.set + 1} (+2 scarabs)."


def _purged(e: ev.Purged, n: Names) -> str:
    goods = GOODS_NAMES[e.goods]
    if e.count < 0:
        return f"{n[e.seat]} names {goods}: every {goods} card leaves their corruption pile."
    removed = f": {_cards(e.cards)}" if e.cards else ""
    return f"{n[e.seat]} names {goods}: {_plural(e.count, 'card')} leave their corruption pile{removed}."


def _stolen(e: ev.Stolen, n: Names) -> str:
    card = f": {card_words(e.card)}" if e.card else ""
    return f"{n[e.seat]} steals a {e.back}-backed card from {n[e.target]}'s hand{card}."


def _pile_taken(e: ev.PileCardTaken, n: Names) -> str:
    card = f": {card_words(e.card)}" if e.card else f" (a {e.back}-backed card)"
    return f"{n[e.seat]} takes a card from {n[e.target]}'s corruption pile{card}."


def _discards(e: ev.DiscardsRequired, n: Names) -> str:
    who = ", ".join(f"{n[seat]} {count}" for seat, count in zip(e.seats, e.counts, strict=True))
    return f"The Scribe makes opponents discard down to six cards: {who}."


def _scored(e: ev.RoundScored, n: Names) -> str:
    parts = ", ".join(
        f"{n[seat]} {points} ({' + '.join(map(str, sets)) or 'no set'})"
        for seat, (points, sets) in enumerate(zip(e.set_points, e.sets, strict=True))
    )
    return f"Round {e.round} sets score: {parts}."


def _counted(e: ev.CorruptionCounted, n: Names) -> str:
    counts = ", ".join(
        f"{n[seat]} {count} ({_plural(scarabs, 'scarab')})"
        for seat, (count, scarabs) in enumerate(zip(e.counts, e.scarabs, strict=True))
    )
    who = ", ".join(n[seat] for seat in e.penalised) or "nobody"
    return f"Corruption: {counts}. Penalised: {who}."


def _penalty(e: ev.PenaltyApplied, n: Names) -> str:
    symbol = SYMBOL_NAMES[e.symbol]
    return (
        f"{n[e.seat]}'s corruption penalty: {_plural(e.steps, 'step')} back to the previous {symbol} square, "
        f"from {e.before} to {e.after}."
    )


def _embalmed(e: ev.Embalmed, n: Names) -> str:
    cards = f": {_cards(e.cards)}" if e.cards else ""
    return (
        f"{n[e.seat]} takes the {_plural(e.count, 'card')} of their corruption pile into their hand{cards}."
    )


def _drawn(e: ev.CardsDrawn, n: Names) -> str:
    cards = f": {_cards(e.cards)}" if e.cards else ""
    return f"{n[e.seat]} draws {_plural(len(e.backs), 'card')} from the deck{cards}."


def _discarded(e: ev.Discarded, n: Names) -> str:
    card = card_words(e.card) or f"a {e.back}-backed card"
    return f"{n[e.seat]} discards {card} onto their corruption pile."


def _round_started(e: ev.RoundStarted, n: Names) -> str:
    text = (
        f"Round {e.round} begins: two green cards each, {e.token_count} event tokens face down, "
        f"{_plural(len(e.nile), 'card')} dealt into the Nile (characters face down). "
    )
    if e.start_player >= 0:
        return text + f"{n[e.start_player]} is drawn to start."
    tie = " (drawn among the tied lowest scores)" if len(e.tied) > 1 else ""
    return text + f"{n[e.chooser]} has the lowest score{tie} and chooses the start player."


def _hands(e: ev.HandsToCorruption, n: Names) -> str:
    parts = ", ".join(
        f"{n[seat]} {count}" + (f" ({_cards(cards)})" if cards else "")
        for seat, (count, cards) in enumerate(zip(e.counts, e.cards, strict=True))
    )
    return f"The cards left in hand go to the corruption piles: {parts}."


def _ended(e: ev.GameEnded, n: Names) -> str:
    ranking = ", ".join(f"{n[seat]} ({e.scores[seat]})" for seat in e.ranking)
    winners = " and ".join(n[seat] for seat in e.winners)
    shared = " share the victory" if len(e.winners) > 1 else " wins"
    return f"Game over: {winners}{shared}. Ranking: {ranking}."


_DESCRIBERS: dict[type, Callable[[Any, Names], str]] = {
    ev.GameSetUp: lambda e, n: (
        f"A {e.players}-player game of Sobek is set up (seed commitment {e.seed_commitment[:12]}…)."
    ),
    ev.RoundStarted: _round_started,
    ev.NileDealt: lambda e, n: (
        f"{_plural(len(e.cards), 'card')} are dealt into the Nile (characters face down)."
    ),
    ev.StartPlayerChosen: lambda e, n: f"{n[e.by]} chooses {n[e.seat]} to start the round.",
    ev.TurnBegan: lambda e, n: f"{n[e.seat]} takes {'an extra turn (Flood)' if e.extra else 'the turn'}.",
    ev.CardTaken: _taken,
    ev.SetPlayed: _set_played,
    ev.TokenChosen: lambda e, n: f"{n[e.seat]} chooses the event token {_token(e.token)}.",
    ev.MarkerMoved: _moved,
    ev.CurseGiven: lambda e, n: f"{n[e.seat]} gives the Curse {e.token} to {n[e.target]}.",
    ev.ProsperityPlaced: _prosperity,
    ev.Embalmed: _embalmed,
    ev.FraudRevealed: lambda e, n: f"Fraud shows that {n[e.seat]} has {_plural(e.count, 'corruption card')}.",
    ev.ExtraTurnGranted: lambda e, n: f"The Flood gives {n[e.seat]} another turn after this one.",
    ev.CharacterPlayed: lambda e, n: f"{n[e.seat]} plays {card_words(e.card)}.",
    ev.PowerWasted: lambda e, n: f"{card_words(e.card)} has no effect: {e.reason}.",
    ev.CardsDrawn: _drawn,
    ev.Purged: _purged,
    ev.Stolen: _stolen,
    ev.PileLooked: lambda e, n: f"{n[e.seat]} looks at {n[e.target]}'s corruption pile.",
    ev.PileCardTaken: _pile_taken,
    ev.CourtierAdded: lambda e, n: f"{n[e.seat]} adds {_cards(e.cards)} to their set number {e.set + 1}.",
    ev.DiscardsRequired: _discards,
    ev.Discarded: _discarded,
    ev.RoundEnding: lambda e, n: f"The Nile and the deck are empty: round {e.round} ends with sideways sets.",
    ev.SidewaysLaid: lambda e, n: (
        f"{n[e.seat]} lays a sideways {GOODS_NAMES[e.goods]} set: {_cards(e.cards)}."
    ),
    ev.SidewaysFinished: lambda e, n: f"{n[e.seat]} lays no more sideways sets.",
    ev.HandsToCorruption: _hands,
    ev.RoundScored: _scored,
    ev.CorruptionCounted: _counted,
    ev.PenaltyApplied: _penalty,
    ev.RoundEnded: lambda e, n: (
        f"Round {e.result.round} is over: "
        + ", ".join(f"{n[seat]} {score}" for seat, score in enumerate(e.result.scores))
        + "."
    ),
    ev.GameEnded: _ended,
}


def describe_event(event: Any, names: Names) -> str:
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else type(event).__name__
