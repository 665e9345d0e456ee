"""The two busiest requests of a game, a seat's legal commands and a submitted command, read the game and
prove the caller's seat token in one round trip.

The token's lookup (services/players/seat_tokens.py) is queued in the same pipeline as the game's reads;
nothing read is answered, and nothing is written, before the token proved its seat. When it proves no
seat (an account's login token, a session cookie, a bad or expired token, an unknown game), the caller
authenticates the long way, which says why it refuses.
"""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster

from domain.engine import Game
from services import validation
from services.limits.quotas import Quotas
from services.parts import Parts
from services.player_commands import GameAtSubmit, PlayerCommands
from services.players.seat_tokens import SeatTokens
from services.read_side.projected_state import ProjectedStates
from services.results import GameMeta
from services.store.event_store import Head
from services.store.meta_store import RUNNING
from services.table.ranking import finished

TOKEN_REPLIES = 2  # the replies SeatTokens.queue_lookup queues
COMMAND = "command"  # the quota a submitted command is charged to


def legal_commands_in(found: tuple[GameMeta, Game, Head, Any], seat: int) -> list[Any]:
    """The commands ``seat`` may submit in the loaded game (the game's Command structs, which encode as JSON
    objects with their "type" tag); 400 for a seat the game does not have."""
    meta, game, _, state = found
    validation.seat(meta, seat, "seat")
    if meta.status != RUNNING or finished(game, state, meta.table):
        return []
    return list(game.legal_commands(state, seat))


class ProvenReads:
    def __init__(self, parts: Parts, tokens: SeatTokens, commands: PlayerCommands, quotas: Quotas) -> None:
        self._parts = parts
        self._tokens = tokens
        self._commands = commands
        self._quotas = quotas
        # a cluster client's pipeline runs no script (services/store/lua_scripts.py): the quota is then
        # charged in a round trip of its own
        self.charges_quota = not isinstance(parts.redis, RedisCluster)

    def legal_commands(self, game_id: str, seat: int, token: str) -> list[Any] | None:
        """``seat``'s legal commands (Command structs, for the answer's encoder) when ``token`` holds
        ``seat`` in the game; None when it does not."""
        pipe = self._pipeline(game_id, token)
        ProjectedStates.queue_load_with_meta(pipe, game_id)
        replies = pipe.execute()
        if self._tokens.seat_from(replies[:TOKEN_REPLIES]) != seat:
            return None
        found = self._parts.projected_states.loaded_with_meta(game_id, replies[TOKEN_REPLIES:])
        return legal_commands_in(found, seat) if found is not None else None

    def before_submit(
        self, game_id: str, token: str, address: str | None = None
    ) -> tuple[int, GameAtSubmit] | None:
        """The seat ``token`` holds and the game as a command's submission needs it (its outcome not read:
        see PlayerCommands.submit_and_wait); None when the token holds no seat here. With ``address``
        (when :attr:`charges_quota`), the client address's "command" quota is charged in the same round
        trip, whatever the token proves: 429 (QuotaExceeded) past its limit."""
        pipe = self._pipeline(game_id, token)
        charge = self._quotas.queue_charge(pipe, COMMAND, "address", address) if address else None
        PlayerCommands.queue_read(pipe, game_id, None)
        replies = pipe.execute(raise_on_error=False)
        if charge is not None:
            charge.check(replies.pop(TOKEN_REPLIES))
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        seat = self._tokens.seat_from(replies[:TOKEN_REPLIES])
        found = PlayerCommands.read_from(replies[TOKEN_REPLIES:], None)
        return (seat, found) if seat is not None and found is not None else None

    def _pipeline(self, game_id: str, token: str) -> redis.client.Pipeline:
        pipe = self._parts.redis.pipeline(transaction=False)
        self._tokens.queue_lookup(pipe, game_id, token)
        return pipe
