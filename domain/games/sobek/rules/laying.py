"""Playing a set (the second action): three or more cards of one goods type from the hand, laid upright as a
new set or added to an upright set of the same type; then, while any remain this round, the player looks at
every face-down event token and resolves one."""

from __future__ import annotations

from domain.engine import Ctx
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import GOODS, SET_MINIMUM
from domain.games.sobek.rules.sets import additions, fits, goods_of, new_sets
from domain.games.sobek.rules.turns import finish_turn, on_turn, refuse
from domain.games.sobek.state import ACTION, SobekState
from domain.games.sobek.words import GOODS_NAMES
from domain.messages import msg


def own_cards(hand: list[str], cards: list[str], field: str = "cards") -> None:
    """Refuse a list of cards that is empty, repeats a card, or names a card the player does not hold (the
    refusal never repeats the ids: a card named by mistake may be another player's secret)."""
    if not cards:
        refuse("cards.empty", msg("Name the cards to play."), field)
    if len(set(cards)) != len(cards):
        refuse("cards.repeated", msg("A card is named twice."), field)
    held = set(hand)
    if any(card not in held for card in cards):
        refuse("cards.not_held", msg("You do not hold every card you named."), field)


def check_set(cards: list[str]) -> str:
    """The goods type of a legal set of ``cards``; a refusal naming the rule otherwise."""
    if len(cards) < SET_MINIMUM:
        refuse("set.size", msg("A set needs at least {least} cards.", least=SET_MINIMUM), "cards")
    goods = goods_of(cards)
    if goods is None:
        refuse(
            "set.mixed",
            msg("A set is one goods type: amulets are wild and characters count as their own type."),
            "cards",
        )
    return goods


def decide_play_set(ctx: Ctx[SobekState], seat: int, command: cmd.PlaySet) -> None:
    state = ctx.state
    on_turn(state, seat, ACTION)
    player = state.players[seat]
    own_cards(player.hand, command.cards)
    goods = check_set(command.cards)
    if command.join >= 0:
        if command.join >= len(player.upright):
            refuse("set.join", msg("You have no upright set with that number."), "join")
        target = player.upright[command.join].goods
        if not fits(command.cards, target):
            refuse(
                "set.join_type",
                msg("Only {goods} cards or amulets may join your {goods} set.", goods=GOODS_NAMES[target]),
                "cards",
            )
        goods, index = target, command.join
    elif command.join != -1:
        refuse(
            "set.join", msg("join is the number of one of your upright sets, or -1 for a new set."), "join"
        )
    else:
        index = len(player.upright)
    ctx.emit(
        ev.SetPlayed(seat=seat, cards=list(command.cards), goods=goods, set=index, joined=command.join >= 0)
    )
    finish_turn(ctx)


def set_commands(state: SobekState, seat: int) -> list[cmd.PlaySet]:
    """Every distinct set the hand can lay: new sets of each goods type, and additions to each upright set."""
    player = state.players[seat]
    hand = player.hand
    commands = [cmd.PlaySet(cards=cards) for goods in GOODS for cards in new_sets(hand, goods)]
    for index, goods_set in enumerate(player.upright):
        sizes = range(SET_MINIMUM, len(hand) + 1)
        commands += [
            cmd.PlaySet(cards=cards, join=index) for cards in additions(hand, goods_set.goods, sizes)
        ]
    return commands
