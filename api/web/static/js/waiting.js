// The waiting room of a game that has not started: who sits where, and joining, leaving or starting it.
import { get } from "./api.js";
import { h, showError } from "./dom.js";
import { confirmPlayer, seatOf } from "./session.js";
import { invitation, joinGame, leaveGame, startGame, wantsBots } from "./seats.js";

function seatList(meta) {
  return h("ul", { class: "seats" }, Array.from({ length: meta.seats }, (_, seat) => {
    const taken = meta.players.find((p) => p.seat === seat);
    return h("li", { class: taken ? "taken" : "free", text: `Seat ${seat + 1}: ${taken ? taken.name : "free"}` });
  }));
}

function shareLink(gameId, invite) {
  const path = `/games/${encodeURIComponent(gameId)}?invite=${encodeURIComponent(invite)}`;
  return h("p", { id: "invitation" }, "Private game: invite others with this link: ",
    h("a", { href: path, text: `${window.location.origin}${path}` }));
}

// Shows the room and returns the game's meta; `again` redraws it after a change.
export async function showWaitingRoom(room, gameId, again) {
  const meta = await get(`/games/${encodeURIComponent(gameId)}`);
  if (meta.status !== "open") return meta;
  const held = await seatOf(gameId);
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const fail = (e) => showError(error, e.message);
  const bots = wantsBots(gameId);
  const actions = [];
  if (held) {
    actions.push(
      h("button", { type: "button", class: "primary", id: "start-game", text: bots ? "Start (bots take the empty seats)" : "Start",
        onclick: () => startGame(gameId, bots).then(again, fail) }),
      h("button", { type: "button", id: "leave-game", text: "Leave this game",
        onclick: () => leaveGame(gameId, held.seat).then(() => window.location.assign("/"), fail) }),
    );
  } else {
    const signedIn = Boolean(await confirmPlayer());
    const invite = new URLSearchParams(window.location.search).get("invite");
    actions.push(h("button", { type: "button", class: "primary", id: "join-game", disabled: !signedIn, text: "Join this game",
      onclick: () => joinGame(gameId, invite).then(() => window.location.reload(), fail) }));
    if (!signedIn) actions.push(h("p", { class: "muted" }, h("a", { href: "/login", text: "Sign in" }), " to join."));
  }
  const invite = held && !meta.public ? await invitation(gameId).catch(() => null) : null;
  const parts = [h("h2", { text: "Waiting for players" }), seatList(meta), h("div", { class: "actions" }, actions), error];
  if (invite) parts.splice(2, 0, shareLink(gameId, invite));
  room.replaceChildren(...parts);
  room.hidden = false;
  return meta;
}
