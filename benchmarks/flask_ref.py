"""The reference for the load benchmark: a bare Flask endpoint under the same gunicorn and client, so the
figures in BENCHMARKS.md can be read against what this machine does with no Papyrus code at all.

    gunicorn --chdir benchmarks "flask_ref:create_app()"
"""

from __future__ import annotations

from flask import Flask


def create_app() -> Flask:
    app = Flask("flask_ref")

    @app.get("/ping")
    def ping() -> dict[str, bool]:
        return {"ok": True}

    return app
