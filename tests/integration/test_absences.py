"""No deadline passes while a player is away, and the game moves on at once when the absence ends, on real
``papyrus worker`` processes with the default sweep interval (the sweep never rescues a deadline here).

An absence is made of whole local days, so the test makes its own time zone (a TZif file with an offset in
seconds, found by the workers through ``PYTHONTZPATH``) whose midnight comes a few seconds from now: both
players are away "today" there, and the seat on the clock times out once its per-move time after the
absence's end has run (within :data:`ON_TIME`), never before."""

from __future__ import annotations

import datetime as dt
import struct
import time
import uuid
import zoneinfo
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.clocks.calendar import zone_of
from services.game_service import GameService
from services.inputs import Requester, TableTerms
from services.store.records import epoch_of
from tests.integration.live_service import live_service
from tests.integration.processes import wait_until

pytestmark = pytest.mark.integration
ON_TIME = 2.0
PER_MOVE = 1.0
AWAY_SECONDS = 8.0
ZONE = "Test/Near"


def tzif(offset: int, abbreviation: str = "TST") -> bytes:
    """A TZif (version 2) file of one fixed ``offset`` in seconds east of UTC, no transitions."""
    chars = abbreviation.encode() + b"\0"
    header = b"TZif2" + b"\0" * 15 + struct.pack(">6l", 0, 0, 0, 0, 1, len(chars))
    block = struct.pack(">lbB", offset, 0, 0) + chars
    size = abs(offset)
    posix = (
        f"<{abbreviation}>{'-' if offset >= 0 else '+'}{size // 3600}:{size % 3600 // 60:02d}:{size % 60:02d}"
    )
    return header + block + header + block + f"\n{posix}\n".encode()


def zone_ending_at(folder: Path, end: float) -> None:
    """Write ``ZONE`` so that a local day ends at ``end`` (epoch seconds)."""
    offset = int(-round(end)) % 86_400
    offset = offset - 86_400 if offset > 43_200 else offset
    (folder / ZONE).parent.mkdir(parents=True, exist_ok=True)
    (folder / ZONE).write_bytes(tzif(offset))


@pytest.fixture(scope="module")
def zones(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("zones")
    zoneinfo.reset_tzpath(to=[str(folder), *zoneinfo.TZPATH])
    try:
        yield folder
    finally:
        zoneinfo.reset_tzpath()
        zone_of.cache_clear()


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory, zones: Path) -> Iterator[GameService]:
    zone_path = f"{zones}:{':'.join(zoneinfo.TZPATH)}"
    folder = tmp_path_factory.mktemp("away")
    with live_service("away", folder, PAPYRUS_SWEEP_INTERVAL="60", PYTHONTZPATH=zone_path) as service:
        yield service


def timeouts(service: GameService, game_id: str) -> list[float]:
    return [
        epoch_of(record.at) for record in service.components.store.read(game_id) if record.actor == "timeout"
    ]


def test_no_deadline_passes_while_away_and_the_game_moves_on_at_the_end(
    service: GameService, zones: Path
) -> None:
    end = time.time() + AWAY_SECONDS
    zone_ending_at(zones, end)
    zone_of.cache_clear()
    today = dt.datetime.fromtimestamp(time.time(), zone_of(ZONE)).date().isoformat()
    clock = {"preset": "custom", "per_move": PER_MOVE, "reserve": 0, "policy": "bot"}
    meta = service.create_game("egizia", 2, {}, terms=TableTerms(clock=clock))
    suffix = uuid.uuid4().hex[:6]
    for seat in range(2):
        account = f"away{seat}_{suffix}"
        service.accounts.register(account, "papyrus-pass-7")
        service.days_off.update(account, zone=ZONE)
        service.days_off.add_absence(account, today, today)
        service.absences.changed(account, service.days_off.doc(account).calendar())
        service.join(meta.id, f"P{seat}", seat=seat, by=Requester(account=account))
    service.start(meta.id)
    wait_until(lambda: service.view(meta.id, None).to_act, 15, "a seat to act")
    view = service.view(meta.id, None)
    assert {away.seat for away in view.away} == {0, 1}
    (seat, *_) = view.to_act
    assert view.clocks[seat].deadline == pytest.approx(round(end) + PER_MOVE, abs=1.0)
    wait_until(lambda: time.time() > end, AWAY_SECONDS + 5, "the absence ends")
    assert timeouts(service, meta.id) == [], "no deadline passed while away"
    wait_until(lambda: timeouts(service, meta.id), PER_MOVE + ON_TIME + 5, "the game moves on")
    late = timeouts(service, meta.id)[0] - (round(end) + PER_MOVE)
    assert -0.5 <= late <= ON_TIME, late
