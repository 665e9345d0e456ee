// Who plays in this browser: the signed-in player and the seats they hold (game id -> seat and its token).
// Seat tokens are kept in this browser's localStorage and sent only to this server's API.
const PLAYER = "papyrus.player";
const SEATS = "papyrus.seats";

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

export function player() {
  return read(PLAYER, null);
}

export function signIn(name) {
  localStorage.setItem(PLAYER, JSON.stringify({ name }));
}

export function signOut() {
  localStorage.removeItem(PLAYER);
}

function allSeats() {
  return read(SEATS, {});
}

function seatsOfPlayer() {
  const me = player();
  return me ? allSeats()[me.name] || {} : {};
}

export function seatOf(gameId) {
  return seatsOfPlayer()[gameId] || null;
}

export function rememberSeat(gameId, seat, token) {
  const me = player();
  if (!me) return;
  const seats = allSeats();
  seats[me.name] = { ...(seats[me.name] || {}), [gameId]: { seat, token } };
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function myGames() {
  return Object.entries(seatsOfPlayer()).map(([gameId, held]) => ({ gameId, ...held }));
}

export function authHeaders(gameId) {
  const held = seatOf(gameId);
  return held ? { Authorization: `Bearer ${held.token}` } : {};
}
