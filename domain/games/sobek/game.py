"""The Sobek aggregate: the object registered as ``GAME`` (see ``domain.engine.Game``).

The fold owns the state it is given: ``evolve`` mutates it in place and returns it. ``decide``, ``advance``,
``legal_commands``, ``view`` and ``result`` never mutate it (take ``copy_state`` to keep an old state).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.engine import Bot, GameDefaults, GameResult, RulesSection, RuleViolation, Seat
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.bots import BOTS, GreedyBot, make_bot
from domain.games.sobek.data import MAX_PLAYERS, MIN_PLAYERS
from domain.games.sobek.describe import describe_event
from domain.games.sobek.rules import characters, laying, round_end, setup, take, tokens
from domain.games.sobek.rules.fold import evolve
from domain.games.sobek.rules.legal import legal_commands, timeout_command, to_act
from domain.games.sobek.rules.reference import rules_reference
from domain.games.sobek.rules.turns import seat_checked
from domain.games.sobek.state import DEALING, ENDING, OVER, SIDEWAYS, SobekOptions, SobekState
from domain.games.sobek.views import SobekView, build_view, redact_event, secret_ids

Decider = Callable[[SobekState, Seat, Any], list[Any]]
_DECIDERS: dict[type, Decider] = {
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
    cmd.Finish: lambda state, seat, command: round_end.decide_finish(state, seat),
    cmd.ChooseStart: setup.decide_choose_start,
}


REVEALING_EVENTS: tuple[type, ...] = (
    ev.GameSetUp,
    ev.RoundStarted,
    ev.NileDealt,
    ev.StartPlayerChosen,
    ev.CardsDrawn,
    ev.FraudRevealed,
    ev.PileLooked,
    ev.PileCardTaken,
    ev.Stolen,
    ev.HandsToCorruption,
    ev.RoundEnding,
    ev.RoundScored,
    ev.CorruptionCounted,
    ev.PenaltyApplied,
    ev.RoundEnded,
    ev.GameEnded,
)


class Sobek(GameDefaults):
    name = "sobek"
    title = "Sobek"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    Options: type[msgspec.Struct] = SobekOptions
    Command: Any = cmd.SobekCommand
    Event: Any = ev.SobekEvent
    State: type[msgspec.Struct] = SobekState

    def setup(self, seats: int, options: Any, seed: bytes) -> list[Any]:
        return setup.setup_events(seats, options if options is not None else SobekOptions(), seed)

    evolve = staticmethod(evolve)

    def decide(self, state: SobekState, seat: Seat, command: Any) -> list[Any]:
        seat_checked(state, seat)
        decider = _DECIDERS.get(type(command))
        if decider is None:
            raise RuleViolation("command.unknown", f"Sobek has no command {type(command).__name__}.")
        return decider(state, seat, command)

    def advance(self, state: SobekState) -> list[Any]:
        if state.phase == DEALING:
            return setup.deal_round(state)
        if state.phase == SIDEWAYS and not to_act(state):
            return round_end.score_round(state)
        if state.phase == ENDING:
            return round_end.end_game(state)
        return []

    def to_act(self, state: SobekState) -> set[Seat]:
        return to_act(state)

    def legal_commands(self, state: SobekState, seat: Seat) -> list[Any]:
        return legal_commands(state, seat)

    def view(self, state: SobekState, seat: Seat | None) -> SobekView:
        legal = legal_commands(state, seat) if seat is not None else []
        return build_view(state, seat, legal, to_act(state))

    def redact(self, event: Any, seat: Seat | None) -> Any | None:
        return redact_event(event, seat)

    def reveals(self, event: Any) -> bool:
        """A round dealt, the start player chosen, cards drawn, a fraud revealed, a pile looked at or taken
        from, a card stolen from a hand, and every step of a round's end reveal something (no undo across
        them)."""
        return isinstance(event, REVEALING_EVENTS)

    def current_scores(self, state: SobekState) -> list[int]:
        return [player.score for player in state.players]

    def secrets(self, state: SobekState, viewer: Seat | None) -> set[str]:
        """Card and token ids ``viewer`` may not know now (see ``views.secret_ids``)."""
        return secret_ids(state, viewer)

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return describe_event(event, names)

    def result(self, state: SobekState) -> GameResult | None:
        if state.phase != OVER:
            return None
        return GameResult(ranking=list(state.ranking), scores=[player.score for player in state.players])

    def timeout_command(self, state: SobekState, seat: Seat) -> Any:
        return timeout_command(state, seat)

    def rules_reference(self) -> list[RulesSection]:
        return rules_reference()

    def checkpoint(self, event: Any) -> bool:
        """A round start: the service snapshots the state there."""
        return isinstance(event, ev.RoundStarted)

    def bot(self, seed: int) -> Bot:
        """The player the service seats in a bot seat: the greedy bot."""
        return GreedyBot(seed)

    bot_kinds: tuple[str, ...] = BOTS

    def make_bot(self, kind: str, seed: int) -> Bot:
        return make_bot(kind, seed)
