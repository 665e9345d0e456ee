"""Giza as the engine plays it: the rules it states, each in the module that holds it."""

from __future__ import annotations

from domain.engine import Game, RandomBot, Rules, SearchHints
from domain.games.giza import commands as cmd
from domain.games.giza import events as ev
from domain.games.giza.bots import GreedyBot, judged_values
from domain.games.giza.data import MAX_PLAYERS, MIN_PLAYERS
from domain.games.giza.describe import describe_event
from domain.games.giza.determinize import determinize
from domain.games.giza.reference import rules_reference
from domain.games.giza.rules.fold import evolve
from domain.games.giza.rules.legal import timeout_discard, to_act, turn_commands
from domain.games.giza.rules.scoring import current_scores, result, score_breakdown
from domain.games.giza.rules.setup import setup_events
from domain.games.giza.rules.turns import check_turn, decide_discard, decide_play, decide_remove_scarab
from domain.games.giza.state import OPTION_LABELS, GizaOptions, GizaState
from domain.games.giza.stats import GameEnds
from domain.games.giza.views import build_view, redact_event, secret_ids
from domain.messages import msgp

RULES = Rules(
    name="giza",
    title="Giza",
    title_words=msgp("game title", "Giza"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=GizaOptions,
    Command=cmd.GizaCommand,
    Event=ev.GizaEvent,
    State=GizaState,
    setup=setup_events,
    evolve=evolve,
    check=check_turn,
    commands={
        cmd.Play: decide_play,
        cmd.Discard: decide_discard,
        cmd.RemoveScarab: decide_remove_scarab,
    },
    # Nothing in Giza happens by itself: every step follows a player's turn (no ``steps``).
    to_act=to_act,
    legal_commands=turn_commands,
    timeout_command=timeout_discard,  # the least useful tile: one that fits nowhere, else the one worth least
    result=result,
    scores=current_scores,
    score_breakdown=score_breakdown,  # by pyramid and Sphinx
    view=build_view,
    redact=redact_event,
    describe=describe_event,
    secrets=secret_ids,  # the pool's tiles and every other seat's hand, by tile id
    rules_reference=rules_reference,
    option_labels=OPTION_LABELS,
    determinize=determinize,
    # random Giza moves (mostly discards, tiles dropped on any board) wreck the boards a playout would
    # score: a playout is 4 of the seat bot's moves, then each seat's chance to win is judged from the
    # points built and the tiles left to draw (``judged_values``); below the root the search widens from
    # the seat bot's move, so it sees the likely replies (a demolish, a 1 stone that ends the game) rather
    # than every discard thinly; the move played is the one sequential halving leaves of the 8 most tried
    search=SearchHints(
        playout_depth=4,
        guided=1.0,
        widening=1.0,
        score_scale=1.0,
        soft_judgement=True,
        evaluate=judged_values,
        finalists=8,
        fold_in_place=True,
    ),
    bots={"random": RandomBot, "greedy": GreedyBot},
    seat_bot="greedy",
    stats=GameEnds,  # ``end_reasons`` and ``turns_per_game`` in ``papyrus simulate --json``
)

GAME = Game(RULES)
