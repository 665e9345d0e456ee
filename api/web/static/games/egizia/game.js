// The Egizia renderer: board, tableaus and decisions for one view. Picked by the page from the game's name.
import { h } from "../../js/dom.js";
import { drawBuildings, drawRiver } from "./board.js";
import { decide } from "./decisions.js";
import { drawTableaus } from "./tableau.js";

function promptText(prompt, names) {
  if (prompt.text) return prompt.text;
  return "Waiting for " + prompt.waiting_for.map((seat) => names[seat]).join(", ") + ".";
}

function ranking(view, names) {
  const scores = new Map(view.players.map((p) => [p.seat, p.score]));
  return "Final ranking: " + view.ranking.map((seat, place) => `${place + 1}. ${names[seat]} (${scores.get(seat)} VP)`).join(", ") + ".";
}

export function render({ view, names, submit, readOnly, parts }) {
  const redraw = () => render({ view, names, submit, readOnly, parts });
  const inspect = (text) => {
    parts.inspector.textContent = text;
    parts.inspector.hidden = false;
  };
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel } = decide(playable, submit, redraw, inspect);
  parts.board.replaceChildren(
    h("div", { class: "board-part" }, drawRiver(view, names, targets)),
    h("div", { class: "board-part" }, drawBuildings(view, names, targets)),
  );
  parts.tableaus.replaceChildren(...drawTableaus(view, names));
  const prompt = promptText(view.prompt, names);
  parts.prompt.textContent = view.ranking.length ? `${prompt} ${ranking(view, names)}` : prompt;
  Object.assign(parts.board.dataset, { round: view.round, phase: view.phase });
  parts.decisions.replaceChildren(...panel);
  parts.decisions.hidden = panel.length === 0;
}
