"""New passwords follow NIST SP 800-63B: 8 characters or more of any kind, no rule on what they must mix,
refused only when easy to guess (a common or breached password from the shipped list, one character
repeated, a run, the account's own names, control characters), with the reason in the refusal."""

from __future__ import annotations

import pytest

from services.players.passwords import common_passwords
from tests.accounts.conftest import PASSWORD, Site

GUESSABLE = [
    ("password", "common"),
    ("Password1", "common"),
    ("iloveyou", "common"),
    ("qwertyuiop", "common"),
    ("12345678", "guessable"),
    ("87654321", "guessable"),
    ("abcdefgh", "guessable"),
    (" " * 8, "guessable"),
    ("\x00" * 8, "invalid"),
    ("aaaaaaaaaaaa", "guessable"),
    ("Papyrus2024!", "guessable"),
    ("  papyrus  ", "guessable"),
    ("pa\nssword-x", "invalid"),
]


@pytest.mark.parametrize(("password", "code"), GUESSABLE)
def test_a_common_or_guessable_password_is_refused_saying_why(site: Site, password: str, code: str) -> None:
    refused = site.client().post("/api/accounts", json={"name": "khafre", "password": password})
    assert refused.status_code == 400, refused.get_json()
    error = refused.get_json()["error"]
    assert error["field"] == "password"
    assert error["code"] in {f"password.{code}", "password.invalid"}
    assert error["message"].startswith("Password: ") and len(error["message"]) > 30
    login = site.client().post("/api/sessions", json={"name": "khafre", "password": password})
    assert login.status_code == 401


def test_the_account_name_is_no_password(site: Site) -> None:
    refused = site.client().post(
        "/api/accounts", json={"name": "menkaure-ka", "password": "Menkaure-Ka-1", "display_name": "Mk"}
    )
    assert refused.get_json()["error"]["code"] == "password.guessable"
    refused = site.client().post(
        "/api/accounts",
        json={"name": "menkaure", "password": "golden sphinx", "display_name": "golden sphinx"},
    )
    assert refused.get_json()["error"]["code"] == "password.guessable"


@pytest.mark.parametrize(
    "password",
    ["correct horse battery", "        x", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0643", "zz9-plural-z"],
)
def test_any_other_password_of_8_characters_or_more_is_accepted(site: Site, password: str) -> None:
    """No composition rules: spaces, any script, lower case only, all fine."""
    registered = site.client().post("/api/accounts", json={"name": "sahure", "password": password})
    assert registered.status_code == 201, registered.get_json()
    login = site.client().post("/api/sessions", json={"name": "sahure", "password": password})
    assert login.status_code == 200


def test_a_new_password_is_checked_the_same_way(site: Site) -> None:
    site.register("userkaf")
    headers = site.login("userkaf")
    refused = site.client().post(
        "/api/accounts/me/password",
        headers=headers,
        json={"password": PASSWORD, "new_password": "baseball1"},
    )
    assert refused.status_code == 400
    assert refused.get_json()["error"]["field"] == "new_password"
    assert refused.get_json()["error"]["code"] == "new_password.common"


def test_the_shipped_list_holds_the_common_passwords_of_8_characters_or_more() -> None:
    common = common_passwords()
    assert 35_000 < len(common) < 100_000
    assert {"password", "12345678", "football", "sunshine1"} <= common
    assert all(len(password) >= 8 for password in common)


def test_a_form_error_names_the_field_in_the_readers_language(site: Site) -> None:
    short = {"name": "kagemni", "password": "short"}
    said = {}
    for language in ("en", "de", "ja"):
        refused = site.client().post("/api/accounts", json=short, headers={"Accept-Language": language})
        assert refused.status_code == 400 and refused.get_json()["error"]["field"] == "password"
        said[language] = refused.get_json()["error"]["message"]
    assert said == {
        "en": "Password: at least 8 characters",
        "de": "Passwort: mindestens 8 Zeichen",
        "ja": "パスワード\uff1a8文字以上",
    }
    missing = site.client().post("/api/accounts", json={"name": "kagemni"})
    assert missing.get_json()["error"]["message"] == "Password: required"
    long_name = site.client().post("/api/accounts", json={**short, "password": "x" * 300})
    assert long_name.get_json()["error"]["message"] == "Password: at most 200 characters"


def test_login_and_password_refusals_are_in_the_readers_language(site: Site) -> None:
    site.register("merneith")
    said: dict[str, list[str]] = {}
    for language in ("en", "de", "ja"):
        headers = {"Accept-Language": language}
        wrong = site.client().post(
            "/api/sessions", json={"name": "merneith", "password": "not-it-9x"}, headers=headers
        )
        common = site.client().post(
            "/api/accounts", json={"name": "hemaka", "password": "password"}, headers=headers
        )
        anonymous = site.client().get("/api/accounts/me/profile", headers=headers)
        said[language] = [answer.get_json()["error"]["message"] for answer in (wrong, common, anonymous)]
    assert said["en"][0] == "Wrong name or password."
    assert said["de"][0] == "Name oder Passwort falsch."
    assert said["ja"][0] == "名前またはパスワードが違います。"
    assert said["en"][1].startswith("Password: is one of the 100,000 most common passwords")
    assert said["de"][1].startswith("Passwort: gehört zu den 100.000 häufigsten Passwörtern")
    assert said["ja"][1].startswith("パスワード\uff1a流出データで最もよく使われる")
    assert said["en"][2].startswith("Log in first")
    assert said["de"][2].startswith("Bitte zuerst anmelden")
    assert said["ja"][2].startswith("先にログインしてください")
