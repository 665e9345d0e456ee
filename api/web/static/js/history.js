// The history page: every event in words, and a slider that shows the board after any event, with what
// that event changed highlighted.
import { _, t } from "./i18n.js";
import { get, post } from "./api.js";
import { h } from "./dom.js";
import { showBreakdown } from "./breakdown.js";
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
const described = new Map(); // event seq -> its words, for the slider's label

async function showVersion(version) {
  const mine = (request += 1);
  output.textContent = described.get(version) || "";
  const [body, before] = await Promise.all([
    get(`${base}/view?at=${version}`),
    version > 1 ? get(`${base}/view?at=${version - 1}`).catch(() => null) : null,
  ]);
  if (mine !== request || !body.view) return;
  renderer = renderer || (await import(`/static/games/${encodeURIComponent(body.view.game)}/game.js`));
  if (mine !== request) return; // a newer version was asked for while the renderer loaded
  const since = before && before.view;
  renderer.render({ view: body.view, names, submit: () => {}, readOnly: true, parts, since, result: body.result });
  showBreakdown(document.getElementById("breakdown"), body, names);
  root.dataset.shownVersion = String(version);
}

function eventItem(entry) {
  if (entry.kind === "refused") {
    const reason = entry.violation ? t(entry.violation.message) : _("the game had moved on");
    return h("li", { class: "refused", text: _("Your move was refused: {reason}", { reason }) });
  }
  const show = () => {
    slider.value = entry.seq;
    showVersion(entry.seq);
  };
  const words = t(entry.description);
  described.set(entry.seq, words);
  return h("li", { "data-seq": entry.seq },
    h("button", { type: "button", class: "link show-board", text: "▸", title: _("Show the board at this moment"),
      "aria-label": _("Show the board after: {event}", { event: words }), onclick: show }),
    " ", words);
}

// A chat message, shown after the event it was written after (text only, never markup).
function chatItem(message) {
  const channel = message.channel === "spectators" ? _("spectator") : _("player");
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
  names = Array.from({ length: meta.seats }, (unused, seat) => byseat[seat] || _("Seat {number}", { number: seat + 1 }));
  document.getElementById("history-export").hidden = meta.status !== "over";
  const [entries, messages] = await Promise.all([get(`${base}/history`), get(`/games/${encodeURIComponent(gameId)}/chat`).catch(() => [])]);
  document.getElementById("events").replaceChildren(...withChat(entries.map(eventItem), entries, messages));
  const last = entries.filter((e) => e.kind === "event").reduce((max, e) => Math.max(max, e.seq), 0);
  slider.max = String(Math.max(1, last));
  slider.value = String(Math.max(1, last));
  if (last) await showVersion(last);
  offerAnalysis(meta); // once the slider knows every position: a position chosen earlier would be overridden
}

// Analysis of a finished game: the search bot's preferred moves at the shown position, computed by a worker
// (the answer is "pending" until then: asked again every second, for a minute at most).
const analysis = {
  panel: document.getElementById("analysis"),
  seat: document.getElementById("analysis-seat"),
  ask: document.getElementById("analysis-ask"),
  answer: document.getElementById("analysis-answer"),
};

function analysisWords(found) {
  const [best, ...others] = found.moves;
  const chance = (move) => Math.round(move.win_chance * 100);
  const lines = [_("Preferred: {move} (estimated win chance {chance} %)", { move: best.description, chance: chance(best) })];
  for (const move of others) lines.push(_("Also considered: {move} ({chance} %)", { move: move.description, chance: chance(move) }));
  return lines.map((line) => h("span", { class: "analysis-line", text: line }));
}

async function analyse() {
  const at = Number(root.dataset.shownVersion || slider.value);
  const seat = Number(analysis.seat.value);
  analysis.ask.disabled = true;
  analysis.answer.replaceChildren(_("Analysing…"));
  try {
    for (let tries = 0; tries < 60; tries += 1) {
      const { data } = await post(`/games/${encodeURIComponent(gameId)}/analysis`, { at, seat });
      if (data.status === "done") {
        analysis.answer.replaceChildren(...analysisWords(data));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    analysis.answer.replaceChildren(_("The analysis is taking long; try again later."));
  } catch (error) {
    analysis.answer.replaceChildren(error.message);
  } finally {
    analysis.ask.disabled = false;
  }
}

function offerAnalysis(meta) {
  if (meta.status !== "over") return;
  analysis.seat.replaceChildren(...names.map((name, seat) => h("option", { value: String(seat), text: name })));
  analysis.ask.addEventListener("click", analyse);
  analysis.panel.hidden = false;
}

slider.addEventListener("input", () => showVersion(Number(slider.value)));
load();
