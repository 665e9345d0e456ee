// One Giza tile as HTML: its kind, its number or points in large type, a small pictogram, and its name for
// screen readers. Colours and sizes come from board.css by class (stone, negative stone, treasure, scarab...).
import { h, s } from "../../js/dom.js";

const MINUS = "\u2212";

export const signed = (points) => (points > 0 ? `+${points}` : points < 0 ? `${MINUS}${-points}` : "0");

const KIND_WORD = {
  stone: "stone",
  treasure: "treasure",
  demolish: "demolish",
  scarab: "scarab",
  sphinx_base: "Sphinx base",
  sphinx_body: "Sphinx body",
  sphinx_head: "Sphinx head",
};

// The large text on the tile face.
export function faceText(tile) {
  if (tile.kind === "stone") return signed(tile.points);
  if (tile.kind === "treasure") return String(tile.number);
  if (tile.kind.startsWith("sphinx_")) return signed(tile.points);
  return "";
}

// "+3 stone", "treasure 3", "Sphinx base (−3)": what a person calls the tile.
export function tileName(tile) {
  if (tile.kind === "stone") return `${signed(tile.points)} stone`;
  if (tile.kind.startsWith("sphinx_")) return `${KIND_WORD[tile.kind]} (${signed(tile.points)})`;
  return tile.label;
}

export function tileClasses(tile) {
  const sign = tile.kind === "stone" ? (tile.points < 0 ? " negative" : " positive") : "";
  const width = tile.kind === "stone" || tile.kind === "treasure" ? ` w${tile.number}` : "";
  return `giza-tile kind-${tile.kind.replace("_", "-")}${sign}${width}`;
}

function pictogram(kind) {
  const icon = (...shapes) => s("svg", { class: "pictogram", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, ...shapes);
  switch (kind) {
    case "treasure":
      return icon(s("ellipse", { cx: 12, cy: 6.5, rx: 4, ry: 4.5 }), s("path", { d: "M12 11 V22 M5 12.5 H19" }));
    case "scarab":
      return icon(s("ellipse", { cx: 12, cy: 14, rx: 6, ry: 7 }), s("circle", { cx: 12, cy: 5, r: 2.6 }),
        s("path", { d: "M6 10 L2 7 M6 15 L1.5 15 M6.5 19 L3 22 M18 10 L22 7 M18 15 L22.5 15 M17.5 19 L21 22 M12 8 V21" }));
    case "demolish":
      return icon(s("rect", { x: 3, y: 3, width: 13, height: 6, rx: 1, transform: "rotate(35 9 6)" }), s("path", { d: "M11 11 L20 21" }));
    case "sphinx_base":
      return icon(s("rect", { x: 2, y: 16, width: 20, height: 5, rx: 1 }));
    case "sphinx_body":
      return icon(s("path", { d: "M2 20 H22 V15 C18 11 10 11 6 15 L2 15 Z" }));
    case "sphinx_head":
      return icon(s("path", { d: "M8 21 V9 C8 4 16 4 16 9 V21 Z M6 12 L8 10 M18 12 L16 10" }));
    default:
      return null;
  }
}

// A tile face: ``tag`` and ``attrs`` make it a list item, a button... (the caller adds behaviour).
export function tileNode(tile, tag = "div", attrs = {}) {
  const kindWord = tile.kind === "stone" ? (tile.points < 0 ? "negative stone" : "positive stone") : KIND_WORD[tile.kind];
  return h(tag, { class: tileClasses(tile), "data-tile": tile.id, "data-kind": tile.kind, "data-points": tile.points, title: `${tileName(tile)} (${tile.id})`, ...attrs },
    pictogram(tile.kind),
    faceText(tile) ? h("span", { class: "face", text: faceText(tile) }) : null,
    h("span", { class: "kind", text: kindWord }));
}

// A layer of another player's stack that nobody may look at: only its existence shows.
export function hiddenLayer() {
  return h("li", { class: "giza-tile hidden-layer", "aria-hidden": "true" });
}
