// The rules page of a game being played: below the rules reference, every space and card of this board
// with its text, as the game's renderer lists them from the public view (`glossary(view)`).
import { _ } from "./i18n.js";
import { get } from "./api.js";
import { h } from "./dom.js";

const root = document.getElementById("rules");
const list = document.getElementById("glossary");

async function load() {
  const body = await get(`/games/${encodeURIComponent(root.dataset.gameId)}/view`);
  if (!body.view) return list.replaceChildren(h("dt", { class: "muted", text: _("The board is laid out when the game starts.") }));
  const renderer = await import(`/static/games/${encodeURIComponent(body.view.game)}/game.js`);
  const entries = renderer.glossary ? renderer.glossary(body.view) : [];
  list.replaceChildren(...entries.flatMap((entry) => [
    h("dt", { id: `term-${entry.id}`, text: entry.term }),
    h("dd", { text: entry.text }),
  ]));
  if (!entries.length) list.replaceChildren(h("dt", { class: "muted", text: _("Nothing to list for this game.") }));
  if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
}

load().catch(() => list.replaceChildren(h("dt", { class: "error", text: _("The board could not be loaded.") })));
