// The lobby: my games (with "your turn" marked), open games to join, and a form to create a game.
import { ApiError, get, post } from "./api.js";
import { h, showError } from "./dom.js";
import { confirmPlayer, myGames } from "./session.js";
import { joinGame, rememberBots } from "./seats.js";

const me = await confirmPlayer();
const notice = document.getElementById("lobby-notice");
const form = document.getElementById("new-game");
const formError = document.getElementById("new-game-error");

function playerList(meta) {
  const names = meta.players.map((p) => p.name + (p.bot ? " (bot)" : ""));
  return `${names.length}/${meta.seats} seated${names.length ? ": " + names.join(", ") : ""}`;
}

function gameTitle(meta) {
  return meta.game.charAt(0).toUpperCase() + meta.game.slice(1);
}

function myGameItem(game) {
  const status = game.your_turn ? "Your turn" : { open: "Waiting for players", running: "Running", over: "Over" }[game.status];
  return h(
    "li",
    { class: game.your_turn ? "game your-turn" : "game", "data-game-id": game.id, "data-your-turn": String(game.your_turn) },
    h("a", { href: `/games/${game.id}`, text: `${gameTitle(game)} · ${game.seats} players` }),
    h("span", { class: game.your_turn ? "badge turn" : "badge", text: status }),
    h("span", { class: "muted", text: playerList(game) }),
  );
}

async function showMyGames(games) {
  const list = document.getElementById("my-games");
  const items = games.map(myGameItem);
  list.replaceChildren(...(items.length ? items : [h("li", { class: "muted", text: "No games yet." })]));
}

function openGameItem(meta, mine) {
  const held = mine.has(meta.id);
  const action = held
    ? h("a", { href: `/games/${meta.id}`, class: "button", text: "Open" })
    : h("button", {
        type: "button",
        class: "primary",
        text: "Join",
        disabled: !me,
        onclick: () => joinGame(meta.id).then(() => window.location.assign(`/games/${meta.id}`), showJoinError),
      });
  return h(
    "li",
    { class: "game", "data-game-id": meta.id },
    h("span", { text: `${gameTitle(meta)} · ${meta.seats} players` }),
    h("span", { class: "muted", text: playerList(meta) }),
    action,
  );
}

function showJoinError(error) {
  showError(notice, error instanceof ApiError ? error.message : "Could not join the game.");
}

async function showOpenGames(mine) {
  const list = document.getElementById("open-games");
  const games = await get("/games");
  const items = games.map((meta) => openGameItem(meta, mine));
  list.replaceChildren(...(items.length ? items : [h("li", { class: "muted", text: "No open games." })]));
}

function chosenOptions() {
  const options = {};
  for (const box of document.querySelectorAll("#new-game-variants input[type=checkbox]")) {
    options[box.name] = box.checked;
  }
  return options;
}

async function createGame(event) {
  event.preventDefault();
  showError(formError, "");
  const body = {
    game: form.elements.game.value,
    seats: Number(form.elements.seats.value),
    options: chosenOptions(),
    public: form.elements.public.checked,
  };
  try {
    const { data: meta } = await post("/games", body);
    rememberBots(meta.id, form.elements.bots.checked);
    await joinGame(meta.id, meta.invite);
    window.location.assign(`/games/${meta.id}`);
  } catch (error) {
    const field = error instanceof ApiError && error.field ? ` (${error.field})` : "";
    showError(formError, (error.message || "Could not create the game.") + field);
  }
}

if (!me) {
  notice.replaceChildren(
    "To play, ",
    h("a", { href: "/register", text: "register" }),
    " or ",
    h("a", { href: "/login", text: "sign in" }),
    ".",
  );
  notice.hidden = false;
  form.querySelector("button[type=submit]").disabled = true;
}
form.addEventListener("submit", createGame);
const mine = await myGames();
showMyGames(mine);
showOpenGames(new Set(mine.map((game) => game.id)));
