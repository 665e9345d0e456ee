"""Giza (Fun Factory 2005): the pyramid-building tile game as a pure event-sourced aggregate.
Exports ``GAME``."""

from domain.games.giza.game import GAME
from domain.games.giza.state import GizaOptions, GizaState, copy_state

__all__ = ["GAME", "GizaOptions", "GizaState", "copy_state"]
