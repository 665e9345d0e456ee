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
from domain.games.egizia.words import (
    ROUND_SPACE_WORDS,
    SITE_WORDS,
    card_name,
    place_words,
    space_name,
)
from domain.messages import Msg, msg, msgn

ONCE_A_ROUND_KINDS = ("crew_boost", "pay_crew_boost", "upstream", "occupied_round_space", "leftover_card")
STRENGTH_KINDS = ("strength", "two_crews")


# --- placement --------------------------------------------------------------------------------------------
def _downstream_spaces(state: EgiziaState, player: Player) -> list[tuple[str, str]]:
    return [(space, kind) for space, kind in RIVER if POSITION[space] > player.last_position]


def _upstream_note(player: Player) -> list[Msg]:
    upstream = [c for c in player.permanents if NILE_BY_ID[c].kind == "upstream"]
    if upstream and upstream[0] not in player.used_this_round:
        return []  # the card may still place one ship upstream this round
    if upstream:
        return [
            msg(
                "Your card {card} has placed its upstream ship this round: ships go downstream again.",
                card=card_name(upstream[0]),
            )
        ]
    if not player.last_position:
        return []
    last = player.last_position
    where = place_words(RIVER[last - 1][0])
    return [
        msg(
            "Ships go downstream: no space up to your last ship ({place}, river position {position}).",
            place=where,
            position=last,
        )
    ]


def _site_notes(state: EgiziaState, seat: int, player: Player) -> list[Msg]:
    notes = []
    for space, kind in _downstream_spaces(state, player):
        site = state.sites[SITE_INDEX[space]] if kind == SITE else None
        if site is not None and (seat in site.slots or seat in site.speculators):
            notes.append(
                msg("You already have a ship at {site}: one ship per building site.", site=SITE_WORDS[space])
            )
    return notes


def _round_space_note(state: EgiziaState, player: Player) -> list[Msg]:
    taken = [
        space
        for space, kind in _downstream_spaces(state, player)
        if kind == ROUND and state.river_ships[POSITION[space] - 1]
    ]
    share = next((c for c in player.permanents if NILE_BY_ID[c].kind == "occupied_round_space"), None)
    if share and share not in player.used_this_round:
        taken = [space for space in taken if space in NO_SHARED_SPACE]
    if not taken:
        return []
    names: list[Msg | str] = [ROUND_SPACE_WORDS[space] for space in taken if space in ROUND_SPACE_NAMES]
    count = len(names)
    if share and share not in player.used_this_round:
        return [
            msgn(
                "{places} already has a ship: each round space takes one ship a round, and your card {card} "
                "never shares it.",
                "{places} already have a ship: each round space takes one ship a round, and your card {card} "
                "never shares them.",
                count,
                places=names,
                card=card_name(share),
            )
        ]
    if share:
        return [
            msgn(
                "{places} already has a ship: each round space takes one ship a round (your card {card} has "
                "shared one this round).",
                "{places} already have a ship: each round space takes one ship a round (your card {card} has "
                "shared one this round).",
                count,
                places=names,
                card=card_name(share),
            )
        ]
    return [
        msgn(
            "{places} already has a ship: each round space takes one ship a round.",
            "{places} already have a ship: each round space takes one ship a round.",
            count,
            places=names,
        )
    ]


def placement_notes(state: EgiziaState, seat: int) -> list[Msg]:
    player = state.players[seat]
    if player.ships_placed >= SHIPS_PER_PLAYER:
        return [msg("All your {count} ships are on the river.", count=SHIPS_PER_PLAYER)]
    return [*_upstream_note(player), *_site_notes(state, seat, player), *_round_space_note(state, player)]


# --- building ---------------------------------------------------------------------------------------------
def _crew_notes(state: EgiziaState, player: Player) -> list[Msg]:
    used: list[Msg | str] = [CREW_NAMES[crew] for crew in REGULAR_CREWS if player.crews_used[crew]]
    notes = []
    if used:
        notes.append(
            msgn(
                "Crew {crews} has built this round already: each crew builds once a round.",
                "Crews {crews} have built this round already: each crew builds once a round.",
                len(used),
                crews=used,
            )
        )
    if len(used) == len(REGULAR_CREWS) and not player.crews_used[JOKER]:
        if state.site == SPHINX_SITE:
            notes.append(
                msg("The Joker never builds alone, so it cannot draw Sphinx cards without a regular crew.")
            )
        else:
            notes.append(msg("The Joker never builds alone, so it cannot build without a regular crew."))
    return notes


def _sphinx_notes(state: EgiziaState, player: Player) -> list[Msg]:
    if not state.sphinx_deck:
        return [msg("The Sphinx deck is empty: there is no card to draw.")]
    strongest = max((strength for _, strength in crew_options(player)), default=0)
    if player.stones < min(SPHINX_MAX_DRAW, strongest):
        return [msg("Each Sphinx card you draw costs a stone: you have {count}.", count=player.stones)]
    return []


def _cheapest_note(state: EgiziaState, player: Player) -> list[Msg]:
    works = Works(state)
    site = state.sites[state.site].id
    values = [works.value(space) for space in works.candidates(site)]
    if not values:
        return [msg("Nothing is left to build at {site} now.", site=SITE_WORDS[site])]
    strongest = max((strength for _, strength in crew_options(player)), default=0)
    cheapest = min(values)
    if cheapest > player.stones:
        return [
            msg(
                "The cheapest space you may build now is worth {value}: you have {count} stones.",
                value=cheapest,
                count=player.stones,
            )
        ]
    if cheapest > strongest:
        return [
            msg(
                "The cheapest space you may build now is worth {value}: your crews lift {strength}.",
                value=cheapest,
                strength=strongest,
            )
        ]
    return []


def _graves_note(state: EgiziaState) -> list[Msg]:
    face_up = graves_face_up(state)
    if face_up >= len(GRAVE_IDS):
        return []
    return [
        msg(
            "Grave tiles {first} to {last} are face down: each tile you take turns up the next, and you may "
            "take it in the same action.",
            first=face_up + 1,
            last=len(GRAVE_IDS),
        )
    ]


def _step_notes(state: EgiziaState, seat: int) -> list[Msg]:
    action = state.action
    if action is None:
        return []
    taken = sum(1 for owner in state.grave_owners if owner != NOBODY)
    if taken >= len(GRAVE_IDS):
        return [msg("Every grave tile is taken.")]
    space = GRAVE_IDS[taken]
    if space in next_steps(state, seat, action.strength):
        return []
    value = state.graves[taken]  # the next tile is always face up
    if value > action.strength:
        return [
            msg(
                "{space} is worth {value}: more than the {strength} strength left.",
                space=space_name(space),
                value=value,
                strength=action.strength,
            )
        ]
    return [
        msg(
            "{space} costs {value} stones: you have {count}.",
            space=space_name(space),
            value=value,
            count=state.players[seat].stones,
        )
    ]


def building_notes(state: EgiziaState, seat: int) -> list[Msg]:
    player = state.players[seat]
    if state.action is not None:
        return _step_notes(state, seat)
    notes = _crew_notes(state, player)
    if state.site == SPHINX_SITE:
        return [*notes, *_sphinx_notes(state, player)]
    notes += _cheapest_note(state, player)
    return [*notes, *_graves_note(state)] if state.site == OBELISK_SITE else notes


# --- Nile cards held --------------------------------------------------------------------------------------
def _boost_note(player: Player, card: str) -> Msg | None:
    price = NILE_BY_ID[card].stones
    if not boostable_crews(player):
        return msg("{card}: every crew is on its last space.", card=card_name(card))
    if player.stones < price:
        return msg(
            "{card} costs {price} stones: you have {count}.",
            card=card_name(card),
            price=price,
            count=player.stones,
        )
    return None


def _placement_note(state: EgiziaState, seat: int, card: str, turn: str) -> Msg:
    name = card_name(card)
    if turn != PLACEMENT_TURN:
        return msg("{card} is played on one of your turns to place a ship.", card=name)
    why = PLACEMENT_GATES[NILE_BY_ID[card].kind](state, seat)
    return msg("{card}: {why}", card=name, why=why or msg("not now."))


def _unplayable(state: EgiziaState, seat: int, player: Player, card: str, turn: str | None) -> Msg | None:
    """Why an anytime or permanent card the seat holds offers no play now (None when it does, or cannot)."""
    kind = NILE_BY_ID[card].kind
    if card in player.used_this_round and kind in ONCE_A_ROUND_KINDS:
        return msg("{card} is used for this round; it works again next round.", card=card_name(card))
    if turn is None:
        return None
    if kind in ("crew_boost", "pay_crew_boost"):
        return _boost_note(player, card)
    if kind == "stones" and player.stones >= STONE_CAP:
        return msg(
            "{card}: your stone table is full ({count}), the stones would be lost.",
            card=card_name(card),
            count=STONE_CAP,
        )
    if kind == "sell_stones" and not player.stones:
        return msg("{card}: you have no stones to sell.", card=card_name(card))
    if kind == "improve_field" and not improvable_fields(player):
        return msg("{card} has no field to improve: every field of yours is green.", card=card_name(card))
    if kind in PLACEMENT_GATES:
        return _placement_note(state, seat, card, turn)
    if kind in STRENGTH_KINDS and turn == BUILD_TURN:
        return msg(
            "{card} is offered with a build that needs its strength: none open to you does now.",
            card=card_name(card),
        )
    if kind == "stones_for_grain" and turn == FEEDING_TURN and not player.stones:
        return msg("{card} pays stones for missing grain: you have no stones.", card=card_name(card))
    return None


def card_notes(state: EgiziaState, seat: int, offered: set[str]) -> list[Msg]:
    """Notes on the seat's Nile cards that offer no play now; ``offered`` are the cards some legal
    command names."""
    player = state.players[seat]
    turn = own_turn(state, seat)
    held = list(dict.fromkeys([*player.hand, *player.permanents]))
    reasons = [_unplayable(state, seat, player, card, turn) for card in held if card not in offered]
    return [reason for reason in reasons if reason]
