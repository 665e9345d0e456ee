// A player's profile: display name, member since, record and rating per game, current and recent games.
import { awayUntil } from "./away.js";
import { _, lang, n_ } from "./i18n.js";
import { get } from "./api.js";
import { h, showError } from "./dom.js";
import { finishedCard, gameTitle } from "./finished.js";
import { confirmPlayer } from "./session.js";

const root = document.getElementById("profile");
const publicId = root.dataset.id;  // the profile's lasting address: /profiles/<id> (the server resolved names)

function recordRow(record) {
  const rating = record.rating;
  return h("tr", { "data-game": record.game },
    h("th", { scope: "row" }, h("a", { href: `/leaderboard/${encodeURIComponent(record.game)}`, text: gameTitle(record.title) })),
    h("td", { text: String(record.played) }),
    h("td", { text: String(record.won) }),
    h("td", { text: String(record.resigned) }),
    h("td", { text: String(record.timed_out) }),
    h("td", { text: String(record.abandoned) }),
    h("td", { class: "rating", text: rating ? rating.rating.toFixed(2) : "–" }),
    h("td", { text: rating ? `#${rating.rank}` : "–" }));
}

const titles = {};

function currentItem(game) {
  const state = game.status === "open" ? _("waiting for players") : game.your_turn ? _("their turn") : _("running");
  const title = titles[game.game] || game.game;
  return h("li", {}, h("a", { href: `/games/${encodeURIComponent(game.id)}`, text: `${title} · ${n_("{count} player", "{count} players", game.seats)}` }),
    h("span", { class: "muted", text: ` ${state}` }));
}

async function load() {
  if (!publicId) {
    showError(document.getElementById("profile-error"), _("No player has this name."));
    return;
  }
  let profile;
  try {
    profile = await get(`/profiles/${encodeURIComponent(publicId)}`);
  } catch (error) {
    showError(document.getElementById("profile-error"), error.status === 404 ? _("No player has this name.") : error.message);
    return;
  }
  document.getElementById("profile-title").textContent = profile.display_name;
  document.getElementById("profile-archive").href = `/archive?player=${encodeURIComponent(profile.display_name)}`;
  document.getElementById("profile-since").textContent = _("Member since {date}", { date: new Date(profile.member_since * 1000).toLocaleDateString(lang) });
  const away = document.getElementById("profile-away");
  away.hidden = !profile.away_until;
  if (profile.away_until) away.textContent = awayUntil(profile.away_until);
  document.querySelector("#record tbody").replaceChildren(...profile.games.map(recordRow));
  const hosted = await fetch("/web/games.json").then((r) => r.json()).catch(() => []);
  for (const entry of hosted) titles[entry.name] = entry.title;
  const current = document.getElementById("current");
  current.replaceChildren(...profile.current.map(currentItem));
  if (!profile.current.length) current.append(h("li", { class: "muted", text: _("No game in progress.") }));
  const recent = document.getElementById("recent");
  recent.replaceChildren(...profile.recent.map((game) => finishedCard(game, { highlight: profile.display_name })));
  if (!profile.recent.length) recent.append(h("li", { class: "muted", text: _("No finished game yet.") }));
  const me = await confirmPlayer();
  const mine = me && me.displayName && me.displayName.toLowerCase() === profile.display_name.toLowerCase();
  document.getElementById("profile-settings").hidden = !mine;
  root.dataset.loaded = "true";
}

load();
