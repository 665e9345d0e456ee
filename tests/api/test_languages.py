"""The site in the reader's language: the browser's ``Accept-Language``, or the language an account chose,
picks the pages' words, ``<html lang>``, the catalog the pages' scripts translate with, and the words of the
API's refusals."""

from __future__ import annotations

import re
import secrets

import pytest

from tests.api.support import Harness, bearer

PASSWORD = "a long password"


def _account(api: Harness) -> str:
    name = f"reader-{secrets.token_hex(4)}"
    assert api.client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    return str(api.client.post("/api/sessions", json={"name": name, "password": PASSWORD}).json["token"])


def _lobby(api: Harness, **headers: str) -> str:
    return api.client.get("/", headers=headers).get_data(as_text=True)


@pytest.mark.parametrize(
    ("accept", "lang", "lobby"),
    [
        ("ja-JP,ja;q=0.9,en;q=0.5", "ja", "ロビー"),
        ("de-DE,de;q=0.9", "de", "Partie anlegen"),
        ("fr-FR,fr;q=0.9,de;q=0.4", "de", "Partie anlegen"),
        ("fr-FR", "en", "Create game"),
        ("", "en", "Create game"),
    ],
)
def test_the_browsers_language_picks_the_pages_language(
    api: Harness, accept: str, lang: str, lobby: str
) -> None:
    page = _lobby(api, **({"Accept-Language": accept} if accept else {}))
    assert f'<html lang="{lang}">' in page
    assert lobby in page


def test_a_page_varies_by_language(api: Harness) -> None:
    response = api.client.get("/", headers={"Accept-Language": "ja"})
    assert "Accept-Language" in response.headers["Vary"]


def test_the_accounts_language_wins_over_the_browsers(api: Harness) -> None:
    token = _account(api)
    chosen = api.client.put("/api/accounts/me/language", json={"language": "ja"}, headers=bearer(token))
    assert chosen.status_code == 200 and chosen.json == {"language": "ja"}
    page = _lobby(api, **bearer(token), **{"Accept-Language": "de-DE"})
    assert '<html lang="ja">' in page
    assert api.client.get("/api/accounts/me/language", headers=bearer(token)).json == {"language": "ja"}
    api.client.put("/api/accounts/me/language", json={"language": None}, headers=bearer(token))
    assert '<html lang="de">' in _lobby(api, **bearer(token), **{"Accept-Language": "de-DE"})


def test_a_language_not_shipped_is_refused_naming_the_field(api: Harness) -> None:
    token = _account(api)
    refused = api.client.put("/api/accounts/me/language", json={"language": "xx"}, headers=bearer(token))
    assert refused.status_code == 400
    assert refused.json["error"]["field"] == "language"


def test_the_shipped_languages_are_listed_by_their_own_names(api: Harness) -> None:
    listed = api.client.get("/api/languages", headers={"Accept-Language": "de"}).json
    assert {entry["code"]: entry["name"] for entry in listed["languages"]} == {
        "en": "English",
        "de": "Deutsch",
        "ja": "日本語",
    }
    assert listed["current"] == "de"


def test_each_page_names_its_catalog_and_the_catalog_is_cached_by_its_hash(api: Harness) -> None:
    page = _lobby(api, **{"Accept-Language": "ja"})
    found = re.search(r'<meta name="papyrus-catalog" content="([^"]+)">', page)
    assert found is not None
    url = found[1].replace("&amp;", "&")
    catalog = api.client.get(url)
    assert catalog.status_code == 200
    assert catalog.json["lang"] == "ja" and catalog.json["messages"]["Lobby"] == "ロビー"
    assert "immutable" in catalog.headers["Cache-Control"]
    again = api.client.get(url, headers={"If-None-Match": catalog.headers["ETag"]})
    assert again.status_code == 304
    assert api.client.get("/web/i18n/xx.json").status_code == 404


def test_a_signed_out_visitors_language_cookie_wins_over_the_browsers(api: Harness) -> None:
    page = _lobby(api, **{"Accept-Language": "de-DE", "Cookie": "papyrus_lang=ja"})
    assert '<html lang="ja">' in page and 'id="page-language"' in page
    assert re.search(r'<option value="ja" lang="ja" selected>', page)
    not_shipped = _lobby(api, **{"Accept-Language": "de-DE", "Cookie": "papyrus_lang=xx"})
    assert '<html lang="de">' in not_shipped


def test_an_accounts_language_wins_over_the_language_cookie(api: Harness) -> None:
    token = _account(api)
    api.client.put("/api/accounts/me/language", json={"language": "de"}, headers=bearer(token))
    assert '<html lang="de">' in _lobby(api, **bearer(token), **{"Cookie": "papyrus_lang=ja"})
