"""The folded state of one Sobek game.

A tree of *mutable* msgspec Structs: ``evolve`` updates it in place and returns it. ``decide``,
``legal_commands``, ``view`` and ``advance`` never mutate it; whoever needs the old state after folding takes
a :func:`copy_state` first. Seats are 0-based; ``-1`` means "nobody".
"""

from __future__ import annotations

import msgspec

from domain.engine import state_copier

NOBODY = -1

# Phases of the game.
DEALING = "dealing"  # a round is about to be dealt (automatic)
STARTING = "starting"  # rounds 2 and 3: the lowest score chooses the start player
PLAYING = "playing"  # turns
SIDEWAYS = "sideways"  # round end: each player may lay sideways sets, then the round is scored
ENDING = "ending"  # the last round is scored: the final ranking follows (automatic)
OVER = "over"

# Decisions inside a turn (``SobekState.pending``); "" is the turn's action itself.
ACTION = ""
TOKEN = "token"  # choose one of the face-down event tokens after a set
GUILD_PUSH = "guild"  # the Guild: which opponent goes back
CURSE_TARGET = "curse"  # the Curse: which opponent receives it
PROSPERITY_SET = "prosperity"  # Prosperity: which set it goes on
THIEF_TARGET = "thief"  # the Thief: which opponent and which back colour
VIZIER_TARGET = "vizier"  # the Vizier: whose corruption pile to look at
VIZIER_PICK = "vizier_pick"  # the Vizier: which card of that pile to take
COURTIER_ADD = "courtier"  # the Courtier: which set, which 1-2 cards
PRIEST_NAME = "priest"  # the High Priest(ess): which goods type
MERCHANT_TAKE = "merchant"  # the Merchant: which Nile card


class SobekOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Sobek has no variants: the rules are the same for 2, 3 and 4 players."""


class RoundDeal(msgspec.Struct, frozen=True, kw_only=True):
    """Every shuffle of one round, drawn at setup from the seed (secret until the game is over)."""

    starters: list[str]  # the 9 green cards, dealt two per seat in seat order, the rest unused
    tokens: list[str]  # the 12 event tokens, the first five in play
    deck: list[str]  # the 54 market cards, top first
    seats: list[int]  # seat order: round 1's start player, ties for the lowest score, final ranking ties
    thief: list[str]  # every card id: the Thief takes the first of these among the cards it may take


class GoodsSet(msgspec.Struct, kw_only=True, gc=False):
    goods: str
    cards: list[str]
    prosperity: list[str] = []  # Prosperity tokens on the set


class Player(msgspec.Struct, kw_only=True, gc=False):
    seat: int
    score: int = 0
    hand: list[str] = []
    corruption: list[str] = []
    curses: list[str] = []  # Curse tokens received this round
    upright: list[GoodsSet] = []
    sideways: list[GoodsSet] = []
    purged: list[str] = []  # cards the High Priest(ess) removed from this player's pile this round
    revealed: int = NOBODY  # corruption cards a Fraud showed everyone this round (-1: none)
    sideways_done: bool = False


class RoundResult(msgspec.Struct, frozen=True, kw_only=True):
    """What the end of a round showed everyone."""

    round: int
    set_points: list[int]
    corruption: list[int]  # cards + 2 per Curse
    corruption_scarabs: list[int]
    penalised: list[int]
    penalties: list[int]  # points lost by each seat
    scores: list[int]  # after the penalty


class SobekState(msgspec.Struct, kw_only=True, gc=False):
    options: SobekOptions
    seed_commitment: str
    players: list[Player]
    deals: list[RoundDeal]
    round: int = 0
    phase: str = DEALING
    deck: list[str] = []  # secret order, top first
    nile: list[str] = []  # left to right
    unused_starters: list[str] = []
    tokens: list[str] = []  # face-down tokens still in play this round
    unused_tokens: list[str] = []  # out of play this round
    used_tokens: list[str] = []  # resolved and removed (Curses go to players, Prosperity to sets)
    discard: list[str] = []  # characters played for their power
    turn: int = NOBODY
    start_player: int = NOBODY
    chooser: int = NOBODY  # who picks the start player
    pending: str = ACTION
    token: str = ""  # the token being resolved
    target: int = NOBODY  # the Vizier's chosen opponent
    extra_turns: int = 0  # Floods still owed to the player on turn
    extra_turn: bool = False  # the turn being played is one a Flood gave
    discarding: list[int] = []  # opponents who must discard under the Scribe
    set_points: list[int] = []  # each seat's set points of the round being scored
    results: list[RoundResult] = []
    ranking: list[int] = []
    winners: list[int] = []


copy_state = state_copier(SobekState)
"""A deep copy (the fold mutates the state it is given)."""


def others(state: SobekState, seat: int) -> list[int]:
    """The opponents of ``seat``, in turn order from its left."""
    count = len(state.players)
    return [(seat + step) % count for step in range(1, count)]
