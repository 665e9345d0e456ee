// Taking a seat (bound to the signed-in account), and the creator's choice to fill empty seats with bots.
import { _ } from "./i18n.js";
import { api, post } from "./api.js";
import { confirmPlayer, player } from "./session.js";

const BOTS = "papyrus.bots";

// A private game needs its invitation code: the page's link carries it as ?invite=<code>.
export async function joinGame(gameId, invite = null) {
  const me = player();
  if (!me) throw new Error(_("Sign in first."));
  // Other players see the display name, never the login name.
  const name = me.displayName || (await confirmPlayer())?.displayName;
  if (!name) throw new Error(_("Sign in again: your display name is unknown."));
  const { data } = await post(`/games/${encodeURIComponent(gameId)}/seats`, { name, ...(invite ? { invite } : {}) });
  return data;
}

export async function invitation(gameId) {
  const { data } = await api("GET", `/games/${encodeURIComponent(gameId)}/invite`);
  return data.invite;
}

function choices() {
  try {
    return JSON.parse(localStorage.getItem(BOTS) || "{}");
  } catch {
    return {};
  }
}

export function rememberBots(gameId, bots) {
  localStorage.setItem(BOTS, JSON.stringify({ ...choices(), [gameId]: bots }));
}

// The creator's choice for a game: false (no bots), a bot level, or true (bots of the server's level).
export function wantsBots(gameId) {
  return choices()[gameId] ?? true;
}

export async function leaveGame(gameId, seat) {
  const { data } = await api("DELETE", `/games/${encodeURIComponent(gameId)}/seats/${seat}`);
  return data;
}

export async function startGame(gameId, bots) {
  const body = { fill_with_bots: Boolean(bots), ...(typeof bots === "string" ? { bot_level: bots } : {}) };
  const { data } = await post(`/games/${encodeURIComponent(gameId)}/start`, body);
  return data;
}
