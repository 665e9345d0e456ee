"""A process that dies in the middle of a compaction of the embedded store (test_journal_crash.py).

``python -m tests.service.journal_crash_child <data file> <n>`` opens the store, makes changes (printing
``sending <name> <value>`` before each one and ``acked <name> <value>`` once it has answered), then compacts,
changes more and compacts again, and is killed (``os._exit``, no cleanup at all) just before its n-th file
operation from the first compaction on: an fsync, a rename, a truncation or a write. Without a crash it
prints ``operations <count>``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from services import keys
from services.store.journal import DurableStore

KILLED = 137


def change(store: DurableStore, name: str, value: str) -> None:
    print(f"sending {name} {value}", flush=True)
    store.client.set(keys.account(name), value)
    print(f"acked {name} {value}", flush=True)


def die_at(crash_at: int) -> list[int]:
    """Make the n-th call of the file operations below kill the process before it runs."""
    count = [0]

    def counted(operation: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            count[0] += 1
            if count[0] == crash_at:
                os._exit(KILLED)
            return operation(*args)

        return run

    for name in ("fsync", "replace", "truncate", "write"):
        setattr(os, name, counted(getattr(os, name)))
    return count


def main(data_file: Path, crash_at: int) -> None:
    store = DurableStore.open(data_file)
    for n in range(10):
        change(store, f"before-{n}", f"v{n}")
    count = die_at(crash_at)
    store.compact()
    for n in range(4):
        change(store, f"between-{n}", f"v{n}")
    change(store, "before-0", "changed")
    store.compact()
    change(store, "after", "last")
    print(f"operations {count[0]}", flush=True)
    os._exit(0)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
