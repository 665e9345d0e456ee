"""A live hub's notice source that never sends one (as a notices' connection that is down): no push follows
a move, so what a page or a socket gets comes from its own reads."""

from __future__ import annotations

from typing import Any


class SilentNotices:
    """Watches nothing and never notifies."""

    def start(self, hub: Any) -> None:
        pass

    def watch(self, game_id: str) -> None:
        pass

    def unwatch(self, game_id: str) -> None:
        pass

    def stop(self) -> None:
        pass
