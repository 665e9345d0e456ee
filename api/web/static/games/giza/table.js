// The middle of the table: my hand, the face-down draw pool (only its size shows), the face-up discard pool,
// the final ranking once the game is over, and the tile guide printed on every board.
import { h } from "../../js/dom.js";
import { tileNode } from "./tiles.js";

const DISCARDS_SHOWN = 12;

function pool(view) {
  return h("section", { class: "giza-pool", "aria-label": "Draw pool" },
    h("h3", { text: "Draw pool" }),
    h("div", { class: "pool-pile", "aria-hidden": "true" }),
    h("p", { "data-fact": "pool", text: `${view.pool_count} tile${view.pool_count === 1 ? "" : "s"} face down` }));
}

function discards(view) {
  const newest = [...view.discards].reverse();
  const shown = newest.slice(0, DISCARDS_SHOWN).map((tile) => tileNode(tile, "li"));
  const rest = newest.slice(DISCARDS_SHOWN);
  return h("section", { class: "giza-discards", "aria-label": "Discard pool" },
    h("h3", { text: `Discard pool (${view.discards.length})` }),
    view.discards.length ? h("ul", { class: "discard-tiles" }, shown) : h("p", { class: "muted", text: "Empty." }),
    rest.length ? h("details", {}, h("summary", { text: `${rest.length} older` }), h("ul", { class: "discard-tiles" }, rest.map((tile) => tileNode(tile, "li")))) : null);
}

// The other hands: how many tiles each holds; face up once the game is over.
function otherHands(view, names) {
  const others = view.hands.filter((hand) => hand.seat !== view.viewer);
  if (!view.over) {
    return h("p", { class: "hand-counts muted", text: others.map((hand) => `${names[hand.seat]}: ${hand.count} in hand`).join(" · ") });
  }
  return h("div", { class: "hand-counts" }, others.map((hand) => h("div", { class: "end-hand", "data-seat": hand.seat },
    h("h4", { text: `${names[hand.seat]}'s hand at the end` }),
    h("ul", { class: "discard-tiles" }, hand.tiles.map((tile) => tileNode(tile, "li"))))));
}

export function results(view, names) {
  if (!view.over) return null;
  const why = view.end_reason === "board_complete"
    ? `all three of ${names[view.completed_board]}'s pyramids are complete`
    : "the last tile of the pool was drawn";
  return h("section", { class: "giza-results panel", "aria-label": "Final ranking" },
    h("h3", { text: `The game is over: ${why}.` }),
    h("ol", {}, view.ranking.map((seat) => h("li", { class: `seat-${seat}`, text: `${names[seat]}: ${view.scores[seat]} points` }))));
}

export function tableStrip(view, names, hand) {
  return h("div", { class: "giza-strip" }, hand, pool(view), discards(view), otherHands(view, names));
}

export function tileGuide(view) {
  return h("section", { class: "panel giza-guide", "aria-label": "Tile guide" },
    h("h3", { text: "Tile guide (every tile in the game)" }),
    h("ul", { class: "guide-tiles" }, view.tile_guide.map((entry) => h("li", {},
      tileNode({ id: entry.label, kind: entry.kind, number: entry.number, points: entry.points, label: entry.label }, "div", { "data-tile": null, title: entry.label }),
      h("span", { class: "guide-count", text: `× ${entry.count}` })))));
}
