"""``?limit=&cursor=`` on list endpoints: the page is the JSON list itself, the next page's address is in the
``Link: <…>; rel="next"`` header and its cursor in ``X-Next-Cursor`` (both absent on the last page)."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request, url_for

from api.decoding import query_int
from api.endpoints import QueryParam
from services.limits.paging import DEFAULT_LIMIT, MAX_LIMIT, Page


def page_params(cursor_pattern: str) -> tuple[QueryParam, QueryParam]:
    """``limit`` and ``cursor`` as the OpenAPI document describes them (the cursor's own pattern)."""
    return (
        QueryParam("limit", f"Items per page, 1-{MAX_LIMIT} (default {DEFAULT_LIMIT}).", 1, MAX_LIMIT),
        QueryParam(
            "cursor",
            "Where the page starts: the `X-Next-Cursor` of the previous page (the first page without it).",
            pattern=cursor_pattern,
        ),
    )


PAGED = "; at most `limit` items; the next page's cursor is in `X-Next-Cursor` and `Link` (rel=next)"


def page_request() -> tuple[int, str | None]:
    """The requested ``limit`` (400 outside 1..MAX_LIMIT) and ``cursor``."""
    limit = query_int("limit", minimum=1, maximum=MAX_LIMIT)
    return (DEFAULT_LIMIT if limit is None else limit), request.args.get("cursor")


def page_response(page: Page[Any], endpoint: str, limit: int, **values: Any) -> Response:
    response = jsonify(page.items)
    if page.next_cursor is not None:
        following = url_for(endpoint, limit=limit, cursor=page.next_cursor, **values)
        response.headers["Link"] = f'<{following}>; rel="next"'
        response.headers["X-Next-Cursor"] = page.next_cursor
    return response
