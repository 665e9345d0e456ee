"""Why an option a player may look for is not offered now: the ``notes`` of the prompt (``domain.engine``).

Each note names the rule in the player's words. Notes speak only of what the player may see: their own
cards, the board, and grave tiles that are face up.
"""

from __future__ import annotations

from domain.games.egizia.data import (
    CREW_NAMES,
    JOKER,
    NILE_BY_ID,
    NO_SHARED_SPACE,
    POSITION,
    REGULAR_CREWS,
    RIVER,
    ROUND,
    ROUND_SPACE_NAMES,
    SHIPS_PER_PLAYER,
    SITE,
    SITE_NAMES,
    SPHINX_MAX_DRAW,
    STONE_CAP,
)
from domain.games.egizia.rules.build_steps import next_steps
from domain.games.egizia.rules.cards.feeding_aids import improvable_fields
from domain.games.egizia.rules.cards.holding import (
    BUILD_TURN,
    FEEDING_TURN,
    PLACEMENT_TURN,
    boostable_crews,
    own_turn,
)
from domain.games.egizia.rules.cards.plays import PLACEMENT_GATES
from domain.games.egizia.rules.constructions import Works
from domain.games.egizia.rules.crews import crew_options
from domain.games.egizia.rules.spaces import GRAVE_IDS, OBELISK_SITE, SITE_INDEX, SPHINX_SITE
from domain.games.egizia.state import NOBODY, EgiziaState, Player, graves_face_up

ONCE_A_ROUND_KINDS = ("crew_boost", "pay_crew_boost", "upstream", "occupied_round_space", "leftover_card")
STRENGTH_KINDS = ("strength", "two_crews")


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# --- placement --------------------------------------------------------------------------------------------
def _downstream_spaces(state: EgiziaState, player: Player) -> list[tuple[str, str]]:
    return [(space, kind) for space, kind in RIVER if POSITION[space] > player.last_position]


def _space_name(space: str) -> str:
    return ROUND_SPACE_NAMES.get(space) or SITE_NAMES.get(space) or f"card space {space}"


def _upstream_note(player: Player) -> list[str]:
    upstream = [c for c in player.permanents if NILE_BY_ID[c].kind == "upstream"]
    if upstream and upstream[0] not in player.used_this_round:
        return []  # the card may still place one ship upstream this round
    if upstream:
        return [
            f"Your card {upstream[0]} has placed its upstream ship this round: ships go downstream again."
        ]
    if not player.last_position:
        return []
    last = player.last_position
    where = _space_name(RIVER[last - 1][0])
    return [f"Ships go downstream: no space up to your last ship ({where}, river position {last})."]


def _site_notes(state: EgiziaState, seat: int, player: Player) -> list[str]:
    notes = []
    for space, kind in _downstream_spaces(state, player):
        site = state.sites[SITE_INDEX[space]] if kind == SITE else None
        if site is not None and (seat in site.slots or seat in site.speculators):
            notes.append(f"You already have a ship at {SITE_NAMES[space]}: one ship per building site.")
    return notes


def _round_space_note(state: EgiziaState, player: Player) -> list[str]:
    taken = [
        space
        for space, kind in _downstream_spaces(state, player)
        if kind == ROUND and state.river_ships[POSITION[space] - 1]
    ]
    share = next((c for c in player.permanents if NILE_BY_ID[c].kind == "occupied_round_space"), None)
    rule = "each round space takes one ship a round"
    if share and share not in player.used_this_round:
        taken = [space for space in taken if space in NO_SHARED_SPACE]
        rule += f", and your card {share} never shares it"
    elif share:
        rule += f" (your card {share} has shared one this round)"
    if not taken:
        return []
    names = _names([ROUND_SPACE_NAMES[space] for space in taken])
    return [f"{names} already {'has' if len(taken) == 1 else 'have'} a ship: {rule}."]


def placement_notes(state: EgiziaState, seat: int) -> list[str]:
    player = state.players[seat]
    if player.ships_placed >= SHIPS_PER_PLAYER:
        return [f"All your {SHIPS_PER_PLAYER} ships are on the river."]
    return [*_upstream_note(player), *_site_notes(state, seat, player), *_round_space_note(state, player)]


# --- building ---------------------------------------------------------------------------------------------
def _crew_notes(state: EgiziaState, player: Player) -> list[str]:
    used = [CREW_NAMES[crew] for crew in REGULAR_CREWS if player.crews_used[crew]]
    notes = []
    if used:
        crews = f"Crew {used[0]} has" if len(used) == 1 else f"Crews {_names(used)} have"
        notes.append(f"{crews} built this round already: each crew builds once a round.")
    if len(used) == len(REGULAR_CREWS) and not player.crews_used[JOKER]:
        what = "draw Sphinx cards" if state.site == SPHINX_SITE else "build"
        notes.append(f"The Joker never builds alone, so it cannot {what} without a regular crew.")
    return notes


def _sphinx_notes(state: EgiziaState, player: Player) -> list[str]:
    if not state.sphinx_deck:
        return ["The Sphinx deck is empty: there is no card to draw."]
    strongest = max((strength for _, strength in crew_options(player)), default=0)
    if player.stones < min(SPHINX_MAX_DRAW, strongest):
        return [f"Each Sphinx card you draw costs a stone: you have {player.stones}."]
    return []


def _cheapest_note(state: EgiziaState, player: Player) -> list[str]:
    works = Works(state)
    site = state.sites[state.site].id
    values = [works.value(space) for space in works.candidates(site)]
    if not values:
        return [f"Nothing is left to build at {SITE_NAMES[site]} now."]
    strongest = max((strength for _, strength in crew_options(player)), default=0)
    cheapest = min(values)
    if cheapest > player.stones:
        return [f"The cheapest space you may build now is worth {cheapest}: you have {player.stones} stones."]
    if cheapest > strongest:
        return [f"The cheapest space you may build now is worth {cheapest}: your crews lift {strongest}."]
    return []


def _graves_note(state: EgiziaState) -> list[str]:
    face_up = graves_face_up(state)
    if face_up >= len(GRAVE_IDS):
        return []
    return [
        f"Grave tiles {GRAVE_IDS[face_up]} to {GRAVE_IDS[-1]} are face down: each tile you take turns up the "
        "next, and you may take it in the same action."
    ]


def _step_notes(state: EgiziaState, seat: int) -> list[str]:
    action = state.action
    if action is None:
        return []
    taken = sum(1 for owner in state.grave_owners if owner != NOBODY)
    if taken >= len(GRAVE_IDS):
        return ["Every grave tile is taken."]
    space = GRAVE_IDS[taken]
    if space in next_steps(state, seat, action.strength):
        return []
    value = state.graves[taken]  # the next tile is always face up
    if value > action.strength:
        return [f"Grave tile {space} is worth {value}: more than the {action.strength} strength left."]
    return [f"Grave tile {space} costs {value} stones: you have {state.players[seat].stones}."]


def building_notes(state: EgiziaState, seat: int) -> list[str]:
    player = state.players[seat]
    if state.action is not None:
        return _step_notes(state, seat)
    notes = _crew_notes(state, player)
    if state.site == SPHINX_SITE:
        return [*notes, *_sphinx_notes(state, player)]
    notes += _cheapest_note(state, player)
    return [*notes, *_graves_note(state)] if state.site == OBELISK_SITE else notes


# --- Nile cards held --------------------------------------------------------------------------------------
def _unplayable(state: EgiziaState, seat: int, player: Player, card: str, turn: str | None) -> str:
    """Why an anytime or permanent card the seat holds offers no play now ("" when it does, or cannot)."""
    kind = NILE_BY_ID[card].kind
    if card in player.used_this_round and kind in ONCE_A_ROUND_KINDS:
        return f"{card} is used for this round; it works again next round."
    if turn is None:
        return ""
    if kind in ("crew_boost", "pay_crew_boost"):
        price = NILE_BY_ID[card].stones
        if not boostable_crews(player):
            return f"{card}: every crew is on its last space."
        return f"{card} costs {price} stones: you have {player.stones}." if player.stones < price else ""
    if kind == "stones" and player.stones >= STONE_CAP:
        return f"{card}: your stone table is full ({STONE_CAP}), the stones would be lost."
    if kind == "sell_stones" and not player.stones:
        return f"{card}: you have no stones to sell."
    if kind == "improve_field" and not improvable_fields(player):
        return f"{card} has no field to improve: every field of yours is green."
    if kind in PLACEMENT_GATES:
        if turn != PLACEMENT_TURN:
            return f"{card} is played on one of your turns to place a ship."
        return f"{card}: {PLACEMENT_GATES[kind](state, seat) or 'not now.'}"
    if kind in STRENGTH_KINDS and turn == BUILD_TURN:
        return f"{card} is offered with a build that needs its strength: none open to you does now."
    if kind == "stones_for_grain" and turn == FEEDING_TURN and not player.stones:
        return f"{card} pays stones for missing grain: you have no stones."
    return ""


def card_notes(state: EgiziaState, seat: int, offered: set[str]) -> list[str]:
    """Notes on the seat's Nile cards that offer no play now; ``offered`` are the cards some legal
    command names."""
    player = state.players[seat]
    turn = own_turn(state, seat)
    held = list(dict.fromkeys([*player.hand, *player.permanents]))
    reasons = [_unplayable(state, seat, player, card, turn) for card in held if card not in offered]
    return [reason for reason in reasons if reason]
