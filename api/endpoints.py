"""One table of every endpoint: the decorator that registers a Flask route also records its OpenAPI facts
(its answers, and the refusals it may answer from api/refusals.py), so the document in ``api/openapi.py``
cannot drift from the routes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, TypeVar, Unpack

from flask import Blueprint

from api.refusals import (
    BODIES_AT_ONCE,
    BODY_TOO_SLOW,
    FOREIGN_ORIGIN,
    STORE_UNAVAILABLE,
    UNSUPPORTED_MEDIA,
    Refusal,
)

API_PREFIX = "/api"
MAX_QUERY_INT = 10**18 - 1  # the longest whole number api/decoding.py reads (18 digits)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
Auth = Literal["none", "seat", "optional", "account"]
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Freeform:
    """A game- or service-shaped JSON document documented by name and prose, not by a struct."""

    name: str
    description: str
    array: bool = False
    media_type: str = "application/json"
    event_data: type | None = None  # text/event-stream: the struct each event's `data` holds as JSON
    other_event_data: tuple[type, ...] = ()  # the structs other events' `data` may hold instead


# A JSON body: a msgspec Struct type (or ``list[...]`` of one, or a union of them), a Freeform, or None.
Body = object


@dataclass(frozen=True)
class QueryParam:
    name: str
    description: str
    minimum: int = 0
    maximum: int = MAX_QUERY_INT
    pattern: str | None = None  # a string parameter matching this (an opaque cursor), not an integer


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    operation_id: str
    summary: str
    request: type | None
    responses: dict[int, tuple[str, Body]]
    auth: Auth
    query: tuple[QueryParam, ...] = field(default=())
    refusals: tuple[Refusal, ...] = field(default=())


ENDPOINTS: list[Endpoint] = []


class Contract(TypedDict, total=False):
    """What an endpoint may state beyond its summary and answers, each with the default it has unstated:
    its ``request`` body (None), who may call it (``auth``, "none"), its ``query`` parameters, the
    ``refusals`` it may answer, and whether it ``reads_store`` (True)."""

    request: type | None
    auth: Auth
    query: tuple[QueryParam, ...]
    refusals: tuple[Refusal, ...]
    reads_store: bool


def endpoint(
    blueprint: Blueprint,
    method: str,
    rule: str,
    *,
    summary: str,
    responses: dict[int, tuple[str, Body]],
    **contract: Unpack[Contract],
) -> Callable[[F], F]:
    """Register ``rule`` (relative to ``/api``) on ``blueprint`` and record it for the OpenAPI document:
    ``responses`` are its answers, ``refusals`` the errors it may answer (from api/refusals.py). An endpoint
    that ``reads_store`` may also answer 503 while the store is down, unless it documents a 503 itself."""
    refusals = contract.get("refusals", ())
    if contract.get("reads_store", True) and 503 not in responses:
        refusals = (*refusals, STORE_UNAVAILABLE)
    if method.upper() not in SAFE_METHODS:  # the front (api/front/) and api/request_guard.py refuse these
        refusals = (*refusals, UNSUPPORTED_MEDIA, FOREIGN_ORIGIN, BODY_TOO_SLOW, BODIES_AT_ONCE)

    def register(view: F) -> F:
        blueprint.add_url_rule(rule, view_func=view, methods=[method])
        ENDPOINTS.append(
            Endpoint(
                method=method.lower(),
                path=API_PREFIX + rule,
                operation_id=view.__name__,
                summary=summary,
                request=contract.get("request"),
                responses=responses,
                auth=contract.get("auth", "none"),
                query=contract.get("query", ()),
                refusals=refusals,
            )
        )
        return view

    return register


def api_blueprint(name: str, import_name: str) -> Blueprint:
    return Blueprint(name, import_name, url_prefix=API_PREFIX)
