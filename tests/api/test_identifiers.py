"""Identifiers and names: patterns match in full (a command id ending in a newline is
refused, not stored as an id nobody can poll), and names are NFKC-normalised, hold no control or invisible
formatting character, and are compared whatever their letter case."""

from __future__ import annotations

import pytest

from tests.api.support import Harness, JsonClient

PASSWORD = "papyrus-pass-9"


@pytest.fixture(scope="module")
def open_game(client: JsonClient) -> str:
    """One open game every refused name tries to join (each test finds it still empty)."""
    created: str = client.post("/api/games", json={"game": "toy", "seats": 2}).json["id"]
    return created


@pytest.mark.parametrize("command_id", ["once\n", "once\r\n", "\nonce", "on ce", "once\x00"])
def test_a_command_id_is_matched_in_full(api: Harness, command_id: str) -> None:
    table = api.new_game()
    legal = api.seat_view(table, 0)["view"]["legal"]
    before = api.fingerprint(table.game_id)
    refused = api.submit(table, 0, legal[0], command_id)
    assert refused.status_code == 400
    assert refused.json["error"]["field"] == "command_id"
    api.settle(table.game_id)
    assert api.fingerprint(table.game_id) == before


@pytest.mark.parametrize(
    "name",
    [
        "Ann\x00",  # NUL
        "Ann\x1b[31m",  # a control character
        "\u202eAnn",  # a right-to-left override
        "A\u200bnn",  # a zero-width space inside
        "\u200b\u200c\u200d\ufeff",  # nothing but zero-width characters
        "\u2066Ann\u2069",  # bidi isolates
        "   ",
        "\u3164",  # Hangul filler, drawn blank
        "\uffa0",  # halfwidth Hangul filler
        "\u2800",  # the blank Braille pattern
        "A" + "\u0301" * 39,  # 39 combining marks stacked on one letter
        "\u034f",  # the combining grapheme joiner alone
        "\u034fAnn",  # ...or inside a name
        "\ufe0f\ufe0e",  # variation selectors alone
        "\u0301\u0301",  # marks on nothing
    ],
)
def test_a_player_name_with_control_or_invisible_characters_is_refused(
    api: Harness, open_game: str, name: str
) -> None:
    game_id = open_game
    refused = api.client.post(f"/api/games/{game_id}/seats", json={"name": name})
    assert refused.status_code == 400
    assert refused.json["error"]["field"] in {"name", "player_name"}
    assert api.client.get(f"/api/games/{game_id}").json["players"] == []


@pytest.mark.parametrize(
    "names", [("Nguy\u1ec5n", "\u0939\u093f\u0902\u0926\u0940"), ("Ann \u2764\ufe0f", "Zo\u0308e")]
)
def test_names_with_accents_marks_and_emoji_are_accepted(api: Harness, names: tuple[str, str]) -> None:
    game_id = api.client.post("/api/games", json={"game": "toy", "seats": 2}).json["id"]
    for name in names:
        assert api.client.post(f"/api/games/{game_id}/seats", json={"name": name}).status_code == 201


def test_a_player_name_is_normalised_with_nfkc(api: Harness) -> None:
    game_id = api.client.post("/api/games", json={"game": "toy", "seats": 2}).json["id"]
    assert (
        api.client.post(
            f"/api/games/{game_id}/seats", json={"name": " \uff32\uff41\uff4d\uff53\uff45\uff53 \u2161 "}
        ).status_code
        == 201
    )
    assert api.client.get(f"/api/games/{game_id}").json["players"][0]["name"] == "Ramses II"


@pytest.mark.parametrize("twin", ["ANN-the-first", "\uff41\uff4e\uff4e-the-first", "Ann-The-First"])
def test_account_names_are_one_whatever_their_letter_case_or_width(api: Harness, twin: str) -> None:
    first = api.client.post("/api/accounts", json={"name": "ann-the-first", "password": PASSWORD})
    assert first.status_code in {201, 409}  # registered by the first parameter
    clash = api.client.post("/api/accounts", json={"name": twin, "password": PASSWORD})
    assert (clash.status_code, clash.json["error"]["field"]) == (409, "name")
    login = api.client.post("/api/sessions", json={"name": twin, "password": PASSWORD})
    assert login.status_code == 200
    assert login.json["name"] == "ann-the-first"


@pytest.mark.parametrize("name", ["ann\n", "ann\x00x", "ann\u202ex", "\u200bann"])
def test_an_account_name_is_matched_in_full(api: Harness, name: str) -> None:
    refused = api.client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert (refused.status_code, refused.json["error"]["field"]) == (400, "name")


def test_two_players_of_one_game_cannot_share_a_name_whatever_its_letter_case(api: Harness) -> None:
    game_id = api.client.post("/api/games", json={"game": "toy", "seats": 3}).json["id"]
    first = api.client.post(f"/api/games/{game_id}/seats", json={"name": "Ann"})
    assert first.status_code == 201
    for twin in ("ann", "ANN", "\uff21\uff4e\uff4e"):  # the last one in fullwidth letters
        refused = api.client.post(f"/api/games/{game_id}/seats", json={"name": twin})
        assert (refused.status_code, refused.json["error"]["code"], refused.json["error"]["field"]) == (
            409,
            "name.taken",
            "name",
        )
    assert [player["name"] for player in api.client.get(f"/api/games/{game_id}").json["players"]] == ["Ann"]
    token = first.json["token"]
    left = api.client.delete(f"/api/games/{game_id}/seats/0", headers={"Authorization": f"Bearer {token}"})
    assert left.status_code == 200
    assert api.client.post(f"/api/games/{game_id}/seats", json={"name": "ann"}).status_code == 201
