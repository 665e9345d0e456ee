"""A started process freezes what it was built with out of the garbage collector's walks, and its
collections' pauses are counted, once each collection is over (in a process of its own: freezing the test
runner would keep its garbage)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import gc, json
from api.app import create_app
from services.observability import gc_pauses, metrics

create_app()
gc_pauses.settle_after_start()
frozen = gc.get_freeze_count()
gc_pauses.settle_after_start()
for generation in (0, 1, 2):
    gc.collect(generation)
name = "papyrus_gc_pause_seconds_count"
during = [metrics.REGISTRY.get_sample_value(name, {"generation": generation}) for generation in "012"]
metrics.record_gc_pauses()
timers = sum(isinstance(callback, gc_pauses.PauseTimer) for callback in gc.callbacks)
counted = {
    generation: metrics.REGISTRY.get_sample_value(name, {"generation": generation}) for generation in "012"
}
print(json.dumps({"frozen": frozen, "timers": timers, "counted": counted, "during": during}))
"""


def probe() -> dict[str, object]:
    command = [sys.executable, "-c", PROBE]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_what_the_app_was_built_with_is_frozen_and_each_collection_is_timed_once() -> None:
    result = probe()
    assert isinstance(result["frozen"], int) and result["frozen"] > 20_000  # modules, routes, schemas
    assert result["timers"] == 1, "settling twice must not time each pause twice"
    counted = result["counted"]
    assert isinstance(counted, dict)
    assert all(counted[generation] and counted[generation] >= 1 for generation in ("0", "1", "2")), counted


def test_a_pause_is_recorded_after_the_collection_never_from_the_collectors_callback() -> None:
    """The callback can run while the thread holds one of prometheus_client's locks, which are not
    reentrant (in multiprocess mode one lock serves every value): recording there could wait forever."""
    assert probe()["during"] == [None, None, None]


LONG_LIVED_PROBE = """
import gc, json, weakref
from services.observability.gc_pauses import LongLived

class Node:
    pass

now = [0.0]
long_lived = LongLived(every=3, reclaim_seconds=60.0, clock=lambda: now[0])
gc.collect()
counts = [gc.get_freeze_count()]
kept = Node()  # a page's object, alive
for _ in range(2):
    long_lived.joined()
counts.append(gc.get_freeze_count())
cycle = Node()
cycle.me = cycle  # garbage in a cycle, frozen with the rest before the collector saw it
gone = weakref.ref(cycle)
del cycle
long_lived.joined()
counts.append(gc.get_freeze_count())
gc.collect()
frozen_garbage_kept = gone() is not None
now[0] = 61.0
for _ in range(3):
    long_lived.joined()
print(json.dumps({"counts": counts, "kept": frozen_garbage_kept, "freed": gone() is None,
                  "alive_frozen": gc.get_freeze_count() > 0 and kept is not None}))
"""


def test_long_lived_owners_are_frozen_every_so_many_and_frozen_cycles_are_reclaimed_later() -> None:
    command = [sys.executable, "-c", LONG_LIVED_PROBE]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(done.stdout.splitlines()[-1])
    before, after_two, after_three = result["counts"]
    assert after_two == before and after_three > before  # the third joining froze what was alive
    assert result["kept"], "a frozen cycle is not walked by the collections that follow"
    assert result["freed"], "a freeze past the reclaim time collects first"
    assert result["alive_frozen"]
