"""Text a player reads, stated as a message id with parameters and never as a finished sentence.

``id`` is the gettext msgid: the English text with ``{name}`` placeholders filled from ``args`` (a number, a
player's name, another message, a list of messages). ``msgn`` states a count (``args["count"]`` picks the
plural form), ``msgp`` adds a gettext context. The service and the pages render messages in the reader's
language; pybabel finds them by these functions, so their ids are literal strings (docs/translations.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Union

import msgspec

Arg = Union[int, str, "Msg", list[Union["Msg", str]]]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
ArgIn = Union[int, str, "Msg", Sequence[Union["Msg", str]]]  # what the builders take: any sequence as a list


class Msg(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One message: its gettext ``id`` (with ``context`` and ``plural`` when it has them) and its ``args``."""

    id: str
    args: dict[str, Arg] = {}
    plural: str = ""
    context: str = ""

    def messages(self) -> Iterable[Msg]:
        """This message and every message among its arguments, depth first."""
        yield self
        for value in self.args.values():
            if isinstance(value, Msg):
                yield from value.messages()
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, Msg):
                        yield from item.messages()


def _args(given: dict[str, ArgIn]) -> dict[str, Arg]:
    return {
        name: value if isinstance(value, int | str | Msg) else list(value) for name, value in given.items()
    }


def msg(id: str, **args: ArgIn) -> Msg:
    """A message without plural forms."""
    return Msg(id=id, args=_args(args))


def msgn(singular: str, plural: str, count: int, **args: ArgIn) -> Msg:
    """A message whose form depends on ``count`` (also its ``{count}`` placeholder)."""
    return Msg(id=singular, plural=plural, args={"count": count, **_args(args)})


def msgp(context: str, id: str, **args: ArgIn) -> Msg:
    """A message whose translation depends on ``context`` (a short word used in more than one sense)."""
    return Msg(id=id, context=context, args=_args(args))


def english_text(message: Msg) -> str:
    """The message's English id with its parameters filled in, for logs, exceptions and tests; players read
    the catalogs' rendering (services/i18n)."""
    count = message.args.get("count")
    text = message.plural if message.plural and count != 1 else message.id
    return PLACEHOLDER.sub(lambda found: _english(message.args.get(found[1], found[0])), text)


def _english(value: Arg) -> str:
    if isinstance(value, Msg):
        return english_text(value)
    if isinstance(value, list):
        return ", ".join(_english(item) for item in value)
    return str(value)
