"""Egizia as the engine plays it: the rules it states, each in the module that holds it."""

from __future__ import annotations

from domain.engine import Game, RandomBot, Rules, SearchHints
from domain.games.egizia import commands as cmd
from domain.games.egizia import events as ev
from domain.games.egizia.bots import GreedyBot, position_values
from domain.games.egizia.data import MAX_PLAYERS, MIN_PLAYERS
from domain.games.egizia.describe import describe_event
from domain.games.egizia.determinize import determinize
from domain.games.egizia.reference import rules_reference
from domain.games.egizia.rules.build_steps import decide_build_more, decide_end_build
from domain.games.egizia.rules.building import advance_building, decide_build, decide_decline
from domain.games.egizia.rules.feeding import advance_feeding, advance_production, decide_feed
from domain.games.egizia.rules.final_scoring import advance_final_scoring, current_scores, result
from domain.games.egizia.rules.fold import evolve
from domain.games.egizia.rules.legal import check_seat, legal_commands, timeout_command, to_act
from domain.games.egizia.rules.nile_cards import decide_card
from domain.games.egizia.rules.placement import advance_placement, decide_pass, decide_place, lay_out
from domain.games.egizia.rules.round_end import advance_bonus, advance_sequence
from domain.games.egizia.rules.score_steps import score_breakdown
from domain.games.egizia.rules.setup import setup_events
from domain.games.egizia.rules.sphinx import decide_draw, decide_keep
from domain.games.egizia.state import (
    BONUS,
    BUILDING,
    FEEDING,
    FINAL_SCORING,
    LAYOUT,
    OPTION_LABELS,
    PLACEMENT,
    PRODUCTION,
    SEQUENCE,
    EgiziaOptions,
    EgiziaState,
)
from domain.games.egizia.stats import CardPlays
from domain.games.egizia.views import build_view, redact_event, secret_ids
from domain.messages import msgp

RULES = Rules(
    name="egizia",
    title="Egizia",
    title_words=msgp("game title", "Egizia"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    Options=EgiziaOptions,
    Command=cmd.EgiziaCommand,
    Event=ev.EgiziaEvent,
    State=EgiziaState,
    setup=setup_events,
    evolve=evolve,
    check=check_seat,
    commands={
        cmd.PlaceShip: decide_place,
        cmd.Pass: decide_pass,
        cmd.Feed: decide_feed,
        cmd.Build: decide_build,
        cmd.BuildMore: decide_build_more,
        cmd.EndBuild: decide_end_build,
        cmd.SphinxDraw: decide_draw,
        cmd.SphinxKeep: decide_keep,
        cmd.Decline: decide_decline,
        cmd.PlayCard: decide_card,
    },
    steps={
        LAYOUT: lay_out,
        PLACEMENT: advance_placement,
        FEEDING: advance_feeding,
        PRODUCTION: advance_production,
        BUILDING: advance_building,
        BONUS: advance_bonus,
        SEQUENCE: advance_sequence,
        FINAL_SCORING: advance_final_scoring,
    },
    to_act=to_act,
    legal_commands=legal_commands,
    timeout_command=timeout_command,
    result=result,
    scores=current_scores,
    score_breakdown=score_breakdown,  # by scoring step
    view=build_view,
    redact=redact_event,
    describe=describe_event,
    secrets=secret_ids,  # undealt Nile cards, the Sphinx deck and other seats' Sphinx cards, by id
    rules_reference=rules_reference,
    option_labels=OPTION_LABELS,
    checkpoints=(ev.RoundStarted,),
    determinize=determinize,
    bots={"random": RandomBot, "greedy": GreedyBot},
    seat_bot="greedy",
    # a build offers hundreds of plans: the search widens at the root too, in the seat bot's order, so the
    # budget goes to the likely best builds; a playout is 8 random decisions, then the position is judged by
    # the seat bot's value of it plus the grave points already taken (position_values in bots.py)
    search=SearchHints(playout_depth=8, root_widening=2.0, widening=1.0, evaluate=position_values),
    stats=CardPlays,  # ``card_plays`` in ``papyrus simulate --json``
)

GAME = Game(RULES)
