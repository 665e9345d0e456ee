// The waiting room of a game that has not started: who sits where, its clock and options in words, the
// invitation link, and joining, leaving or (for the player who created it) starting it.
import { _, placed, t } from "./i18n.js";
import { get } from "./api.js";
import { formatSeconds } from "./clocks.js";
import { h, showError } from "./dom.js";
import { gameFacts } from "./games.js";
import { absencesOf } from "./away.js";
import { confirmPlayer, seatOf } from "./session.js";
import { invitation, joinGame, leaveGame, startGame, wantsBots } from "./seats.js";

const PRESETS = {
  none: () => _("None (a friendly game)"),
  slow: () => _("Slow: 1 day a move + 3 days reserve"),
  relaxed: () => _("Relaxed: 3 days a move + 7 days reserve"),
  fast: () => _("Fast (live): 2 minutes a move + 10 minutes reserve"),
};
const POLICIES = {
  bot: () => _("A bot plays until the player is back"),
  pass: () => _("The player passes (the game's timeout move)"),
  forfeit: () => _("The player forfeits (ranked last, a bot finishes)"),
};

function clockWords(clock) {
  if (!clock) return _("This server's default");
  if (PRESETS[clock.preset]) return PRESETS[clock.preset]();
  return _("{move} a move + {reserve} reserve", { move: formatSeconds(clock.per_move), reserve: formatSeconds(clock.reserve) });
}

function optionWords(value) {
  if (value === true) return _("yes");
  if (value === false) return _("no");
  return String(value);
}

// The game's facts a player decides to join by: its clock, what happens when time runs out, its options.
async function facts(meta) {
  const labels = ((await gameFacts().catch(() => new Map())).get(meta.game) || {}).options || {};
  const rows = [[_("Clock"), clockWords(meta.clock)]];
  if (meta.clock && meta.clock.preset !== "none") {
    const policy = (POLICIES[meta.clock.policy] || POLICIES.bot)();
    const words = meta.clock.opponents_choose ? _("The other players choose (otherwise: {policy})", { policy }) : policy;
    rows.push([_("When time runs out"), words]);
  }
  for (const [key, value] of Object.entries(meta.options || {})) {
    if (labels[key]) rows.push([t(labels[key]), optionWords(value)]);
  }
  rows.push([_("Rated"), meta.rated === false ? _("no") : _("yes")]);
  return h("dl", { class: "facts", id: "game-facts" }, rows.flatMap(([term, words]) => [h("dt", { text: term }), h("dd", { text: words })]));
}

function seatList(meta) {
  return h("ul", { class: "seats" }, Array.from({ length: meta.seats }, (unused, seat) => {
    const taken = meta.players.find((p) => p.seat === seat);
    const away = taken ? absencesOf(meta, seat) : null;
    return h("li", { class: taken ? "taken" : "free", text: taken ? _("Seat {number}: {name}", { number: seat + 1, name: taken.name }) : _("Seat {number}: free", { number: seat + 1 }) },
      away ? h("span", { class: "away-mark badge", text: ` ${away}` }) : null);
  }));
}

function shareLink(gameId, invite) {
  const path = invite ? `/games/${encodeURIComponent(gameId)}?invite=${encodeURIComponent(invite)}` : `/games/${encodeURIComponent(gameId)}`;
  const words = invite ? _("Private game: invite others with this link:") : _("Invite others with this link:");
  return h("p", { id: "invitation" }, `${words} `, h("a", { href: path, text: `${window.location.origin}${path}` }));
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
    const host = meta.host === undefined || meta.host === null ? null : meta.players.find((p) => p.seat === meta.host);
    if (!host || host.seat === held.seat) {
      actions.push(h("button", { type: "button", class: "primary", id: "start-game", text: bots ? _("Start (bots take the empty seats)") : _("Start"),
        onclick: () => startGame(gameId, bots).then(again, fail) }));
    } else {
      actions.push(h("p", { id: "waiting-for-host", text: _("{name} created this game and starts it.", { name: host.name }) }));
    }
    actions.push(
      h("button", { type: "button", id: "leave-game", text: _("Leave this game"),
        onclick: () => leaveGame(gameId, held.seat).then(() => window.location.assign("/"), fail) }),
    );
  } else {
    const signedIn = Boolean(await confirmPlayer());
    const invite = new URLSearchParams(window.location.search).get("invite");
    actions.push(h("button", { type: "button", class: "primary", id: "join-game", disabled: !signedIn, text: _("Join this game"),
      onclick: () => joinGame(gameId, invite).then(() => window.location.reload(), fail) }));
    if (!signedIn) actions.push(h("p", { class: "muted" }, ...placed(_("{signin} to join."), { signin: h("a", { href: "/login", text: _("Sign in") }) })));
  }
  const invite = held && !meta.public ? await invitation(gameId).catch(() => null) : null;
  const parts = [h("h2", { text: _("Waiting for players") }), seatList(meta), await facts(meta), h("div", { class: "actions" }, actions), error];
  if (invite || meta.public) parts.splice(3, 0, shareLink(gameId, invite));
  room.replaceChildren(...parts);
  room.hidden = false;
  return meta;
}
