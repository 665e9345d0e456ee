// The games this server hosts and their options, read from its OpenAPI document (one source of truth), with
// each game's own words from static/games/<name>/lobby.js when it has them.
import { get } from "./api.js";

const FALLBACK_PLAYERS = { min: 1, max: 6, default: 2 };
const humanize = (name) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");

function resolve(schemas, schema) {
  const ref = schema && schema.$ref;
  return ref ? resolve(schemas, schemas[ref.split("/").pop()]) : schema || {};
}

async function wordsOf(name) {
  try {
    return await import(`/static/games/${encodeURIComponent(name)}/lobby.js`);
  } catch {
    return {};
  }
}

export async function hostedGames() {
  const schemas = (await get("/openapi.json")).components.schemas;
  const names = Object.keys(schemas).filter((key) => key.endsWith(".Options")).map((key) => key.slice(0, -8));
  return Promise.all(names.sort().map(async (name) => {
    const words = await wordsOf(name);
    const properties = resolve(schemas, schemas[`${name}.Options`]).properties || {};
    const options = Object.entries(properties).map(([key, schema]) => ({
      key,
      type: schema.type,
      default: schema.default,
      label: (words.labels && words.labels[key]) || humanize(key),
    }));
    return { name, title: words.title || humanize(name), players: words.players || FALLBACK_PLAYERS, options };
  }));
}
