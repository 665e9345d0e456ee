// Every player's map board: three pyramid sites and the Sphinx site, each drawn as a stack. My own stacks show
// every tile; another player's show only the top tile and how many lie beneath (nobody may look under another
// player's top tile). A site that is a legal target of the chosen tile is a button.
import { clickable, h } from "../../js/dom.js";
import { hiddenLayer, tileName, tileNode } from "./tiles.js";

const HIDDEN_LAYERS_DRAWN = 8; // taller hidden piles are drawn this high, with the height in words below

function ownerName(view, names, seat) {
  return seat === view.viewer ? "your" : `${names[seat]}'s`;
}

// The stack in words, as far as the viewer may see it (the hover title and the tap inspector).
export function stackText(view, names, board, site) {
  const where = `${ownerName(view, names, board.seat)} ${site.name}`.replace(/^./, (c) => c.toUpperCase());
  if (!site.height) return `${where} is empty.`;
  const count = `${site.height} tile${site.height === 1 ? "" : "s"}`;
  if (site.tiles) {
    const list = site.tiles.map(tileName).join(", ");
    return `${where}: ${count}, bottom to top: ${list} (${site.points} points).`;
  }
  const under = site.height - 1;
  const hidden = under ? ` You may not look at the ${under} tile${under === 1 ? "" : "s"} beneath.` : "";
  return `${where}: ${count}, top: ${tileName(site.top)}.${hidden}`;
}

function stackItems(site) {
  if (site.tiles) return site.tiles.map((tile) => tileNode(tile, "li"));
  if (!site.top) return [];
  const hidden = Math.min(site.height - 1, HIDDEN_LAYERS_DRAWN);
  return [...Array.from({ length: hidden }, hiddenLayer), tileNode(site.top, "li")];
}

function siteNode(view, names, board, site, targets, show) {
  const text = stackText(view, names, board, site);
  const badges = [
    h("span", { class: "height", text: `${site.height} tile${site.height === 1 ? "" : "s"}` }),
    site.points !== null && site.height ? h("span", { class: "points", text: `${site.points} pts` }) : null,
    site.complete ? h("span", { class: "complete", text: "complete" }) : null,
  ];
  const node = h("div", {
    class: `giza-site site-${site.kind}${site.complete ? " is-complete" : ""}`,
    "data-board": board.seat, "data-site": site.site, "data-height": site.height,
    "data-top": site.top ? site.top.id : "", title: text,
  },
  h("h4", { class: "site-name", text: site.name }),
  h("ol", { class: "giza-stack", "aria-label": text }, stackItems(site)),
  h("p", { class: "site-facts" }, badges));
  const target = targets.get(`${board.seat}/${site.site}`);
  if (target) return clickable(node, target.label, target.act);
  node.setAttribute("tabindex", "0");
  node.addEventListener("click", () => show(text));
  node.addEventListener("focus", () => show(text));
  return node;
}

function header(view, names, board) {
  const mine = board.seat === view.viewer;
  const pyramids = board.sites.filter((site) => site.kind === "pyramid");
  const done = pyramids.filter((site) => site.complete).length;
  const score = board.score === null ? "score shown at the end" : `score ${board.score}`;
  return h("header", { class: "board-head" },
    h("span", { class: "giza-swatch", "aria-hidden": "true" }),
    h("h3", { text: `${names[board.seat]}${mine ? " (you)" : ""}` }),
    view.to_act.includes(board.seat) ? h("span", { class: "badge turn", text: "to play" }) : null,
    h("span", { class: "board-facts", "data-fact": "score", text: `${done}/${pyramids.length} pyramids complete · ${score}` }));
}

// A tap (or focus) on a stack that is not a target tells what it holds, right under its board.
function boardNode(view, names, board, targets) {
  const detail = h("p", { class: "stack-detail", role: "status", hidden: true });
  const show = (text) => {
    detail.textContent = text;
    detail.hidden = false;
  };
  return h("article", {
    class: `giza-board seat-${board.seat}${board.seat === view.viewer ? " mine" : ""}${board.complete ? " is-complete" : ""}`,
    "data-seat": board.seat, "aria-label": `Board of ${names[board.seat]}`,
  },
  header(view, names, board),
  h("div", { class: "giza-sites" }, board.sites.map((site) => siteNode(view, names, board, site, targets, show))),
  detail);
}

export function drawBoards(view, names, targets) {
  const order = [...view.boards].sort((a, b) => (a.seat === view.viewer ? -1 : b.seat === view.viewer ? 1 : a.seat - b.seat));
  return order.map((board) => boardNode(view, names, board, targets));
}
