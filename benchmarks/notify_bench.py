"""Mails delivered per second by one worker to a local SMTP sink, against raw smtplib in the same run.

    python benchmarks/notify_bench.py [--url redis://127.0.0.1:6379/15] [--games 200] [--per-game 10]

``--games`` games get ``--per-game`` reminders each (one mail per notification) for an SMTP sink
(``aiosmtpd``) on loopback; one ``papyrus worker`` delivers them, then the same code in this process. The
references: raw ``smtplib`` over one connection to the same sink, and raw sequential ``XADD``. Everything is
written under a fresh key prefix and queue, and deleted afterwards.
"""

from __future__ import annotations

import argparse
import os
import smtplib
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services import keys
from services.clocks.reminders import QuarterLeft
from services.game_service import GameService
from services.inputs import Requester
from services.notifications.outbox import enqueue_reminder
from services.notifications.preferences import AccountNotifications
from services.notifications.settings import NotifySettings
from services.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_sink(port: int) -> subprocess.Popen[bytes]:
    sink = subprocess.Popen(
        [sys.executable, "-m", "aiosmtpd", "-n", "-c", "aiosmtpd.handlers.Sink", "-l", f"127.0.0.1:{port}"]
    )
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return sink
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the SMTP sink did not start")


def fill(service: GameService, games: int, per_game: int, tag: str) -> list[str]:
    """Open games with two account seats each and ``per_game`` reminders in each outbox."""
    ids = []
    for number in range(games):
        game_id = service.create_game(sorted(_games())[0], 2, {}).id
        for seat in range(2):
            name = f"b{tag}{number}s{seat}"
            service.join(game_id, name, by=Requester(account=name))
            service.notifications.preferences.save(name, AccountNotifications(email=f"{name}@example.test"))
        pipe = service.components.redis.pipeline(transaction=False)
        for version in range(per_game):
            enqueue_reminder(pipe, "bench", QuarterLeft(game_id, version % 2, version, 3600.0, 0.0))
        pipe.execute()
        ids.append(game_id)
    service.components.redis.zrem(keys.notify_due(), *ids)  # only the measured path delivers them
    return ids


def _games() -> dict[str, object]:
    from domain.registry import games

    return dict(games())


def pending(connection: redis.Redis, ids: list[str]) -> int:
    pipe = connection.pipeline(transaction=False)
    for game_id in ids:
        pipe.xlen(keys.notify_outbox(game_id))
    return sum(int(n) for n in pipe.execute())


def bench_worker(service: GameService, url: str, smtp_port: int, ids: list[str], count: int) -> float:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "REDIS_URL": url,
        "PAPYRUS_KEY_PREFIX": keys.PREFIX,
        "PAPYRUS_QUEUE": service.settings.queue_name,
        "PAPYRUS_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
        "PAPYRUS_PUBLIC_URL": "http://127.0.0.1:8000",  # a mailing worker needs the address its links use
        "PAPYRUS_MAIL_DIGEST_INTERVAL": "0",
        "PAPYRUS_LOG_LEVEL": os.environ.get("NOTIFY_BENCH_LOG_LEVEL", "WARNING"),
    }
    before = set(service.components.heartbeats.last_beats())
    log = open(os.environ.get("NOTIFY_BENCH_WORKER_LOG", os.devnull), "ab")  # noqa: SIM115
    worker = subprocess.Popen(
        [sys.executable, "-m", "papyrus", "worker"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        while not set(service.components.heartbeats.last_beats()) - before:
            if worker.poll() is not None:
                raise RuntimeError(f"the worker exited with {worker.returncode} before its first heartbeat")
            time.sleep(0.05)
        started = time.perf_counter()
        for game_id in ids:
            service.components.notify.schedule(game_id, "bench")
        while pending(service.components.redis, ids):
            time.sleep(0.01)
        return count / (time.perf_counter() - started)
    finally:
        worker.terminate()
        try:
            worker.wait(30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(30)
        log.close()


def bench_in_process(service: GameService, ids: list[str], count: int) -> float:
    delivery = service.notifications.delivery
    started = time.perf_counter()
    for game_id in ids:
        delivery.deliver_game(game_id)
    elapsed = time.perf_counter() - started
    assert pending(service.components.redis, ids) == 0
    delivery.mailer.close()
    return count / elapsed


def bench_raw_smtp(port: int, count: int) -> float:
    from services.notifications import messages

    text = "A quarter of your time is left in Egizia (about 1.0 hours): https://papyrus.example/games/0123456789ab"
    started = time.perf_counter()
    smtp = smtplib.SMTP("127.0.0.1", port)
    for number in range(count):
        mail = messages.mail(
            "x@example.test", "A quarter of your time is left", text, f"raw:{number}", "https://u/x"
        )
        mail["From"] = "Papyrus <papyrus@localhost>"
        smtp.send_message(mail)
    smtp.quit()
    return count / (time.perf_counter() - started)


def bench_raw_xadd(connection: redis.Redis, count: int) -> float:
    key = f"{keys.PREFIX}:bench:xadd"
    started = time.perf_counter()
    for _ in range(count):
        connection.xadd(key, {"n": b"x" * 200})
    elapsed = time.perf_counter() - started
    connection.delete(key)
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--per-game", type=int, default=10)
    args = parser.parse_args()
    keys.PREFIX = f"papyrus-bench-{uuid.uuid4().hex[:8]}"
    connection = redis.Redis.from_url(args.url)
    port = free_port()
    sink = start_sink(port)
    settings = NotifySettings(smtp_url=f"smtp://127.0.0.1:{port}", digest_interval=0.0)
    service = GameService(connection, Settings(queue_name=keys.PREFIX), notify_settings=settings)
    count = args.games * args.per_game
    try:
        worker_rate = bench_worker(
            service, args.url, port, fill(service, args.games, args.per_game, "w"), count
        )
        in_process = bench_in_process(service, fill(service, args.games, args.per_game, "p"), count)
        raw_smtp = bench_raw_smtp(port, count)
        raw_xadd = bench_raw_xadd(connection, count)
    finally:
        sink.terminate()
        sink.wait(30)
        service.components.scheduler.queue.delete(delete_jobs=True)
        leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=1000))
        for start in range(0, len(leftovers), 500):
            connection.delete(*leftovers[start : start + 500])
    print(f"{count} notifications (one mail each), {args.games} games, {args.per_game} per game")
    print(f"one papyrus worker (RQ jobs):        {worker_rate:,.0f} mails/s")
    print(f"delivery in one process (no RQ):    {in_process:,.0f} mails/s")
    share = f"{worker_rate / raw_smtp:.0%} of it by the worker"
    print(f"reference: raw smtplib, same sink:  {raw_smtp:,.0f} mails/s ({share})")
    print(f"reference: raw XADD, same Redis:    {raw_xadd:,.0f} /s")


if __name__ == "__main__":
    main()
