// The game page: the waiting room of an open game, then the board of the game's own renderer, kept live,
// with the game log beside it and what changed since the viewer's last own move highlighted.
import { _ } from "./i18n.js";
import { ApiError, api, get, newCommandId } from "./api.js";
import { showBreakdown } from "./breakdown.js";
import { showClocks, showTableActions } from "./clocks.js";
import { holdMoves, showPause } from "./pause.js";
import { showChoices } from "./choices.js";
import { h, showError } from "./dom.js";
import { GameLog } from "./gamelog.js";
import { follow } from "./live.js";
import { watchChoices } from "./cue.js";
import { watchTurn } from "./attention.js";
import { seatOf } from "./session.js";
import { paused, promptText, showNotes, turnText, yourTurn } from "./turn.js";
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
  return Array.from({ length: meta.seats }, (unused, index) => byseat[index] || _("Seat {number}", { number: index + 1 }));
};

// A move made alone is refused if the board changed under it (expected_version); while several seats decide
// at once (sideways sets, discards) the others' choices do not change this seat's, and the rules re-check it.
function expectedVersion() {
  const waiting = (current.view && current.view.prompt && current.view.prompt.waiting_for) || current.to_act;
  return waiting.length > 1 ? undefined : current.version;
}

// The same command sent again on the same board version (a double click, a second tap while the first is on its way)
// keeps its command id: the server answers it with the first one's outcome instead of "someone moved first".
let sent = { key: null, id: null };

function commandId(command, expected) {
  const key = JSON.stringify([command, expected, current.version]);
  if (sent.key !== key) sent = { key, id: newCommandId() };
  return sent.id;
}

// With "Ask before sending a move" on (the account's setting), a move waits for the player's yes.
const askFirst = held ? await get("/accounts/me/moves").then((chosen) => chosen.confirm).catch(() => false) : false;
let answerPending = null;

function confirmed(command) {
  if (!askFirst || command.type.startsWith("papyrus.")) return Promise.resolve(true);
  if (answerPending) answerPending(false); // a newer choice replaces a question left unanswered
  const box = document.getElementById("confirm-move");
  return new Promise((resolve) => {
    answerPending = (yes) => {
      answerPending = null;
      box.hidden = true;
      box.replaceChildren();
      resolve(yes);
    };
    const answer = answerPending;
    box.replaceChildren(
      h("p", { id: "confirm-move-text", text: _("Send this move?") }),
      h("button", { type: "button", class: "primary", "data-confirm": "send", text: _("Send"), onclick: () => answer(true) }),
      " ",
      h("button", { type: "button", "data-confirm": "cancel", text: _("Cancel"), onclick: () => answer(false) }));
    box.hidden = false;
    box.querySelector("button").focus();
  });
}

async function submit(command) {
  showError(refusal, "");
  if (!(await confirmed(command))) return;
  // the table's commands (undo, resign, pause...) do not depend on the board: no expected version
  const expected = command.type.startsWith("papyrus.") ? undefined : expectedVersion();
  try {
    // the answer carries this seat's view after the move (?view=1) and the move's events: no read follows
    const id = commandId(command, expected);
    const sending = api("POST", `${gamePath}/commands?view=1`, {
      body: { command_id: id, command, expected_version: expected },
    });
    log.awaiting(sending.then(({ status, data }) => (status === 200 && data && data.view ? data : null)));
    const { status, data } = await sending;
    if (status === 200 && data && data.view) return await show(data.view);
    await refresh();
    if (status === 202) await decided(id);
  } catch (error) {
    if (!(error instanceof ApiError)) return showError(refusal, _("The server could not be reached: your move was not sent."));
    showError(refusal, error.status === 409 ? error.message : _("Refused: {reason}", { reason: error.message }));
    if ([409, 422].includes(error.status)) await refresh().catch(() => null);
  }
}

// A move the server has not decided within its wait: its outcome is asked for until it is decided, so a
// refusal reaches the player however late it comes (thrown as the answer's error, shown as any refusal).
const OUTCOME_POLLS_MS = [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000];

async function decided(id) {
  const shown = liveState.textContent;
  liveState.textContent = _("Your move is being decided…");
  try {
    for (const wait of OUTCOME_POLLS_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const { status } = await api("GET", `${gamePath}/commands/${encodeURIComponent(id)}`);
      if (status !== 202) return await refresh();
    }
  } finally {
    if (liveState.textContent === _("Your move is being decided…")) liveState.textContent = shown;
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
    ? seat === null ? _("Highlighted on the board: what the last move changed.") : _("Highlighted on the board: what changed since your last move.")
    : "";
  changes.hidden = !changed;
  showNotes(document.getElementById("notes"), body);
  document.getElementById("export").hidden = body.status !== "over";
  root.dataset.yourTurn = String(yourTurn(body, seat));
  markTurn(yourTurn(body, seat));
  root.dataset.version = String(body.version);
}

// While the viewer's own last move may still be taken back (nobody else acted since: bots wait a moment
// after it), an "Undo my last move" button stands right under the turn, besides the table's.
const undoNow = document.getElementById("undo-now");
undoNow.addEventListener("click", () => submit({ type: "papyrus.undo" }));

function showUndo(body) {
  undoNow.hidden = !(body.status === "running" && !paused(body) && log.mayUndo());
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
  showPause(document.getElementById("pause"), body, { names: names(), seat, players: meta.players, submit });
  showChoices(document.getElementById("choices"), body, { names: names(), seat, players: meta.players, submit });
}

async function display(body) {
  if (current && body.version < current.version) return;
  if (current && body.version === current.version) return showTable(body); // the clocks may have moved

  if (!body.view) {
    meta = await showWaitingRoom(waitingRoom, gameId, refresh);
    turn.textContent = _("The game has not started yet.");
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
  const drawn = renderer.render({ view: body.view, names: names(), submit, readOnly: false, parts, since: since && since.view, result: body.result });
  holdMoves([parts.board, parts.tableaus, parts.decisions], paused(body));
  showTurn(body, Boolean(drawn && drawn.changed));
  showUndo(body);
  showBreakdown(document.getElementById("breakdown"), body, names());
  showTable(body);
  cue.update();
}

async function refresh() {
  await show(await get(viewPath));
}

function showLive(status, connections) {
  liveState.textContent = {
    live: _("Live."),
    reconnecting: _("Reconnecting…"),
    offline: _("Connection lost; retrying…"),
    gone: _("No such game: this game no longer exists."),
  }[status];
  liveState.dataset.connections = String(connections);
  liveState.dataset.status = status;
}

refresh().catch((error) => showError(refusal, error.status === 404 ? _("No such game.") : error.message));
follow(gameId, { onView: show, onStatus: showLive });
setInterval(() => (current ? null : refresh().catch(() => null)), 3000); // the waiting room fills up
// A turn's clock starts once the worker settled the move, maybe after the view showing it was sent: while
// the game has a clock, look again now and then (only the clocks are redrawn for the same version).
setInterval(() => (current && current.clock && current.status === "running" ? refresh().catch(() => null) : null), 5000);
