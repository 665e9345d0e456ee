"""Sobek (Bruno Cathala 2010), as played online: the complete rules as a pure event-sourced aggregate.
Exports ``GAME``."""

from domain.games.sobek.game import GAME
from domain.games.sobek.state import SobekOptions, SobekState, copy_state

__all__ = ["GAME", "SobekOptions", "SobekState", "copy_state"]
