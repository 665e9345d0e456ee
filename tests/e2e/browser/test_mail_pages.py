"""The links in mails land on pages in the site's style, in the reader's language: the one-click
unsubscribe page (a button, then what was done; the List-Unsubscribe address itself opened in a browser
leads there) and the e-mail verification page (here a link that no
longer works, which says what to do instead)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

QUESTION = {
    "en-US": "Stop every notification mail to this account?",
    "de-DE": "Alle Benachrichtigungs-Mails an dieses Konto abbestellen?",
}
STYLED = "() => getComputedStyle(document.querySelector('main .panel')).borderTopStyle"


def test_the_unsubscribe_and_verification_links_open_styled_translated_pages(
    site: Site, browser: Any, artifacts: Path
) -> None:
    site.service.accounts.register("khentkaus", "papyrus-pass-9")
    link = urlsplit(site.service.notifications.unsubscribe_url("khentkaus")).path
    page = browser.new_context(locale="ja-JP").new_page()
    answer = page.goto(f"{site.base_url}{link}")  # the List-Unsubscribe address, opened in a browser
    assert answer is not None and answer.status == 200
    assert urlsplit(page.url).path == link.replace("/api/notifications/unsubscribe/", "/unsubscribe/")
    assert page.evaluate(STYLED) == "solid", "the site's own panel style"
    asked = "このアカウントへの通知メールをすべて停止しますか\uff1f"
    assert page.locator("main").inner_text().count(asked) == 1
    assert site.service.notifications.settings_of("khentkaus").mail_events != [], "a GET changes nothing"
    page.click("#unsubscribe")
    page.wait_for_function("() => document.getElementById('unsubscribe').disabled")
    assert page.inner_text("#unsubscribe-state") == "完了しました。今後は通知メールを送りません。"
    assert site.service.notifications.settings_of("khentkaus").mail_events == []
    page.screenshot(path=str(artifacts / "mail-unsubscribe-ja.png"))

    for locale, question in QUESTION.items():
        reader = browser.new_context(locale=locale).new_page()
        reader.goto(f"{site.base_url}{link}")
        assert question in reader.locator("main").inner_text(), locale
        reader.context.close()

    german = browser.new_context(locale="de-DE").new_page()
    answer = german.goto(f"{site.base_url}/verify-email/no.such-token")
    assert answer is not None and answer.status == 400
    assert german.evaluate(STYLED) == "solid"
    assert german.locator("#verified .error").inner_text().startswith("Dieser Link ist abgelaufen")
    assert german.locator("#verified a[href='/account/settings']").is_visible()
    german.screenshot(path=str(artifacts / "mail-verify-expired-de.png"))
    for shown in (page, german):
        shown.context.close()
