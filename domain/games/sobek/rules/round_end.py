"""The end of a round: sideways sets (every player decides for themselves, in no order), leftover hands to
the corruption piles, scoring, the corruption penalty, and the end of the game after round 3 (or after
round 2 when a score is above 100)."""

from __future__ import annotations

from typing import Any

from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import EARLY_END_ABOVE, EARLY_END_ROUND, GOODS, ROUNDS
from domain.games.sobek.rules.context import Ctx
from domain.games.sobek.rules.corruption import corruption_count, corruption_scarabs, penalised, penalty_walk
from domain.games.sobek.rules.laying import check_set, own_cards
from domain.games.sobek.rules.sets import can_lay_a_set, new_sets, sideways_points, upright_points
from domain.games.sobek.rules.turns import PHASE_WORDS, refuse
from domain.games.sobek.state import SIDEWAYS, RoundResult, SobekState


def laying_sideways(state: SobekState) -> set[int]:
    """Players who may still lay a sideways set and have not said they are done."""
    if state.phase != SIDEWAYS:
        return set()
    return {p.seat for p in state.players if not p.sideways_done and can_lay_a_set(p.hand)}


def _sideways_turn(state: SobekState, seat: int) -> None:
    if state.phase != SIDEWAYS:
        now = PHASE_WORDS[state.phase]
        refuse("sideways.phase", f"Sideways sets are laid only at the end of a round (now {now}).")
    if state.players[seat].sideways_done:
        refuse("sideways.done", "You have already finished laying sideways sets this round.")


def decide_lay_sideways(state: SobekState, seat: int, command: cmd.LaySideways) -> list[Any]:
    _sideways_turn(state, seat)
    own_cards(state.players[seat].hand, command.cards)
    goods = check_set(command.cards)
    return [ev.SidewaysLaid(seat=seat, cards=list(command.cards), goods=goods)]


def decide_finish(state: SobekState, seat: int) -> list[Any]:
    _sideways_turn(state, seat)
    return [ev.SidewaysFinished(seat=seat)]


def sideways_commands(state: SobekState, seat: int) -> list[Any]:
    hand = state.players[seat].hand
    lays: list[Any] = [cmd.LaySideways(cards=cards) for goods in GOODS for cards in new_sets(hand, goods)]
    return [*lays, cmd.Finish()]


def set_points(state: SobekState) -> list[list[int]]:
    """Each seat's points per set: upright sets (scarabs x cards), then sideways sets (scarabs)."""
    return [
        [upright_points(s) for s in p.upright] + [sideways_points(s) for s in p.sideways]
        for p in state.players
    ]


def _penalties(ctx: Ctx, points: list[int], who: list[int]) -> list[int]:
    lost = [0] * len(points)
    for seat in who:
        before = ctx.state.players[seat].score
        steps, symbol, after = penalty_walk(before, points[seat])
        ctx.emit(ev.PenaltyApplied(seat=seat, steps=steps, symbol=symbol, before=before, after=after))
        lost[seat] = before - after
    return lost


def ranking(state: SobekState, corruption: list[int]) -> list[int]:
    """Highest score first; equal scores: fewer corruption points this round, then the round's seat order."""
    order = state.deals[state.round - 1].seats
    return sorted(
        range(len(state.players)),
        key=lambda seat: (-state.players[seat].score, corruption[seat], order.index(seat)),
    )


def game_over(state: SobekState) -> bool:
    if state.round >= ROUNDS:
        return True
    return state.round == EARLY_END_ROUND and any(p.score > EARLY_END_ABOVE for p in state.players)


def score_round(state: SobekState) -> list[Any]:
    ctx = Ctx(state)
    ctx.emit(
        ev.HandsToCorruption(
            cards=[list(p.hand) for p in state.players], counts=[len(p.hand) for p in state.players]
        )
    )
    sets = set_points(ctx.state)
    points = [sum(seat_sets) for seat_sets in sets]
    scores = [p.score + gained for p, gained in zip(ctx.state.players, points, strict=True)]
    ctx.emit(ev.RoundScored(round=state.round, set_points=points, sets=sets, scores=scores))
    counts = [corruption_count(p) for p in ctx.state.players]
    scarabs = [corruption_scarabs(p) for p in ctx.state.players]
    who = penalised(counts, scarabs)
    ctx.emit(ev.CorruptionCounted(counts=counts, scarabs=scarabs, penalised=who))
    lost = _penalties(ctx, points, who)
    final = [p.score for p in ctx.state.players]
    result = RoundResult(
        round=state.round,
        set_points=points,
        corruption=counts,
        corruption_scarabs=scarabs,
        penalised=who,
        penalties=lost,
        scores=final,
    )
    ctx.emit(ev.RoundEnded(result=result, final=game_over(ctx.state)))
    return ctx.events


def end_game(state: SobekState) -> list[Any]:
    """The final ranking: the highest score wins; equal scores share the victory."""
    scores = [p.score for p in state.players]
    top = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == top]
    return [
        ev.GameEnded(ranking=ranking(state, state.results[-1].corruption), scores=scores, winners=winners)
    ]
