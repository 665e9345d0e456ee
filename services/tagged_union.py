"""``msgspec.convert`` for the games' tagged unions (their Event and Command types), looked up once.

Converting to a union works the union out on every call (about 45 µs an event with 32 event types, against
0.35 µs to its own struct), so :func:`convert` looks the member up by its tag. Anything else (not a dict, no
or an unknown tag, not a union of tagged structs) goes through ``msgspec.convert``, with its errors.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import msgspec

Members = tuple[str, dict[Any, type]]
# The tagged unions met so far, by identity (the type kept beside it, so its id is never reused while it is
# here), not by the type itself: hashing a union of 32 members builds a frozenset of them on every call.
# Only the tagged unions (a few module-level types) are kept, so nothing grows with other types.
_SEEN: dict[int, tuple[Any, Members]] = {}


def convert(data: Any, type_: Any) -> Any:
    """``data`` converted to ``type_``, as ``msgspec.convert(data, type_)`` would."""
    members = _members_of(type_)
    if members is not None and isinstance(data, dict):
        tag_field, by_tag = members
        tag = data.get(tag_field)
        member = by_tag.get(tag) if type(tag) in (str, int) else None  # never a bool for the int 1
        if member is not None:
            return msgspec.convert(data, member)
    return msgspec.convert(data, type_)


def _members_of(type_: Any) -> Members | None:
    """:func:`_tagged_members`, remembered for the tagged unions."""
    seen = _SEEN.get(id(type_))
    if seen is not None and seen[0] is type_:
        return seen[1]
    members = _tagged_members(type_)
    if members is not None:
        _SEEN[id(type_)] = (type_, members)
    return members


def _tagged_members(type_: Any) -> Members | None:
    """The union's tag field and its members by tag; None unless ``type_`` is a union of tagged structs."""
    if typing.get_origin(type_) not in (typing.Union, types.UnionType):
        return None
    fields: set[str] = set()
    by_tag: dict[Any, type] = {}
    for member in typing.get_args(type_):
        config = getattr(member, "__struct_config__", None)
        if config is None or config.tag is None or config.tag_field is None:
            return None
        fields.add(config.tag_field)
        by_tag[config.tag] = member
    return (fields.pop(), by_tag) if len(fields) == 1 else None
