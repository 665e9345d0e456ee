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
