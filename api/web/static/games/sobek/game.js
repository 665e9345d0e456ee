// The Sobek renderer: board, tableaus and decisions for one view, with what changed since `since` (an earlier
// view) outlined. Picked by the page from the game's name, which also links board.css beside this module and
// writes the turn, the prompt and its notes.
import { t } from "../../js/i18n.js";
import { drawBoard } from "./board.js";
import { tableChanges } from "./changes.js";
import { decide } from "./decisions.js";
import { drawTableaus } from "./tableau.js";
import { cardLookup, symbolName } from "./words.js";

export function render({ view, names, submit, readOnly, parts, since = null }) {
  const redraw = () => render({ view, names, submit, readOnly, parts, since });
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel } = decide(playable, names, submit, redraw);
  const changed = tableChanges(since && since.game === view.game ? since : null, view);
  parts.board.classList.add("sobek");
  parts.board.replaceChildren(...drawBoard(view, names, targets, changed));
  parts.tableaus.replaceChildren(...drawTableaus(view, names, changed));
  Object.assign(parts.board.dataset, { round: view.round, phase: view.phase, pending: view.pending });
  parts.decisions.replaceChildren(...panel);
  parts.decisions.hidden = panel.length === 0;
  return { changed: changed.size };
}

// The characters and event tokens this view shows, with what they do (for a rules page that lists them).
export function glossary(view) {
  const characters = [...cardLookup(view).values()].filter((card) => card.power)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((card) => ({ id: card.id, term: t(card.name), text: t(card.text) }));
  const tokens = new Map();
  const shown = [...view.tokens_used, ...view.token_faces, ...view.players.flatMap((p) => [...p.curses, ...p.upright.flatMap((s) => s.prosperity)])];
  for (const token of shown) tokens.set(token.id, { id: token.id, term: token.symbol ? `${t(token.name)} (${symbolName(token.symbol)})` : t(token.name), text: t(token.text) });
  return [...characters, ...[...tokens.values()].sort((a, b) => a.id.localeCompare(b.id))];
}
