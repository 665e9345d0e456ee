"""Does the API still answer while web pages hold their live streams open? (deploy/README.md: the threads)

Against a running API (production mode, a real Redis): creates a game, opens ``--pages`` live streams on it
(``GET /api/games/<id>/live``, as that many open game pages would), then times one ``GET /api/health``.

    python deploy/live_capacity_check.py http://127.0.0.1:8000 --pages 4
"""

from __future__ import annotations

import argparse
import threading
import time

import requests

SETTLE_SECONDS = 1.0


def hold_live_stream(url: str) -> None:
    try:
        with requests.get(url, stream=True, timeout=120) as response:
            for _ in response.iter_content(64):
                pass
    except requests.RequestException:
        return


def health_seconds(base: str, pages: int, limit: float) -> str:
    game = requests.post(f"{base}/api/games", json={"game": "egizia", "seats": 2}, timeout=10).json()["id"]
    for _ in range(pages):
        url = f"{base}/api/games/{game}/live"
        threading.Thread(target=hold_live_stream, args=(url,), daemon=True).start()
    time.sleep(SETTLE_SECONDS)  # let every stream reach the server
    started = time.monotonic()
    try:
        status = requests.get(f"{base}/api/health", timeout=limit).status_code
    except requests.Timeout:
        return f"no answer within {limit:.0f} s"
    return f"HTTP {status} in {time.monotonic() - started:.2f} s"


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("base", help="the API's address, e.g. http://127.0.0.1:8000")
    parser.add_argument("--pages", type=int, default=4, help="live streams to hold open (default 4)")
    parser.add_argument("--limit", type=float, default=15.0, help="seconds to wait for /api/health")
    args = parser.parse_args()
    print(f"{args.pages} live streams open: /api/health {health_seconds(args.base, args.pages, args.limit)}")


if __name__ == "__main__":
    main()
