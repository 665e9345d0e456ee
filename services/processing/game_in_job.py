"""The game a worker job decides, as one value: its rules, id, meta (the table included) as this job last
wrote it, the head and the state folded up to it, and what the job did to it so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.engine import Game
from services.processing.clock_steps import Acted
from services.results import GameMeta
from services.store.command_inbox import Decided
from services.store.event_store import Head


@dataclass
class GameInJob:
    """``notified``: the seats whose players can be notified (held by an account); ``acted``: the seats'
    game commands and undos accepted, in order (a game command ends its seat's turn even if it must act
    again at once); ``outbox_written``: the version of the job's last write to the game's outbox (0:
    none), whose delivery the job queues when it is done; ``answered``: the outcome of the command
    ``answer_for`` with its append's records, once this job decided it."""

    game: Game
    id: str
    meta: GameMeta
    notified: frozenset[int]
    head: Head = field(default_factory=Head)
    state: Any = None
    acted: list[Acted] = field(default_factory=list)
    outbox_written: int = 0
    answer_for: str | None = None
    answered: Decided | None = None
