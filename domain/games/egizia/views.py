"""What one seat (or a spectator, ``None``) may see: the whole board as JSON-friendly structs, and the history
with secrets removed. Secrets: deck orders, other seats' Sphinx cards, face-down grave tiles."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Prompt
from domain.games.egizia import events as ev
from domain.games.egizia.commands import EgiziaCommand
from domain.games.egizia.data import (
    ALYI_STONES,
    COLOUR_NAMES,
    CREW_NAMES,
    DECKS,
    EDFU_MARKET_STEPS,
    GRAIN_PENALTY,
    GRAVES_FACE_UP,
    MARKET_SPACES,
    NILE_BY_ID,
    NO_SHARED_SPACE,
    OBELISK_VALUES,
    PICTURED_CREWS,
    PYRAMID_VALUES,
    RING_NAMES,
    RING_SPACES,
    RIVER,
    ROUND_SPACE_NAMES,
    ROUNDS,
    SHIPS_PER_PLAYER,
    SITE_NAMES,
    SPHINX_BY_ID,
    SPHINX_KEEP,
    SPHINX_MAX_DRAW,
    SPHINX_RETURN_VP,
    STONE_SALE_SPACES,
    TEMPLE,
    TRACK_SPACES,
)
from domain.games.egizia.rules.effects import track_order
from domain.games.egizia.rules.prompt import prompt_for
from domain.games.egizia.rules.queries import crew_need, effective_colour, irrigated_grain
from domain.games.egizia.rules.spaces import CARD_INDEX, GRAVE_IDS, OBELISK_IDS, PYRAMID_IDS, SITE_INDEX
from domain.games.egizia.rules.sphinx import sphinx_builder
from domain.games.egizia.state import (
    BONUS,
    BUILDING,
    FEEDING,
    FINAL_SCORING,
    LAYOUT,
    OVER,
    PLACEMENT,
    PRODUCTION,
    SEQUENCE,
    EgiziaState,
    Player,
    graves_face_up,
)

PHASE_TITLES = {
    LAYOUT: "Laying out Nile cards",
    PLACEMENT: "Placing ships",
    FEEDING: "Feeding crews",
    PRODUCTION: "Producing stones",
    BUILDING: "Building",
    BONUS: "Co-operation bonus",
    SEQUENCE: "New player order",
    FINAL_SCORING: "Final scoring",
    OVER: "Game over",
}


class CardView(msgspec.Struct, frozen=True):
    id: str
    deck: str
    type: str
    kind: str
    text: str


class SphinxCardView(msgspec.Struct, frozen=True):
    id: str
    text: str


class RiverSpaceView(msgspec.Struct, frozen=True):
    position: int
    id: str
    type: str
    name: str
    card: CardView | None
    ships: list[int]
    text: str = ""  # what a round space or building site does


class SiteView(msgspec.Struct, frozen=True):
    id: str
    name: str
    position: int
    slots: list[int]
    speculators: list[int]
    built: list[bool]


class SpaceView(msgspec.Struct, frozen=True):
    id: str
    part: str
    value: int
    owner: int


class GraveView(msgspec.Struct, frozen=True):
    id: str
    face_up: bool
    value: int | None
    owner: int


class FieldView(msgspec.Struct, frozen=True):
    card: str
    grain: int
    colour: str
    effective_colour: str
    improved_by: list[str]


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    tile: int
    score: int
    track_place: int
    stones: int
    crews: dict[str, int]
    crews_used: dict[str, bool]
    stone_market: int
    grain_market: int
    fields: list[FieldView]
    quarries: list[CardView]
    production: int
    grain_now: int
    need: int
    hand: list[CardView]
    permanents: list[CardView]
    cards_used_this_round: list[str]  # once-per-round permanents show as used until the next round
    grave_tiles: list[int]
    sphinx_count: int
    sphinx: list[SphinxCardView] | None
    ships_left: int
    passed: bool


class MarketsView(msgspec.Struct, frozen=True):
    spaces: int
    grain_penalty: list[int]
    stone_sale_spaces: list[int]


class ActionView(msgspec.Struct, frozen=True):
    """An Obelisk/Graves action going on step by step: its builder, the strength it has left and the
    market marker that moves when it ends."""

    seat: int
    strength: int
    market: str


class EgiziaView(msgspec.Struct, frozen=True, kw_only=True):
    game: str = "egizia"
    viewer: int | None
    round: int
    rounds: int  # how many rounds the game lasts
    phase: str
    phase_title: str  # the phase in words
    to_act: list[int]
    prompt: Prompt
    ring: str
    ring_positions: list[str]  # the water ring's positions, left to right; ``ring`` is one of them
    river: list[RiverSpaceView]
    sites: list[SiteView]
    obelisk: list[SpaceView]
    graves: list[GraveView]
    pyramid: list[list[SpaceView]]
    temple: list[SpaceView]
    markets: MarketsView
    track: list[int]
    track_spaces: int  # the scoring track's spaces 0..track_spaces-1; a higher score goes round again
    players: list[PlayerView]
    nile_deck_sizes: dict[str, int]
    sphinx_deck_size: int
    drawn: list[SphinxCardView]
    action: ActionView | None  # a build action going on one space at a time
    legal_commands: list[EgiziaCommand]
    seed_commitment: str
    ranking: list[int]


def _crews(crews: tuple[int, ...]) -> str:
    return " and ".join(CREW_NAMES[crew] for crew in crews)


def space_text(space_id: str) -> str:
    """What a round space or building site does, from the printed numbers of ``data``."""
    if space_id == "R_EDFU":
        return f"Stone-market and grain-market markers {EDFU_MARKET_STEPS} down each"
    if space_id in PICTURED_CREWS:
        return f"Crews {_crews(PICTURED_CREWS[space_id])} +1 each"
    if space_id in RING_SPACES:
        extra = " (no shared ship, no double action here)" if space_id in NO_SHARED_SPACE else ""
        return f"Joker +1; you may move the water ring one step{extra}"
    if space_id == "R_ALYI":
        return f"Any one crew +1, then +{ALYI_STONES} stones"
    return {
        "B_SPHINX": f"Draw up to {SPHINX_MAX_DRAW} Sphinx cards, 1 stone each; keep {SPHINX_KEEP}, "
        f"+{SPHINX_RETURN_VP} VP per card returned",
        "B_OBELISK": "Build the Obelisk and take grave tiles; then one market marker 1 down",
        "B_TEMPLE": "Build the Pyramid and the Temple; a completed pyramid row pays its majority",
    }.get(space_id, "")


def _card(card_id: str) -> CardView:
    card = NILE_BY_ID[card_id]
    return CardView(id=card.id, deck=DECKS[card.deck], type=card.type, kind=card.kind, text=card.text)


def _sphinx(card_id: str) -> SphinxCardView:
    return SphinxCardView(id=card_id, text=SPHINX_BY_ID[card_id].text)


def _river(state: EgiziaState) -> list[RiverSpaceView]:
    spaces = []
    for index, (space_id, kind) in enumerate(RIVER):
        card_index = CARD_INDEX.get(space_id)
        card = state.river_cards[card_index] if card_index is not None else ""
        name = ROUND_SPACE_NAMES.get(space_id) or SITE_NAMES.get(space_id) or space_id
        site_index = SITE_INDEX.get(space_id)
        ships = state.river_ships[index] if site_index is None else state.sites[site_index].slots
        spaces.append(
            RiverSpaceView(
                position=index + 1,
                id=space_id,
                type=kind,
                name=name,
                card=_card(card) if card else None,
                ships=[s for s in ships if s >= 0],
                text=space_text(space_id),
            )
        )
    return spaces


def _player(state: EgiziaState, player: Player, viewer: int | None, place: int) -> PlayerView:
    own = viewer == player.seat
    return PlayerView(
        seat=player.seat,
        tile=player.tile,
        score=player.score,
        track_place=place,
        stones=player.stones,
        crews=dict(zip(CREW_NAMES, player.crews, strict=True)),
        crews_used=dict(zip(CREW_NAMES, player.crews_used, strict=True)),
        stone_market=player.stone_market,
        grain_market=player.grain_market,
        fields=[
            FieldView(
                card=f.card,
                grain=f.grain,
                colour=COLOUR_NAMES[f.colour],
                effective_colour=COLOUR_NAMES[effective_colour(f)],
                improved_by=list(f.improved_by),
            )
            for f in player.fields
        ],
        quarries=[
            _card(q.card)
            if q.card in NILE_BY_ID
            else CardView(q.card, "start", "PERM", "quarry", f"Start quarry, +{q.stones} stones per round")
            for q in player.quarries
        ],
        production=sum(q.stones for q in player.quarries),
        grain_now=irrigated_grain(state, player.seat),
        need=crew_need(state, player.seat),
        hand=[_card(c) for c in player.hand],
        permanents=[_card(c) for c in player.permanents],
        cards_used_this_round=list(player.used_this_round),
        grave_tiles=list(player.graves),
        sphinx_count=len(player.sphinx),
        sphinx=[_sphinx(c) for c in player.sphinx] if own or state.phase == OVER else None,
        ships_left=SHIPS_PER_PLAYER - player.ships_placed,
        passed=player.passed,
    )


def build_view(state: EgiziaState, viewer: int | None, legal: list[Any], to_act: set[int]) -> EgiziaView:
    face_up = graves_face_up(state)
    order = track_order(state)
    builder_sees = viewer is not None and viewer in to_act
    return EgiziaView(
        viewer=viewer,
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        phase_title=PHASE_TITLES[state.phase],
        to_act=sorted(to_act),
        prompt=prompt_for(state, viewer, to_act, legal),
        ring=RING_NAMES[state.ring],
        ring_positions=list(RING_NAMES),
        river=_river(state),
        sites=[
            SiteView(
                id=s.id,
                name=SITE_NAMES[s.id],
                position=RIVER.index((s.id, "site")) + 1,
                slots=list(s.slots),
                speculators=list(s.speculators),
                built=list(s.built),
            )
            for s in state.sites
        ],
        obelisk=[
            SpaceView(id=i, part=f"level {v}", value=v, owner=o)
            for i, v, o in zip(OBELISK_IDS, OBELISK_VALUES, state.obelisk, strict=True)
        ],
        graves=[
            GraveView(id=GRAVE_IDS[i], face_up=i < face_up, value=v if i < face_up else None, owner=o)
            for i, (v, o) in enumerate(zip(state.graves, state.grave_owners, strict=True))
        ],
        pyramid=[
            [
                SpaceView(id=i, part=f"row {r + 1}", value=PYRAMID_VALUES[r], owner=o)
                for i, o in zip(PYRAMID_IDS[r], row, strict=True)
            ]
            for r, row in enumerate(state.pyramid)
        ],
        temple=[
            SpaceView(id=t.id, part=t.part, value=t.value, owner=o)
            for t, o in zip(TEMPLE, state.temple, strict=True)
        ],
        markets=MarketsView(
            spaces=MARKET_SPACES, grain_penalty=list(GRAIN_PENALTY), stone_sale_spaces=list(STONE_SALE_SPACES)
        ),
        track=order,
        track_spaces=TRACK_SPACES,
        players=[_player(state, p, viewer, order.index(p.seat) + 1) for p in state.players],
        nile_deck_sizes={name: len(deck) for name, deck in zip(DECKS, state.nile_decks, strict=True)},
        sphinx_deck_size=len(state.sphinx_deck),
        drawn=[_sphinx(c) for c in state.drawn] if builder_sees else [],
        action=ActionView(state.action.seat, state.action.strength, state.action.market)
        if state.action
        else None,
        legal_commands=list(legal),
        seed_commitment=state.seed_commitment,
        ranking=list(state.ranking),
    )


def redact_event(event: Any, seat: int | None) -> Any:
    """The event as ``seat`` may see it: deck orders, others' Sphinx cards and face-down graves removed."""
    if isinstance(event, ev.GameSetUp):
        return msgspec.structs.replace(
            event,
            nile_decks=[[] for _ in event.nile_decks],
            sphinx_deck=[],
            sphinx_hands=[hand if index == seat else [] for index, hand in enumerate(event.sphinx_hands)],
            graves=[value if index < GRAVES_FACE_UP else 0 for index, value in enumerate(event.graves)],
        )
    if isinstance(event, ev.SphinxDrawn) and event.seat != seat:
        return msgspec.structs.replace(event, cards=[])
    if isinstance(event, ev.SphinxKept) and event.seat != seat:
        return msgspec.structs.replace(event, kept=[], returned=[])
    return event


def secret_ids(state: EgiziaState, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` may not know now: undealt Nile cards, the Sphinx deck, other seats' Sphinx cards
    (drawn or kept, until final scoring reveals them). An id the viewer holds a copy of, or that lies face
    up, is not a secret."""
    if state.phase == OVER:
        return set()
    hidden = {card for deck in state.nile_decks for card in deck} | set(state.sphinx_deck)
    known = {card for card in state.river_cards if card}
    for player in state.players:
        if player.seat == viewer or player.sphinx_revealed:
            known.update(player.sphinx)
        else:
            hidden.update(player.sphinx)
    (known if sphinx_builder(state) == viewer else hidden).update(state.drawn)
    return hidden - known
