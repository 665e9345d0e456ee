// The Giza renderer: every player's board, my hand, the pools and my decisions for one view, with what changed
// since `since` (an earlier view) outlined. Picked by the page from the game's name, which also links
// board.css beside this module and writes the prompt.
import { h } from "../../js/dom.js";
import { drawBoards } from "./boards.js";
import { tableChanges } from "./changes.js";
import { decide } from "./decisions.js";
import { results, tableStrip, tileGuide } from "./table.js";

export function render({ view, names, submit, readOnly, parts, result, since = null }) {
  const redraw = () => render({ view, names, submit, readOnly, parts, result, since });
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel, hand } = decide(playable, names, submit, redraw);
  const changed = tableChanges(since && since.game === view.game ? since : null, view);
  parts.board.classList.add("giza-wrap");
  parts.board.replaceChildren(h("div", { class: "giza-table" },
    results(view, names, result),
    tableStrip(view, names, hand, changed),
    h("div", { class: "giza-boards" }, drawBoards(view, names, targets, changed))));
  Object.assign(parts.board.dataset, { turns: view.turns_taken, pool: view.pool_count });
  parts.tableaus.replaceChildren(tileGuide(view));
  parts.decisions.replaceChildren(...panel);
  parts.decisions.hidden = panel.length === 0;
  return { changed: changed.size };
}
