// The middle of the table: my hand, the face-down draw pool (only its size shows), the face-up discard pool,
// the final ranking once the game is over, and the tile guide printed on every board.
import { _, n_, t } from "../../js/i18n.js";
import { h } from "../../js/dom.js";
import { tileNode } from "./tiles.js";

const DISCARDS_SHOWN = 12;

function pool(view) {
  return h("section", { class: "giza-pool", "aria-label": _("Draw pool") },
    h("h3", { text: _("Draw pool") }),
    h("div", { class: "pool-pile", "aria-hidden": "true" }),
    h("p", { "data-fact": "pool", text: n_("{count} tile face down", "{count} tiles face down", view.pool_count) }));
}

function discards(view, changed) {
  const newest = [...view.discards].reverse();
  const shown = newest.slice(0, DISCARDS_SHOWN).map((tile) => tileNode(tile, "li"));
  const rest = newest.slice(DISCARDS_SHOWN);
  const fresh = changed.has("discards");
  return h("section", { class: fresh ? "giza-discards changed" : "giza-discards", "aria-label": fresh ? `${_("Discard pool")} · ${_("Changed since your last move.")}` : _("Discard pool") },
    h("h3", { text: _("Discard pool ({count})", { count: view.discards.length }) }),
    view.discards.length ? h("ul", { class: "discard-tiles" }, shown) : h("p", { class: "muted", text: _("Empty.") }),
    rest.length ? h("details", {}, h("summary", { text: n_("{count} older", "{count} older", rest.length) }), h("ul", { class: "discard-tiles" }, rest.map((tile) => tileNode(tile, "li")))) : null);
}

// The other hands: how many tiles each holds; face up once the game is over.
function otherHands(view, names) {
  const others = view.hands.filter((hand) => hand.seat !== view.viewer);
  if (!view.over) {
    return h("p", { class: "hand-counts muted", text: others.map((hand) => _("{name}: {count} in hand", { name: names[hand.seat], count: hand.count })).join(" · ") });
  }
  return h("div", { class: "hand-counts" }, others.map((hand) => h("div", { class: "end-hand", "data-seat": hand.seat },
    h("h4", { text: _("{name}'s hand at the end", { name: names[hand.seat] }) }),
    h("ul", { class: "discard-tiles" }, hand.tiles.map((tile) => tileNode(tile, "li"))))));
}

// The final places follow the table's standings when the page has them (a seat that resigned or forfeited
// is last there), else the game's own ranking.
export function results(view, names, standings) {
  if (!view.over) return null;
  const ranking = standings ? standings.ranking : view.ranking;
  const places = standings ? standings.places : view.places;
  const over = view.end_reason === "board_complete"
    ? _("The game is over: all three of {name}'s pyramids are complete.", { name: names[view.completed_board] })
    : _("The game is over: the last tile of the pool was drawn.");
  return h("section", { class: "giza-results panel", "aria-label": _("Final ranking") },
    h("h3", { text: over }),
    h("ol", { class: "giza-places" }, ranking.map((seat, index) => {
      const place = places && places.length ? places[seat] : index + 1;
      return h("li", { class: `seat-${seat}`, "data-place": String(place),
        text: n_("{place}. {name}: {count} point", "{place}. {name}: {count} points", view.scores[seat], { place, name: names[seat] }) });
    })));
}

export function tableStrip(view, names, hand, changed = new Set()) {
  return h("div", { class: "giza-strip" }, hand, pool(view), discards(view, changed), otherHands(view, names));
}

export function tileGuide(view) {
  return h("section", { class: "panel giza-guide", "aria-label": _("Tile guide") },
    h("h3", { text: _("Tile guide (every tile in the game)") }),
    h("ul", { class: "guide-tiles" }, view.tile_guide.map((entry) => h("li", {},
      tileNode({ id: "", kind: entry.kind, number: entry.number, points: entry.points, label: entry.label }, "div", { "data-tile": null, title: t(entry.label) }),
      h("span", { class: "guide-count", text: `× ${entry.count}` })))));
}
