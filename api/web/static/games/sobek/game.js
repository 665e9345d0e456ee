// The Sobek renderer: board, tableaus and decisions for one view. Picked by the page from the game's name,
// which also links board.css beside this module and writes the turn, the prompt and its notes.
import { drawBoard } from "./board.js";
import { decide } from "./decisions.js";
import { drawTableaus } from "./tableau.js";
import { cardLookup, goodsName } from "./words.js";

export function render({ view, names, submit, readOnly, parts }) {
  const redraw = () => render({ view, names, submit, readOnly, parts });
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel } = decide(playable, names, submit, redraw);
  parts.board.classList.add("sobek");
  parts.board.replaceChildren(...drawBoard(view, names, targets));
  parts.tableaus.replaceChildren(...drawTableaus(view, names));
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
