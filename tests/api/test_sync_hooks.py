"""The app tells plain hooks from coroutine functions without asking ``inspect`` on every request; a
coroutine function still goes Flask's way (refused here: the API installs no async support), never run as
if it were a plain function."""

from __future__ import annotations

import functools

import fakeredis
import pytest

from services.game_service import GameService
from tests.api.conftest import make_app


def test_a_plain_hook_is_used_as_it_is_and_a_coroutine_function_never_is(
    service: GameService, store: fakeredis.FakeRedis
) -> None:
    app = make_app(service, store)

    def hook() -> None:
        return None

    async def coroutine_hook() -> None:
        return None

    assert app.ensure_sync(hook) is hook
    with pytest.raises(RuntimeError, match="async"):
        app.ensure_sync(coroutine_hook)
    with pytest.raises(RuntimeError, match="async"):
        app.ensure_sync(functools.partial(coroutine_hook))  # unwrapped by Flask's own check
