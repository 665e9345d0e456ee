"""The reference for the load benchmark: a bare Flask endpoint under the same server (Granian, as ``papyrus
api``) and client, so the figures in BENCHMARKS.md can be read against what this machine does with no
Papyrus code at all.

    cd benchmarks && granian --interface wsgi --factory flask_ref:create_app
"""

from __future__ import annotations

from flask import Flask


def create_app() -> Flask:
    app = Flask("flask_ref")

    @app.get("/ping")
    def ping() -> dict[str, bool]:
        return {"ok": True}

    return app
