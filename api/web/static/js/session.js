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

let confirming = null;

// Ask the server who is logged in (the cookie may have expired or been revoked). It answers 200 either way,
// so a signed-out visitor's page makes no failing request; asked once per page.
export function confirmPlayer() {
  confirming = confirming || fetch("/web/session.json", { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? response.json() : { name: player()?.name ?? null }))
    .then((session) => {
      remember(session.name);
      return player();
    }, () => player());
  return confirming;
}

export async function signIn(name, password) {
  const { data } = await post("/sessions", { name, password });
  remember(data.name);
  confirming = null;
}

export async function register(name, password) {
  await post("/accounts", { name, password });
  await signIn(name, password);
}

export async function signOut() {
  await api("DELETE", "/sessions/current").catch(() => null);
  remember(null);
  confirming = null;
}

// The account's games, each the game's facts plus "seat" and "your_turn"; [] when nobody is signed in.
export async function myGames() {
  if (!(await confirmPlayer())) return [];
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
