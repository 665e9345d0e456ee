#!/usr/bin/env bash
# Papyrus against boardgame.io's own server with file storage, 4 seats, flat out, interleaved in one run:
# boardgame.io, Papyrus's bots (benchmarks/load_bench.py), Papyrus's live players (benchmarks/live_players.py),
# the same players over their WebSockets (live_players.py --socket), boardgame.io again.
#
#   benchmarks/bgio_compare.sh PEER_DIR [REDIS_URL] [OUT_DIR]
#
# PEER_DIR: a writable copy of the boardgame.io peer (its load.js and server.js) with `npm ci` run in it.
# REDIS_URL: an empty Redis database for Papyrus (default redis://127.0.0.1:6379/13). Each run's JSON goes to
# OUT_DIR (a new temporary folder by default), then one line each: moves/s, server CPU ms a move, and
# Papyrus's moves/s over boardgame.io's mean.
set -euo pipefail
peer=${1:?give the boardgame.io peer folder}
redis_url=${2:-redis://127.0.0.1:6379/13}
out=${3:-$(mktemp -d -t papyrus-bgio-XXXXXX)}
here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-$here/.venv/bin/python}
mkdir -p "$out"

bgio() { (cd "$peer" && node load.js --matches 100 --players 4 --storage flatfile) > "$out/$1.json"; }

bgio bgio-1
(cd "$here" && "$python" benchmarks/load_bench.py --redis-url "$redis_url" --games 200 --rate 0 \
  --duration 30 --finish-games 0) > "$out/papyrus-bots.json"
(cd "$here" && "$python" benchmarks/live_players.py --redis-url "$redis_url" --games 100 --duration 30) \
  > "$out/papyrus-live.json"
(cd "$here" && "$python" benchmarks/live_players.py --redis-url "$redis_url" --games 100 --duration 30 --socket) \
  > "$out/papyrus-socket.json"
bgio bgio-2

"$python" - "$out" <<'EOF'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
runs = {path.stem: json.loads(path.read_text()) for path in sorted(out.glob("*.json"))}
peer = [runs[name]["moves_per_s"] for name in ("bgio-1", "bgio-2")]
mean = sum(peer) / len(peer)
for name, run in runs.items():
    rate = run.get("moves_per_s", run.get("commands_per_s"))
    cpu = run.get("server_cpu_ms_per_move")
    if cpu is None and "api_cpu_ms_per_command" in run:
        cpu = round(run["api_cpu_ms_per_command"] + run["worker_cpu_ms_per_command"] + run["redis_cpu_ms_per_command"], 2)
    requests = run.get("http_requests_per_move", run.get("api_requests_per_command", run.get("socket_commands_per_move")))
    print(f"{name}: {rate} moves/s, server CPU {cpu} ms a move, requests a move {requests}, "
          f"{rate / mean:.2f} of boardgame.io's mean ({mean:.0f})")
print(f"results in {out}")
EOF
