"""Playing a character (the third action): it goes to the discard pile and its power acts at once. Powers
that need a choice open a decision of the player on turn (the Thief, Vizier, Courtier, High Priest(ess) and
Merchant); the Scribe's victims each choose their own discards. A power with nothing to act on is wasted."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import (
    BACKS,
    CARDS,
    COURTIER,
    COURTIER_MOST,
    GOODS,
    QUEEN,
    QUEEN_DRAWS,
    SCRIBE,
    SCRIBE_LIMIT,
    THIEF,
)
from domain.games.sobek.rules.laying import own_cards
from domain.games.sobek.rules.sets import additions, fits
from domain.games.sobek.rules.turns import finish_turn, on_turn, refuse, seat_checked
from domain.games.sobek.state import (
    ACTION,
    COURTIER_ADD,
    PRIEST_NAME,
    THIEF_TARGET,
    VIZIER_PICK,
    VIZIER_TARGET,
    SobekState,
    others,
)
from domain.games.sobek.words import BACK_NAMES, GOODS_NAMES
from domain.messages import msg

# Why a played character's power found nothing to act on, as its event records it (describe.py words them).
DECK_EMPTY = "the deck is empty"
NOBODY_OVER_LIMIT = f"no opponent holds more than {SCRIBE_LIMIT} cards"
NOBODY_HOLDS = "no opponent holds a card"
NOTHING_FITS = "no card in hand fits one of your upright sets"
PILE_EMPTY = "that corruption pile is empty"


def thief_options(state: SobekState, seat: int) -> list[tuple[int, str]]:
    """(opponent, back colour) pairs the Thief may choose: colours present in that opponent's hand."""
    return [
        (target, back)
        for target in others(state, seat)
        for back in BACKS
        if any(CARDS[card].back == back for card in state.players[target].hand)
    ]


def courtier_options(state: SobekState, seat: int) -> list[tuple[int, list[str]]]:
    player = state.players[seat]
    sizes = range(1, COURTIER_MOST + 1)
    return [
        (index, cards)
        for index, goods_set in enumerate(player.upright)
        for cards in additions(player.hand, goods_set.goods, sizes)
    ]


def _power(ctx: Ctx[SobekState], seat: int, card: str) -> None:
    state = ctx.state
    power = CARDS[card].power
    if power == QUEEN:
        drawn = state.deck[:QUEEN_DRAWS]
        if drawn:
            ctx.emit(ev.CardsDrawn(seat=seat, cards=drawn, backs=[CARDS[c].back for c in drawn]))
        else:
            ctx.emit(ev.PowerWasted(seat=seat, card=card, reason=DECK_EMPTY))
    elif power == SCRIBE:
        victims = [other for other in others(state, seat) if len(state.players[other].hand) > SCRIBE_LIMIT]
        if victims:
            counts = [len(state.players[victim].hand) - SCRIBE_LIMIT for victim in victims]
            ctx.emit(ev.DiscardsRequired(seat=seat, seats=victims, counts=counts))
        else:
            ctx.emit(ev.PowerWasted(seat=seat, card=card, reason=NOBODY_OVER_LIMIT))
    elif power == THIEF and not thief_options(state, seat):
        ctx.emit(ev.PowerWasted(seat=seat, card=card, reason=NOBODY_HOLDS))
    elif power == COURTIER and not courtier_options(state, seat):
        ctx.emit(ev.PowerWasted(seat=seat, card=card, reason=NOTHING_FITS))


def decide_play_character(ctx: Ctx[SobekState], seat: int, command: cmd.PlayCharacter) -> None:
    state = ctx.state
    on_turn(state, seat, ACTION)
    if command.card not in state.players[seat].hand:
        refuse("character.not_held", msg("You do not hold that card."), "card")
    if not CARDS[command.card].power:
        refuse("character.not_character", msg("Only a character card is played for its power."), "card")
    ctx.emit(ev.CharacterPlayed(seat=seat, card=command.card, power=CARDS[command.card].power))
    _power(ctx, seat, command.card)
    finish_turn(ctx)


def decide_steal(ctx: Ctx[SobekState], seat: int, command: cmd.Steal) -> None:
    state = ctx.state
    on_turn(state, seat, THIEF_TARGET)
    if command.target not in others(state, seat):
        refuse("thief.target", msg("The Thief robs one of your opponents."), "target")
    if command.back not in BACKS:
        refuse("thief.back", msg("back is one of: {backs}.", backs=", ".join(BACKS)), "back")
    if (command.target, command.back) not in thief_options(state, seat):
        refuse(
            "thief.no_card",
            msg("That player holds no card with a {back} back.", back=BACK_NAMES[command.back]),
            "back",
        )
    held = {card for card in state.players[command.target].hand if CARDS[card].back == command.back}
    card = next(card for card in state.deals[state.round - 1].thief if card in held)
    ctx.emit(ev.Stolen(seat=seat, target=command.target, back=command.back, card=card))
    finish_turn(ctx)


def decide_look(ctx: Ctx[SobekState], seat: int, command: cmd.Look) -> None:
    state = ctx.state
    on_turn(state, seat, VIZIER_TARGET)
    if command.target not in others(state, seat):
        refuse("vizier.target", msg("The Vizier looks at one of your opponents' corruption piles."), "target")
    ctx.emit(ev.PileLooked(seat=seat, target=command.target))
    if not state.players[command.target].corruption:
        ctx.emit(ev.PowerWasted(seat=seat, card=state.discard[-1], reason=PILE_EMPTY))
    finish_turn(ctx)


def decide_pick(ctx: Ctx[SobekState], seat: int, command: cmd.Pick) -> None:
    state = ctx.state
    on_turn(state, seat, VIZIER_PICK)
    if command.card not in state.players[state.target].corruption:
        refuse("vizier.card", msg("Take one of the cards of the corruption pile you are looking at."), "card")
    ctx.emit(
        ev.PileCardTaken(seat=seat, target=state.target, card=command.card, back=CARDS[command.card].back)
    )
    finish_turn(ctx)


def decide_court(ctx: Ctx[SobekState], seat: int, command: cmd.Court) -> None:
    state = ctx.state
    on_turn(state, seat, COURTIER_ADD)
    player = state.players[seat]
    if not 0 <= command.set < len(player.upright):
        refuse("courtier.set", msg("You have no upright set with that number."), "set")
    own_cards(player.hand, command.cards)
    if len(command.cards) > COURTIER_MOST:
        refuse("courtier.count", msg("The Courtier adds one or {most} cards.", most=COURTIER_MOST), "cards")
    goods = player.upright[command.set].goods
    if not fits(command.cards, goods):
        refuse(
            "courtier.type",
            msg("Only {goods} cards (or amulets) go on that set.", goods=GOODS_NAMES[goods]),
            "cards",
        )
    ctx.emit(ev.CourtierAdded(seat=seat, set=command.set, cards=list(command.cards)))
    finish_turn(ctx)


def decide_purge(ctx: Ctx[SobekState], seat: int, command: cmd.Purge) -> None:
    state = ctx.state
    on_turn(state, seat, PRIEST_NAME)
    if command.goods not in GOODS:
        refuse("priest.goods", msg("Name a goods type: {goods}.", goods=", ".join(GOODS)), "goods")
    removed = [card for card in state.players[seat].corruption if CARDS[card].goods == command.goods]
    ctx.emit(ev.Purged(seat=seat, goods=command.goods, cards=removed, count=len(removed)))
    finish_turn(ctx)


def decide_discard(ctx: Ctx[SobekState], seat: int, command: cmd.Discard) -> None:
    state = ctx.state
    seat_checked(state, seat)
    hand = state.players[seat].hand
    if seat not in state.discarding:
        refuse("scribe.not_asked", msg("Only the Scribe's victims discard, and only down to six cards."))
    if command.card not in hand:
        refuse("cards.not_held", msg("You do not hold that card."), "card")
    ctx.emit(ev.Discarded(seat=seat, card=command.card, back=CARDS[command.card].back))
    finish_turn(ctx)


def character_commands(state: SobekState, seat: int) -> list[cmd.PlayCharacter]:
    return [cmd.PlayCharacter(card=card) for card in state.players[seat].hand if CARDS[card].power]


def power_commands(state: SobekState, seat: int) -> list[Any]:
    """The choices of the power decision the player on turn faces now."""
    pending = state.pending
    if pending == THIEF_TARGET:
        return [cmd.Steal(target=target, back=back) for target, back in thief_options(state, seat)]
    if pending == VIZIER_TARGET:
        return [cmd.Look(target=target) for target in others(state, seat)]
    if pending == VIZIER_PICK:
        return [cmd.Pick(card=card) for card in sorted(set(state.players[state.target].corruption))]
    if pending == COURTIER_ADD:
        return [cmd.Court(set=index, cards=cards) for index, cards in courtier_options(state, seat)]
    if pending == PRIEST_NAME:
        return [cmd.Purge(goods=goods) for goods in GOODS]
    return []


def discard_commands(state: SobekState, seat: int) -> list[cmd.Discard]:
    return [cmd.Discard(card=card) for card in state.players[seat].hand]
