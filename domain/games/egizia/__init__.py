"""Egizia (Hans im Glück 2009): the complete rules as a pure event-sourced aggregate. Exports ``GAME``."""

from domain.games.egizia.game import Egizia
from domain.games.egizia.state import EgiziaOptions, EgiziaState, copy_state

GAME = Egizia()

__all__ = ["GAME", "EgiziaOptions", "EgiziaState", "copy_state"]
