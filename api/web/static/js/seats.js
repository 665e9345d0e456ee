// Taking a seat, and the creator's choice to fill empty seats with bots when starting.
import { post } from "./api.js";
import { player, rememberSeat } from "./session.js";

const BOTS = "papyrus.bots";

export async function joinGame(gameId) {
  const me = player();
  if (!me) throw new Error("Sign in first.");
  const { data } = await post(`/games/${gameId}/seats`, { name: me.name });
  rememberSeat(gameId, data.seat, data.token);
  return data;
}

export function rememberBots(gameId, bots) {
  const all = JSON.parse(localStorage.getItem(BOTS) || "{}");
  all[gameId] = bots;
  localStorage.setItem(BOTS, JSON.stringify(all));
}

export function wantsBots(gameId) {
  const all = JSON.parse(localStorage.getItem(BOTS) || "{}");
  return all[gameId] !== false;
}

export async function startGame(gameId, fillWithBots) {
  const { data } = await post(`/games/${gameId}/start`, { fill_with_bots: fillWithBots }, { gameId });
  return data;
}
