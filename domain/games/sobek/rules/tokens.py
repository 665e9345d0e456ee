"""Event tokens: after a set, the player sees every face-down token left this round, chooses one and
resolves it at once. Guild, Curse and Prosperity ask for a target; the others act by themselves."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import (
    EMBALMING,
    FLOOD,
    FRAUD,
    GUILD,
    PROSPERITY,
    PROSPERITY_GOODS,
    TOKEN_BY_ID,
)
from domain.games.sobek.rules.track import next_with, previous_with
from domain.games.sobek.rules.turns import finish_turn, on_turn, refuse
from domain.games.sobek.state import CURSE_TARGET, GUILD_PUSH, PROSPERITY_SET, TOKEN, SobekState, others
from domain.games.sobek.words import GOODS_NAMES
from domain.messages import msg


def prosperity_sets(state: SobekState, seat: int) -> list[int]:
    """The player's upright sets a Prosperity token may go on (cattle, fish or wheat)."""
    return [index for index, s in enumerate(state.players[seat].upright) if s.goods in PROSPERITY_GOODS]


def _resolve(ctx: Ctx[SobekState], seat: int, token: str) -> None:
    kind = TOKEN_BY_ID[token].kind
    player = ctx.state.players[seat]
    if kind == GUILD:
        after = next_with(player.score, TOKEN_BY_ID[token].symbol)
        ctx.emit(ev.MarkerMoved(seat=seat, by=seat, reason="guild", before=player.score, after=after))
    elif kind == FLOOD:
        ctx.emit(ev.ExtraTurnGranted(seat=seat, token=token))
    elif kind == PROSPERITY and not prosperity_sets(ctx.state, seat):
        ctx.emit(ev.ProsperityPlaced(seat=seat, token=token, set=-1))
    elif kind == EMBALMING:
        ctx.emit(ev.Embalmed(seat=seat, cards=list(player.corruption), count=len(player.corruption)))
    elif kind == FRAUD:
        count = len(player.corruption)
        ctx.emit(ev.FraudRevealed(seat=seat, count=count))
        ctx.emit(
            ev.MarkerMoved(
                seat=seat, by=seat, reason="fraud", before=player.score, after=player.score + count
            )
        )


def decide_choose_token(ctx: Ctx[SobekState], seat: int, command: cmd.ChooseToken) -> None:
    state = ctx.state
    on_turn(state, seat, TOKEN)
    if command.token not in state.tokens:
        refuse("token.unknown", msg("Choose one of the event tokens left face down this round."), "token")
    ctx.emit(ev.TokenChosen(seat=seat, token=command.token, kind=TOKEN_BY_ID[command.token].kind))
    _resolve(ctx, seat, command.token)
    finish_turn(ctx)


TARGETS_AN_OPPONENT = {
    "guild": msg("The Guild targets one of your opponents."),
    "curse": msg("The Curse targets one of your opponents."),
}


def _opponent(state: SobekState, seat: int, target: int, what: str) -> None:
    if target not in others(state, seat):
        refuse(f"{what}.target", TARGETS_AN_OPPONENT[what], "target")


def decide_push(ctx: Ctx[SobekState], seat: int, command: cmd.Push) -> None:
    state = ctx.state
    on_turn(state, seat, GUILD_PUSH)
    _opponent(state, seat, command.target, "guild")
    before = state.players[command.target].score
    after = previous_with(before, TOKEN_BY_ID[state.token].symbol)
    ctx.emit(ev.MarkerMoved(seat=command.target, by=seat, reason="guild push", before=before, after=after))
    finish_turn(ctx)


def decide_curse(ctx: Ctx[SobekState], seat: int, command: cmd.Curse) -> None:
    state = ctx.state
    on_turn(state, seat, CURSE_TARGET)
    _opponent(state, seat, command.target, "curse")
    ctx.emit(ev.CurseGiven(seat=seat, target=command.target, token=state.token))
    finish_turn(ctx)


def decide_prosper(ctx: Ctx[SobekState], seat: int, command: cmd.Prosper) -> None:
    state = ctx.state
    on_turn(state, seat, PROSPERITY_SET)
    if command.set not in prosperity_sets(state, seat):
        refuse(
            "prosperity.set",
            msg(
                "Prosperity goes on one of your upright {kinds} sets only.",
                kinds=[GOODS_NAMES[goods] for goods in PROSPERITY_GOODS],
            ),
            "set",
        )
    ctx.emit(ev.ProsperityPlaced(seat=seat, token=state.token, set=command.set))
    finish_turn(ctx)


def token_commands(state: SobekState, seat: int) -> list[Any]:
    """The choices of the token decision the player on turn faces now."""
    if state.pending == TOKEN:
        return [cmd.ChooseToken(token=token) for token in sorted(state.tokens)]
    if state.pending == GUILD_PUSH:
        return [cmd.Push(target=target) for target in others(state, seat)]
    if state.pending == CURSE_TARGET:
        return [cmd.Curse(target=target) for target in others(state, seat)]
    return [cmd.Prosper(set=index) for index in prosperity_sets(state, seat)]
