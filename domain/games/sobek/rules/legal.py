"""Who must act, what each may do now, and what the service plays for a seat whose clock ran out."""

from __future__ import annotations

from typing import Any

from domain.games.sobek import commands as cmd
from domain.games.sobek.rules.characters import character_commands, discard_commands, power_commands
from domain.games.sobek.rules.laying import set_commands
from domain.games.sobek.rules.round_end import laying_sideways, sideways_commands
from domain.games.sobek.rules.setup import start_commands
from domain.games.sobek.rules.take import reach
from domain.games.sobek.rules.tokens import token_commands
from domain.games.sobek.state import (
    ACTION,
    CURSE_TARGET,
    GUILD_PUSH,
    MERCHANT_TAKE,
    PLAYING,
    PROSPERITY_SET,
    SIDEWAYS,
    STARTING,
    TOKEN,
    SobekState,
)

TOKEN_DECISIONS = (TOKEN, GUILD_PUSH, CURSE_TARGET, PROSPERITY_SET)


def to_act(state: SobekState) -> set[int]:
    if state.phase == STARTING:
        return {state.chooser}
    if state.phase == PLAYING:
        return set(state.discarding) if state.discarding else {state.turn}
    if state.phase == SIDEWAYS:
        return laying_sideways(state)
    return set()


def _turn_commands(state: SobekState, seat: int) -> list[Any]:
    if state.discarding:
        return list(discard_commands(state, seat))
    if state.pending == ACTION:
        takes: list[Any] = [cmd.Take(position=position) for position in range(1, reach(state) + 1)]
        return [*takes, *set_commands(state, seat), *character_commands(state, seat)]
    if state.pending in TOKEN_DECISIONS:
        return token_commands(state, seat)
    if state.pending == MERCHANT_TAKE:
        return [cmd.Hire(position=position) for position in range(1, len(state.nile) + 1)]
    return power_commands(state, seat)


def legal_commands(state: SobekState, seat: int) -> list[Any]:
    """The choices of a seat that must act (the engine asks for no other)."""
    if state.phase == STARTING:
        return list(start_commands(state))
    if state.phase == SIDEWAYS:
        return sideways_commands(state, seat)
    return _turn_commands(state, seat)


def timeout_command(state: SobekState, seat: int) -> Any:
    """Round end: lay nothing more. The turn's action: take the first Nile card (it costs no corruption).
    Any other decision: its first choice (the start player: oneself; the Scribe: the first card in hand)."""
    if state.phase == SIDEWAYS:
        return cmd.Finish()
    if state.phase == STARTING:
        return cmd.ChooseStart(seat=seat)
    if state.phase == PLAYING and not state.discarding and state.pending == ACTION:
        return cmd.Take(position=1)
    legal = legal_commands(state, seat) if seat in to_act(state) else []
    return legal[0] if legal else cmd.Take(position=1)
