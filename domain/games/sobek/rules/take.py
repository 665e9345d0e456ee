"""Taking a card from the Nile: one of the first four, the cards to its left going to the taker's corruption
pile (the Merchant takes any card, with none). The Nile is dealt again only once it is empty."""

from __future__ import annotations

from domain.engine import Ctx
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import CARDS, TAKE_REACH
from domain.games.sobek.rules.setup import deal_nile
from domain.games.sobek.rules.turns import finish_turn, on_turn, refuse
from domain.games.sobek.state import ACTION, MERCHANT_TAKE, SobekState
from domain.messages import msg


def reach(state: SobekState) -> int:
    """How many Nile cards may be taken by the normal action."""
    return min(TAKE_REACH, len(state.nile))


def take_from_nile(ctx: Ctx[SobekState], seat: int, position: int, merchant: bool) -> None:
    nile = ctx.state.nile
    card = nile[position - 1]
    skipped = [] if merchant else nile[: position - 1]
    ctx.emit(
        ev.CardTaken(
            seat=seat,
            position=position,
            card=card,
            back=CARDS[card].back,
            skipped=skipped,
            skipped_count=len(skipped),
            merchant=merchant,
        )
    )
    if not ctx.state.nile and ctx.state.deck:
        deal_nile(ctx)
    finish_turn(ctx)


def decide_take(ctx: Ctx[SobekState], seat: int, command: cmd.Take) -> None:
    state = ctx.state
    on_turn(state, seat, ACTION)
    furthest = reach(state)
    if not 1 <= command.position <= furthest:
        refuse(
            "take.reach",
            msg(
                "You may take only one of the first {reach} cards of the Nile (position 1 to {reach}); the "
                "Merchant alone reaches further.",
                reach=furthest,
            ),
            "position",
        )
    take_from_nile(ctx, seat, command.position, merchant=False)


def decide_hire(ctx: Ctx[SobekState], seat: int, command: cmd.Hire) -> None:
    state = ctx.state
    on_turn(state, seat, MERCHANT_TAKE)
    if not 1 <= command.position <= len(state.nile):
        refuse(
            "merchant.position",
            msg("The Merchant takes one of the Nile's cards: position 1 to {last}.", last=len(state.nile)),
            "position",
        )
    take_from_nile(ctx, seat, command.position, merchant=True)
