"""One blueprint per resource."""

from __future__ import annotations

from flask import Blueprint

from api.blueprints import (
    accounts,
    commands,
    games,
    health,
    history,
    lobby,
    metrics,
    openapi_doc,
    seat_tokens,
    views,
)
from api.web import blueprint as web_blueprint


def all_blueprints() -> list[Blueprint]:
    return [
        games.blueprint,
        commands.blueprint,
        views.blueprint,
        history.blueprint,
        health.blueprint,
        openapi_doc.blueprint,
        accounts.blueprint,
        lobby.blueprint,
        seat_tokens.blueprint,
        metrics.blueprint,
        web_blueprint,
    ]
