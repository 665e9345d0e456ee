// The lobby: my games (with "your turn" marked), open games to join, and a form to create a game.
import { ApiError, get, post } from "./api.js";
import { h, showError } from "./dom.js";
import { confirmPlayer, myGames } from "./session.js";
import { hostedGames } from "./games.js";
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

let games = [];

function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#new-game-variants [data-option]")) {
    options[input.name] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
  }
  return options;
}

function optionInput(option) {
  if (option.type === "boolean") {
    return h("label", { class: "check" }, h("input", { type: "checkbox", name: option.key, "data-option": "", checked: Boolean(option.default) }), option.label);
  }
  const id = `option-${option.key}`;
  return [h("label", { for: id, text: option.label }),
    h("input", { id, name: option.key, "data-option": "", type: option.type === "integer" ? "number" : "text", value: option.default ?? "" })];
}

function showGameChoices() {
  const game = games.find((g) => g.name === form.elements.game.value) || games[0];
  if (!game) return;
  const seats = [];
  for (let count = game.players.min; count <= game.players.max; count += 1) {
    seats.push(h("option", { value: count, text: String(count), selected: count === game.players.default }));
  }
  form.elements.seats.replaceChildren(...seats);
  const variants = document.getElementById("new-game-variants");
  variants.replaceChildren(h("legend", { text: "Variants" }), ...game.options.flatMap(optionInput));
  variants.hidden = game.options.length === 0;
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
form.elements.game.addEventListener("change", showGameChoices);
games = await hostedGames();
form.elements.game.replaceChildren(...games.map((game) => h("option", { value: game.name, text: game.title })));
showGameChoices();
const mine = await myGames();
showMyGames(mine);
showOpenGames(new Set(mine.map((game) => game.id)));
