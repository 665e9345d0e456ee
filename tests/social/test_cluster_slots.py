"""Table talk and standing stay within one hash slot per command, transaction and script (so they run on a
Redis Cluster): chat, mutes, rate counters, the live wait, a rated game indexed and rated by its job, the
archive, profiles, the leaderboard, a display-name change and the rebuild, recorded on fakeredis."""

from __future__ import annotations

import pytest

from services.game_service import GameService
from services.inputs import Requester
from services.social import ArchiveFilter
from tests.service.test_cluster_slots import (  # noqa: F401 (the recording fixtures)
    SPLIT_BY_CLIENT,
    StoreTraffic,
    cluster_like_service,
    slots,
    traffic,
)
from tests.social.conftest import PASSWORD
from tests.support.harness import FakeClock, drain, play_out, register_toy


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    register_toy(monkeypatch)
    return FakeClock()


def test_nothing_table_talk_and_standing_send_crosses_a_hash_slot(
    cluster_like_service: GameService,  # noqa: F811 (the fixture imported above)
    traffic: StoreTraffic,  # noqa: F811
) -> None:
    service = cluster_like_service
    for name in ("ann", "bob", "cleo"):
        service.accounts.register(name, PASSWORD, display_name=name.capitalize())
    meta = service.create_game("toy", 2, {"hand": 2})
    for name in ("ann", "bob"):
        service.join(meta.id, name.capitalize(), by=Requester(account=name))
    service.start(meta.id)
    drain(service)
    social = service.social
    social.post(service.meta(meta.id), 0, "ann", "good luck")
    spoken = social.post(service.meta(meta.id), None, "cleo", "watching")
    social.mute(meta.id, 1, spoken.speaker, True)
    social.wait_live(meta.id, 1, 0, "0-0", 0.01)
    play_out(service, meta.id)
    drain(service)
    assert set(social.ratings.table("toy")) == {"ann", "bob"}
    social.profiles.rename("cleo", "Cleo the Spectator")
    assert social.profile("Ann").games
    assert social.leaderboard("toy", 1, 20).total == 2
    assert social.archive(ArchiveFilter(player="Ann"), 1, 20).total == 1
    assert social.rebuild() == 1

    for declared, _ in traffic.scripts:
        assert len(slots(declared)) == 1, f"a script declared keys of several slots: {declared}"
    for transaction in traffic.transactions:
        assert len(slots(transaction)) <= 1, f"a transaction spans slots: {transaction}"
    for name, found in traffic.commands:
        if name not in SPLIT_BY_CLIENT:
            assert len(slots(found)) <= 1, f"{name} spans slots: {found}"
    assert {"xread", "xadd", "sadd", "zadd", "hmget"} <= {name for name, _ in traffic.commands}
