// A game's leaderboard, a page at a time, best first.
import { _ } from "./i18n.js";
import { get } from "./api.js";
import { h } from "./dom.js";

const root = document.getElementById("leaderboard");
const game = root.dataset.game;
const PER_PAGE = 20;
const params = new URLSearchParams(window.location.search);
let page = Math.max(1, Number(params.get("page")) || 1);

function row(entry) {
  return h("tr", { "data-name": entry.display_name },
    h("td", { class: "rank", text: `#${entry.rank}` }),
    h("td", {}, h("a", { href: entry.player_id ? `/profiles/${encodeURIComponent(entry.player_id)}` : `/players/${encodeURIComponent(entry.display_name)}`, text: entry.display_name })),
    h("td", { class: "rating", text: entry.rating.toFixed(2) }),
    h("td", { text: String(entry.games) }));
}

async function show() {
  const board = await get(`/ratings/${encodeURIComponent(game)}?page=${page}&per_page=${PER_PAGE}`);
  document.querySelector("#board-table tbody").replaceChildren(...board.entries.map(row));
  document.getElementById("board-empty").hidden = board.total > 0;
  const pages = Math.max(1, Math.ceil(board.total / PER_PAGE));
  document.getElementById("board-page").textContent = ` ${_("Page {page} of {pages}", { page, pages })} `;
  document.getElementById("board-previous").disabled = page <= 1;
  document.getElementById("board-next").disabled = page >= pages;
  root.dataset.loaded = String(page);
}

function go(delta) {
  page += delta;
  history.replaceState(null, "", `?page=${page}`);
  show();
}

document.getElementById("board-previous").addEventListener("click", () => go(-1));
document.getElementById("board-next").addEventListener("click", () => go(1));
show();
