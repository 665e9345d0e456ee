"""The OpenAPI 3.1 document, built from the endpoint table and the msgspec structs (one source of truth)."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from api.endpoints import ENDPOINTS, Body, Endpoint, Freeform
from domain import registry

REF = "#/components/schemas/{name}"
_ACCOUNT: list[dict[str, list[str]]] = [{"accountToken": []}, {"sessionCookie": []}]
_SECURITY: dict[str, list[dict[str, list[str]]]] = {
    "seat": [{"seatToken": []}, *_ACCOUNT],
    "account": _ACCOUNT,
    "optional": [{}, {"seatToken": []}, *_ACCOUNT],
}
_PATH_PARAM = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")
_PARAM_DOCS = {
    "game_id": ("string", "The game's id."),
    "seat": ("integer", "A seat number (0-based)."),
    "command_id": ("string", "The command id you submitted."),
    "code": ("string", "A private game's invitation code."),
}


def _struct_types() -> list[Any]:
    seen: list[Any] = []
    for spec in ENDPOINTS:
        for kind in [spec.request, *(body for _, body in spec.responses.values())]:
            if isinstance(kind, type) and kind not in seen:
                seen.append(kind)
    return seen


def _game_types() -> dict[str, tuple[Any, Any]]:
    """Each hosted game's Command union and Options struct, by game name."""
    return {name: (game.Command, game.Options) for name, game in sorted(registry.games().items())}


def _components() -> dict[str, Any]:
    structs = _struct_types()
    game_types = _game_types()
    flat = [*structs, *(t for pair in game_types.values() for t in pair)]
    schemas, components = msgspec.json.schema_components(flat, ref_template=REF)
    by_type = dict(zip(flat, schemas, strict=True))
    commands = [by_type[command] for command, _ in game_types.values()]
    submit = components.get("SubmitCommand")
    if submit is not None and commands:
        submit["properties"]["command"] = {
            "description": "A command of the game being played; `type` is its tag.",
            "anyOf": commands,
        }
    for name, (_, options) in game_types.items():
        components[f"{name}.Options"] = by_type[options]
    return components


def _body_schema(body: Body) -> dict[str, Any]:
    if isinstance(body, Freeform):
        item = {"type": "object", "title": body.name, "description": body.description}
        return {"type": "array", "items": item} if body.array else item
    if isinstance(body, type):
        return {"$ref": REF.format(name=body.__name__)}
    return {}


def _parameters(spec: Endpoint) -> list[dict[str, Any]]:
    params: list[dict[str, Any]] = []
    for name in _PATH_PARAM.findall(spec.path):
        kind, description = _PARAM_DOCS.get(name, ("string", name))
        params.append(
            {
                "name": name,
                "in": "path",
                "required": True,
                "description": description,
                "schema": {"type": kind},
            }
        )
    for query in spec.query:
        params.append(
            {
                "name": query.name,
                "in": "query",
                "required": False,
                "description": query.description,
                "schema": {"type": "integer", "minimum": query.minimum},
            }
        )
    return params


def _operation(spec: Endpoint) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": spec.operation_id,
        "summary": spec.summary,
        "parameters": _parameters(spec),
        "responses": {
            str(status): {
                "description": description,
                "content": {"application/json": {"schema": _body_schema(body)}},
            }
            for status, (description, body) in sorted(spec.responses.items())
        },
    }
    if spec.request is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _body_schema(spec.request)}},
        }
    if spec.auth in _SECURITY:
        operation["security"] = _SECURITY[spec.auth]
    elif spec.auth == "optional":
        operation["security"] = [{}, {"seatToken": []}]
    return operation


def openapi_document() -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for spec in ENDPOINTS:
        path = _PATH_PARAM.sub(r"{\1}", spec.path)
        paths.setdefault(path, {})[spec.method] = _operation(spec)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Papyrus",
            "version": "1",
            "description": "Play-by-web board games. Errors are always "
            '{"error": {"code", "message", "field"}}; `field` names the offending input.',
        },
        "paths": paths,
        "components": {
            "schemas": _components(),
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The secret token returned when joining a seat.",
                },
                "accountToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A login token from POST /api/sessions; it holds the account's seats. "
                    "Expires after PAPYRUS_TOKEN_TTL seconds.",
                },
                "sessionCookie": {
                    "type": "apiKey",
                    "in": "cookie",
                    "name": "papyrus_session",
                    "description": "The same login token as an HttpOnly, SameSite=Lax cookie (the web).",
                },
            },
        },
    }
