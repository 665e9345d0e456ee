"""Embedded mode keeps table talk and standing across a crash: every chat message, mute, rate counter,
display name, finished-game summary and rating is journaled before it is answered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.inputs import Requester
from services.store.data_file import snapshot
from services.store.journal import DurableStore
from tests.service.test_journal import after_a_crash
from tests.social.conftest import PASSWORD
from tests.support.harness import FakeClock, drain, make_service, play_out, register_toy


@pytest.fixture
def opened() -> Iterator[list[DurableStore]]:
    stores: list[DurableStore] = []
    yield stores
    for store in stores:
        store.journal.close()


def contents(store: DurableStore) -> dict[bytes, tuple[str, Any]]:
    _, saved = snapshot(store.client)
    return {key.name: (key.type, key.contents) for key in saved}


def test_chat_profiles_and_ratings_survive_a_crash_of_the_embedded_store(
    tmp_path: Path, opened: list[DurableStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    register_toy(monkeypatch)
    data_file = tmp_path / "papyrus-data"
    first = DurableStore.open(data_file, "always")
    opened.append(first)
    service = make_service(first.client, FakeClock(), queue_name="papyrus-social-journal")
    for name in ("ann", "bob"):
        service.accounts.register(name, PASSWORD)
    service.social.profiles.rename("ann", "Ann <the first>")
    meta = service.create_game("toy", 2, {"hand": 2})
    for name in ("ann", "bob"):
        service.join(meta.id, name, by=Requester(account=name))
    service.start(meta.id)
    drain(service)
    service.social.post(service.meta(meta.id), 0, "ann", "good luck")
    service.social.mute(meta.id, 1, "seat:0", True)
    play_out(service, meta.id)
    drain(service)
    before = contents(first)
    assert set(service.social.ratings.table("toy")) == {"ann", "bob"}

    restarted = DurableStore.open(after_a_crash(data_file), "always")
    opened.append(restarted)
    assert contents(restarted) == before
    again = make_service(restarted.client, FakeClock(), queue_name="papyrus-social-journal-2")
    assert [m.text for m in again.social.messages(meta.id, None)] == ["good luck"]
    assert again.social.messages(meta.id, 1) == []
    assert again.social.profile("ANN <the first>").display_name == "Ann <the first>"
    assert again.social.ratings.table("toy") == service.social.ratings.table("toy")
    assert again.social.finished.get(meta.id) == service.social.finished.get(meta.id)
