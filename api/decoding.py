"""Request decoding with msgspec: every failure becomes a 400 that names the field and the reason."""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec
from flask import request

from api.errors import ApiError
from api.field_words import decoder_refusal

T = TypeVar("T")

_PATH_SUFFIX = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_NAMED_FIELD = re.compile(r"field `(?P<name>[^`]+)`")


def _join(path: str, name: str | None) -> str | None:
    parts = [part for part in (path.lstrip("."), name) if part]
    if not parts:
        return None
    # "[...]" stands for any key of a free-form object: the object itself is the field named
    return ".".join(parts).replace(".[", "[").replace("[...]", "")


def field_of(error: msgspec.ValidationError) -> tuple[str | None, str]:
    """Split msgspec's message into the JSON path of the bad field (``options.variant``) and the reason."""
    message = str(error)
    path = ""
    match = _PATH_SUFFIX.search(message)
    if match:
        path = match.group("path")
        message = message[: match.start()]
    named = _NAMED_FIELD.search(message)
    return _join(path, named.group("name") if named else None), message


MAX_NESTING = 32  # arrays and objects inside one another: no command or option needs more


def _too_deep() -> ApiError:
    return ApiError(
        400, "body.too_deep", f"The body nests arrays and objects more than {MAX_NESTING} deep.", "body"
    )


def decode_body(kind: type[T], *, empty_allowed: bool = False) -> T:
    """The request's JSON body as ``kind``; an empty body decodes as ``{}`` when ``empty_allowed``."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if not empty_allowed:
            raise ApiError(400, "body_missing", "The request needs a JSON object body.", "body")
        raw = b"{}"
    try:
        decoded = msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as invalid:
        decoded = _with_whole_floats(raw, kind, invalid)
    except msgspec.DecodeError as malformed:
        raise ApiError(400, "malformed_json", f"The body is not valid JSON: {malformed}.", "body") from None
    except RecursionError:
        raise _too_deep() from None
    refuse_oversized_integers(decoded)
    return decoded


def whole_numbers(value: Any) -> Any:
    """``value`` with every float that has no fraction (``4.0``) as an int: JSON does not tell them apart.
    Called on decoded bodies only, which nest at most ``MAX_NESTING`` deep."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value


def _with_whole_floats(raw: bytes, kind: type[T], invalid: msgspec.ValidationError) -> T:
    """JSON (and so the OpenAPI document) calls ``5.0`` an integer: read it as ``5`` where the body holds a
    number written so; otherwise refuse with the first error, naming its field."""
    try:
        loose = msgspec.json.decode(raw)
        oversized_integer(loose)  # refuses a body nested too deep before it is walked again
        return msgspec.convert(whole_numbers(loose), kind)
    except (msgspec.ValidationError, msgspec.DecodeError, OverflowError, RecursionError):
        field, reason = field_of(invalid)
        named = field or "body"
        raise ApiError(400, "invalid_field", decoder_refusal(named, reason), named) from None


SMALLEST_INT, LARGEST_INT = -(2**63), 2**64 - 1  # what msgspec (and so the store's encoding) can write


def _children(value: object, path: str) -> list[tuple[str, object]] | None:
    if isinstance(value, msgspec.Struct):
        value = {name: getattr(value, name) for name in value.__struct_fields__}
    if isinstance(value, dict):
        return [(f"{path}.{key}" if path else str(key), item) for key, item in value.items()]
    if isinstance(value, list):
        return [(f"{path}[{index}]", item) for index, item in enumerate(value)]
    return None


def oversized_integer(value: object, path: str = "") -> str | None:
    """The JSON path of the first integer in ``value`` that the store could not encode, else None; 400
    ``body.too_deep`` when ``value`` nests more than ``MAX_NESTING`` deep (walked without recursion)."""
    pending: list[tuple[str, object, int]] = [(path, value, 0)]
    while pending:
        where, item, depth = pending.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            if not SMALLEST_INT <= item <= LARGEST_INT:
                return where
            continue
        children = _children(item, where)
        if children is None:
            continue
        if depth >= MAX_NESTING:
            raise _too_deep()
        pending.extend((name, child, depth + 1) for name, child in reversed(children))
    return None


def refuse_oversized_integers(value: object) -> None:
    """Free-form parts of a body (a command, a game's options) may hold integers of any size that JSON
    allows: refuse one beyond 64 bits (400 naming it) instead of failing to store it."""
    found = oversized_integer(value)
    if found is not None:
        raise ApiError(400, "invalid_field", "Integer value out of range (64 bits at most)", found)


MAX_DIGITS = 18  # every count and version fits, and so does a Redis stream id built from it


def is_whole_number(value: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts "²", which ``int`` refuses), of a sane length."""
    return value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS


def query_int(name: str, minimum: int = 0, maximum: int | None = None) -> int | None:
    """An optional non-negative integer query parameter such as ``?at=12``."""
    value = request.args.get(name)
    if value is None:
        return None
    if not is_whole_number(value) or not minimum <= int(value) <= (maximum or int(value)):
        bounds = f"from {minimum} to {maximum}" if maximum is not None else f">= {minimum}"
        raise ApiError(400, "invalid_query", f"`{name}` must be an integer {bounds}.", name)
    return int(value)


def path_int(name: str, value: str, minimum: int = 0) -> int:
    """A path segment that must be a non-negative integer (a seat number)."""
    if not is_whole_number(value) or int(value) < minimum:
        raise ApiError(400, "invalid_path", f"`{name}` must be an integer >= {minimum}.", name)
    return int(value)
