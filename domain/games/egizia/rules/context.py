"""Egizia's binding of the engine's scratch context (``domain.engine.Ctx``) to its own fold and copy."""

from __future__ import annotations

from domain import engine
from domain.games.egizia.rules.fold import evolve
from domain.games.egizia.state import EgiziaState, copy_state


class Ctx(engine.Ctx[EgiziaState]):
    __slots__ = ()

    def __init__(self, state: EgiziaState) -> None:
        super().__init__(state, evolve, copy_state)
