"""The Giza aggregate: the object registered as ``GAME`` (see ``domain.engine.Game``).

The fold owns the state it is given: ``evolve`` mutates it in place and returns it. ``decide``,
``legal_commands``, ``view`` and ``result`` never mutate it (take ``copy_state`` to keep an old state).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.engine import Bot, GameDefaults, GameResult, RulesSection, RuleViolation, Seat
from domain.games.giza import commands as cmd
from domain.games.giza import events as ev
from domain.games.giza.bots import BOTS, GreedyBot, make_bot
from domain.games.giza.data import MAX_PLAYERS, MIN_PLAYERS
from domain.games.giza.describe import describe_event
from domain.games.giza.reference import RULES
from domain.games.giza.rules.fold import evolve
from domain.games.giza.rules.legal import timeout_discard, turn_commands
from domain.games.giza.rules.setup import setup_events
from domain.games.giza.rules.turns import check_turn, decide_discard, decide_play, decide_remove_scarab
from domain.games.giza.state import GizaOptions, GizaState
from domain.games.giza.stats import GameEnds
from domain.games.giza.views import GizaView, build_view, redact_event, secret_ids

REVEALING_EVENTS: tuple[type, ...] = (ev.GameSetUp, ev.TilesDrawn, ev.GameEnded)


class Giza(GameDefaults):
    name = "giza"
    title = "Giza"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    Options: type[msgspec.Struct] = GizaOptions
    Command: Any = cmd.GizaCommand
    Event: Any = ev.GizaEvent
    State: type[msgspec.Struct] = GizaState

    def setup(self, seats: int, options: Any, seed: bytes) -> list[Any]:
        return setup_events(seats, options if options is not None else GizaOptions(), seed)

    # The fold function itself (no wrapper call): replay speed matters.
    evolve = staticmethod(evolve)

    def decide(self, state: GizaState, seat: Seat, command: Any) -> list[Any]:
        check_turn(state, seat)
        if isinstance(command, cmd.Play):
            return decide_play(state, seat, command)
        if isinstance(command, cmd.Discard):
            return decide_discard(state, seat, command)
        if isinstance(command, cmd.RemoveScarab):
            return decide_remove_scarab(state, seat, command)
        raise RuleViolation("command.unknown", f"Giza has no command {type(command).__name__}.")

    def advance(self, state: GizaState) -> list[Any]:
        """Nothing in Giza happens by itself: every step follows a player's turn."""
        return []

    def to_act(self, state: GizaState) -> set[Seat]:
        return set() if state.over else {state.turn}

    def legal_commands(self, state: GizaState, seat: Seat) -> list[Any]:
        return turn_commands(state, seat)

    def view(self, state: GizaState, seat: Seat | None) -> GizaView:
        legal = self.legal_commands(state, seat) if seat is not None else []
        return build_view(state, seat, legal, self.to_act(state))

    def redact(self, event: Any, seat: Seat | None) -> Any | None:
        return redact_event(event, seat)

    def reveals(self, event: Any) -> bool:
        """Tiles drawn from the pool (a refill after a turn), the setup and the end reveal something (no undo
        across them)."""
        return isinstance(event, REVEALING_EVENTS)

    def current_scores(self, state: GizaState) -> list[int]:
        return list(state.scores)

    def secrets(self, state: GizaState, viewer: Seat | None) -> set[str]:
        """The pool's tiles and every other seat's hand, by tile id."""
        return secret_ids(state, viewer)

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return describe_event(event, names)

    def result(self, state: GizaState) -> GameResult | None:
        if not state.over:
            return None
        return GameResult(ranking=list(state.ranking), scores=list(state.scores))

    def timeout_command(self, state: GizaState, seat: Seat) -> Any:
        """Discard the least useful tile (one that fits nowhere, else the one worth least)."""
        return timeout_discard(state, seat)

    def rules_reference(self) -> list[RulesSection]:
        return list(RULES)

    def bot(self, seed: int) -> Bot:
        """The player the service seats in a bot seat: the greedy bot."""
        return GreedyBot(seed)

    bot_kinds: tuple[str, ...] = BOTS

    def make_bot(self, kind: str, seed: int) -> Bot:
        """A bot of one of ``bot_kinds`` (``papyrus simulate --bot``); ``ValueError`` for another name."""
        return make_bot(kind, seed)

    def simulation_stats(self) -> GameEnds:
        """Tallies for ``papyrus simulate --json``: ``end_reasons`` and ``turns_per_game``."""
        return GameEnds()
