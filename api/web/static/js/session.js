// Who plays in this browser. The server keeps the login (an HttpOnly session cookie); this module remembers
// only the account's login name (for the header, seen by its owner only) and its display name (the name
// other players see: a seat is taken under it), and asks the server for the account's games and seats.
import { api, get, post } from "./api.js";

const NAME = "papyrus.player";
const DISPLAY_NAME = "papyrus.display_name";

export function player() {
  const name = localStorage.getItem(NAME);
  return name ? { name, displayName: localStorage.getItem(DISPLAY_NAME) || null } : null;
}

function remember(name, displayName = null) {
  if (name) localStorage.setItem(NAME, name);
  else localStorage.removeItem(NAME);
  if (name && displayName) localStorage.setItem(DISPLAY_NAME, displayName);
  else localStorage.removeItem(DISPLAY_NAME);
}

let confirming = null;

// Ask the server who is logged in (the cookie may have expired or been revoked). It answers 200 either way,
// so a signed-out visitor's page makes no failing request; asked once per page.
export function confirmPlayer() {
  confirming = confirming || fetch("/web/session.json", { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? response.json() : { name: player()?.name ?? null, display_name: player()?.displayName ?? null }))
    .then((session) => {
      remember(session.name, session.display_name);
      return player();
    }, () => player());
  return confirming;
}

export async function signIn(name, password) {
  const { data } = await post("/sessions", { name, password });
  remember(data.name, data.display_name);
  confirming = null;
}

export async function register(name, password, displayName = "") {
  await post("/accounts", { name, password, ...(displayName ? { display_name: displayName } : {}) });
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
