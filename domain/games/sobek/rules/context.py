"""Sobek's binding of the engine's scratch context (``domain.engine.Ctx``) to its own fold and copy."""

from __future__ import annotations

from domain import engine
from domain.games.sobek.rules.fold import evolve
from domain.games.sobek.state import SobekState, copy_state


class Ctx(engine.Ctx[SobekState]):
    __slots__ = ()

    def __init__(self, state: SobekState) -> None:
        super().__init__(state, evolve, copy_state)
