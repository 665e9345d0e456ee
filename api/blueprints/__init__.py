"""One blueprint per resource."""

from __future__ import annotations

from flask import Blueprint

from api.blueprints import (
    accounts,
    chat,
    commands,
    days_off,
    games,
    health,
    history,
    languages,
    lobby,
    metrics,
    move_settings,
    notifications,
    openapi_doc,
    seat_tokens,
    social,
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
        notifications.blueprint,
        lobby.blueprint,
        seat_tokens.blueprint,
        metrics.blueprint,
        chat.blueprint,
        social.blueprint,
        languages.blueprint,
        move_settings.blueprint,
        days_off.blueprint,
        web_blueprint,
    ]
