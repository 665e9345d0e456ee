"""The embedded store's journal: no change a client was answered for is lost when the process dies.

Embedded mode (``papyrus serve`` without ``REDIS_URL``, with a data file) keeps the store in the process.
Every command that changes a Papyrus key is appended to the journal, ``<data file>.journal``, before the
command answers (capture.py): a command submitted over the API is in the journal before the API hears it
was stored, and the events and outcome the worker appended are in it before the API can read
them to answer 200. The journal records the store's own write commands, not the service's operations: one
record holds every write of one store command (a single write, a MULTI/EXEC, a Lua script such as the
append of events with their outcome), so a record replays whole or not at all, and any write the service
adds later is journaled without a change here.

Durability (``PAPYRUS_JOURNAL_FSYNC``): under ``always`` (the default) the store answers the API only once
the records that answer could depend on are flushed to disk (fsync; answers waiting at the same moment share
one fsync; the in-process worker's own answers do not wait, since what it does reaches a client only through
the API's reads, which do); ``everysec`` flushes once a second; ``no`` leaves it to the operating system.
Under every policy the record is written to the file (the operating system's cache) before the answer, so
SIGKILL or a crash of the process loses no answered change; a power loss or a crash of the machine loses
nothing answered under ``always``, about the last second under ``everysec``, and what the system had not
flushed yet (typically up to 30 s) under ``no``.

Start (store.py): the data file (services/store/data_file.py) is loaded, then every journal record after
the position the data file holds is replayed; a record missing in between stops the start with a clear
error. Compaction, every ``PAPYRUS_DATA_SAVE_SECONDS`` and at exit, reads every key and the journal
position in one atomic step, writes a new data file (temporary file, fsync, rename, fsync of the directory)
and then replaces the journal by one holding only the records after that position (the same way), so a
crash at any point leaves a data file and a journal that together load to the last answered state.

File format ``papyrus-journal/1``: the 18 bytes ``papyrus-journal/1\\n``, then records, each framed as a
big-endian uint32 payload length, a big-endian uint32 CRC-32 of the payload, and the payload: MessagePack
``[seq, at_ms, effects]`` (services/store/journal/records.py) where ``seq`` counts records from the first one
ever (1, 2, ...; never reset, so a data file and a journal tell which records they share), ``at_ms`` is when
the command ran, and each effect is either ``["c", [arg, ...]]``, a Redis command replayed as it is
(an ``XADD`` with the entry id the server picked, every touched key's expiry added as an absolute
``PEXPIREAT``), or ``["k", [name, type, expires_at_ms, contents]]``, a key's whole contents as the data file
keeps them (type ``none``: deleted), for the few writes whose replay could differ. A last record cut short
or failing its checksum is the write a crash interrupted: it is dropped (its command was not answered, or
under ``everysec`` and ``no`` it is within the loss those allow) and the file truncated to the records
before it; damage followed by more records stops the start instead.
The journal holds token hashes and game seeds like the data file, so it is created readable by its owner
only and refused if another user owns it or may write it. If the journal cannot be written or flushed, the
store refuses every command from then on (the API answers errors; nothing unjournaled is acknowledged) and
the process must be restarted.
"""

from services.store.journal.log import FSYNC_POLICIES
from services.store.journal.store import DurableStore, journal_path

__all__ = ["FSYNC_POLICIES", "DurableStore", "journal_path"]
