// A player's profile: display name, member since, record and rating per game, current and recent games.
import { get } from "./api.js";
import { h, showError } from "./dom.js";
import { finishedCard } from "./finished.js";
import { confirmPlayer } from "./session.js";

const root = document.getElementById("profile");
const name = root.dataset.name;

function recordRow(record) {
  const rating = record.rating;
  return h("tr", { "data-game": record.game },
    h("th", { scope: "row" }, h("a", { href: `/leaderboard/${encodeURIComponent(record.game)}`, text: record.title })),
    h("td", { text: String(record.played) }),
    h("td", { text: String(record.won) }),
    h("td", { text: String(record.abandoned) }),
    h("td", { text: String(record.timed_out) }),
    h("td", { class: "rating", text: rating ? rating.rating.toFixed(2) : "–" }),
    h("td", { text: rating ? `#${rating.rank}` : "–" }));
}

const titles = {};

function currentItem(game) {
  const state = game.status === "open" ? "waiting for players" : game.your_turn ? "their turn" : "running";
  const title = titles[game.game] || game.game;
  return h("li", {}, h("a", { href: `/games/${encodeURIComponent(game.id)}`, text: `${title} · ${game.seats} players` }),
    h("span", { class: "muted", text: ` ${state}` }));
}

async function load() {
  let profile;
  try {
    profile = await get(`/players/${encodeURIComponent(name)}`);
  } catch (error) {
    showError(document.getElementById("profile-error"), error.status === 404 ? "No player has this name." : error.message);
    return;
  }
  document.getElementById("profile-title").textContent = profile.display_name;
  document.getElementById("profile-since").textContent = `Member since ${new Date(profile.member_since * 1000).toLocaleDateString()}`;
  document.querySelector("#record tbody").replaceChildren(...profile.games.map(recordRow));
  const hosted = await fetch("/web/games.json").then((r) => r.json()).catch(() => []);
  for (const entry of hosted) titles[entry.name] = entry.title;
  const current = document.getElementById("current");
  current.replaceChildren(...profile.current.map(currentItem));
  if (!profile.current.length) current.append(h("li", { class: "muted", text: "No game in progress." }));
  const recent = document.getElementById("recent");
  recent.replaceChildren(...profile.recent.map((game) => finishedCard(game, { highlight: profile.display_name })));
  if (!profile.recent.length) recent.append(h("li", { class: "muted", text: "No finished game yet." }));
  const me = await confirmPlayer();
  const mine = me && me.displayName && me.displayName.toLowerCase() === profile.display_name.toLowerCase();
  document.getElementById("profile-settings").hidden = !mine;
  root.dataset.loaded = "true";
}

load();
