"""Egizia (Hans im Glück 2009): the complete rules as a pure event-sourced aggregate. Exports ``GAME``."""

from domain.games.egizia.game import GAME
from domain.games.egizia.state import EgiziaOptions, EgiziaState, copy_state

__all__ = ["GAME", "EgiziaOptions", "EgiziaState", "copy_state"]
