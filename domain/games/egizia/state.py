"""The folded state of one Egizia game.

The state is a tree of *mutable* msgspec Structs. ``evolve`` updates it in place and returns it: a fold owns
the state it is given. ``decide``, ``legal_commands``, ``view`` and ``advance`` never mutate it; whoever needs
the old state after folding takes a :func:`copy_state` first. Seats are 0-based; ``-1`` means "nobody".
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.engine import state_copier
from domain.games.egizia.data import GRAVES_FACE_UP, SPECULATION_CARD, SPHINX_DRAW_CARD
from domain.messages import msg

NOBODY = -1

# The phases of a round, plus the start and the end of the game.
LAYOUT = "layout"
PLACEMENT = "placement"
FEEDING = "feeding"
PRODUCTION = "production"
BUILDING = "building"
BONUS = "bonus"
SEQUENCE = "sequence"
FINAL_SCORING = "final_scoring"
OVER = "over"


# Each option's description is the label a player reads in the lobby (it reaches the OpenAPI document).
# No Sphinx card id appears in them: a Sphinx id in any response must mean a card the caller may see, so
# the secrecy scans of the tests stay exact.
# What the lobby shows for each option, in words players read (the descriptions above name cards by id).
OPTION_LABELS = {
    "without_sphinx_draw_card": msg(
        "Leave out the Nile card that draws 2 extra Sphinx cards for free at the Sphinx"
    ),
    "without_tenth_card": msg("Leave out the Sphinx card worth +1 point per 10 points of your score"),
    "remove_speculation_card_in_2p": msg(
        "In 2-player games, leave out the Nile card that lets speculators build"
    ),
    "starting_sphinx_card": msg("Each player starts with one secret Sphinx card"),
}
WithoutSphinxDrawCard = Annotated[
    bool,
    msgspec.Meta(description=f"Leave out the Nile card {SPHINX_DRAW_CARD} (draw 2 extra Sphinx cards free)"),
]
WithoutTenthCard = Annotated[
    bool,
    msgspec.Meta(description="Leave out the Sphinx card worth +1 VP per 10 VP of your score"),
]
RemoveSpeculationCardIn2p = Annotated[
    bool,
    msgspec.Meta(description=f"Leave out Nile card {SPECULATION_CARD} in 2-player games (speculators build)"),
]
StartingSphinxCard = Annotated[
    bool,
    msgspec.Meta(description="Each player starts with one secret Sphinx card"),
]


class EgiziaOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Game variants and online adjustments (the lobby shows each description)."""

    without_sphinx_draw_card: WithoutSphinxDrawCard = False
    without_tenth_card: WithoutTenthCard = False
    remove_speculation_card_in_2p: RemoveSpeculationCardIn2p = True  # online adjustment, on by default
    starting_sphinx_card: StartingSphinxCard = True  # the rule supplement [HU], on by default


class FieldCard(msgspec.Struct, kw_only=True, gc=False):
    card: str
    grain: int
    colour: int
    improved_by: list[str] = []  # IMPROVE_FIELD cards attached; each improves one level


class QuarryCard(msgspec.Struct, kw_only=True, gc=False):
    card: str
    stones: int


class Player(msgspec.Struct, kw_only=True, gc=False):
    seat: int
    tile: int  # sequence tile 1..N
    score: int = 0
    points: dict[str, int] = {}  # the score by scoring step (rules/score_steps.py), for the end's breakdown
    arrival: int = 0  # stamp of the last score change; lower = arrived earlier = in front on a shared space
    stones: int = 0
    crews: list[int]  # strengths of A, B, C, Joker
    crews_used: list[bool]  # flipped this round
    stone_market: int = 0  # 0 = top
    grain_market: int = 0
    fields: list[FieldCard] = []
    quarries: list[QuarryCard] = []
    hand: list[str] = []  # anytime Nile cards not yet used
    permanents: list[str] = []  # permanent Nile cards other than fields and quarries
    used_this_round: list[str] = []  # Nile cards used (or declined) this round, anytime and permanent
    extra_ship: bool = False  # N34-12 played: the turn stays with this player after the next ship
    sphinx: list[str] = []  # secret Sphinx cards
    sphinx_revealed: bool = False  # shown in final scoring
    graves: list[int] = []  # values of the grave tiles taken
    ships_placed: int = 0  # this round
    last_position: int = 0  # river position of the latest ship this round (downstream rule)
    passed: bool = False  # out of this round's placement
    spent_stones: bool = False  # spent at least one stone in this round's building phase


class Site(msgspec.Struct, kw_only=True, gc=False):
    id: str
    slots: list[int]  # occupant seat per ship space S1.., NOBODY if free
    speculators: list[int]  # speculators, by the ship space they wait beside (any freed space is theirs)
    built: list[bool]  # whether the occupant of each ship space built this round
    card_turns: list[int] = []  # seats that had a Nile-card build turn here (N5-03 first, N34-14 last)
    card_built: list[int] = []  # of those, the seats that built in it


class OpenAction(msgspec.Struct, kw_only=True, gc=False):
    """An Obelisk/Graves build action that has taken a grave tile and goes on one space at a time."""

    seat: int
    strength: int  # crew strength the action has not spent yet
    market: str  # the market marker that moves one step when the action ends


class EgiziaState(msgspec.Struct, kw_only=True, gc=False):
    options: EgiziaOptions
    seed_commitment: str
    players: list[Player]
    round: int = 0
    phase: str = LAYOUT
    order: list[int] = []  # seats in sequence-tile order (tile 1 first)
    turn: int = NOBODY  # seat to place a ship (phase 2)
    queue: list[int] = []  # seats still to be handled in feeding / bonus / final scoring, head first
    river_cards: list[str] = []  # card id on C1..C10, "" when empty
    river_ships: list[list[int]] = []  # seats with a ship, per river position index 0..19 (card/round spaces)
    sites: list[Site] = []
    ring: int = 1
    nile_decks: list[list[str]] = []  # secret order, top first
    sphinx_deck: list[str] = []  # secret order, top first
    obelisk: list[int] = []  # owner per space, bottom to top
    graves: list[int] = []  # tile value per grave space G1..G12 (face-down ones are secret)
    grave_owners: list[int] = []  # who took the tile of each grave space
    pyramid: list[list[int]] = []  # owner per space, per row, bottom row first, left to right
    temple: list[int] = []  # owner per temple space, in data.TEMPLE order
    site: int = 0  # site being built (phase 5)
    card_builder: int = NOBODY  # seat taking a Nile-card build turn at this site now (N5-03 / N34-14)
    slot: int = 0  # ship space whose owner builds now
    drawn: list[str] = []  # Sphinx cards drawn and not yet kept or returned
    action: OpenAction | None = None  # a build action going on step by step (graves turned up in it)
    arrivals: int = 0  # global counter for score arrival stamps
    ranking: list[int] = []  # final ranking once the game is over


copy_state = state_copier(EgiziaState)
"""A deep copy (the fold mutates the state it is given)."""


def graves_face_up(state: EgiziaState) -> int:
    """Index one past the last face-up grave space (tiles ahead of it are face down)."""
    taken = sum(1 for owner in state.grave_owners if owner != NOBODY)
    return min(len(state.graves), taken + GRAVES_FACE_UP)
