"""The page takes Egizia's facts from the server (what each space does, player counts), and every choice it
offers carries its own label, so two different moves never look the same (e.g. N12-18's partial payments)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from domain import registry
from domain.engine import RandomBot, apply_command, start
from domain.games.egizia import GAME, EgiziaOptions, EgiziaState
from domain.games.egizia.data import NILE_BY_ID, PERM
from domain.games.egizia.state import FEEDING
from domain.games.egizia.words import space_text
from domain.messages import Msg
from services.i18n import english
from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

SAMPLE_EVERY = 3  # views of one random 4-player game, every third decision
SERVER_TEXT = "Markers down, as the server now says"
SERVER_PHASE = "Ships afloat, as the server now says"
SERVER_ROUNDS = 7
SERVER_TRACK_SPACES = 30
SERVER_RING = {b"left": b"west", b"middle": b"centre", b"right": b"east"}
# The view's facts as the server words them, rewritten in transit: the board must show the rewritten ones.
FACT_REWRITES = [
    (rb'"rounds":\s*\d+', f'"rounds":{SERVER_ROUNDS}'.encode()),
    (rb'"phase_title":\s*\{[^}]*\}', f'"phase_title":"{SERVER_PHASE}"'.encode()),
    (rb'"track_spaces":\s*\d+', f'"track_spaces":{SERVER_TRACK_SPACES}'.encode()),
    (rb'"ring_positions":\s*\[[^\]]*\]', b'"ring_positions":["' + b'","'.join(SERVER_RING.values()) + b'"]'),
]
RING = re.compile(rb'"ring":\s*"(left|middle|right)"')
TEXTS = "nodes => nodes.map((node) => node.textContent)"
NAMES = "nodes => nodes.map((node) => node.name)"

LABELS = """async (views) => {
  const { decide } = await import("/static/games/egizia/decisions.js");
  const { describeCommand } = await import("/static/games/egizia/words.js");
  const noop = () => null;
  return views.map((view) => {
    const { targets, panel } = decide(view, noop, noop, noop);
    const holder = document.createElement("div");
    holder.append(...panel);
    const commandButtons = holder.querySelectorAll("button:not(.toggle):not(.choice-button)");
    const buttons = [...commandButtons].map((b) => b.textContent);
    const spaces = [...targets.river.values(), ...targets.build.values()].map((t) => t.label);
    return { commands: view.legal_commands.map((c) => describeCommand(view, c)), buttons, spaces };
  });
}"""


def _sample_views() -> list[dict[str, Any]]:
    """Views of the seat to act, every few decisions of a random 4-player game."""
    state, _ = start(GAME, 4, EgiziaOptions(), b"labels")
    bots = [RandomBot(seat) for seat in range(4)]
    views: list[dict[str, Any]] = []
    decisions = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        if decisions % SAMPLE_EVERY == 0:
            views.append(msgspec.to_builtins(GAME.view(state, seat)))
        state, _ = apply_command(GAME, state, seat, bots[seat].choose(GAME, state, seat))
        decisions += 1
    return views


def _partial_payment_view() -> dict[str, Any]:
    """Seat 1 feeds, 4 grain short, with 7 stones and the stones-for-grain card N12-18."""
    state, _ = start(GAME, 4, EgiziaOptions(), b"feeding")
    assert isinstance(state, EgiziaState)
    state.ring = 0
    player = state.players[1]
    player.crews, player.grain_market, player.stones = [2, 2, 2, 4], 2, 7
    (player.permanents if NILE_BY_ID["N12-18"].type == PERM else player.hand).append("N12-18")
    state.phase, state.queue = FEEDING, [1]
    view: dict[str, Any] = msgspec.to_builtins(GAME.view(state, 1))
    return view


@pytest.fixture(scope="module")
def lobby(site: Site, browser: Any) -> Iterator[Any]:
    page = browser.new_context().new_page()
    pages.register(page, site.base_url, "lena", "papyrus-pass-5")
    yield page
    page.context.close()


def test_partial_payments_with_the_stones_card_are_labelled_by_the_stones_paid(lobby: Any) -> None:
    view = _partial_payment_view()
    feeds = [c for c in view["legal_commands"] if c["type"] == "egizia.feed" and c["aids"] == ["N12-18"]]
    assert len(feeds) > 1, "nothing to check: the card offers a single payment"
    [labels] = lobby.evaluate(LABELS, [view])
    assert len(set(labels["buttons"])) == len(labels["buttons"]), labels["buttons"]
    assert any(label.endswith("paying 1 stone") for label in labels["buttons"]), labels["buttons"]
    assert any(label.endswith("paying every stone that helps") for label in labels["buttons"])


def test_no_two_offered_choices_carry_the_same_label(lobby: Any) -> None:
    views = [*_sample_views(), _partial_payment_view()]
    kinds = {c["type"] for view in views for c in view["legal_commands"]}
    assert {"egizia.place_ship", "egizia.build", "egizia.feed", "egizia.pass", "egizia.sphinx_keep"} <= kinds
    for view, labels in zip(views, lobby.evaluate(LABELS, views), strict=True):
        where = (view["round"], view["phase"], view["viewer"])
        for kind in ("commands", "buttons", "spaces"):
            duplicates = {label for label in labels[kind] if labels[kind].count(label) > 1}
            assert not duplicates, (where, kind, duplicates)


def test_the_lobby_offers_the_player_counts_the_server_accepts(lobby: Any, site: Site) -> None:
    lobby.goto(f"{site.base_url}/")
    lobby.wait_for_selector("#new-game-seats option", state="attached")
    game = registry.get_game("egizia")
    offered = lobby.locator("#new-game-seats option").all_inner_texts()
    assert offered == [str(n) for n in range(game.min_players, game.max_players + 1)]
    variants = lobby.locator("#new-game-variants [data-option]").evaluate_all(NAMES)
    assert variants == list(msgspec.structs.asdict(EgiziaOptions()))
    words = game.option_labels()
    labels = lobby.locator("#new-game-variants label.check").all_inner_texts()
    assert [label.strip() for label in labels] == [english(words[name]) for name in variants]


def _reword(body: bytes, edfu_text: str) -> bytes:
    body = body.replace(edfu_text.encode(), SERVER_TEXT.encode())
    for pattern, replacement in FACT_REWRITES:
        body = re.sub(pattern, replacement, body)
    return RING.sub(lambda match: b'"ring":"' + SERVER_RING[match.group(1)] + b'"', body)


def test_the_board_shows_each_space_round_phase_ring_and_track_as_the_server_words_it(
    site: Site, browser: Any
) -> None:
    page = browser.new_context().new_page()
    pages.register(page, site.base_url, "mira", "papyrus-pass-5")
    edfu_text = space_text("R_EDFU").id

    def reword(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=_reword(response.body(), edfu_text))

    page.route("**/api/games/*/**", reword)  # every view and live message from the start
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    seat = next(p.seat for p in site.service.meta(game_id).players if p.name == "mira")
    spaces = site.service.view(game_id, seat).view["river"]
    for space in spaces:
        if space["type"] == "card":
            continue
        shown = page.locator(f"svg.river g[data-space='{space['id']}'] > .space-text").evaluate_all(TEXTS)
        expected = SERVER_TEXT if space["id"] == "R_EDFU" else english(msgspec.convert(space["text"], Msg))
        assert space["text"] and " ".join(shown) == expected, space["id"]
    [title] = page.locator("svg.buildings .round-title").evaluate_all(TEXTS)
    assert re.fullmatch(rf"Round \d+ of {SERVER_ROUNDS} · {SERVER_PHASE}", title), title
    ring = [name.decode() for name in SERVER_RING.values()]
    assert page.locator("svg.buildings g.round-info text.tiny").evaluate_all(TEXTS) == ring
    [here] = page.locator("svg.buildings g.round-info circle.ring.active > title").evaluate_all(TEXTS)
    assert here in {f"Water ring {name} (here)" for name in ring}, here
    assert page.locator("svg.buildings g.score-track rect.track-space").count() == SERVER_TRACK_SPACES
    page.unroute_all(behavior="ignoreErrors")
    page.context.close()
