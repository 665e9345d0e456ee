"""The facts of an Egizia game. Tags are stable (``"egizia.<fact>"``); every field is plain data.

Events are deltas the fold applies without validating. Every score change is a :class:`ScoreChanged` and
every stone change a :class:`StonesChanged` (deltas already capped), so the history explains each number.
Secret fields (deck orders, Sphinx cards, face-down grave tiles) are listed in ``views.redact``.
"""

from __future__ import annotations

from typing import Union

from domain.engine import Event
from domain.games.egizia.state import EgiziaOptions


class GameSetUp(Event, frozen=True, kw_only=True, tag="egizia.game_set_up"):
    """Setup, shuffles included. ``graves`` holds the 12 tiles in space order (0 = hidden in a redacted copy);
    ``nile_decks`` / ``sphinx_deck`` are top-first orders (empty in a redacted copy, sizes stay public)."""

    seed_commitment: str
    options: EgiziaOptions
    players: int
    tiles: list[int]
    nile_decks: list[list[str]]
    deck_sizes: list[int]
    sphinx_deck: list[str]
    sphinx_deck_size: int
    sphinx_hands: list[list[str]]
    graves: list[int]


class RoundStarted(Event, frozen=True, kw_only=True, tag="egizia.round_started"):
    round: int


class NileCardsLaidOut(Event, frozen=True, kw_only=True, tag="egizia.nile_cards_laid_out"):
    deck: int
    cards: list[str]


class ShipPlaced(Event, frozen=True, kw_only=True, tag="egizia.ship_placed"):
    seat: int
    space: str
    slot: int = -1
    speculate: bool = False


class NileCardTaken(Event, frozen=True, kw_only=True, tag="egizia.nile_card_taken"):
    seat: int
    space: str
    card: str


class Passed(Event, frozen=True, kw_only=True, tag="egizia.passed"):
    seat: int
    forced: bool = False


class ScoreChanged(Event, frozen=True, kw_only=True, tag="egizia.score_changed"):
    seat: int
    delta: int
    reason: str


class StonesChanged(Event, frozen=True, kw_only=True, tag="egizia.stones_changed"):
    seat: int
    delta: int
    reason: str


class CrewMoved(Event, frozen=True, kw_only=True, tag="egizia.crew_moved"):
    seat: int
    crew: int
    delta: int
    reason: str


class MarketMoved(Event, frozen=True, kw_only=True, tag="egizia.market_moved"):
    seat: int
    market: str
    to: int
    reason: str


class RingMoved(Event, frozen=True, kw_only=True, tag="egizia.ring_moved"):
    seat: int
    to: int


class PlacementEnded(Event, frozen=True, kw_only=True, tag="egizia.placement_ended"):
    discarded: list[str]


class PhaseStarted(Event, frozen=True, kw_only=True, tag="egizia.phase_started"):
    phase: str
    queue: list[int] = []


class CrewsFed(Event, frozen=True, kw_only=True, tag="egizia.crews_fed"):
    seat: int
    need: int
    grain: int
    missing: int
    aids: list[str] = []


class SphinxDrawn(Event, frozen=True, kw_only=True, tag="egizia.sphinx_drawn"):
    """``cards`` are the secret Sphinx cards drawn; ``nile_cards`` the build cards played (public)."""

    seat: int
    crews: list[int]
    count: int
    stones: int
    cards: list[str]
    nile_cards: list[str] = []


class SphinxKept(Event, frozen=True, kw_only=True, tag="egizia.sphinx_kept"):
    seat: int
    kept_count: int
    returned_count: int
    kept: list[str]
    returned: list[str]


class Built(Event, frozen=True, kw_only=True, tag="egizia.built"):
    seat: int
    site: str
    crews: list[int]
    spaces: list[str]
    cost: int
    cards: list[str] = []


class BuildGoesOn(Event, frozen=True, kw_only=True, tag="egizia.build_goes_on"):
    """The Obelisk/Graves action just built has taken a grave tile, and the builder can still pay for another
    space: the action goes on one space at a time with ``strength`` left; ``market`` moves when it ends."""

    seat: int
    site: str
    strength: int
    market: str


class BuiltMore(Event, frozen=True, kw_only=True, tag="egizia.built_more"):
    """One more space built in an action that goes on step by step: ``value`` stones, strength and VP."""

    seat: int
    site: str
    space: str
    value: int


class BuildEnded(Event, frozen=True, kw_only=True, tag="egizia.build_ended"):
    """A step-by-step action is over: the builder stopped, or (``forced``) can pay for no further space."""

    seat: int
    site: str
    forced: bool = False


class GraveRevealed(Event, frozen=True, kw_only=True, tag="egizia.grave_revealed"):
    space: int
    value: int


class Declined(Event, frozen=True, kw_only=True, tag="egizia.declined"):
    seat: int
    site: str
    slot: int
    successor: int = -1
    forced: bool = False


class SiteClosed(Event, frozen=True, kw_only=True, tag="egizia.site_closed"):
    site: str
    returned: list[int] = []


class ShipsReturned(Event, frozen=True, kw_only=True, tag="egizia.ships_returned"):
    """Phase 6 is over: every ship goes home."""


class SequenceSet(Event, frozen=True, kw_only=True, tag="egizia.sequence_set"):
    tiles: list[int]


class DeckRemoved(Event, frozen=True, kw_only=True, tag="egizia.deck_removed"):
    deck: int
    count: int


class SphinxRevealed(Event, frozen=True, kw_only=True, tag="egizia.sphinx_revealed"):
    """Final scoring: the player turns their Sphinx cards face up."""

    seat: int
    cards: list[str]


class GameEnded(Event, frozen=True, kw_only=True, tag="egizia.game_ended"):
    ranking: list[int]
    scores: list[int]


class CardUsed(Event, frozen=True, kw_only=True, tag="egizia.card_used"):
    """An anytime card leaves the hand, or a permanent card is marked used for this round."""

    seat: int
    card: str


class CardDeclined(Event, frozen=True, kw_only=True, tag="egizia.card_declined"):
    """The holder of a once-per-round card lets this round's chance go (N34-18 takes no leftover card)."""

    seat: int
    card: str


class CardBuildTurn(Event, frozen=True, kw_only=True, tag="egizia.card_build_turn"):
    """A build turn out of the S1, S2, S3 order, granted by a Nile card: N5-03 (first) or N34-14 (last)."""

    seat: int
    site: str
    card: str


class FieldImproved(Event, frozen=True, kw_only=True, tag="egizia.field_improved"):
    """An IMPROVE_FIELD card from the hand is attached to one of the player's fields."""

    seat: int
    field: str
    card: str


EgiziaEvent = Union[  # noqa: UP007
    GameSetUp,
    RoundStarted,
    NileCardsLaidOut,
    ShipPlaced,
    NileCardTaken,
    Passed,
    ScoreChanged,
    StonesChanged,
    CrewMoved,
    MarketMoved,
    RingMoved,
    PlacementEnded,
    PhaseStarted,
    CrewsFed,
    SphinxDrawn,
    SphinxKept,
    Built,
    BuildGoesOn,
    BuiltMore,
    BuildEnded,
    GraveRevealed,
    Declined,
    SiteClosed,
    ShipsReturned,
    SequenceSet,
    DeckRemoved,
    SphinxRevealed,
    GameEnded,
    CardUsed,
    FieldImproved,
    CardDeclined,
    CardBuildTurn,
]
