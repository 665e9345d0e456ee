"""The Egizia aggregate: the object registered as ``GAME`` (see ``domain.engine.Game``).

The fold owns the state it is given: ``evolve`` mutates it in place and returns it. ``decide``, ``advance``,
``legal_commands``, ``view`` and ``result`` never mutate it (take ``copy_state`` to keep an old state).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.engine import Bot, GameDefaults, GameResult, RulesSection, RuleViolation, Seat
from domain.games.egizia import commands as cmd
from domain.games.egizia import events as ev
from domain.games.egizia.bots import BOTS, GreedyBot, make_bot
from domain.games.egizia.data import MAX_PLAYERS, MIN_PLAYERS
from domain.games.egizia.describe import describe_event
from domain.games.egizia.reference import rules_reference
from domain.games.egizia.rules import nile_cards
from domain.games.egizia.rules.build_steps import decide_build_more, decide_end_build
from domain.games.egizia.rules.building import (
    advance_building,
    builder_can_act,
    decide_build,
    decide_decline,
    turn_commands,
)
from domain.games.egizia.rules.cards.turns import card_build_turn, leftover_chooser
from domain.games.egizia.rules.context import Ctx
from domain.games.egizia.rules.feeding import (
    advance_feeding,
    advance_production,
    awaits_feeding_choice,
    decide_feed,
    feeding_commands,
)
from domain.games.egizia.rules.final_scoring import advance_final_scoring
from domain.games.egizia.rules.fold import evolve
from domain.games.egizia.rules.placement import (
    advance_placement,
    can_act_in_placement,
    decide_pass,
    decide_place,
    lay_out,
    phase_commands,
)
from domain.games.egizia.rules.queries import builder, feeder
from domain.games.egizia.rules.round_end import advance_bonus, advance_sequence
from domain.games.egizia.rules.setup import setup_events
from domain.games.egizia.rules.sphinx import decide_draw, decide_keep
from domain.games.egizia.state import (
    BONUS,
    BUILDING,
    FEEDING,
    FINAL_SCORING,
    LAYOUT,
    NOBODY,
    OVER,
    PLACEMENT,
    PRODUCTION,
    SEQUENCE,
    EgiziaOptions,
    EgiziaState,
)
from domain.games.egizia.stats import CardPlays
from domain.games.egizia.views import EgiziaView, build_view, redact_event, secret_ids

_ADVANCE = {
    LAYOUT: lay_out,
    PLACEMENT: advance_placement,
    FEEDING: advance_feeding,
    PRODUCTION: advance_production,
    BUILDING: advance_building,
    BONUS: advance_bonus,
    SEQUENCE: advance_sequence,
    FINAL_SCORING: advance_final_scoring,
}


def _building_to_act(state: EgiziaState) -> set[Seat]:
    """The builder, unless a Nile-card build turn is due first (N5-03 builds before the ship in space 1,
    even when that ship is the card holder's own): that turn opens as an automatic step."""
    seat = builder(state)
    if seat == NOBODY:
        return set()
    if state.action is None and state.card_builder == NOBODY and card_build_turn(state):
        return set()
    return {seat} if builder_can_act(state, seat) else set()


def _seat_checked(state: EgiziaState, seat: Seat) -> None:
    if not 0 <= seat < len(state.players):
        raise RuleViolation("seat.unknown", f"There is no seat {seat} in this game.", {"field": "seat"})
    if state.phase == OVER:
        raise RuleViolation("game.over", "The game is over.")


def _decide_card(state: EgiziaState, seat: Seat, command: cmd.PlayCard) -> list[Any]:
    ctx = Ctx(state)
    nile_cards.decide_card(ctx, seat, command)
    return ctx.events


Decider = Callable[[EgiziaState, Seat, Any], list[Any]]

_DECIDE: dict[type, Decider] = {
    cmd.PlaceShip: decide_place,
    cmd.Pass: lambda state, seat, _: decide_pass(state, seat),
    cmd.Feed: decide_feed,
    cmd.Build: decide_build,
    cmd.BuildMore: decide_build_more,
    cmd.EndBuild: lambda state, seat, _: decide_end_build(state, seat),
    cmd.SphinxDraw: decide_draw,
    cmd.SphinxKeep: decide_keep,
    cmd.Decline: lambda state, seat, _: decide_decline(state, seat),
    cmd.PlayCard: _decide_card,
}


REVEALING_EVENTS: tuple[type, ...] = (
    ev.GameSetUp,
    ev.RoundStarted,
    ev.NileCardsLaidOut,
    ev.SphinxDrawn,
    ev.GraveRevealed,
    ev.SphinxRevealed,
    ev.DeckRemoved,
    ev.GameEnded,
)


class Egizia(GameDefaults):
    name = "egizia"
    title = "Egizia"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    Options: type[msgspec.Struct] = EgiziaOptions
    Command: Any = cmd.EgiziaCommand
    Event: Any = ev.EgiziaEvent
    State: type[msgspec.Struct] = EgiziaState

    def setup(self, seats: int, options: Any, seed: bytes) -> list[Any]:
        return setup_events(seats, options if options is not None else EgiziaOptions(), seed)

    # The fold function itself (no wrapper call): replay speed matters.
    evolve = staticmethod(evolve)

    def decide(self, state: EgiziaState, seat: Seat, command: Any) -> list[Any]:
        _seat_checked(state, seat)
        handler = _DECIDE.get(type(command))
        if handler is None:
            raise RuleViolation("command.unknown", f"Egizia has no command {type(command).__name__}.")
        return handler(state, seat, command)

    def advance(self, state: EgiziaState) -> list[Any]:
        step = _ADVANCE.get(state.phase)
        return step(state) if step else []

    def to_act(self, state: EgiziaState) -> set[Seat]:
        if state.phase == PLACEMENT:
            turn = state.turn
            if turn == NOBODY:  # placement is over, unless N34-18 may take a leftover card
                chooser = leftover_chooser(state)
                return {chooser} if chooser != NOBODY else set()
            return {turn} if can_act_in_placement(state, turn) else set()
        if state.phase == FEEDING:
            seat = feeder(state)
            return {seat} if seat is not None and awaits_feeding_choice(state, seat) else set()
        if state.phase == BUILDING:
            return _building_to_act(state)
        return set()

    def legal_commands(self, state: EgiziaState, seat: Seat) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        phase_specific: list[Any]
        if state.phase == PLACEMENT:
            phase_specific = phase_commands(state, seat)
        elif state.phase == FEEDING:
            phase_specific = list(feeding_commands(state, seat))
        else:
            phase_specific = turn_commands(state, seat)
        return [*phase_specific, *nile_cards.card_commands(state, seat)]

    def view(self, state: EgiziaState, seat: Seat | None) -> EgiziaView:
        legal = self.legal_commands(state, seat) if seat is not None else []
        return build_view(state, seat, legal, self.to_act(state))

    def redact(self, event: Any, seat: Seat | None) -> Any | None:
        return redact_event(event, seat)

    def reveals(self, event: Any) -> bool:
        """A new round and its Nile cards laid out, Sphinx cards drawn, a grave or the Sphinx deck turned up,
        a deck removed, the setup and the end reveal something (no undo across them)."""
        return isinstance(event, REVEALING_EVENTS)

    def current_scores(self, state: EgiziaState) -> list[int]:
        return [player.score for player in state.players]

    def secrets(self, state: EgiziaState, viewer: Seat | None) -> set[str]:
        """Undealt Nile cards, the Sphinx deck and other seats' Sphinx cards, by id."""
        return secret_ids(state, viewer)

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return describe_event(event, names)

    def result(self, state: EgiziaState) -> GameResult | None:
        if state.phase != OVER:
            return None
        return GameResult(ranking=list(state.ranking), scores=[player.score for player in state.players])

    def rules_reference(self) -> list[RulesSection]:
        """The phases, the Nile cards and the final scoring in the product's own words."""
        return rules_reference()

    def checkpoint(self, event: Any) -> bool:
        """A round start: the service snapshots the state there."""
        return isinstance(event, ev.RoundStarted)

    def bot(self, seed: int) -> Bot:
        """The player the service seats in a bot seat: the greedy bot (one step of look-ahead)."""
        return GreedyBot(seed)

    bot_kinds: tuple[str, ...] = BOTS

    def make_bot(self, kind: str, seed: int) -> Bot:
        """A bot of one of ``bot_kinds`` (``papyrus simulate --bot``); ``ValueError`` for another name."""
        return make_bot(kind, seed)

    def simulation_stats(self) -> CardPlays:
        """Tallies over simulated games: ``card_plays`` in ``papyrus simulate --json``."""
        return CardPlays()

    def timeout_command(self, state: EgiziaState, seat: Seat) -> Any:
        """Pass in placement, feed without aids, keep nothing at the Sphinx, stop a step-by-step build,
        decline a build."""
        if state.phase == PLACEMENT:
            return cmd.Pass()
        if state.phase == FEEDING:
            return cmd.Feed()
        if state.drawn:
            return cmd.SphinxKeep(keep=[])
        if state.action is not None:
            return cmd.EndBuild()
        return cmd.Decline()
