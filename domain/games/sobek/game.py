"""Sobek as the engine plays it: the rules it states, each in the module that holds it."""

from __future__ import annotations

from domain.engine import Game, RandomBot, Rules
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.bots import GreedyBot
from domain.games.sobek.data import MAX_PLAYERS, MIN_PLAYERS
from domain.games.sobek.describe import describe_event
from domain.games.sobek.determinize import determinize
from domain.games.sobek.reference import rules_reference
from domain.games.sobek.rules import characters, laying, round_end, setup, take, tokens
from domain.games.sobek.rules.fold import evolve
from domain.games.sobek.rules.legal import legal_commands, timeout_command, to_act
from domain.games.sobek.rules.turns import seat_checked
from domain.games.sobek.state import DEALING, ENDING, SIDEWAYS, SobekOptions, SobekState
from domain.games.sobek.stats import PowersAndRounds
from domain.games.sobek.views import build_view, redact_event, secret_ids
from domain.messages import msgp

RULES = Rules(
    name="sobek",
    title="Sobek",
    title_words=msgp("game title", "Sobek"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=SobekOptions,
    Command=cmd.SobekCommand,
    Event=ev.SobekEvent,
    State=SobekState,
    setup=setup.setup_events,
    evolve=evolve,
    check=seat_checked,
    commands={
        cmd.Take: take.decide_take,
        cmd.Hire: take.decide_hire,
        cmd.PlaySet: laying.decide_play_set,
        cmd.PlayCharacter: characters.decide_play_character,
        cmd.ChooseToken: tokens.decide_choose_token,
        cmd.Push: tokens.decide_push,
        cmd.Curse: tokens.decide_curse,
        cmd.Prosper: tokens.decide_prosper,
        cmd.Steal: characters.decide_steal,
        cmd.Look: characters.decide_look,
        cmd.Pick: characters.decide_pick,
        cmd.Court: characters.decide_court,
        cmd.Purge: characters.decide_purge,
        cmd.Discard: characters.decide_discard,
        cmd.LaySideways: round_end.decide_lay_sideways,
        cmd.Finish: round_end.decide_finish,
        cmd.ChooseStart: setup.decide_choose_start,
    },
    steps={
        DEALING: setup.deal_round,
        SIDEWAYS: round_end.score_round,  # once every seat is done laying sideways
        ENDING: round_end.end_game,
    },
    to_act=to_act,
    legal_commands=legal_commands,
    timeout_command=timeout_command,
    result=round_end.result,
    scores=round_end.current_scores,
    score_breakdown=round_end.score_breakdown,  # by round: sets, event tokens, corruption penalty
    view=build_view,
    redact=redact_event,
    describe=describe_event,
    secrets=secret_ids,  # card and token ids the viewer may not know now (see ``views.secret_ids``)
    reveals=(ev.FraudRevealed,),  # a Fraud shows everyone how many cards a corruption pile holds
    rules_reference=rules_reference,
    checkpoints=(ev.RoundStarted,),
    determinize=determinize,
    bots={"random": RandomBot, "greedy": GreedyBot},
    seat_bot="greedy",
    stats=PowersAndRounds,  # ``powers``, ``rounds_per_game``, ``early_ends``, ``penalties_per_game``
)

GAME = Game(RULES)
