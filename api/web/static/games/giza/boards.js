// Every player's map board: three pyramid sites and the Sphinx site, each drawn as a stack. My own stacks show
// every tile; another player's show only the top tile and how many lie beneath (nobody may look under another
// player's top tile). A site that is a legal target of the chosen tile is a button; one that changed since the
// viewer's last own move is outlined (see changes.js), and says so in its name.
import { _, list, n_, t } from "../../js/i18n.js";
import { clickable, h } from "../../js/dom.js";
import { hiddenLayer, tileName, tileNode } from "./tiles.js";

const HIDDEN_LAYERS_DRAWN = 8; // taller hidden piles are drawn this high, with the height in words below

function siteTitle(view, names, board, site) {
  const name = t(site.name);
  return board.seat === view.viewer ? _("Your {site}", { site: name }) : _("{name}'s {site}", { name: names[board.seat], site: name });
}

// The stack in words, as far as the viewer may see it (the hover title and the tap inspector).
export function stackText(view, names, board, site) {
  const where = siteTitle(view, names, board, site);
  if (!site.height) return _("{site} is empty.", { site: where });
  if (site.tiles) {
    return n_("{site}: {count} tile, bottom to top: {tiles} ({points} points).", "{site}: {count} tiles, bottom to top: {tiles} ({points} points).",
      site.height, { site: where, tiles: list(site.tiles.map(tileName)), points: site.points });
  }
  const under = site.height - 1;
  const top = n_("{site}: {count} tile, top: {tile}.", "{site}: {count} tiles, top: {tile}.", site.height, { site: where, tile: tileName(site.top) });
  return under ? `${top} ${n_("You may not look at the tile beneath.", "You may not look at the {count} tiles beneath.", under)}` : top;
}

function stackItems(site) {
  if (site.tiles) return site.tiles.map((tile) => tileNode(tile, "li"));
  if (!site.top) return [];
  const hidden = Math.min(site.height - 1, HIDDEN_LAYERS_DRAWN);
  return [...Array.from({ length: hidden }, hiddenLayer), tileNode(site.top, "li")];
}

function siteNode(view, names, board, site, targets, show, changed) {
  const fresh = changed.has(`site:${board.seat}/${site.site}`);
  const text = fresh ? `${stackText(view, names, board, site)} ${_("Changed since your last move.")}` : stackText(view, names, board, site);
  const badges = [
    h("span", { class: "height", text: n_("{count} tile", "{count} tiles", site.height) }),
    site.points !== null && site.height ? h("span", { class: "points", text: n_("{count} pt", "{count} pts", site.points) }) : null,
    site.complete ? h("span", { class: "complete", text: _("complete") }) : null,
  ];
  const node = h("div", {
    class: `giza-site site-${site.kind}${site.complete ? " is-complete" : ""}${fresh ? " changed" : ""}`,
    "data-board": board.seat, "data-site": site.site, "data-height": site.height,
    "data-top": site.top ? site.top.id : "", title: text,
  },
  h("h4", { class: "site-name", text: t(site.name) }),
  h("ol", { class: "giza-stack", "aria-label": text }, stackItems(site)),
  h("p", { class: "site-facts" }, badges));
  const target = targets.get(`${board.seat}/${site.site}`);
  if (target) return clickable(node, target.label, target.act);
  node.setAttribute("tabindex", "0");
  node.addEventListener("click", () => show(text));
  node.addEventListener("focus", () => show(text));
  return node;
}

function header(view, names, board, changed) {
  const mine = board.seat === view.viewer;
  const pyramids = board.sites.filter((site) => site.kind === "pyramid");
  const done = pyramids.filter((site) => site.complete).length;
  const score = board.score === null ? _("score shown at the end") : _("score {score}", { score: board.score });
  const fresh = changed.has(`score:${board.seat}`);
  return h("header", { class: "board-head" },
    h("span", { class: "giza-swatch", "aria-hidden": "true" }),
    h("h3", { text: mine ? _("{name} (you)", { name: names[board.seat] }) : names[board.seat] }),
    view.to_act.includes(board.seat) ? h("span", { class: "badge turn", text: _("to play") }) : null,
    h("span", { class: fresh ? "board-facts changed" : "board-facts", "data-fact": "score" },
      `${_("{done}/{all} pyramids complete", { done, all: pyramids.length })} · ${score}`,
      fresh ? h("span", { class: "visually-hidden", text: ` ${_("Changed since your last move.")}` }) : null));
}

// A tap (or focus) on a stack that is not a target tells what it holds, right under its board.
function boardNode(view, names, board, targets, changed) {
  const detail = h("p", { class: "stack-detail", role: "status", hidden: true });
  const show = (text) => {
    detail.textContent = text;
    detail.hidden = false;
  };
  return h("article", {
    class: `giza-board seat-${board.seat}${board.seat === view.viewer ? " mine" : ""}${board.complete ? " is-complete" : ""}`,
    "data-seat": board.seat, "aria-label": _("Board of {name}", { name: names[board.seat] }),
  },
  header(view, names, board, changed),
  h("div", { class: "giza-sites" }, board.sites.map((site) => siteNode(view, names, board, site, targets, show, changed))),
  detail);
}

export function drawBoards(view, names, targets, changed = new Set()) {
  const order = [...view.boards].sort((a, b) => (a.seat === view.viewer ? -1 : b.seat === view.viewer ? 1 : a.seat - b.seat));
  return order.map((board) => boardNode(view, names, board, targets, changed));
}
