"""Werkzeug compiles two URL-building functions for every route of every app it builds (Python source made
and compiled at run time): four fifths of ``create_app``'s work, which the tests pay for each app they build
(one per test in several packages). The functions depend only on the route's parts, so this process shares
them between apps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing.rules import Rule

Builder = Callable[..., tuple[str, str]]
_BUILDERS: dict[tuple[Any, ...], Builder] = {}


def share_route_builders() -> None:
    """Memoise ``Rule._compile_builder`` by what the function it makes is built from: the route's string,
    its parsed parts, its defaults' names and whether unknown values are appended. A rule whose default
    fills one of its variables (converted when compiled) is compiled as before."""
    original: Callable[[Rule, bool], Builder] = Rule._compile_builder

    def shared(rule: Rule, append_unknown: bool = True) -> Builder:
        defaults = rule.defaults or {}
        if any(dynamic and name in defaults for dynamic, name in rule._trace):
            return original(rule, append_unknown)
        key = (rule.rule, tuple(rule._trace), tuple(map(str, defaults)), append_unknown)
        if key not in _BUILDERS:
            _BUILDERS[key] = original(rule, append_unknown)
        return _BUILDERS[key]

    Rule._compile_builder = shared  # type: ignore[method-assign]
