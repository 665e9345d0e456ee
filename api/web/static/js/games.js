// The games this server hosts: their titles and player counts from /web/games.json and their options from
// the OpenAPI document, both built by the server from the games themselves (one source of truth).
import { _, t } from "./i18n.js";
import { get } from "./api.js";

const humanize = (name) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");

function resolve(schemas, schema) {
  const ref = schema && schema.$ref;
  return ref ? resolve(schemas, schemas[ref.split("/").pop()]) : schema || {};
}

let listing = null;

// name -> { name, title, players: { min, max } }, asked once per page.
export function gameFacts() {
  listing = listing || fetch("/web/games.json", { headers: { Accept: "application/json" } }).then((response) => {
    if (!response.ok) throw new Error(_("The list of games could not be loaded."));
    return response.json();
  }).then((games) => new Map(games.map((game) => [game.name, game])));
  return listing;
}

export async function hostedGames() {
  const [document, facts] = await Promise.all([get("/openapi.json"), gameFacts()]);
  const schemas = document.components.schemas;
  const names = Object.keys(schemas).filter((key) => key.endsWith(".Options")).map((key) => key.slice(0, -8));
  return names.filter((name) => facts.has(name)).sort().map((name) => {
    const properties = resolve(schemas, schemas[`${name}.Options`]).properties || {};
    const options = Object.entries(properties).map(([key, schema]) => ({
      key,
      type: schema.type,
      default: schema.default,
      label: schema.description || humanize(key),
    }));
    const { title, players: { min, max }, options: labels } = facts.get(name);
    for (const option of options) if (labels && labels[option.key]) option.label = t(labels[option.key]);
    return { name, title, players: { min, max, default: max }, options };
  });
}
