// The game page: the waiting room of an open game, then the board of the game's own renderer, kept live.
import { ApiError, api, get, newCommandId } from "./api.js";
import { h, showError } from "./dom.js";
import { follow } from "./live.js";
import { confirmPlayer, seatOf } from "./session.js";
import { invitation, joinGame, startGame, wantsBots } from "./seats.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const parts = {
  board: document.getElementById("board"),
  tableaus: document.getElementById("tableaus"),
  decisions: document.getElementById("decisions"),
  prompt: document.getElementById("prompt"),
  inspector: h("p", { class: "inspector", role: "status", hidden: true }),
};
const turn = document.getElementById("turn");
const refusal = document.getElementById("refusal");
const liveState = document.getElementById("live-state");
const waitingRoom = document.getElementById("waiting-room");
document.querySelector(".status").append(parts.inspector);

let meta = null;
let current = null;
let renderer = null;
let held = null; // { seat } when the signed-in account plays in this game
let waiting = null;

const names = () => {
  const byseat = {};
  for (const p of meta.players) byseat[p.seat] = p.name + (p.bot ? " (bot)" : "");
  return Array.from({ length: meta.seats }, (_, seat) => byseat[seat] || `Seat ${seat + 1}`);
};

async function loadRenderer(game) {
  if (!renderer) renderer = await import(`/static/games/${encodeURIComponent(game)}/game.js`);
  return renderer;
}

async function submit(command) {
  showError(refusal, "");
  try {
    const { status } = await api("POST", `/games/${encodeURIComponent(gameId)}/commands`, {
      body: { command_id: newCommandId(), command, expected_version: current.version },
    });
    if (status === 202) liveState.textContent = "Your move is being decided…";
    await refresh();
  } catch (error) {
    showError(refusal, `Refused: ${error instanceof ApiError ? error.message : "the server could not be reached."}`);
    if (error instanceof ApiError && [409, 422].includes(error.status)) await refresh().catch(() => null);
  }
}

function showTurn(body) {
  const list = names();
  if (body.status === "over") {
    turn.textContent = "The game is over.";
  } else if (held && body.to_act.includes(held.seat)) {
    turn.textContent = "Your turn.";
  } else {
    turn.textContent = body.to_act.length ? `Waiting for ${body.to_act.map((seat) => list[seat]).join(", ")}.` : "The game moves on by itself…";
  }
  root.dataset.yourTurn = String(Boolean(held && body.to_act.includes(held.seat)));
  root.dataset.version = String(body.version);
}

let shown = Promise.resolve();

// Views are shown one at a time, in order, and never replaced by an older one.
function show(body) {
  shown = shown.then(() => display(body)).catch((error) => showError(refusal, error.message));
  return shown;
}

async function display(body) {
  if (current && body.version <= current.version) return;
  if (!body.view) return showWaitingRoom();
  if (!meta || meta.status === "open") meta = await get(`/games/${encodeURIComponent(gameId)}`);
  current = body;
  waitingRoom.hidden = true;
  document.getElementById("game-title").textContent = `${meta.game.charAt(0).toUpperCase() + meta.game.slice(1)} · version ${body.version}`;
  showTurn(body);
  const module = await loadRenderer(body.view.game);
  module.render({ view: body.view, names: names(), submit, readOnly: false, parts });
}

async function refresh() {
  const path = held ? `/games/${encodeURIComponent(gameId)}/seats/${held.seat}/view` : `/games/${encodeURIComponent(gameId)}/view`;
  await show(await get(path));
}

const join = (error) => () => {
  const invite = new URLSearchParams(window.location.search).get("invite");
  joinGame(gameId, invite).then(() => window.location.reload(), (e) => showError(error, e.message));
};

async function showWaitingRoom() {
  meta = await get(`/games/${encodeURIComponent(gameId)}`);
  if (meta.status !== "open") {
    setTimeout(refresh, 0);
    return;
  }
  held = await seatOf(gameId);
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const act = (work) => () => work().then(showWaitingRoom, (e) => showError(error, e.message));
  const seats = Array.from({ length: meta.seats }, (_, seat) => {
    const taken = meta.players.find((p) => p.seat === seat);
    return h("li", { text: `Seat ${seat + 1}: ${taken ? taken.name : "free"}` });
  });
  const bots = wantsBots(gameId);
  const signedIn = Boolean(await confirmPlayer());
  const actions = held
    ? [h("button", { type: "button", class: "primary", id: "start-game", onclick: act(() => startGame(gameId, bots)),
        text: bots ? "Start (bots take the empty seats)" : "Start" })]
    : [h("button", { type: "button", class: "primary", id: "join-game", disabled: !signedIn, onclick: join(error), text: "Join this game" })];
  const invite = held && !meta.public ? await invitation(gameId).catch(() => null) : null;
  const share = invite
    ? h("p", { id: "invitation" }, "Private game: invite others with this link: ",
        h("a", { href: `/games/${encodeURIComponent(gameId)}?invite=${encodeURIComponent(invite)}`, text: `${window.location.origin}/games/${encodeURIComponent(gameId)}?invite=${invite}` }))
    : null;
  waitingRoom.replaceChildren(h("h2", { text: "Waiting for players" }), h("ul", {}, seats), ...actions, share, error);
  waitingRoom.hidden = false;
  turn.textContent = "The game has not started yet.";
  clearTimeout(waiting);
  waiting = setTimeout(() => (current ? null : showWaitingRoom()), 3000);
}

held = await seatOf(gameId);
refresh().catch((error) => showError(refusal, error.message));
follow(gameId, {
  onView: show,
  onStatus: (status, connections) => {
    liveState.textContent = { live: "Live.", reconnecting: "Reconnecting…", offline: "Connection lost; retrying…" }[status];
    liveState.dataset.connections = String(connections);
    liveState.dataset.status = status;
  },
});
