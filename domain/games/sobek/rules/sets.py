"""Sets: which cards make one, what one scores, and every distinct set a hand can lay.

A set is at least three cards of one goods type; amulets are wild and characters count as their goods type.
Three or more amulets alone are a set of the seventh goods type, the amulet. Cards of the same goods type,
scarabs and back are interchangeable in a set, so the sets a hand can lay are listed once per choice of how
many of each such kind (a character always stands for itself).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import product

from domain.games.sobek.data import AMULET, CARDS, PROSPERITY_SCARABS, SET_MINIMUM
from domain.games.sobek.state import GoodsSet


def goods_of(cards: Iterable[str]) -> str | None:
    """The goods type these cards form (amulets wild), ``AMULET`` for amulets alone, None if mixed."""
    kinds = {CARDS[card].goods for card in cards} - {AMULET}
    if len(kinds) > 1:
        return None
    return kinds.pop() if kinds else AMULET


def fits(cards: Iterable[str], goods: str) -> bool:
    """Whether every card may go into a set of ``goods`` (its own type, or a wild amulet)."""
    return all(CARDS[card].goods in (goods, AMULET) for card in cards)


def scarabs(goods_set: GoodsSet) -> int:
    """The set's scarabs, a Prosperity token counting as two."""
    printed = sum(CARDS[card].scarabs for card in goods_set.cards)
    return printed + PROSPERITY_SCARABS * len(goods_set.prosperity)


def upright_points(goods_set: GoodsSet) -> int:
    """An upright set scores its scarabs times its cards."""
    return scarabs(goods_set) * len(goods_set.cards)


def sideways_points(goods_set: GoodsSet) -> int:
    """A sideways set scores its scarabs only."""
    return scarabs(goods_set)


def kind_of(card: str) -> tuple[str, int, str]:
    """What makes two cards interchangeable in a set: goods type, scarabs and back (a character: its id)."""
    printed = CARDS[card]
    if printed.power:
        return (card, 0, "")
    return (printed.goods, printed.scarabs, printed.back)


def _kinds(cards: Iterable[str]) -> list[list[str]]:
    grouped: dict[tuple[str, int, str], list[str]] = {}
    for card in cards:
        grouped.setdefault(kind_of(card), []).append(card)
    return list(grouped.values())


def _choices(cards: list[str], sizes: range, need_own: str) -> Iterator[list[str]]:
    """Every pick of ``cards`` (up to interchangeable ones) whose size is in ``sizes`` and that holds at least
    one card of goods type ``need_own`` (no such need when ``need_own`` is "")."""
    kinds = _kinds(cards)
    for counts in product(*(range(len(group) + 1) for group in kinds)):
        if sum(counts) not in sizes:
            continue
        pick = [card for group, count in zip(kinds, counts, strict=True) for card in group[:count]]
        if need_own and not any(CARDS[card].goods == need_own for card in pick):
            continue
        yield pick


def fitting(hand: Iterable[str], goods: str) -> list[str]:
    """The cards of ``hand`` that may go into a set of ``goods``."""
    return [card for card in hand if CARDS[card].goods in (goods, AMULET)]


def new_sets(hand: list[str], goods: str) -> Iterator[list[str]]:
    """Every distinct new set of ``goods`` the hand can lay (at least one card of that very type)."""
    return _choices(fitting(hand, goods), range(SET_MINIMUM, len(hand) + 1), goods)


def additions(hand: list[str], goods: str, sizes: range) -> Iterator[list[str]]:
    """Every distinct group of ``sizes`` cards the hand can add to a set of ``goods`` (amulets alone too)."""
    return _choices(fitting(hand, goods), sizes, "")


def can_lay_a_set(hand: list[str]) -> bool:
    """Whether the hand holds at least one set."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[CARDS[card].goods] = counts.get(CARDS[card].goods, 0) + 1
    amulets = counts.get(AMULET, 0)
    return any(count + (amulets if goods != AMULET else 0) >= SET_MINIMUM for goods, count in counts.items())
