"""A missing browser skips the browser tests locally, but fails them where PAPYRUS_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import pytest

from tests.e2e.browser.conftest import missing_browser


def test_amissing_browser_browser_skips_locally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPYRUS_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no Chromium"):
        missing_browser("no Chromium at /nowhere")


def test_amissing_browser_browser_fails_when_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPYRUS_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="PAPYRUS_REQUIRE_BROWSER=1 but no Chromium"):
        missing_browser("no Chromium at /nowhere")
