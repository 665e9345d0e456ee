// The Sobek renderer: board, tableaus and decisions for one view. Picked by the page from the game's name.
// Its stylesheet, board.css beside this module, is linked here unless the page already links it.
import { h } from "../../js/dom.js";
import { drawBoard } from "./board.js";
import { decide } from "./decisions.js";
import { drawTableaus } from "./tableau.js";
import { cardLookup, goodsName } from "./words.js";

const STYLESHEET = new URL("./board.css", import.meta.url).pathname;
if (!document.querySelector(`link[href="${STYLESHEET}"]`)) {
  document.head.append(h("link", { rel: "stylesheet", href: STYLESHEET }));
}

function promptText(view, names) {
  const prompt = view.prompt;
  if (view.phase === "over") {
    const scores = new Map(view.players.map((p) => [p.seat, p.score]));
    const ranking = view.ranking.map((seat, place) => `${place + 1}. ${names[seat]} (${scores.get(seat)})`).join(", ");
    const winners = view.winners.map((seat) => names[seat]).join(" and ");
    return `The game is over: ${winners} ${view.winners.length > 1 ? "share the victory" : "wins"}. Final ranking: ${ranking}.`;
  }
  if (prompt.text) return prompt.text;
  return prompt.waiting_for.length ? `Waiting for ${prompt.waiting_for.map((seat) => names[seat]).join(", ")}.` : "The game moves on by itself.";
}

export function render({ view, names, submit, readOnly, parts }) {
  const redraw = () => render({ view, names, submit, readOnly, parts });
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel } = decide(playable, names, submit, redraw);
  parts.board.classList.add("sobek");
  parts.board.replaceChildren(...drawBoard(view, names, targets));
  parts.tableaus.replaceChildren(...drawTableaus(view, names));
  parts.prompt.textContent = promptText(view, names);
  Object.assign(parts.board.dataset, { round: view.round, phase: view.phase, pending: view.pending });
  parts.decisions.replaceChildren(...panel);
  parts.decisions.hidden = panel.length === 0;
}

// The characters and event tokens this view shows, with what they do (for a rules page that lists them).
export function glossary(view) {
  const characters = [...cardLookup(view).values()].filter((card) => card.power)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((card) => ({ id: card.id, term: `${card.name} (${goodsName(card.goods)})`, text: card.text }));
  const tokens = new Map();
  const shown = [...view.tokens_used, ...view.token_faces, ...view.players.flatMap((p) => [...p.curses, ...p.upright.flatMap((s) => s.prosperity)])];
  for (const token of shown) tokens.set(token.id, { id: token.id, term: `${token.name}${token.symbol ? ` (${token.symbol})` : ""}`, text: token.text });
  return [...characters, ...[...tokens.values()].sort((a, b) => a.id.localeCompare(b.id))];
}
