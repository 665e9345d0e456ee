// One Giza tile as HTML: its kind, its number or points in large type, its picture (icons.svg), and its name
// for screen readers. Colours and sizes come from board.css by class (stone, negative stone, treasure, scarab...).
import { p_, t } from "../../js/i18n.js";
import { h, icon } from "../../js/dom.js";

const MINUS = "\u2212";

export const signed = (points) => (points > 0 ? `+${points}` : points < 0 ? `${MINUS}${-points}` : "0");

const KIND_WORD = {
  stone: () => p_("tile", "stone"),
  treasure: () => p_("tile", "treasure"),
  demolish: () => p_("tile", "demolish"),
  scarab: () => p_("tile", "scarab"),
  sphinx_base: () => p_("tile", "Sphinx base"),
  sphinx_body: () => p_("tile", "Sphinx body"),
  sphinx_head: () => p_("tile", "Sphinx head"),
};

// The large text on the tile face.
export function faceText(tile) {
  if (tile.kind === "stone") return signed(tile.points);
  if (tile.kind === "treasure") return String(tile.number);
  if (tile.kind.startsWith("sphinx_")) return signed(tile.points);
  return "";
}

// "+3 stone", "treasure 3", "Sphinx base (−3)": what a person calls the tile (its name from the server).
export const tileName = (tile) => t(tile.label);

export function tileClasses(tile) {
  const sign = tile.kind === "stone" ? (tile.points < 0 ? " negative" : " positive") : "";
  const width = tile.kind === "stone" || tile.kind === "treasure" ? ` w${tile.number}` : "";
  return `giza-tile kind-${tile.kind.replace("_", "-")}${sign}${width}`;
}

// The tile's picture from /static/icons.svg, hidden from assistive technology: the kind word beside it and
// the tile's title name the tile.
const PICTURES = {
  stone: "stone", treasure: "giza-treasure", scarab: "giza-scarab", demolish: "giza-demolish",
  sphinx_base: "giza-sphinx-base", sphinx_body: "giza-sphinx-body", sphinx_head: "giza-sphinx-head",
};

function pictogram(kind) {
  const picture = icon(PICTURES[kind]);
  picture.classList.add("pictogram");
  return picture;
}

// A tile face: ``tag`` and ``attrs`` make it a list item, a button... (the caller adds behaviour).
export function tileNode(tile, tag = "div", attrs = {}) {
  const kindWord = tile.kind === "stone" ? (tile.points < 0 ? p_("tile", "negative stone") : p_("tile", "positive stone")) : KIND_WORD[tile.kind]();
  return h(tag, { class: tileClasses(tile), "data-tile": tile.id, "data-kind": tile.kind, "data-points": tile.points, title: tileName(tile), ...attrs },
    pictogram(tile.kind),
    faceText(tile) ? h("span", { class: "face", text: faceText(tile) }) : null,
    h("span", { class: "kind", text: kindWord }));
}

// A layer of another player's stack that nobody may look at: only its existence shows.
export function hiddenLayer() {
  return h("li", { class: "giza-tile hidden-layer", "aria-hidden": "true" });
}
