// The games this server hosts: their options from its OpenAPI document and their player counts from
// /web/games.json, both built by the server from the games themselves (one source of truth).
import { get } from "./api.js";

const humanize = (name) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");

function resolve(schemas, schema) {
  const ref = schema && schema.$ref;
  return ref ? resolve(schemas, schemas[ref.split("/").pop()]) : schema || {};
}

async function playerCounts() {
  const response = await fetch("/web/games.json", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error("The list of games could not be loaded.");
  return new Map((await response.json()).map((game) => [game.name, game.players]));
}

export async function hostedGames() {
  const [document, players] = await Promise.all([get("/openapi.json"), playerCounts()]);
  const schemas = document.components.schemas;
  const names = Object.keys(schemas).filter((key) => key.endsWith(".Options")).map((key) => key.slice(0, -8));
  return names.filter((name) => players.has(name)).sort().map((name) => {
    const properties = resolve(schemas, schemas[`${name}.Options`]).properties || {};
    const options = Object.entries(properties).map(([key, schema]) => ({
      key,
      type: schema.type,
      default: schema.default,
      label: schema.description || humanize(key),
    }));
    const { min, max } = players.get(name);
    return { name, title: humanize(name), players: { min, max, default: max }, options };
  });
}
