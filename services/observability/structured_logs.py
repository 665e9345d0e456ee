"""Logs: one JSON object a line (or plain text for a terminal), with the ids of what a line is about.

Every line has ``timestamp``, ``level``, ``logger`` and ``message``, then the fields bound for the current
request or job (:func:`bound`, a context variable), added to it (:func:`annotate`) or given by the line
itself. Only ids, codes, statuses and durations are logged: never headers, a body, a token, a password, an
invitation code or a command. ``PAPYRUS_LOG_FORMAT`` (``json`` unless stderr is a terminal) and
``PAPYRUS_LOG_LEVEL`` (``INFO``) set them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Iterator, Mapping
from contextvars import ContextVar, Token
from typing import IO, Any, NamedTuple

import msgspec

FIELDS_ATTRIBUTE = "papyrus_fields"
FORMATS = ("json", "text")
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
QUIET_LOGGERS = {
    "werkzeug": logging.WARNING,  # its request lines carry query strings (invitation codes); ours do not
    "rq.worker": logging.WARNING,  # one line per job is ours (workers/observed_jobs.py)
    "rq.scheduler": logging.WARNING,
}

_context: ContextVar[dict[str, Any] | None] = ContextVar("papyrus_log_context", default=None)


def fields(**values: Any) -> dict[str, Any]:
    """``extra=`` for one log call: ``log.info("request", extra=fields(status=200))``."""
    return {FIELDS_ATTRIBUTE: values}


class Binding(NamedTuple):
    """Fields bound by :func:`bind` until :func:`unbind` (``scope``: as they stand, :func:`annotate` adds to
    it)."""

    scope: dict[str, Any]
    token: Token[dict[str, Any] | None]


def bind(**values: Any) -> Binding:
    """From now on in this context, every line logged carries ``values`` (and what :func:`annotate` adds),
    until :func:`unbind` (for a block: :func:`bound`)."""
    scope = {**(_context.get() or {}), **values}
    return Binding(scope, _context.set(scope))


def unbind(binding: Binding) -> None:
    """Back to the fields bound before :func:`bind` made ``binding``."""
    _context.reset(binding.token)


@contextlib.contextmanager
def bound(**values: Any) -> Iterator[dict[str, Any]]:
    """Within the block, every line logged in this context carries ``values`` (and what
    :func:`annotate` adds); yields the bound fields, as they stand at the end of the block."""
    binding = bind(**values)
    try:
        yield binding.scope
    finally:
        unbind(binding)


def annotate(**values: Any) -> None:
    """Add ``values`` to the fields of the current :func:`bound` block (nothing outside one)."""
    scope = _context.get()
    if scope is not None:
        scope.update(values)


def current_fields() -> dict[str, Any]:
    return dict(_context.get() or {})


def _record_fields(record: logging.LogRecord) -> dict[str, Any]:
    merged = {**(_context.get() or {}), **(getattr(record, FIELDS_ATTRIBUTE, None) or {})}
    return {key: value for key, value in merged.items() if value is not None}


class _SecondsWritten:
    """The last second written and its text, one tuple (read and replaced whole, whatever the thread): a
    line's time up to its seconds changes once a second, not per line."""

    last: tuple[int, str] = (-1, "")


def _timestamp(record: logging.LogRecord) -> str:
    second = int(record.created)
    written = _SecondsWritten.last
    if written[0] != second:
        written = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
        _SecondsWritten.last = written
    return f"{written[1]}.{int(record.msecs):03d}Z"


_json_line = msgspec.json.Encoder(enc_hook=str)


class JsonFormatter(logging.Formatter):
    """One JSON object a line (a value JSON has no type for is written as its ``str``)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "timestamp": _timestamp(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(_record_fields(record))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return _json_line.encode(line).decode("utf-8")


class TextFormatter(logging.Formatter):
    """``<time> <level> <logger>: <message> key=value ...`` for a person at a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        pairs = " ".join(f"{key}={value}" for key, value in _record_fields(record).items())
        text = f"{_timestamp(record)} {record.levelname:<7} {record.name}: {record.getMessage()}"
        text = f"{text}  {pairs}" if pairs else text
        if record.exc_info:
            text = f"{text}\n{self.formatException(record.exc_info)}"
        return text


def log_format_from_env(env: Mapping[str, str] | None = None, stream: IO[str] | None = None) -> str:
    raw = (os.environ if env is None else env).get("PAPYRUS_LOG_FORMAT", "").strip().lower()
    if raw and raw not in FORMATS:
        raise ValueError(f"PAPYRUS_LOG_FORMAT must be json or text, got {raw!r}")
    if raw:
        return raw
    target = sys.stderr if stream is None else stream
    return "text" if target.isatty() else "json"


def log_level_from_env(env: Mapping[str, str] | None = None) -> int:
    raw = (os.environ if env is None else env).get("PAPYRUS_LOG_LEVEL", "").strip().upper() or "INFO"
    if raw not in LEVELS:
        raise ValueError(f"PAPYRUS_LOG_LEVEL must be one of {', '.join(LEVELS)}, got {raw!r}")
    return int(getattr(logging, raw))


def make_handler(log_format: str, stream: IO[str] | None = None) -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    return handler


def skip_unused_record_fields() -> None:
    """Stop logging from working out, for every line, what no formatter here writes: the calling file
    and line, the process, thread and multiprocessing names (the switches of the logging HOWTO's
    "Optimization" section; a third of a request line's cost)."""
    logging._srcfile = None
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False


def configure_logging(env: Mapping[str, str] | None = None, stream: IO[str] | None = None) -> None:
    """Send every log line of this process to ``stream`` (stderr), in the format and from the level the
    environment asks for; replaces the root logger's handlers, so calling it twice changes nothing more."""
    skip_unused_record_fields()
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(make_handler(log_format_from_env(env, stream), stream))
    level = log_level_from_env(env)
    root.setLevel(level)
    for name, quiet in QUIET_LOGGERS.items():
        logging.getLogger(name).setLevel(max(level, quiet))
