"""Giza's binding of the engine's scratch context (``domain.engine.Ctx``) to its own fold and copy."""

from __future__ import annotations

from domain import engine
from domain.games.giza.rules.fold import evolve
from domain.games.giza.state import GizaState, copy_state


class Ctx(engine.Ctx[GizaState]):
    __slots__ = ()

    def __init__(self, state: GizaState) -> None:
        super().__init__(state, evolve, copy_state)
