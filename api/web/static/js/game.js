// The game page: the waiting room of an open game, then the board of the game's own renderer, kept live,
// with the game log beside it and what changed since the viewer's last own move highlighted.
import { ApiError, api, get, newCommandId } from "./api.js";
import { showClocks, showTableActions } from "./clocks.js";
import { h, showError } from "./dom.js";
import { GameLog } from "./gamelog.js";
import { follow } from "./live.js";
import { watchChoices } from "./cue.js";
import { watchTurn } from "./attention.js";
import { seatOf } from "./session.js";
import { promptText, showNotes, turnText, yourTurn } from "./turn.js";
import { showWaitingRoom } from "./waiting.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const gamePath = `/games/${encodeURIComponent(gameId)}`;
const parts = {
  board: document.getElementById("board"),
  tableaus: document.getElementById("tableaus"),
  decisions: document.getElementById("decisions"),
  prompt: document.getElementById("prompt"),
  inspector: h("p", { class: "inspector", role: "status", hidden: true }),
};
const turn = document.getElementById("turn");
const changes = document.getElementById("changes");
const refusal = document.getElementById("refusal");
const liveState = document.getElementById("live-state");
const waitingRoom = document.getElementById("waiting-room");
document.querySelector(".status").append(parts.inspector);

let meta = null;
let current = null;
let renderer = null;
const held = await seatOf(gameId); // { seat } when the signed-in account plays in this game
const seat = held ? held.seat : null;
const viewPath = held ? `${gamePath}/seats/${seat}/view` : `${gamePath}/view`;
const log = new GameLog(document.getElementById("log"), held ? `${gamePath}/seats/${seat}` : gamePath, seat);
const cue = watchChoices(parts.decisions, document.getElementById("choices-cue"));
const markTurn = watchTurn(held ? document.getElementById("notify-permission") : null, document.getElementById("game-title").textContent);
const earlier = new Map(); // version -> body, the views the highlights are measured from

const names = () => {
  const byseat = Object.fromEntries(meta.players.map((p) => [p.seat, p.name]));
  return Array.from({ length: meta.seats }, (_, index) => byseat[index] || `Seat ${index + 1}`);
};

// A move made alone is refused if the board changed under it (expected_version); while several seats decide
// at once (sideways sets, discards) the others' choices do not change this seat's, and the rules re-check it.
function expectedVersion() {
  const waiting = (current.view && current.view.prompt && current.view.prompt.waiting_for) || current.to_act;
  return waiting.length > 1 ? undefined : current.version;
}

async function submit(command) {
  showError(refusal, "");
  try {
    const { status } = await api("POST", `${gamePath}/commands`, {
      // the table's commands (undo, resign, pause...) do not depend on the board: no expected version
      body: { command_id: newCommandId(), command, expected_version: command.type.startsWith("papyrus.") ? undefined : expectedVersion() },
    });
    if (status === 202) liveState.textContent = "Your move is being decided…";
    await refresh();
  } catch (error) {
    if (!(error instanceof ApiError)) return showError(refusal, "The server could not be reached: your move was not sent.");
    showError(refusal, error.status === 409 ? error.message : `Refused: ${error.message}`);
    if ([409, 422].includes(error.status)) await refresh().catch(() => null);
  }
}

// The view the board's highlights start from: the viewer's last own move, or for a spectator the
// previous version shown live (none after a reload).
async function baseline(body, previous) {
  if (seat === null) return previous;
  const since = log.lastOwn;
  if (!since || since >= body.version) return null;
  if (!earlier.has(since)) earlier.set(since, await get(`${viewPath}?at=${since}`).catch(() => null));
  return earlier.get(since);
}

function showTurn(body, changed) {
  const list = names();
  turn.textContent = turnText(body, list, seat);
  parts.prompt.textContent = promptText(body, list, seat);
  parts.prompt.hidden = !parts.prompt.textContent;
  changes.textContent = changed
    ? seat === null ? "Highlighted on the board: what the last move changed." : "Highlighted on the board: what changed since your last move."
    : "";
  changes.hidden = !changed;
  showNotes(document.getElementById("notes"), body);
  document.getElementById("export").hidden = body.status !== "over";
  root.dataset.yourTurn = String(yourTurn(body, seat));
  markTurn(yourTurn(body, seat));
  root.dataset.version = String(body.version);
}

let shown = Promise.resolve();

// Views are shown one at a time, in order, and never replaced by an older one.
function show(body) {
  shown = shown.then(() => display(body)).catch((error) => showError(refusal, error.message));
  return shown;
}

function showTable(body) {
  showClocks(document.getElementById("clocks"), body, names(), seat);
  showTableActions(document.getElementById("table-actions"), body, seat, submit);
}

async function display(body) {
  if (current && body.version < current.version) return;
  if (current && body.version === current.version) return showTable(body); // the clocks may have moved

  if (!body.view) {
    meta = await showWaitingRoom(waitingRoom, gameId, refresh);
    turn.textContent = "The game has not started yet.";
    if (meta.status !== "open") setTimeout(refresh, 0);
    return;
  }
  if (!meta || meta.status === "open") meta = await get(gamePath);
  const previous = current;
  current = body;
  waitingRoom.hidden = true;
  await log.catchUp(body.version);
  log.markUndone(body.table && body.table.undone);
  const since = await baseline(body, previous);
  renderer = renderer || (await import(`/static/games/${encodeURIComponent(body.view.game)}/game.js`));
  const drawn = renderer.render({ view: body.view, names: names(), submit, readOnly: false, parts, since: since && since.view });
  showTurn(body, Boolean(drawn && drawn.changed));
  showTable(body);
  cue.update();
}

async function refresh() {
  await show(await get(viewPath));
}

function showLive(status, connections) {
  liveState.textContent = {
    live: "Live.",
    reconnecting: "Reconnecting…",
    offline: "Connection lost; retrying…",
    gone: "No such game: this game no longer exists.",
  }[status];
  liveState.dataset.connections = String(connections);
  liveState.dataset.status = status;
}

refresh().catch((error) => showError(refusal, error.status === 404 ? "No such game." : error.message));
follow(gameId, { onView: show, onStatus: showLive });
setInterval(() => (current ? null : refresh().catch(() => null)), 3000); // the waiting room fills up
// A turn's clock starts once the worker settled the move, maybe after the view showing it was sent: while
// the game has a clock, look again now and then (only the clocks are redrawn for the same version).
setInterval(() => (current && current.clock && current.status === "running" ? refresh().catch(() => null) : null), 5000);
