"""What one seat (or a spectator, ``None``) may see, and the history with secrets removed.

Hidden: the deck and its order, the unused green cards and event tokens, face-down characters in the Nile,
the face-down event tokens (their faces are shown to the player choosing one, at that moment), other seats'
hands (their size and backs are public), other seats' corruption piles (a Fraud shows its count; the Vizier
sees the pile he picks from), and the cards a High Priest(ess) removed from another seat's pile. Once the game
is over everything is shown.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Prompt
from domain.games.sobek import events as ev
from domain.games.sobek.commands import SobekCommand
from domain.games.sobek.data import (
    BACKS,
    CARDS,
    GOODS,
    ORANGE,
    ROUNDS,
    TAKE_REACH,
    TOKEN_BY_ID,
    TRACK,
    TRACK_LAP,
)
from domain.games.sobek.rules.corruption import corruption_count
from domain.games.sobek.rules.prompt import prompt_for
from domain.games.sobek.rules.sets import scarabs, sideways_points, upright_points
from domain.games.sobek.state import (
    DEALING,
    ENDING,
    OVER,
    PLAYING,
    SIDEWAYS,
    STARTING,
    TOKEN,
    VIZIER_PICK,
    GoodsSet,
    Player,
    RoundResult,
    SobekState,
)
from domain.games.sobek.words import CHARACTER_NAMES, POWER_TEXTS, card_name, token_name, token_text
from domain.messages import Msg, msg

PHASE_TITLES = {
    DEALING: msg("Dealing the round"),
    STARTING: msg("Choosing the start player"),
    PLAYING: msg("Trading along the Nile"),
    SIDEWAYS: msg("Round end: sideways sets"),
    ENDING: msg("Final ranking"),
    OVER: msg("Game over"),
}


class CardView(msgspec.Struct, frozen=True):
    """A face-up card: ``name`` says it in words (``ivory, 3 scarabs``, ``Thief (fish)``), ``character`` and
    ``text`` name a character and its power."""

    id: str
    goods: str
    scarabs: int
    back: str
    name: Msg
    power: str = ""
    character: Msg | None = None
    text: Msg | None = None


class NileCardView(msgspec.Struct, frozen=True):
    position: int
    back: str
    card: CardView | None  # None while a character lies face down


class TokenView(msgspec.Struct, frozen=True):
    id: str
    kind: str
    name: Msg
    text: Msg
    symbol: str


class SetView(msgspec.Struct, frozen=True):
    index: int
    goods: str
    cards: list[CardView]
    scarabs: int
    prosperity: list[TokenView]
    points: int


class PlayerView(msgspec.Struct, frozen=True):
    seat: int
    score: int
    square: int  # where the marker stands on the 0-99 track
    lap: int  # 0 on the first lap, 1 past 100...
    hand: list[CardView] | None  # the viewer's own hand only
    hand_size: int
    hand_backs: dict[str, int]
    corruption: list[CardView] | None  # the viewer's own pile only
    corruption_count: int | None  # cards + 2 per Curse, for the viewer's own pile only
    revealed_corruption: int | None  # the count a Fraud showed everyone this round
    curses: list[TokenView]
    upright: list[SetView]
    sideways: list[SetView]
    set_points: int  # what the sets on the table score now
    purged: list[CardView] | None
    sideways_done: bool


class VizierLook(msgspec.Struct, frozen=True):
    target: int
    cards: list[CardView]


class SobekView(msgspec.Struct, frozen=True, kw_only=True):
    game: str = "sobek"
    viewer: int | None
    round: int
    rounds: int
    phase: str
    phase_title: Msg
    turn: int
    start_player: int
    chooser: int
    pending: str  # the decision the player on turn faces ("" = the turn's action)
    extra_turn: bool
    to_act: list[int]
    prompt: Prompt
    nile: list[NileCardView]
    reach: int
    deck_size: int
    tokens_face_down: int
    token_faces: list[TokenView]  # only for the player choosing a token, or once the game is over
    tokens_used: list[TokenView]
    tokens_out_of_play: int
    track: list[str]  # the symbol of squares 0..100
    track_lap: int
    players: list[PlayerView]
    discard: list[CardView]
    vizier_look: VizierLook | None
    results: list[RoundResult]
    goods: list[str]
    backs: list[str]
    legal_commands: list[SobekCommand]
    seed_commitment: str
    ranking: list[int]
    winners: list[int]


def card_view(card_id: str) -> CardView:
    card = CARDS[card_id]
    if not card.power:
        return CardView(card.id, card.goods, card.scarabs, card.back, card_name(card_id))
    return CardView(
        card.id,
        card.goods,
        card.scarabs,
        card.back,
        card_name(card_id),
        card.power,
        CHARACTER_NAMES[card_id],
        POWER_TEXTS[card.power],
    )


def token_view(token_id: str) -> TokenView:
    token = TOKEN_BY_ID[token_id]
    return TokenView(token.id, token.kind, token_name(token_id), token_text(token_id), token.symbol)


def _set(index: int, goods_set: GoodsSet, points: int) -> SetView:
    return SetView(
        index=index,
        goods=goods_set.goods,
        cards=[card_view(card) for card in goods_set.cards],
        scarabs=scarabs(goods_set),
        prosperity=[token_view(token) for token in goods_set.prosperity],
        points=points,
    )


def _player(state: SobekState, player: Player, viewer: int | None) -> PlayerView:
    shown = viewer == player.seat or state.phase == OVER
    upright = [_set(i, s, upright_points(s)) for i, s in enumerate(player.upright)]
    sideways = [_set(i, s, sideways_points(s)) for i, s in enumerate(player.sideways)]
    return PlayerView(
        seat=player.seat,
        score=player.score,
        square=player.score % TRACK_LAP,
        lap=player.score // TRACK_LAP,
        hand=[card_view(card) for card in player.hand] if shown else None,
        hand_size=len(player.hand),
        hand_backs={back: sum(1 for card in player.hand if CARDS[card].back == back) for back in BACKS},
        corruption=[card_view(card) for card in player.corruption] if shown else None,
        corruption_count=corruption_count(player) if shown else None,
        revealed_corruption=player.revealed if player.revealed >= 0 else None,
        curses=[token_view(token) for token in player.curses],
        upright=upright,
        sideways=sideways,
        set_points=sum(s.points for s in upright) + sum(s.points for s in sideways),
        purged=[card_view(card) for card in player.purged] if shown else None,
        sideways_done=player.sideways_done,
    )


def _nile(state: SobekState) -> list[NileCardView]:
    shown = state.phase == OVER
    views = []
    for position, card in enumerate(state.nile, start=1):
        back = CARDS[card].back
        face_up = back != ORANGE or shown
        views.append(NileCardView(position=position, back=back, card=card_view(card) if face_up else None))
    return views


def choosing_token(state: SobekState, viewer: int | None) -> bool:
    return state.phase == PLAYING and state.pending == TOKEN and viewer == state.turn and not state.discarding


def looking_at_pile(state: SobekState, viewer: int | None) -> bool:
    return state.phase == PLAYING and state.pending == VIZIER_PICK and viewer == state.turn


def build_view(state: SobekState, viewer: int | None, legal: list[Any], to_act: set[int]) -> SobekView:
    over = state.phase == OVER
    faces = (
        state.tokens + state.unused_tokens if over else state.tokens if choosing_token(state, viewer) else []
    )
    look = None
    if looking_at_pile(state, viewer):
        look = VizierLook(state.target, [card_view(card) for card in state.players[state.target].corruption])
    return SobekView(
        viewer=viewer,
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        phase_title=PHASE_TITLES[state.phase],
        turn=state.turn,
        start_player=state.start_player,
        chooser=state.chooser,
        pending=state.pending if state.phase == PLAYING else "",
        extra_turn=state.extra_turn,
        to_act=sorted(to_act),
        prompt=prompt_for(state, viewer, to_act),
        nile=_nile(state),
        reach=min(TAKE_REACH, len(state.nile)),
        deck_size=len(state.deck),
        tokens_face_down=len(state.tokens),
        token_faces=[token_view(token) for token in sorted(faces)],
        tokens_used=[token_view(token) for token in state.used_tokens],
        tokens_out_of_play=len(state.unused_tokens),
        track=list(TRACK),
        track_lap=TRACK_LAP,
        players=[_player(state, player, viewer) for player in state.players],
        discard=[card_view(card) for card in state.discard],
        vizier_look=look,
        results=list(state.results),
        goods=list(GOODS),
        backs=list(BACKS),
        legal_commands=list(legal),
        seed_commitment=state.seed_commitment,
        ranking=list(state.ranking),
        winners=list(state.winners),
    )


def _hidden_card(card: str, back: str) -> str:
    return "" if back == ORANGE else card


def redact_event(event: Any, seat: int | None) -> Any:
    """The event as ``seat`` may see it: shuffles, face-down cards and tokens, and other seats' hidden cards
    emptied (the counts beside them stay)."""
    kind = type(event)
    if kind is ev.GameSetUp:
        return msgspec.structs.replace(event, deals=[])
    if kind is ev.RoundStarted:
        hands = [hand if index == seat else [] for index, hand in enumerate(event.hands)]
        nile = [_hidden_card(card, back) for card, back in zip(event.nile, event.nile_backs, strict=True)]
        return msgspec.structs.replace(
            event, hands=hands, tokens=[], unused_tokens=[], unused_starters=[], deck=[], nile=nile
        )
    if kind is ev.NileDealt:
        return msgspec.structs.replace(
            event, cards=[_hidden_card(c, b) for c, b in zip(event.cards, event.backs, strict=True)]
        )
    if kind is ev.HandsToCorruption:
        return msgspec.structs.replace(
            event, cards=[cards if index == seat else [] for index, cards in enumerate(event.cards)]
        )
    if seat is not None and getattr(event, "seat", None) == seat:
        return event
    if kind is ev.CardTaken:
        return msgspec.structs.replace(event, card=_hidden_card(event.card, event.back), skipped=[])
    if kind is ev.Embalmed or kind is ev.CardsDrawn:
        return msgspec.structs.replace(event, cards=[])
    if kind is ev.Purged:
        return msgspec.structs.replace(event, cards=[], count=-1)
    if kind is ev.Discarded:
        return msgspec.structs.replace(event, card="")
    if (kind is ev.Stolen or kind is ev.PileCardTaken) and event.target != seat:
        return msgspec.structs.replace(event, card="")
    return event


def secret_ids(state: SobekState, viewer: int | None) -> set[str]:
    """Card and token ids ``viewer`` may not know now (nothing once the game is over)."""
    if state.phase == OVER:
        return set()
    hidden = set(state.deck) | set(state.unused_starters) | set(state.unused_tokens)
    hidden |= {card for card in state.nile if CARDS[card].back == ORANGE}
    if not choosing_token(state, viewer):
        hidden |= set(state.tokens)
    for player in state.players:
        if player.seat == viewer:
            continue
        hidden |= set(player.hand) | set(player.purged)
        if not (looking_at_pile(state, viewer) and player.seat == state.target):
            hidden |= set(player.corruption)
    return hidden
