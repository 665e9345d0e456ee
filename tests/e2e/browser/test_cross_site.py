"""A page on another origin of the same site (another port of the same host: the session cookie is still
sent) tries to act for a signed-in player and to sign a visitor in as the attacker, with
the one body a cross-site form can pass off as JSON (``enctype="text/plain"``). Neither works: the victim's
game keeps its empty seat, and the victim's page still names the victim."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from werkzeug.serving import BaseWSGIServer, make_server

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

ATTACKER_PASSWORD = "csrf=password1"  # the form's "=" falls inside the password


def _form(action: str, json_before_equals: str, json_after_equals: str) -> bytes:
    """A page that posts ``<name>=<value>`` as text/plain at once: a JSON body split at an "=" sign."""
    return f"""<!doctype html><title>Free prizes</title>
<form method="post" action="{html.escape(action)}" enctype="text/plain">
<input type="hidden" name="{html.escape(json_before_equals)}" value="{html.escape(json_after_equals)}">
</form><script>document.forms[0].submit()</script>""".encode()


@pytest.fixture
def attacker() -> Iterator[tuple[str, dict[str, bytes]]]:
    """Another origin serving the attacker's pages (path -> HTML)."""
    served: dict[str, bytes] = {}

    def app(environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        start("200 OK", [("Content-Type", "text/html")])
        return [served.get(environ["PATH_INFO"], b"")]

    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", served
    finally:
        server.shutdown()


def _signed_in_as(page: Any, base_url: str) -> str | None:
    page.goto(f"{base_url}/")
    name: str | None = page.evaluate(
        "fetch('/web/session.json', {cache: 'no-store'}).then((r) => r.json()).then((s) => s.name)"
    )
    return name


def test_a_page_on_another_origin_cannot_act_for_a_signed_in_player(
    site: Site, browser: Any, attacker: tuple[str, dict[str, bytes]]
) -> None:
    origin, served = attacker
    victim = browser.new_context().new_page()
    pages.register(victim, site.base_url, "csrf-victim", "papyrus-pass-4")
    game_id = site.service.create_game("egizia", 2, {}).id
    served["/join"] = _form(f"{site.base_url}/api/games/{game_id}/seats", '{"name": "pw', 'ned"}')
    victim.goto(f"{origin}/join")
    victim.wait_for_load_state("networkidle")
    assert "content_type.unsupported" in victim.content()
    assert site.service.meta(game_id).players == []
    victim.context.close()


def test_a_page_on_another_origin_cannot_sign_a_visitor_in_as_the_attacker(
    site: Site, browser: Any, attacker: tuple[str, dict[str, bytes]]
) -> None:
    origin, served = attacker
    setup = browser.new_context().new_page()
    pages.register(setup, site.base_url, "csrf-attacker", ATTACKER_PASSWORD)
    setup.context.close()
    victim = browser.new_context().new_page()
    password_start, password_end = ATTACKER_PASSWORD.split("=")
    served["/login"] = _form(
        f"{site.base_url}/api/sessions",
        f'{{"name": "csrf-attacker", "password": "{password_start}',
        f'{password_end}"}}',
    )
    victim.goto(f"{origin}/login")
    victim.wait_for_load_state("networkidle")
    assert _signed_in_as(victim, site.base_url) is None
    victim.wait_for_selector("#account-nav [data-when='anonymous']", state="visible")
    assert "csrf-attacker" not in victim.locator("header").inner_text()
    victim.context.close()
