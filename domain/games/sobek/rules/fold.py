"""``evolve``: fold one event into the state, in place. Never validates, never draws randomness.

Each event type has one small function, found by the event's class. The fold also opens the decision an
event leads to (``SobekState.pending``): a character's power, the token choice after a set, a token's target.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.sobek import events as ev
from domain.games.sobek.data import (
    COURTIER,
    CURSE,
    GUILD,
    MERCHANT,
    PRIEST,
    PROSPERITY,
    SCRIBE_LIMIT,
    THIEF,
    VIZIER,
)
from domain.games.sobek.state import (
    ACTION,
    COURTIER_ADD,
    CURSE_TARGET,
    DEALING,
    ENDING,
    GUILD_PUSH,
    MERCHANT_TAKE,
    NOBODY,
    OVER,
    PLAYING,
    PRIEST_NAME,
    PROSPERITY_SET,
    SIDEWAYS,
    STARTING,
    THIEF_TARGET,
    TOKEN,
    VIZIER_PICK,
    VIZIER_TARGET,
    GoodsSet,
    Player,
    SobekState,
)

_DECISION_OF_POWER = {
    THIEF: THIEF_TARGET,
    VIZIER: VIZIER_TARGET,
    COURTIER: COURTIER_ADD,
    PRIEST: PRIEST_NAME,
    MERCHANT: MERCHANT_TAKE,
}
_DECISION_OF_TOKEN = {GUILD: GUILD_PUSH, CURSE: CURSE_TARGET, PROSPERITY: PROSPERITY_SET}


def _remove(cards: list[str], gone: list[str]) -> list[str]:
    leaving = set(gone)
    return [card for card in cards if card not in leaving]


def _set_up(_: SobekState | None, e: ev.GameSetUp) -> SobekState:
    return SobekState(
        options=e.options,
        seed_commitment=e.seed_commitment,
        players=[Player(seat=seat) for seat in range(e.players)],
        deals=list(e.deals),
    )


def _round_started(s: SobekState, e: ev.RoundStarted) -> SobekState:
    for player in s.players:
        player.hand = list(e.hands[player.seat])
        player.corruption, player.curses, player.purged = [], [], []
        player.upright, player.sideways = [], []
        player.revealed = NOBODY
        player.sideways_done = False
    s.round = e.round
    s.deck = list(e.deck[len(e.nile) :])
    s.nile = list(e.nile)
    s.unused_starters = list(e.unused_starters)
    s.tokens, s.unused_tokens, s.used_tokens = list(e.tokens), list(e.unused_tokens), []
    s.discard = []
    s.turn, s.start_player, s.chooser, s.target = e.start_player, e.start_player, e.chooser, NOBODY
    s.phase = PLAYING if e.start_player >= 0 else STARTING
    s.pending, s.token, s.extra_turn = ACTION, "", False
    s.extra_turns = 0
    s.discarding, s.set_points = [], []
    return s


def _nile_dealt(s: SobekState, e: ev.NileDealt) -> SobekState:
    s.nile = list(e.cards)
    s.deck = s.deck[len(e.cards) :]
    return s


def _start_chosen(s: SobekState, e: ev.StartPlayerChosen) -> SobekState:
    s.phase, s.start_player, s.chooser = PLAYING, e.seat, NOBODY
    return s


def _turn_began(s: SobekState, e: ev.TurnBegan) -> SobekState:
    s.turn, s.pending, s.token, s.target = e.seat, ACTION, "", NOBODY
    s.extra_turn = e.extra
    if e.extra:
        s.extra_turns -= 1
    return s


def _card_taken(s: SobekState, e: ev.CardTaken) -> SobekState:
    player = s.players[e.seat]
    player.hand.append(e.card)
    player.corruption.extend(e.skipped)
    s.nile = [card for card in s.nile if card != e.card and card not in e.skipped]
    s.pending = ACTION
    return s


def _set_played(s: SobekState, e: ev.SetPlayed) -> SobekState:
    player = s.players[e.seat]
    player.hand = _remove(player.hand, e.cards)
    if e.joined:
        player.upright[e.set].cards.extend(e.cards)
    else:
        player.upright.append(GoodsSet(goods=e.goods, cards=list(e.cards)))
    s.pending = TOKEN if s.tokens else ACTION
    return s


def _token_chosen(s: SobekState, e: ev.TokenChosen) -> SobekState:
    s.tokens = [token for token in s.tokens if token != e.token]
    s.token = e.token
    s.pending = _DECISION_OF_TOKEN.get(e.kind, ACTION)
    if e.kind not in (CURSE, PROSPERITY):
        s.used_tokens.append(e.token)
    return s


def _marker_moved(s: SobekState, e: ev.MarkerMoved) -> SobekState:
    s.players[e.seat].score = e.after
    if e.reason == "guild push":
        s.pending = ACTION
    return s


def _curse_given(s: SobekState, e: ev.CurseGiven) -> SobekState:
    s.players[e.target].curses.append(e.token)
    s.pending = ACTION
    return s


def _prosperity_placed(s: SobekState, e: ev.ProsperityPlaced) -> SobekState:
    if e.set >= 0:
        s.players[e.seat].upright[e.set].prosperity.append(e.token)
    else:
        s.used_tokens.append(e.token)
    s.pending = ACTION
    return s


def _embalmed(s: SobekState, e: ev.Embalmed) -> SobekState:
    player = s.players[e.seat]
    player.hand.extend(e.cards)
    player.corruption = []
    return s


def _fraud_revealed(s: SobekState, e: ev.FraudRevealed) -> SobekState:
    s.players[e.seat].revealed = e.count
    return s


def _extra_turn(s: SobekState, e: ev.ExtraTurnGranted) -> SobekState:
    s.extra_turns += 1
    return s


def _character_played(s: SobekState, e: ev.CharacterPlayed) -> SobekState:
    s.players[e.seat].hand.remove(e.card)
    s.discard.append(e.card)
    s.pending = _DECISION_OF_POWER.get(e.power, ACTION)
    return s


def _power_wasted(s: SobekState, e: ev.PowerWasted) -> SobekState:
    s.pending, s.target = ACTION, NOBODY
    return s


def _cards_drawn(s: SobekState, e: ev.CardsDrawn) -> SobekState:
    s.players[e.seat].hand.extend(e.cards)
    s.deck = s.deck[len(e.cards) :]
    return s


def _purged(s: SobekState, e: ev.Purged) -> SobekState:
    player = s.players[e.seat]
    player.corruption = _remove(player.corruption, e.cards)
    player.purged.extend(e.cards)
    s.pending = ACTION
    return s


def _stolen(s: SobekState, e: ev.Stolen) -> SobekState:
    s.players[e.target].hand.remove(e.card)
    s.players[e.seat].hand.append(e.card)
    s.pending = ACTION
    return s


def _pile_looked(s: SobekState, e: ev.PileLooked) -> SobekState:
    s.pending, s.target = VIZIER_PICK, e.target
    return s


def _pile_card_taken(s: SobekState, e: ev.PileCardTaken) -> SobekState:
    s.players[e.target].corruption.remove(e.card)
    s.players[e.seat].hand.append(e.card)
    s.pending, s.target = ACTION, NOBODY
    return s


def _courtier_added(s: SobekState, e: ev.CourtierAdded) -> SobekState:
    player = s.players[e.seat]
    player.hand = _remove(player.hand, e.cards)
    player.upright[e.set].cards.extend(e.cards)
    s.pending = ACTION
    return s


def _discards_required(s: SobekState, e: ev.DiscardsRequired) -> SobekState:
    s.discarding = list(e.seats)
    return s


def _discarded(s: SobekState, e: ev.Discarded) -> SobekState:
    player = s.players[e.seat]
    player.hand.remove(e.card)
    player.corruption.append(e.card)
    if len(player.hand) <= SCRIBE_LIMIT:
        s.discarding = [seat for seat in s.discarding if seat != e.seat]
    return s


def _round_ending(s: SobekState, e: ev.RoundEnding) -> SobekState:
    s.phase, s.turn, s.pending, s.extra_turns = SIDEWAYS, NOBODY, ACTION, 0
    for player in s.players:
        player.sideways_done = False
    return s


def _sideways_laid(s: SobekState, e: ev.SidewaysLaid) -> SobekState:
    player = s.players[e.seat]
    player.hand = _remove(player.hand, e.cards)
    player.sideways.append(GoodsSet(goods=e.goods, cards=list(e.cards)))
    return s


def _sideways_finished(s: SobekState, e: ev.SidewaysFinished) -> SobekState:
    s.players[e.seat].sideways_done = True
    return s


def _hands_to_corruption(s: SobekState, e: ev.HandsToCorruption) -> SobekState:
    for player in s.players:
        player.corruption.extend(e.cards[player.seat])
        player.hand = []
    return s


def _round_scored(s: SobekState, e: ev.RoundScored) -> SobekState:
    s.set_points = list(e.set_points)
    for player, score in zip(s.players, e.scores, strict=True):
        player.score = score
    return s


def _corruption_counted(s: SobekState, e: ev.CorruptionCounted) -> SobekState:
    return s


def _penalty_applied(s: SobekState, e: ev.PenaltyApplied) -> SobekState:
    s.players[e.seat].score = e.after
    return s


def _round_ended(s: SobekState, e: ev.RoundEnded) -> SobekState:
    s.results.append(e.result)
    s.phase = ENDING if e.final else DEALING
    return s


def _game_ended(s: SobekState, e: ev.GameEnded) -> SobekState:
    s.phase, s.ranking, s.winners = OVER, list(e.ranking), list(e.winners)
    return s


_FOLDS: dict[type, Callable[[Any, Any], SobekState]] = {
    ev.RoundStarted: _round_started,
    ev.NileDealt: _nile_dealt,
    ev.StartPlayerChosen: _start_chosen,
    ev.TurnBegan: _turn_began,
    ev.CardTaken: _card_taken,
    ev.SetPlayed: _set_played,
    ev.TokenChosen: _token_chosen,
    ev.MarkerMoved: _marker_moved,
    ev.CurseGiven: _curse_given,
    ev.ProsperityPlaced: _prosperity_placed,
    ev.Embalmed: _embalmed,
    ev.FraudRevealed: _fraud_revealed,
    ev.ExtraTurnGranted: _extra_turn,
    ev.CharacterPlayed: _character_played,
    ev.PowerWasted: _power_wasted,
    ev.CardsDrawn: _cards_drawn,
    ev.Purged: _purged,
    ev.Stolen: _stolen,
    ev.PileLooked: _pile_looked,
    ev.PileCardTaken: _pile_card_taken,
    ev.CourtierAdded: _courtier_added,
    ev.DiscardsRequired: _discards_required,
    ev.Discarded: _discarded,
    ev.RoundEnding: _round_ending,
    ev.SidewaysLaid: _sideways_laid,
    ev.SidewaysFinished: _sideways_finished,
    ev.HandsToCorruption: _hands_to_corruption,
    ev.RoundScored: _round_scored,
    ev.CorruptionCounted: _corruption_counted,
    ev.PenaltyApplied: _penalty_applied,
    ev.RoundEnded: _round_ended,
    ev.GameEnded: _game_ended,
}


def evolve(state: SobekState | None, event: Any) -> SobekState:
    if isinstance(event, ev.GameSetUp):
        return _set_up(state, event)
    assert state is not None, "the first event of a game is its setup"
    return _FOLDS[type(event)](state, event)
