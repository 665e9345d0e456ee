"""The OpenAPI 3.1 document, built from the endpoint table, the refusal table and the msgspec structs (one
source of truth)."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from api.decoding import LARGEST_INT, SMALLEST_INT
from api.endpoints import ENDPOINTS, Body, Endpoint, Freeform, QueryParam
from api.name_patterns import login_name_pattern
from api.schemas import COMMAND_ID_PATTERN, MAX_SEAT, ErrorBody
from domain import registry

REF = "#/components/schemas/{name}"
_ACCOUNT: list[dict[str, list[str]]] = [{"accountToken": []}, {"sessionCookie": []}]
_SECURITY: dict[str, list[dict[str, list[str]]]] = {
    "seat": [{"seatToken": []}, *_ACCOUNT],
    "account": _ACCOUNT,
    "optional": [{}, {"seatToken": []}, *_ACCOUNT],
}
_PATH_PARAM = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")
_PARAM_DOCS: dict[str, tuple[dict[str, Any], str]] = {
    "game_id": ({"type": "string"}, "The game's id."),
    "seat": ({"type": "integer", "minimum": 0, "maximum": MAX_SEAT}, "A seat number (0-based)."),
    "command_id": (
        {"type": "string", "minLength": 1, "maxLength": 64, "pattern": COMMAND_ID_PATTERN},
        "The command id you submitted.",
    ),
    "code": ({"type": "string"}, "A private game's invitation code."),
}


def _typed_bodies() -> list[Any]:
    """Every request and answer body given as a type (a struct, a list of structs, a union), the error
    body first."""
    seen: list[Any] = [ErrorBody]
    for spec in ENDPOINTS:
        events = [body.event_data for _, body in spec.responses.values() if isinstance(body, Freeform)]
        for kind in [spec.request, *(body for _, body in spec.responses.values()), *events]:
            if kind is not None and not isinstance(kind, Freeform) and kind not in seen:
                seen.append(kind)
    return seen


def _game_types() -> dict[str, tuple[Any, Any]]:
    """Each hosted game's Command union and Options struct, by game name."""
    return {name: (game.Command, game.Options) for name, game in sorted(registry.games().items())}


def _components() -> tuple[dict[str, Any], dict[Any, Any]]:
    """The named schemas, and the schema of each typed body."""
    bodies = _typed_bodies()
    game_types = _game_types()
    flat = [*bodies, *(t for pair in game_types.values() for t in pair)]
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
        _resolved(by_type[options], components)["additionalProperties"] = False  # unknown options: 400
    create = components.get("CreateGame")
    if create is not None:
        _per_game_choices(create)
    new_account = components.get("NewAccount")
    if new_account is not None:  # the server normalises (NFKC) before it checks: see api/name_patterns.py
        new_account["properties"]["name"].update(minLength=3, maxLength=32, pattern=login_name_pattern())
    return components, {body: by_type[body] for body in bodies}


def _resolved(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """The schema itself, or the component a ``$ref`` names."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        found: dict[str, Any] = components[ref.rsplit("/", 1)[-1]]
        return found
    return schema


def _per_game_choices(create: dict[str, Any]) -> None:
    """``game`` is one of the hosted games, and each game has its own seat counts and options."""
    hosted = sorted(registry.games().items())
    create["properties"]["game"]["enum"] = [name for name, _ in hosted]
    create["oneOf"] = [
        {
            "properties": {
                "game": {"const": name},
                "seats": {"minimum": game.min_players, "maximum": game.max_players},
                "options": {"$ref": REF.format(name=f"{name}.Options")},
            }
        }
        for name, game in hosted
    ]


def _event_schema(body: Freeform, data: dict[str, Any]) -> dict[str, Any]:
    """One server-sent event: its `data` line holds a JSON document of the given schema."""
    return {
        "type": "object",
        "title": body.name,
        "description": body.description,
        "properties": {
            "event": {"type": "string"},
            "id": {"type": "string", "pattern": "^[0-9]+$"},
            "retry": {"type": "integer", "minimum": 0},
            "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": data},
        },
    }


def _body_schema(body: Body, typed: dict[Any, Any]) -> dict[str, Any]:
    if isinstance(body, Freeform) and body.event_data is not None:
        return _event_schema(body, typed[body.event_data])
    if isinstance(body, Freeform) and body.media_type != "application/json":
        return {"type": "string", "title": body.name, "description": body.description}
    if isinstance(body, Freeform):
        item = {"type": "object", "title": body.name, "description": body.description}
        return {"type": "array", "items": item} if body.array else item
    if body is None:
        return {}
    schema: dict[str, Any] = typed[body]
    return schema


def _media_type(body: Body) -> str:
    return body.media_type if isinstance(body, Freeform) else "application/json"


def _answers(spec: Endpoint) -> dict[int, tuple[str, Body]]:
    """The endpoint's answers and its refusals (those sharing a status described together)."""
    answers = dict(spec.responses)
    for status in sorted({refusal.status for refusal in spec.refusals}):
        described = [refusal.description for refusal in spec.refusals if refusal.status == status]
        answers[status] = ("; ".join(described), ErrorBody)
    return answers


def _query_schema(query: QueryParam) -> dict[str, Any]:
    if query.pattern is not None:
        return {"type": "string", "pattern": f"^{query.pattern}$", "maxLength": 100}
    return {"type": "integer", "minimum": query.minimum, "maximum": query.maximum}


def _parameters(spec: Endpoint) -> list[dict[str, Any]]:
    params: list[dict[str, Any]] = []
    for name in _PATH_PARAM.findall(spec.path):
        kind, description = _PARAM_DOCS.get(name, ({"type": "string"}, name))
        params.append(
            {"name": name, "in": "path", "required": True, "description": description, "schema": kind}
        )
    for query in spec.query:
        params.append(
            {
                "name": query.name,
                "in": "query",
                "required": False,
                "description": query.description,
                "schema": _query_schema(query),
            }
        )
    return params


def _operation(spec: Endpoint, typed: dict[Any, Any]) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": spec.operation_id,
        "summary": spec.summary,
        "parameters": _parameters(spec),
        "responses": {
            str(status): {
                "description": description,
                "content": {_media_type(body): {"schema": _body_schema(body, typed)}},
            }
            for status, (description, body) in sorted(_answers(spec).items())
        },
    }
    if spec.request is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _body_schema(spec.request, typed)}},
        }
    if spec.auth in _SECURITY:
        operation["security"] = _SECURITY[spec.auth]
    elif spec.auth == "optional":
        operation["security"] = [{}, {"seatToken": []}]
    return operation


def _bounded_integers(schema: Any) -> None:
    """Every integer in the document within 64 bits, as the server reads it (api/decoding.py)."""
    if isinstance(schema, dict):
        if schema.get("type") == "integer":
            schema.setdefault("minimum", SMALLEST_INT)
            schema.setdefault("maximum", LARGEST_INT)
        for value in schema.values():
            _bounded_integers(value)
    elif isinstance(schema, list):
        for value in schema:
            _bounded_integers(value)


def openapi_document() -> dict[str, Any]:
    components, typed = _components()
    _bounded_integers(components)
    paths: dict[str, dict[str, Any]] = {}
    for spec in ENDPOINTS:
        path = _PATH_PARAM.sub(r"{\1}", spec.path)
        paths.setdefault(path, {})[spec.method] = _operation(spec, typed)
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
            "schemas": components,
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
