// The Giza renderer: every player's board, my hand, the pools and my decisions for one view. Picked by the page
// from the game's name; loads its own stylesheet (giza.css beside this module) once.
import { h } from "../../js/dom.js";
import { drawBoards } from "./boards.js";
import { decide } from "./decisions.js";
import { results, tableStrip, tileGuide } from "./table.js";

const STYLESHEET = new URL("./giza.css", import.meta.url).href;

function loadStyles() {
  if (document.querySelector("link[data-game-styles='giza']")) return;
  document.head.append(h("link", { rel: "stylesheet", href: STYLESHEET, "data-game-styles": "giza" }));
}

function promptText(view, names) {
  const prompt = view.prompt;
  const text = prompt.text || `Waiting for ${prompt.waiting_for.map((seat) => names[seat]).join(", ")}.`;
  if (!view.over) return text;
  const places = view.ranking.map((seat, place) => `${place + 1}. ${names[seat]} (${view.scores[seat]} points)`);
  return `${text} Final ranking: ${places.join(", ")}.`;
}

export function render({ view, names, submit, readOnly, parts }) {
  loadStyles();
  const redraw = () => render({ view, names, submit, readOnly, parts });
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel, hand } = decide(playable, names, submit, redraw);
  parts.board.classList.add("giza-wrap");
  parts.board.replaceChildren(h("div", { class: "giza-table" },
    results(view, names),
    tableStrip(view, names, hand),
    h("div", { class: "giza-boards" }, drawBoards(view, names, targets))));
  Object.assign(parts.board.dataset, { turns: view.turns_taken, pool: view.pool_count });
  parts.tableaus.replaceChildren(tileGuide(view));
  parts.prompt.textContent = promptText(view, names);
  parts.decisions.replaceChildren(...panel);
  parts.decisions.hidden = panel.length === 0;
}
