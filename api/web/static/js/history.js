// The history page: every event in words, and a slider that shows the board after any event, with what
// that event changed highlighted.
import { get } from "./api.js";
import { h } from "./dom.js";
import { seatOf } from "./session.js";

const root = document.getElementById("history");
const gameId = root.dataset.gameId;
const slider = document.getElementById("version-slider");
const output = document.getElementById("version-label");
const parts = {
  board: document.getElementById("board"),
  tableaus: document.getElementById("tableaus"),
  decisions: h("div"),
  prompt: h("p"),
  inspector: h("p", { hidden: true }),
};
const held = await seatOf(gameId);
const base = held ? `/games/${encodeURIComponent(gameId)}/seats/${held.seat}` : `/games/${encodeURIComponent(gameId)}`;
let renderer = null;
let names = [];
let request = 0;

async function showVersion(version) {
  const mine = (request += 1);
  output.textContent = String(version);
  const [body, before] = await Promise.all([
    get(`${base}/view?at=${version}`),
    version > 1 ? get(`${base}/view?at=${version - 1}`).catch(() => null) : null,
  ]);
  if (mine !== request || !body.view) return;
  renderer = renderer || (await import(`/static/games/${encodeURIComponent(body.view.game)}/game.js`));
  if (mine !== request) return; // a newer version was asked for while the renderer loaded
  const since = before && before.view;
  renderer.render({ view: body.view, names, submit: () => {}, readOnly: true, parts, since });
  root.dataset.shownVersion = String(version);
}

function eventItem(entry) {
  if (entry.kind === "refused") {
    const reason = entry.violation ? entry.violation.message : entry.status;
    return h("li", { class: "refused", text: `Your move was refused: ${reason}` });
  }
  const show = () => {
    slider.value = entry.seq;
    showVersion(entry.seq);
  };
  return h("li", { "data-seq": entry.seq, value: entry.seq },
    h("button", { type: "button", class: "link", text: String(entry.seq), "aria-label": `Show the board after event ${entry.seq}`, onclick: show }),
    " ", entry.description);
}

// A chat message, shown after the event it was written after (text only, never markup).
function chatItem(message) {
  const channel = message.channel === "spectators" ? "spectator" : "player";
  return h("li", { class: "chat-entry", "data-version": message.version },
    h("span", { class: "chat-name", text: `${message.name} (${channel})` }),
    h("span", { class: "chat-text", text: message.text }));
}

function withChat(items, entries, messages) {
  const after = new Map();
  for (const message of messages) {
    const list = after.get(message.version) || [];
    list.push(chatItem(message));
    after.set(message.version, list);
  }
  const placed = [...(after.get(0) || [])];
  after.delete(0);
  entries.forEach((entry, index) => {
    placed.push(items[index]);
    if (entry.kind === "event" && after.has(entry.seq)) {
      placed.push(...after.get(entry.seq));
      after.delete(entry.seq);
    }
  });
  for (const rest of after.values()) placed.push(...rest);
  return placed;
}

async function load() {
  const meta = await get(`/games/${encodeURIComponent(gameId)}`);
  const byseat = Object.fromEntries(meta.players.map((p) => [p.seat, p.name]));
  names = Array.from({ length: meta.seats }, (_, seat) => byseat[seat] || `Seat ${seat + 1}`);
  document.getElementById("history-export").hidden = meta.status !== "over";
  const [entries, messages] = await Promise.all([get(`${base}/history`), get(`/games/${encodeURIComponent(gameId)}/chat`).catch(() => [])]);
  document.getElementById("events").replaceChildren(...withChat(entries.map(eventItem), entries, messages));
  const last = entries.filter((e) => e.kind === "event").reduce((max, e) => Math.max(max, e.seq), 0);
  slider.max = String(Math.max(1, last));
  slider.value = String(Math.max(1, last));
  if (last) await showVersion(last);
}

slider.addEventListener("input", () => showVersion(Number(slider.value)));
load();
