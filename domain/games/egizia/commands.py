"""What an Egizia player can decide. Tags are stable (``"egizia.<verb>"``); fields are JSON-friendly.

Crews are numbered 0, 1, 2 (regular crews A, B, C) and 3 (the Joker). Space ids come from ``data``: river
spaces ``C1``..``C10``, ``R_*`` round spaces, ``B_*`` building sites; building spaces ``O1``..``O18``
(obelisk, bottom up), ``G1``..``G12`` (graves), ``P<row>-<index>`` (pyramid, 1-based, bottom row 1) and the
temple ids of ``data.TEMPLE``.
"""

from __future__ import annotations

from typing import Union

from domain.engine import Command


class PlaceShip(Command, frozen=True, kw_only=True, tag="egizia.place_ship"):
    """Place a ship on ``space``. At a building site ``slot`` is the ship space (0 = S1, nearest the Nile) and
    ``speculate`` waits beside it; ``crew`` is the crew Alyi moves, ``crews`` those an immediate crew card
    moves; ``ring`` is the water-ring step at Passalon / Heliopolis (-1, 0, +1). ``cards`` holds ``"N12-14"``
    to resolve a round space twice (Alyi's two crews in ``crews``, the ring up to two steps). N34-17 and
    N12-16 are used automatically when a placement needs them.
    """

    space: str
    slot: int = -1
    speculate: bool = False
    crew: int = -1
    crews: list[int] = []
    ring: int = 0
    cards: list[str] = []


class Pass(Command, frozen=True, kw_only=True, tag="egizia.pass"):
    """Place no more ships this round."""


class Feed(Command, frozen=True, kw_only=True, tag="egizia.feed"):
    """Feed the crews, using the listed feeding aids (anytime or permanent Nile cards).

    ``stones``: with the stones-for-grain card N12-18, how many stones to pay (0 = every stone that still
    covers a missing grain)."""

    aids: list[str] = []
    stones: int = 0


class Build(Command, frozen=True, kw_only=True, tag="egizia.build"):
    """One build action at the Obelisk/Graves or Temple/Pyramid site: the crews used, the spaces in the order
    they are built, the market marker to move after an Obelisk/Graves action (``"stone"`` or ``"grain"``) and
    any strength cards played."""

    crews: list[int]
    spaces: list[str]
    market: str = ""
    cards: list[str] = []


class BuildMore(Command, frozen=True, kw_only=True, tag="egizia.build_more"):
    """Go on with an Obelisk/Graves action that has taken a grave tile: build one more ``space``, the next
    grave tile (face up now, perhaps turned up by this action) or the next obelisk space, paid from the
    crews' strength the action has left and from the stones."""

    space: str


class EndBuild(Command, frozen=True, kw_only=True, tag="egizia.end_build"):
    """Stop an Obelisk/Graves action that goes on step by step; the market marker named in the build
    moves now."""


class SphinxDraw(Command, frozen=True, kw_only=True, tag="egizia.sphinx_draw"):
    """Build at the Sphinx: draw ``count`` cards, paying one stone each."""

    crews: list[int]
    count: int
    cards: list[str] = []


class SphinxKeep(Command, frozen=True, kw_only=True, tag="egizia.sphinx_keep"):
    """Keep these drawn Sphinx cards (normally 0 or 1); the others go under the deck for +1 VP each."""

    keep: list[str] = []


class Decline(Command, frozen=True, kw_only=True, tag="egizia.decline"):
    """Do not build at this site; the ship goes home and a speculator may move in."""


class PlayCard(Command, frozen=True, kw_only=True, tag="egizia.play_card"):
    """Use an anytime or once-per-round permanent Nile card on one of your turns (``rules/nile_cards.py``).

    ``crews``: the crew a crew card moves (N12-17, N34-16), or the crews of an immediate card taken with
    N34-18. ``target``: the field to improve (its card id, e.g. ``"START-FIELD"``) or the river card space
    N34-18 takes (``"C1"``..``"C10"``). ``amount``: stones sold with N5-06."""

    card: str
    crews: list[int] = []
    target: str = ""
    amount: int = 0


EgiziaCommand = Union[  # noqa: UP007
    PlaceShip, Pass, Feed, Build, BuildMore, EndBuild, SphinxDraw, SphinxKeep, Decline, PlayCard
]
