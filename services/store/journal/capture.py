"""Recording the embedded store's changes: a fakeredis socket that journals each command's writes first.

:class:`JournaledSocket` collects the writes of one top-level command in ``FakeSocket._run_command`` (under
the server's lock, so the journal's order is the store's) and appends them as one record. Its answer waits,
under ``always``, until the journal is on disk up to every record the command could have seen; the in-process
worker's connections do not wait (their results reach a client only through the API's reads). fakeredis is
pinned; tests/service/test_journal*.py hold this hook to it.
"""

from __future__ import annotations

from typing import Any

from fakeredis import FakeRedisConnection
from fakeredis._helpers import SimpleError, SimpleString
from fakeredis._socket import FakeSocket

from services.store.data_file import SavedKey, plain_contents
from services.store.journal import effects
from services.store.journal.log import Journal, JournalFailed
from services.store.journal.records import Command, Effect, KeyImage

POSITION_PROBE = b"papyrus-journal-position"
JOURNAL_FAILED = "MISCONF the embedded store's journal cannot be written; no change is accepted (see the log)"
_READERS: dict[str, tuple[str, ...]] = {
    "string": ("get",),
    "hash": ("hgetall",),
    "stream": ("xrange", "-", "+"),
    "set": ("smembers",),
    "zset": ("zrange", "0", "-1", "withscores"),
    "list": ("lrange", "0", "-1"),
}


class JournaledSocket(FakeSocket):
    def __init__(self, journal: Journal, waits: bool, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._journal = journal
        self._waits = waits
        self._depth = 0
        self._effects: list[Effect] = []
        self._touched: dict[bytes, None] = {}
        self._seen = journal.position

    def _run_command(self, func: Any, sig: Any, args: list[Any], from_script: bool) -> Any:
        name: str = sig.name
        if name == "echo" and args == [POSITION_PROBE]:
            return str(self._journal.position).encode()
        refused = JOURNAL_FAILED if self._journal.failure is not None else effects.refusal(name, args)
        if refused is not None:
            return SimpleError(refused)
        self._depth += 1
        committed = True
        try:
            result = super()._run_command(func, sig, args, from_script)
            if not isinstance(result, SimpleError):
                self._capture(name, args, result)
        finally:
            self._depth -= 1
            if self._depth == 0:
                committed = self._commit()
        return result if committed else SimpleError(JOURNAL_FAILED)

    def put_response(self, msg: Any) -> None:
        durable = self._journal.make_durable(self._seen) if self._waits else self._journal.failure is None
        if not durable:
            msg = self._decode_error(SimpleError(JOURNAL_FAILED))
        super().put_response(msg)

    def _capture(self, name: str, args: list[bytes], result: Any) -> None:
        touched = effects.written_keys(name, args)
        if touched is None:
            return
        if effects.is_imaged(name):
            self._effects += [KeyImage(self._image(key)) for key in touched]
        else:
            command = effects.replayable(name, args, result)
            if command is None:
                return
            self._effects.append(Command(command))
        self._touched.update(dict.fromkeys(touched))

    def _commit(self) -> bool:
        """Append this command's writes (and the expiry of every key they touched) as one record."""
        if not self._effects:
            self._seen = self._journal.position
            return True
        recorded = [*self._effects, *self._expiries()]
        self._effects, self._touched = [], {}
        try:
            self._seen = self._journal.append(recorded, self._now_ms())
        except JournalFailed:
            return False
        return True

    def _expiries(self) -> list[Effect]:
        expiring: list[Effect] = []
        for key in self._touched:
            remaining = self._read("pttl", key)
            if isinstance(remaining, int) and remaining >= 0:
                expiring.append(Command([b"PEXPIREAT", key, str(self._now_ms() + remaining).encode()]))
        return expiring

    def _image(self, key: bytes) -> SavedKey:
        kind = self._read("type", key)
        kind = (kind.value if isinstance(kind, SimpleString) else kind).decode()
        if kind not in _READERS:
            return SavedKey(name=key, type="none", expires_at_ms=0, contents=None)
        command, *rest = _READERS[kind]
        contents = plain_contents(kind, self._read(command, key, *rest))
        remaining = self._read("pttl", key)
        expires_at_ms = self._now_ms() + remaining if remaining >= 0 else 0
        return SavedKey(name=key, type=kind, expires_at_ms=expires_at_ms, contents=contents)

    def _read(self, command: str, *args: str | bytes) -> Any:
        """Run a read inside the current command (under the lock, not recorded)."""
        func, sig = self._name_to_func(command)
        encoded = [arg.encode() if isinstance(arg, str) else arg for arg in args]
        return super()._run_command(func, sig, encoded, True)

    def _now_ms(self) -> int:
        return int(self._db.time * 1000)


def journaled_connection_class(journal: Journal, waits: bool = True) -> type[FakeRedisConnection]:
    """A fakeredis connection class whose sockets record into ``journal``; with ``waits`` their answers
    wait for the journal's fsync policy."""

    class JournaledConnection(FakeRedisConnection):
        def _connect(self) -> FakeSocket:
            if self._server is None or not self._server.connected:
                raise self._connection_error_class("the embedded store is shut down")
            return JournaledSocket(
                journal,
                waits,
                self._server,
                client_class=self._client_class,
                db=self.db,
                lua_modules=self._lua_modules,
                client_info=self._client_info,
            )

    return JournaledConnection
