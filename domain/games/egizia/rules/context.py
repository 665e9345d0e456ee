"""The scratch context ``decide`` and ``advance`` build their events in.

A :class:`Ctx` works on a private copy of the state: each emitted event is folded into the copy at once,
so later rules see its effect, and the caller's state is never touched.
"""

from __future__ import annotations

from typing import Any

from domain.games.egizia.rules.fold import evolve
from domain.games.egizia.state import EgiziaState, copy_state


class Ctx:
    __slots__ = ("events", "state")

    def __init__(self, state: EgiziaState) -> None:
        self.state = copy_state(state)
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        evolve(self.state, event)
        self.events.append(event)
