"""The end of a round: sideways sets (every player decides for themselves, in no order), leftover hands to
the corruption piles, scoring, the corruption penalty, and the end of the game after round 3 (or after
round 2 when a score is above 100)."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx, GameResult, ScoreLine, ranked_by_score
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import EARLY_END_ABOVE, EARLY_END_ROUND, GOODS, ROUNDS
from domain.games.sobek.rules.corruption import corruption_count, corruption_scarabs, penalised, penalty_walk
from domain.games.sobek.rules.laying import check_set, own_cards
from domain.games.sobek.rules.sets import can_lay_a_set, new_sets, sideways_points, upright_points
from domain.games.sobek.rules.turns import refuse
from domain.games.sobek.state import OVER, SIDEWAYS, RoundResult, SobekState
from domain.messages import msg


def laying_sideways(state: SobekState) -> set[int]:
    """Players who may still lay a sideways set and have not said they are done."""
    if state.phase != SIDEWAYS:
        return set()
    return {p.seat for p in state.players if not p.sideways_done and can_lay_a_set(p.hand)}


def _sideways_turn(state: SobekState, seat: int) -> None:
    if state.phase != SIDEWAYS:
        refuse("sideways.phase", msg("Sideways sets are laid only at the end of a round."))
    if state.players[seat].sideways_done:
        refuse("sideways.done", msg("You have already finished laying sideways sets this round."))


def decide_lay_sideways(ctx: Ctx[SobekState], seat: int, command: cmd.LaySideways) -> None:
    state = ctx.state
    _sideways_turn(state, seat)
    own_cards(state.players[seat].hand, command.cards)
    goods = check_set(command.cards)
    ctx.emit(ev.SidewaysLaid(seat=seat, cards=list(command.cards), goods=goods))


def decide_finish(ctx: Ctx[SobekState], seat: int, command: cmd.Finish) -> None:
    _sideways_turn(ctx.state, seat)
    ctx.emit(ev.SidewaysFinished(seat=seat))


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


def _penalties(ctx: Ctx[SobekState], points: list[int], who: list[int]) -> list[int]:
    lost = [0] * len(points)
    for seat in who:
        before = ctx.state.players[seat].score
        steps, symbol, after = penalty_walk(before, points[seat])
        ctx.emit(ev.PenaltyApplied(seat=seat, steps=steps, symbol=symbol, before=before, after=after))
        lost[seat] = before - after
    return lost


def ranking(state: SobekState, corruption: list[int]) -> list[int]:
    """Every seat, highest score first; equal scores (which share a place, ``SobekGame.result``) are listed by
    fewer corruption points this round, then the round's seat order."""
    order = state.deals[state.round - 1].seats
    return sorted(
        range(len(state.players)),
        key=lambda seat: (-state.players[seat].score, corruption[seat], order.index(seat)),
    )


def game_over(state: SobekState) -> bool:
    if state.round >= ROUNDS:
        return True
    return state.round == EARLY_END_ROUND and any(p.score > EARLY_END_ABOVE for p in state.players)


def score_round(ctx: Ctx[SobekState]) -> None:
    """Once every seat is done laying sideways: hands to the corruption piles, the sets scored, the
    corruption penalty, the round's result."""
    state = ctx.state
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


def end_game(ctx: Ctx[SobekState]) -> None:
    """The final ranking: the highest score wins; equal scores share the victory."""
    state = ctx.state
    scores = [p.score for p in state.players]
    top = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == top]
    ctx.emit(
        ev.GameEnded(ranking=ranking(state, state.results[-1].corruption), scores=scores, winners=winners)
    )


def current_scores(state: SobekState) -> list[int]:
    return [player.score for player in state.players]


def result(state: SobekState) -> GameResult | None:
    """The highest score wins and the rules name no tie-break: equal scores share a place (the recorded
    ranking only lists them in an order)."""
    if state.phase != OVER:
        return None
    return ranked_by_score(current_scores(state), state.ranking)


def score_breakdown(state: SobekState) -> list[list[ScoreLine]]:
    """Each seat's points round by round: its sets, what event tokens moved its marker (the Guild, the
    Fraud) and the corruption penalty (negative); a round not scored yet (a game ended early) shows what
    its tokens moved so far, if anything."""
    settled = [p.score for p in state.players] == (
        state.results[-1].scores if state.results else [0] * len(state.players)
    )
    rounds = len(state.results) if settled else max(len(state.results), state.round)
    lines: list[list[ScoreLine]] = []
    for seat, player in enumerate(state.players):
        before = 0
        seat_lines: list[ScoreLine] = []
        for number in range(1, rounds + 1):
            scored = state.results[number - 1] if number <= len(state.results) else None
            sets = scored.set_points[seat] if scored is not None else 0
            penalty = scored.penalties[seat] if scored is not None else 0
            after = scored.scores[seat] if scored is not None else player.score
            seat_lines += [
                ScoreLine(label=msg("Round {round}: sets", round=number), points=sets),
                ScoreLine(
                    label=msg("Round {round}: event tokens", round=number),
                    points=after - before - sets + penalty,
                ),
                ScoreLine(label=msg("Round {round}: corruption penalty", round=number), points=-penalty),
            ]
            before = after
        lines.append(seat_lines)
    return lines
