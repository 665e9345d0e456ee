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
from services.player_commands import GameAtSubmit
from services.players.seat_tokens import SeatTokens
from services.read_side.projected_state import ProjectedStates
from services.results import GameMeta
from services.store.event_store import Head
from services.store.meta_store import RUNNING
from services.store.read_batch import Reads
from services.table.ranking import finished

COMMAND = "command"  # the quota a submitted command is charged to


def legal_commands_in(found: tuple[GameMeta, Game, Head, Any], seat: int) -> list[Any]:
    """The commands ``seat`` may submit in the loaded game (the game's Command structs, which encode as JSON
    objects with their "type" tag): none once the game is over, nor for a seat a bot plays (resigned, or
    stood in for until reclaimed); 400 for a seat the game does not have."""
    meta, game, _, state = found
    validation.seat(meta, seat, "seat")
    if meta.status != RUNNING or finished(game, state, meta.table) or seat in meta.table.bot_played():
        return []
    return list(game.legal_commands(state, seat))


class ProvenReads:
    def __init__(
        self, connection: redis.Redis, projected: ProjectedStates, tokens: SeatTokens, quotas: Quotas
    ) -> None:
        self._redis = connection
        self._projected = projected
        self._tokens = tokens
        self._quotas = quotas
        # a cluster client's pipeline runs no script (services/store/lua_scripts.py): the quota is then
        # charged in a round trip of its own
        self.charges_quota = not isinstance(connection, RedisCluster)

    def legal_commands(self, game_id: str, seat: int, token: str) -> list[Any] | None:
        """``seat``'s legal commands (Command structs, for the answer's encoder) when ``token`` holds
        ``seat`` in the game; None when it does not."""
        batch = Reads(self._redis)
        proven = batch.add(self._tokens.lookup(game_id, token))
        found = batch.add(self._projected.with_meta(game_id))
        batch.run()
        if proven.value != seat or found.value is None:
            return None
        return legal_commands_in(found.value, seat)

    def before_submit(
        self, game_id: str, token: str, address: str | None = None
    ) -> tuple[int, GameAtSubmit] | None:
        """The seat ``token`` holds and the game as a command's submission needs it (its outcome not read:
        see PlayerCommands.submit_and_wait); None when the token holds no seat here. With ``address``
        (when :attr:`charges_quota`), the client address's "command" quota is charged in the same round
        trip, whatever the token proves: 429 (QuotaExceeded) past its limit."""
        batch = Reads(self._redis)
        proven = batch.add(self._tokens.lookup(game_id, token))
        charge = self._quotas.charging(COMMAND, "address", address) if address else None
        if charge is not None:
            batch.add(charge)
        found = batch.add(GameAtSubmit.read(game_id))
        batch.run()
        seat, game = proven.value, found.value
        return (seat, game) if seat is not None and game is not None else None
