"""The embedded store's journal: no change a client was answered for is lost when the process dies.

With a data file, every write command of the in-process store is appended to ``<data file>.journal``
before the command answers (capture.py), one record per store command (a single write, a MULTI/EXEC, a Lua
script), so a record replays whole or not at all. At start the records after the data file's position are
replayed on top of it; compaction rewrites the data file and empties the journal. Format, flush policies
(``PAPYRUS_JOURNAL_FSYNC``) and what a crash can lose: docs/durability.md.
"""

from services.store.journal.log import FSYNC_POLICIES
from services.store.journal.store import DurableStore, journal_path

__all__ = ["FSYNC_POLICIES", "DurableStore", "journal_path"]
