"""The facts of a Sobek game. Tags are stable (``"sobek.<fact>"``); every field is plain data.

Events are deltas the fold applies without validating. Secret fields (the shuffles, other seats' cards,
face-down cards and tokens) are emptied per reader by ``views.redact_event``; a count beside each secret list
stays, so the history says how many cards moved even where it may not say which.
"""

from __future__ import annotations

from typing import Union

from domain.engine import Event
from domain.games.sobek.state import RoundDeal, RoundResult, SobekOptions


class GameSetUp(Event, frozen=True, kw_only=True, tag="sobek.game_set_up"):
    """The seed commitment and every shuffle of the three rounds (``deals``, empty in a redacted copy)."""

    seed_commitment: str
    options: SobekOptions
    players: int
    deals: list[RoundDeal]


class RoundStarted(Event, frozen=True, kw_only=True, tag="sobek.round_started"):
    """A round's deal: two green cards per seat, five face-down tokens, the shuffled deck, nine cards into the
    Nile (``nile`` keeps "" where a character lies face down in a redacted copy). Round 1: ``start_player``
    drawn by the round's seat order. Rounds 2-3: ``chooser``, the lowest score (``tied`` all had it; the
    round's seat order picked one), chooses the start player."""

    round: int
    hands: list[list[str]]
    hand_sizes: list[int]
    tokens: list[str]
    token_count: int
    unused_tokens: list[str]
    unused_starters: list[str]
    deck: list[str]
    deck_size: int
    nile: list[str]
    nile_backs: list[str]
    start_player: int
    chooser: int
    tied: list[int]


class NileDealt(Event, frozen=True, kw_only=True, tag="sobek.nile_dealt"):
    """Cards from the top of the deck into the empty Nile, left to right; ``cards`` keeps "" where a
    character lies face down in a redacted copy, ``backs`` says each card's back."""

    cards: list[str]
    backs: list[str]


class StartPlayerChosen(Event, frozen=True, kw_only=True, tag="sobek.start_player_chosen"):
    """Rounds 2-3: the start player, named by ``by`` (the lowest score)."""

    seat: int
    by: int


class TurnBegan(Event, frozen=True, kw_only=True, tag="sobek.turn_began"):
    seat: int
    extra: bool = False


class CardTaken(Event, frozen=True, kw_only=True, tag="sobek.card_taken"):
    """A Nile card into a hand (``merchant``: with the Merchant). ``skipped`` went to the taker's corruption
    pile. A face-down character taken shows as "" to the others, as do the skipped cards."""

    seat: int
    position: int
    card: str
    back: str
    skipped: list[str]
    skipped_count: int
    merchant: bool = False


class SetPlayed(Event, frozen=True, kw_only=True, tag="sobek.set_played"):
    """Cards laid as upright set number ``set`` (a new one, or ``joined`` an existing one)."""

    seat: int
    cards: list[str]
    goods: str
    set: int
    joined: bool


class TokenChosen(Event, frozen=True, kw_only=True, tag="sobek.token_chosen"):
    seat: int
    token: str
    kind: str


class MarkerMoved(Event, frozen=True, kw_only=True, tag="sobek.marker_moved"):
    """A score marker moved during the round (Guild, Fraud): ``by`` is the player whose token moved it."""

    seat: int
    by: int
    reason: str
    before: int
    after: int


class CurseGiven(Event, frozen=True, kw_only=True, tag="sobek.curse_given"):
    seat: int
    target: int
    token: str


class ProsperityPlaced(Event, frozen=True, kw_only=True, tag="sobek.prosperity_placed"):
    """On upright set number ``set``, or wasted (``set`` -1) with no cattle, fish or wheat set."""

    seat: int
    token: str
    set: int


class Embalmed(Event, frozen=True, kw_only=True, tag="sobek.embalmed"):
    seat: int
    cards: list[str]
    count: int


class FraudRevealed(Event, frozen=True, kw_only=True, tag="sobek.fraud_revealed"):
    seat: int
    count: int


class ExtraTurnGranted(Event, frozen=True, kw_only=True, tag="sobek.extra_turn_granted"):
    seat: int
    token: str


class CharacterPlayed(Event, frozen=True, kw_only=True, tag="sobek.character_played"):
    seat: int
    card: str
    power: str


class PowerWasted(Event, frozen=True, kw_only=True, tag="sobek.power_wasted"):
    """A character's power found nothing to act on (it was still played)."""

    seat: int
    card: str
    reason: str


class CardsDrawn(Event, frozen=True, kw_only=True, tag="sobek.cards_drawn"):
    """The Queen's draw from the deck (``cards`` empty for the others)."""

    seat: int
    cards: list[str]
    backs: list[str]


class Purged(Event, frozen=True, kw_only=True, tag="sobek.purged"):
    """Cards of one goods type leave the player's corruption pile (their ids and count only for them)."""

    seat: int
    goods: str
    cards: list[str]
    count: int


class Stolen(Event, frozen=True, kw_only=True, tag="sobek.stolen"):
    """The Thief's catch: ``card`` is shown to the thief and the robbed player only."""

    seat: int
    target: int
    back: str
    card: str


class PileLooked(Event, frozen=True, kw_only=True, tag="sobek.pile_looked"):
    seat: int
    target: int


class PileCardTaken(Event, frozen=True, kw_only=True, tag="sobek.pile_card_taken"):
    """The Vizier's pick: ``card`` is shown to the Vizier and the player it came from only."""

    seat: int
    target: int
    card: str
    back: str


class CourtierAdded(Event, frozen=True, kw_only=True, tag="sobek.courtier_added"):
    seat: int
    set: int
    cards: list[str]


class DiscardsRequired(Event, frozen=True, kw_only=True, tag="sobek.discards_required"):
    """The Scribe: these opponents discard ``counts`` cards each."""

    seat: int
    seats: list[int]
    counts: list[int]


class Discarded(Event, frozen=True, kw_only=True, tag="sobek.discarded"):
    seat: int
    card: str
    back: str


class RoundEnding(Event, frozen=True, kw_only=True, tag="sobek.round_ending"):
    """The Nile and the deck are empty: the round ends with the sideways sets."""

    round: int


class SidewaysLaid(Event, frozen=True, kw_only=True, tag="sobek.sideways_laid"):
    seat: int
    cards: list[str]
    goods: str


class SidewaysFinished(Event, frozen=True, kw_only=True, tag="sobek.sideways_finished"):
    seat: int


class HandsToCorruption(Event, frozen=True, kw_only=True, tag="sobek.hands_to_corruption"):
    """Every card left in a hand goes to its owner's corruption pile (ids only for the owner)."""

    cards: list[list[str]]
    counts: list[int]


class RoundScored(Event, frozen=True, kw_only=True, tag="sobek.round_scored"):
    """Each seat's set points of the round; ``sets`` lists each seat's sets' points, upright ones first."""

    round: int
    set_points: list[int]
    sets: list[list[int]]
    scores: list[int]


class CorruptionCounted(Event, frozen=True, kw_only=True, tag="sobek.corruption_counted"):
    """Round end: each seat's corruption (cards + 2 per Curse) and the scarabs on its cards."""

    counts: list[int]
    scarabs: list[int]
    penalised: list[int]


class PenaltyApplied(Event, frozen=True, kw_only=True, tag="sobek.penalty_applied"):
    """``steps`` moves back, each to the previous square showing ``symbol``."""

    seat: int
    steps: int
    symbol: str
    before: int
    after: int


class RoundEnded(Event, frozen=True, kw_only=True, tag="sobek.round_ended"):
    """``final``: the game ends with this round (after round 3, or round 2 with a score above 100)."""

    result: RoundResult
    final: bool


class GameEnded(Event, frozen=True, kw_only=True, tag="sobek.game_ended"):
    ranking: list[int]
    scores: list[int]
    winners: list[int]


SobekEvent = Union[  # noqa: UP007
    GameSetUp,
    RoundStarted,
    NileDealt,
    StartPlayerChosen,
    TurnBegan,
    CardTaken,
    SetPlayed,
    TokenChosen,
    MarkerMoved,
    CurseGiven,
    ProsperityPlaced,
    Embalmed,
    FraudRevealed,
    ExtraTurnGranted,
    CharacterPlayed,
    PowerWasted,
    CardsDrawn,
    Purged,
    Stolen,
    PileLooked,
    PileCardTaken,
    CourtierAdded,
    DiscardsRequired,
    Discarded,
    RoundEnding,
    SidewaysLaid,
    SidewaysFinished,
    HandsToCorruption,
    RoundScored,
    CorruptionCounted,
    PenaltyApplied,
    RoundEnded,
    GameEnded,
]
