"""What the lobby learns about the hosted games: titles and player counts from /web/games.json and each
option's label (its description) from the OpenAPI document, both taken from the games in the registry."""

from __future__ import annotations

import msgspec

from domain import registry
from domain.games.egizia import EgiziaOptions
from tests.api.support import TOY, Harness


def test_games_json_lists_every_registered_game_with_its_title_and_player_counts(api: Harness) -> None:
    response = api.client.get("/web/games.json")
    assert response.status_code == 200
    listed = {game["name"]: (game["title"], game["players"]) for game in response.json}
    hosted = registry.games()
    assert {"egizia", TOY} <= set(hosted)
    assert listed == {
        name: (game.title, {"min": game.min_players, "max": game.max_players})
        for name, game in hosted.items()
    }
    assert [game["name"] for game in response.json] == sorted(hosted)


def test_every_egizia_option_reaches_openapi_with_its_description(api: Harness) -> None:
    schemas = api.client.get("/api/openapi.json").json["components"]["schemas"]
    options = schemas["egizia.Options"]
    while "$ref" in options:
        options = schemas[options["$ref"].split("/")[-1]]
    properties = options["properties"]
    own = msgspec.json.schema(EgiziaOptions)["$defs"]["EgiziaOptions"]["properties"]
    assert list(properties) == list(msgspec.structs.asdict(EgiziaOptions()))
    for name, schema in properties.items():
        assert schema["description"] == own[name]["description"], name
        assert schema["description"][0].isupper() and "_" not in schema["description"], name
    assert "N12-19" in properties["without_sphinx_draw_card"]["description"]
