// The Egizia renderer: board, tableaus and decisions for one view, with what changed since `since` (an
// earlier view) highlighted. Picked by the page from the game's name; the page itself shows the prompt.
import { h } from "../../js/dom.js";
import { _, t } from "../../js/i18n.js";
import { drawBuildings } from "./buildings.js";
import { boardChanges } from "./changes.js";
import { decide } from "./decisions.js";
import { drawRiver } from "./river.js";
import { drawTableaus } from "./tableau.js";
import { cardLookup, cardShort } from "./words.js";

export function render({ view, names, submit, readOnly, parts, since = null }) {
  const redraw = () => render({ view, names, submit, readOnly, parts, since });
  const inspect = (text) => {
    parts.inspector.textContent = text;
    parts.inspector.hidden = false;
  };
  const playable = readOnly ? { ...view, legal_commands: [] } : view;
  const { targets, panel } = decide(playable, submit, redraw, inspect);
  const changed = boardChanges(since, view);
  // Each part is a region of its own, reachable by keyboard: on a phone it scrolls sideways.
  parts.board.replaceChildren(
    h("div", { class: "board-part", role: "region", tabindex: "0", "aria-label": _("The river") }, drawRiver(view, names, targets, changed)),
    h("div", { class: "board-part", role: "region", tabindex: "0", "aria-label": _("The buildings") }, drawBuildings(view, names, targets, changed)),
  );
  parts.tableaus.replaceChildren(...drawTableaus(view, names));
  Object.assign(parts.board.dataset, { round: view.round, phase: view.phase });
  parts.decisions.replaceChildren(...panel);
  parts.decisions.hidden = panel.length === 0;
  return { changed: changed.size };
}

// Every space of the river and every card in sight, with its text, for the rules page.
export function glossary(view) {
  const spaces = view.river.filter((space) => space.type !== "card").map((space) => ({
    id: space.id,
    term: _("{place} (river position {position})", { place: t(space.name), position: space.position }),
    text: t(space.text),
  }));
  const cards = [...cardLookup(view).values()].filter((card) => card.text).sort((a, b) => a.id.localeCompare(b.id)).map((card) => ({
    id: card.id,
    term: `${t(card.name)} · ${cardShort(card)}`,
    text: t(card.text),
  }));
  return [...spaces, ...cards];
}
