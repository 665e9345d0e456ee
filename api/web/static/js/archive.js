// The archive of finished games: filters (game, player, number of players, dates) kept in the address, a page
// at a time, newest first; each game opens on its final board.
import { _, n_ } from "./i18n.js";
import { get } from "./api.js";
import { h, showError } from "./dom.js";
import { finishedCard } from "./finished.js";

const form = document.getElementById("archive-filters");
const FILTERS = ["game", "player", "players", "since", "until"];
const PER_PAGE = 20;
let page = 1;

function fromAddress() {
  const params = new URLSearchParams(window.location.search);
  for (const name of FILTERS) if (params.has(name)) form.elements[name].value = params.get(name);  // keeps what was typed before this ran
  page = Math.max(1, Number(params.get("page")) || 1);
}

function query() {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (form.elements[name].value.trim()) params.set(name, form.elements[name].value.trim());
  params.set("page", String(page));
  return params;
}

async function show() {
  const params = query();
  history.replaceState(null, "", `?${params}`);
  params.set("per_page", String(PER_PAGE));
  const error = document.getElementById("archive-error");
  showError(error, "");
  let found;
  try {
    found = await get(`/archive?${params}`);
  } catch (refused) {
    showError(error, refused.message);
    return;
  }
  const player = form.elements.player.value.trim();
  const list = document.getElementById("archive-list");
  list.replaceChildren(...found.games.map((game) => finishedCard(game, { highlight: player })));
  if (!found.games.length) list.append(h("li", { class: "muted", text: _("No finished game matches.") }));
  const pages = Math.max(1, Math.ceil(found.total / PER_PAGE));
  document.getElementById("archive-total").textContent = n_("{count} finished game", "{count} finished games", found.total);
  document.getElementById("archive-page").textContent = ` ${_("Page {page} of {pages}", { page, pages })} `;
  document.getElementById("archive-previous").disabled = page <= 1;
  document.getElementById("archive-next").disabled = page >= pages;
  document.getElementById("archive").dataset.loaded = params.toString();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  page = 1;
  show();
});
document.getElementById("archive-previous").addEventListener("click", () => { page -= 1; show(); });
document.getElementById("archive-next").addEventListener("click", () => { page += 1; show(); });
fromAddress();
show();
