"""What one seat (or a spectator, ``None``) may see: the whole board as JSON-friendly structs, and the history
with secrets removed. Secrets: deck orders, other seats' Sphinx cards, face-down grave tiles."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from domain.engine import Prompt
from domain.games.egizia import events as ev
from domain.games.egizia.commands import EgiziaCommand
from domain.games.egizia.data import (
    COLOUR_NAMES,
    CREW_NAMES,
    DECKS,
    GRAIN_PENALTY,
    GRAVES_FACE_UP,
    MARKET_SPACES,
    NILE_BY_ID,
    OBELISK_VALUES,
    PYRAMID_VALUES,
    RING_NAMES,
    RIVER,
    ROUNDS,
    SHIPS_PER_PLAYER,
    SPHINX_BY_ID,
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
from domain.games.egizia.words import (
    COLOUR_WORDS,
    DECK_WORDS,
    SITE_WORDS,
    bare_card_name,
    nile_name,
    nile_text,
    place_words,
    space_name,
    space_text,
    sphinx_name,
    sphinx_text,
)
from domain.messages import Msg, msg

PHASE_TITLES = {
    LAYOUT: msg("Laying out Nile cards"),
    PLACEMENT: msg("Placing ships"),
    FEEDING: msg("Feeding crews"),
    PRODUCTION: msg("Producing stones"),
    BUILDING: msg("Building"),
    BONUS: msg("Co-operation bonus"),
    SEQUENCE: msg("New player order"),
    FINAL_SCORING: msg("Final scoring"),
    OVER: msg("Game over"),
}


class CardView(msgspec.Struct, frozen=True):
    """A face-up Nile card (or start field or quarry): ``name`` and ``text`` say it in words; ``id`` is what
    commands name it by, never shown."""

    id: str
    deck: str
    type: str
    kind: str
    name: Msg
    text: Msg


class SphinxCardView(msgspec.Struct, frozen=True):
    id: str
    name: Msg
    text: Msg


class RiverSpaceView(msgspec.Struct, frozen=True):
    position: int
    id: str
    type: str
    name: Msg
    card: CardView | None
    ships: list[int]
    text: Msg  # what a round space or building site does


class SiteView(msgspec.Struct, frozen=True):
    id: str
    name: Msg
    position: int
    slots: list[int]
    speculators: list[int]
    built: list[bool]


class SpaceView(msgspec.Struct, frozen=True):
    id: str
    part: str
    value: int
    owner: int
    name: Msg


class GraveView(msgspec.Struct, frozen=True):
    id: str
    face_up: bool
    value: int | None
    owner: int
    name: Msg


class FieldView(msgspec.Struct, frozen=True):
    card: str
    grain: int
    colour: str
    effective_colour: str
    improved_by: list[str]
    name: Msg
    colour_name: Msg


class DeckView(msgspec.Struct, frozen=True):
    name: Msg
    size: int


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
    phase_title: Msg  # the phase in words
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
    nile_decks: list[DeckView]  # the same decks, named by the rounds they serve
    sphinx_deck_size: int
    drawn: list[SphinxCardView]
    action: ActionView | None  # a build action going on one space at a time
    legal_commands: list[EgiziaCommand]
    seed_commitment: str
    ranking: list[int]


@cache  # a card looks the same in every view: built once per id
def _card(card_id: str) -> CardView:
    card = NILE_BY_ID[card_id]
    return CardView(
        id=card.id,
        deck=DECKS[card.deck],
        type=card.type,
        kind=card.kind,
        name=nile_name(card),
        text=nile_text(card),
    )


@cache
def _start_quarry(card_id: str, stones: int) -> CardView:
    text = msg("A quarry: +{stones} stones in every round's production.", stones=stones)
    return CardView(card_id, "start", "PERM", "quarry", bare_card_name(card_id), text)


@cache
def _sphinx(card_id: str) -> SphinxCardView:
    card = SPHINX_BY_ID[card_id]
    return SphinxCardView(id=card_id, name=sphinx_name(card), text=sphinx_text(card))


def _river(state: EgiziaState) -> list[RiverSpaceView]:
    spaces = []
    for index, (space_id, kind) in enumerate(RIVER):
        card_index = CARD_INDEX.get(space_id)
        card = state.river_cards[card_index] if card_index is not None else ""
        name = place_words(space_id)
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
                name=bare_card_name(f.card),
                colour_name=COLOUR_WORDS[COLOUR_NAMES[effective_colour(f)]],
            )
            for f in player.fields
        ],
        quarries=[
            _card(q.card) if q.card in NILE_BY_ID else _start_quarry(q.card, q.stones)
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
                name=SITE_WORDS[s.id],
                position=RIVER.index((s.id, "site")) + 1,
                slots=list(s.slots),
                speculators=list(s.speculators),
                built=list(s.built),
            )
            for s in state.sites
        ],
        obelisk=[
            SpaceView(id=i, part=f"level {v}", value=v, owner=o, name=space_name(i))
            for i, v, o in zip(OBELISK_IDS, OBELISK_VALUES, state.obelisk, strict=True)
        ],
        graves=[
            GraveView(
                id=GRAVE_IDS[i],
                face_up=i < face_up,
                value=v if i < face_up else None,
                owner=o,
                name=space_name(GRAVE_IDS[i]),
            )
            for i, (v, o) in enumerate(zip(state.graves, state.grave_owners, strict=True))
        ],
        pyramid=[
            [
                SpaceView(id=i, part=f"row {r + 1}", value=PYRAMID_VALUES[r], owner=o, name=space_name(i))
                for i, o in zip(PYRAMID_IDS[r], row, strict=True)
            ]
            for r, row in enumerate(state.pyramid)
        ],
        temple=[
            SpaceView(id=t.id, part=t.part, value=t.value, owner=o, name=space_name(t.id))
            for t, o in zip(TEMPLE, state.temple, strict=True)
        ],
        markets=MarketsView(
            spaces=MARKET_SPACES, grain_penalty=list(GRAIN_PENALTY), stone_sale_spaces=list(STONE_SALE_SPACES)
        ),
        track=order,
        track_spaces=TRACK_SPACES,
        players=[_player(state, p, viewer, order.index(p.seat) + 1) for p in state.players],
        nile_deck_sizes={name: len(deck) for name, deck in zip(DECKS, state.nile_decks, strict=True)},
        nile_decks=[DeckView(DECK_WORDS[index], len(deck)) for index, deck in enumerate(state.nile_decks)],
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
    (drawn or kept, until final scoring reveals them), and each face-down grave tile as ``"G7=3"`` (its
    space and value). An id the viewer holds a copy of, or that lies face up, is not a secret."""
    if state.phase == OVER:
        return set()
    hidden = {card for deck in state.nile_decks for card in deck} | set(state.sphinx_deck)
    face_down = range(graves_face_up(state), len(state.graves))
    hidden.update(f"{GRAVE_IDS[space]}={state.graves[space]}" for space in face_down)
    known = {card for card in state.river_cards if card}
    for player in state.players:
        if player.seat == viewer or player.sphinx_revealed:
            known.update(player.sphinx)
        else:
            hidden.update(player.sphinx)
    (known if sphinx_builder(state) == viewer else hidden).update(state.drawn)
    return hidden - known
