"""The Flask app factory. ``create_app()`` reads the environment (production: ``papyrus api``, which builds
the app in each of Granian's processes); tests and ``papyrus serve`` pass a ready service."""

from __future__ import annotations

from collections.abc import Callable
from inspect import CO_COROUTINE
from types import FunctionType
from typing import Any

import msgspec
from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

from api.blueprints import all_blueprints
from api.context import ApiConfig, ApiContext, install
from api.errors import register_error_handlers
from api.language import rendered
from api.proxies import TrustedProxies, parse_networks
from api.request_guard import install_request_guard
from api.request_log import install_request_log
from api.response_headers import install_response_headers
from api.store_outage import register_store_outage_handler
from services.game_service import GameService
from services.observability.setup import observe_from_env


class _MsgspecJSON(DefaultJSONProvider):
    """Answers encoded by msgspec: the service's typed results (Structs) as well as plain dicts, compact,
    keys in their own order."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return msgspec.json.encode(obj).decode("utf-8")

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """``jsonify``'s answer, encoded straight to the body's bytes."""
        if args and kwargs:
            raise TypeError("jsonify takes either arguments or keyword arguments, not both")
        body = args[0] if len(args) == 1 else (args or kwargs)
        return Response(msgspec.json.encode(body) + b"\n", mimetype=self.mimetype)


class _PapyrusFlask(Flask):
    """Flask, telling a plain function from a coroutine function by its code's flags: Flask asks
    ``inspect.iscoroutinefunction`` (which unwraps methods and partials first) for every hook and view of
    every request, 3.5 % of a request's instructions; anything else still goes that way."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if type(func) is FunctionType and not func.__code__.co_flags & CO_COROUTINE:
            return func
        return super().ensure_sync(func)


def create_app(
    service: GameService | None = None,
    *,
    redis: Any = None,
    config: ApiConfig | None = None,
    mode: str = "production",
) -> Flask:
    """The API. Without ``service`` it builds one from the environment (docs/settings.md)."""
    if service is None:
        from api.runtime import runtime_from_env

        observe_from_env()
        runtime = runtime_from_env()
        service, redis, mode = runtime.service, runtime.redis, runtime.mode
    config = config or ApiConfig.from_env()
    app = _PapyrusFlask("papyrus", static_folder=None)
    app.json = _MsgspecJSON(app)
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    install(app, ApiContext(service=service, redis=redis, config=config, mode=mode))
    register_error_handlers(app, rendered)
    register_store_outage_handler(app)
    install_request_log(app)
    install_response_headers(app)
    install_request_guard(app)
    app.wsgi_app = TrustedProxies(app.wsgi_app, parse_networks(config.trusted_proxies))  # type: ignore[method-assign]
    for blueprint in all_blueprints():
        app.register_blueprint(blueprint)
    return app
