// Who plays in this browser. The server keeps the login (an HttpOnly session cookie); this module remembers
// only the account's name for the header, and asks the server for the account's games and seats.
import { api, get, post } from "./api.js";

const NAME = "papyrus.player";

export function player() {
  const name = localStorage.getItem(NAME);
  return name ? { name } : null;
}

function remember(name) {
  if (name) localStorage.setItem(NAME, name);
  else localStorage.removeItem(NAME);
}

// Ask the server who is logged in (the cookie may have expired or been revoked).
export async function confirmPlayer() {
  try {
    const me = await get("/accounts/me");
    remember(me.name);
  } catch (error) {
    if (error.status === 401) remember(null);
  }
  return player();
}

export async function signIn(name, password) {
  const { data } = await post("/sessions", { name, password });
  remember(data.name);
}

export async function register(name, password) {
  await post("/accounts", { name, password });
  await signIn(name, password);
}

export async function signOut() {
  await api("DELETE", "/sessions/current").catch(() => null);
  remember(null);
}

// The account's games, each the game's facts plus "seat" and "your_turn"; [] when nobody is signed in.
export async function myGames() {
  if (!player()) return [];
  try {
    return await get("/accounts/me/games");
  } catch (error) {
    if (error.status === 401) remember(null);
    return [];
  }
}

export async function seatOf(gameId) {
  const found = (await myGames()).find((game) => game.id === gameId);
  return found ? { seat: found.seat } : null;
}
