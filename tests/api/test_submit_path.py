"""The submit path reads a game's meta once (and its decision in the request once more) and checks the seat
once per request, whatever it answers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import redis

from services import keys
from tests.api.support import ApiResponse, Harness, Table


@contextmanager
def commands_sent(store: Any) -> Iterator[list[tuple[Any, ...]]]:
    """Every command this thread sends to the store (pipelined ones included), as argument tuples."""
    sent: list[tuple[Any, ...]] = []
    thread = threading.get_ident()
    real_command, real_pipeline = redis.Redis.execute_command, redis.client.Pipeline.execute

    def command(client: redis.Redis, *args: Any, **options: Any) -> Any:
        if threading.get_ident() == thread and client is store:
            sent.append(args)
        return real_command(client, *args, **options)

    def pipeline(pipe: Any, raise_on_error: bool = True) -> Any:
        if threading.get_ident() == thread:
            sent.extend(
                queued[0] if isinstance(queued, tuple) else queued.args for queued in pipe.command_stack
            )
        return real_pipeline(pipe, raise_on_error)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(redis.Redis, "execute_command", command)
        patch.setattr(redis.client.Pipeline, "execute", pipeline)
        yield sent


def _reads(sent: list[tuple[Any, ...]], verb: str, key: str) -> int:
    return sum(1 for args in sent if str(args[0]).upper() == verb and _text(args[1]) == key)


def _meta_reads(sent: list[tuple[Any, ...]], game_id: str) -> int:
    """Reads of the game's meta: alone, or by a script with the head (a decision's reads of one moment; made
    again right after loading the script where Redis lacked it, which is the same read)."""
    together = [keys.meta(game_id), keys.head(game_id)]
    scripted = [
        index
        for index, args in enumerate(sent)
        if str(args[0]).upper() == "EVALSHA" and list(map(_text, args[3 : 3 + int(args[2])])) == together
    ]
    again = [index for index in scripted if index and str(sent[index - 1][0]).upper() == "SCRIPT LOAD"]
    return _reads(sent, "HGETALL", keys.meta(game_id)) + len(scripted) - len(again)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _submit_counting(api: Harness, table: Table, **body: Any) -> tuple[ApiResponse, list[tuple[Any, ...]]]:
    legal = api.seat_view(table, 0)["view"]["legal"]
    with commands_sent(api.store) as sent:
        answer = api.submit(table, 0, legal[0], "counted", **body)
    return answer, sent


@pytest.mark.parametrize("with_version", [False, True], ids=["plain", "with-expected-version"])
def test_an_accepted_command_reads_the_meta_once_and_the_seat_token_once(
    api: Harness, with_version: bool
) -> None:
    table = api.new_game()
    version = api.client.get(f"/api/games/{table.game_id}/view").json["version"]
    answer, sent = _submit_counting(api, table, **({"expected_version": version} if with_version else {}))
    assert answer.status_code == 200, answer.json
    # the request's checks read it once; deciding the command in the request reads it again, with the head
    decided_here = 1 if api.service.commands.decides_here else 0
    assert _meta_reads(sent, table.game_id) == 1 + decided_here
    assert _reads(sent, "HGET", keys.seat_tokens(table.game_id)) == 1


def test_a_seat_token_is_never_looked_up_as_a_login_token(api: Harness) -> None:
    table = api.new_game()
    answer, sent = _submit_counting(api, table)
    assert answer.status_code == 200, answer.json
    token_prefix = keys.account_token("").rstrip("}")
    login_lookups = [
        args for args in sent if str(args[0]).upper() == "GET" and token_prefix in _text(args[1])
    ]
    assert login_lookups == [], "a seat token proved the seat: it is not a login token"


def test_a_stale_command_reads_the_meta_once_and_writes_nothing(api: Harness) -> None:
    table = api.new_game()
    answer, sent = _submit_counting(api, table, expected_version=0)
    assert answer.status_code == 409, answer.json
    assert _reads(sent, "HGETALL", keys.meta(table.game_id)) == 1
    writes = [args for args in sent if str(args[0]).upper() in {"EVALSHA", "XADD", "SET"}]
    assert [args for args in writes if not _is_quota_count(args)] == []


def _is_quota_count(args: tuple[Any, ...]) -> bool:
    """The caller's command quota is counted (services/limits/quotas.py), refused or not: not the game's."""
    return str(args[0]).upper() == "EVALSHA" and _text(args[3]).startswith(
        keys.quota("command", "").rstrip("}")
    )
