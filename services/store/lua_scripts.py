"""The Lua scripts under services/store/lua, registered once per connection."""

from __future__ import annotations

from functools import cache
from importlib import resources

import redis
from redis.commands.core import Script


@cache
def source(name: str) -> str:
    return resources.files("services.store").joinpath("lua", f"{name}.lua").read_text("utf-8")


class Scripts:
    """The scripts under services/store/lua bound to one Redis connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.append: Script = connection.register_script(source("append"))
        self.submit: Script = connection.register_script(source("submit"))
        self.project: Script = connection.register_script(source("project"))
        self.archive: Script = connection.register_script(source("archive"))
        self.compact: Script = connection.register_script(source("compact"))
        self.claim: Script = connection.register_script(source("claim"))
        self.start: Script = connection.register_script(source("start"))
