// The lobby: my games (with "your turn" marked), open games to join, and a form to create a game.
import { _, list, n_, placed } from "./i18n.js";
import { ApiError, get, post } from "./api.js";
import { h, showError } from "./dom.js";
import { confirmPlayer, myGames } from "./session.js";
import { gameFacts, hostedGames } from "./games.js";
import { absencesOf, estimateText } from "./away.js";
import { joinGame, rememberBots } from "./seats.js";

const me = await confirmPlayer();
const titles = await gameFacts().catch(() => new Map());
const notice = document.getElementById("lobby-notice");
const form = document.getElementById("new-game");
const formError = document.getElementById("new-game-error");

const STATUS = { open: _("Waiting for players"), running: _("Running"), over: _("Finished") };

function playerList(meta) {
  const names = meta.players.map((p) => {
    const shown = p.bot ? _("{name} (bot)", { name: p.name }) : p.name;
    const away = p.bot ? null : absencesOf(meta, p.seat);
    return away ? _("{name} ({away})", { name: shown, away }) : shown;
  });
  const free = meta.seats - names.length;
  if (free > 0) names.push(n_("{count} seat free", "{count} seats free", free));
  return list(names);
}

const titleOf = (meta) => (titles.get(meta.game) || { title: meta.game }).title;

// One game as a card: its title (the link or the action), status, and who plays.
function gameCard(meta, { link, badge, action }) {
  const heading = link
    ? h("a", { href: `/games/${encodeURIComponent(meta.id)}`, class: "card-title", text: titleOf(meta) })
    : h("span", { class: "card-title", text: titleOf(meta) });
  return h(
    "li",
    { class: badge.turn ? "game-card your-turn" : "game-card", "data-game-id": meta.id },
    h("div", { class: "card-head" }, heading, h("span", { class: badge.turn ? "badge turn" : "badge", text: badge.text })),
    h("p", { class: "card-players" }, h("span", { class: "muted", text: `${n_("{count} player:", "{count} players:", meta.seats)} ` }), playerList(meta)),
    action || null,
  );
}

function myGameItem(game) {
  const item = gameCard(game, { link: true, badge: { turn: game.your_turn, text: game.your_turn ? _("Your turn") : STATUS[game.status] } });
  item.dataset.yourTurn = String(game.your_turn);
  return item;
}

async function showMyGames(games) {
  const list = document.getElementById("my-games");
  const items = games.map(myGameItem);
  list.replaceChildren(...(items.length ? items : [h("li", { class: "muted", text: me ? _("No games yet.") : _("Sign in to see your games.") })]));
}

function openGameItem(meta, mine) {
  const held = mine.has(meta.id);
  const action = held
    ? h("a", { href: `/games/${meta.id}`, class: "button", text: _("Open") })
    : h("button", {
        type: "button",
        class: "primary",
        text: _("Join"),
        "aria-label": _("Join {game} with {players}", { game: titleOf(meta), players: playerList(meta) }),
        disabled: !me,
        onclick: () => joinGame(meta.id).then(() => window.location.assign(`/games/${meta.id}`), showJoinError),
      });
  const estimate = h("p", { class: "card-estimate muted", text: estimateText(meta.estimate) });
  return gameCard(meta, { link: false, badge: { turn: false, text: STATUS[meta.status] }, action: h("div", { class: "card-actions" }, estimate, action) });
}

function showJoinError(error) {
  showError(notice, error instanceof ApiError ? error.message : _("Could not join the game."));
}

async function showOpenGames(mine) {
  const list = document.getElementById("open-games");
  const games = await get("/games");
  const items = games.map((meta) => openGameItem(meta, mine));
  list.replaceChildren(...(items.length ? items : [h("li", { class: "muted", text: _("No open games.") })]));
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
  variants.replaceChildren(h("legend", { text: _("Variants") }), ...game.options.flatMap(optionInput));
  variants.hidden = game.options.length === 0;
}

// The clock chosen in the form: a preset, or the custom form in minutes (the API takes seconds); none sent
// for the server's default (PAPYRUS_MOVE_TIMEOUT, if the operator set one).
function chosenClock() {
  const preset = form.elements.clock_preset.value;
  if (preset === "default") return undefined;
  const clock = { preset, policy: form.elements.clock_policy.value };
  if (form.elements.opponents_choose.checked) clock.opponents_choose = true;
  if (preset === "custom") {
    clock.per_move = Number(form.elements.clock_per_move.value) * 60;
    clock.reserve = Number(form.elements.clock_reserve.value) * 60;
  }
  return clock;
}

// The custom clock is asked in minutes: its errors speak minutes and name the field by its label.
const MAX_MINUTES = 365 * 24 * 60;
const labelOf = (input) => document.querySelector(`label[for='${input.id}']`).textContent.trim();

function clockProblem() {
  if (form.elements.clock_preset.value !== "custom") return null;
  const inputs = [form.elements.clock_per_move, form.elements.clock_reserve];
  for (const input of inputs) {
    const value = Number(input.value);
    if (input.value.trim() === "" || !Number.isFinite(value) || value < 0 || value > MAX_MINUTES) {
      return _("{field}: a number of minutes from 0 to {max}", { field: labelOf(input), max: MAX_MINUTES });
    }
  }
  if (inputs.reduce((total, input) => total + Number(input.value) * 60, 0) < 1) {
    return _("{field}: a move and the reserve together need at least one second", { field: labelOf(inputs[0]) });
  }
  return null;
}

async function createGame(event) {
  event.preventDefault();
  showError(formError, "");
  const problem = clockProblem();
  if (problem) return showError(formError, problem);
  const body = {
    game: form.elements.game.value,
    seats: Number(form.elements.seats.value),
    options: chosenOptions(),
    public: form.elements.public.checked,
    rated: form.elements.rated.checked,
    spectator_chat: form.elements.spectator_chat.checked,
    clock: chosenClock(),
  };
  try {
    const { data: meta } = await post("/games", body);
    rememberBots(meta.id, form.elements.bots.checked && form.elements.bot_level.value);
    await joinGame(meta.id, meta.invite);
    window.location.assign(`/games/${meta.id}`);
  } catch (error) {
    // the server's message names the field in the reader's language
    showError(formError, error instanceof ApiError ? error.message : _("Could not create the game."));
  }
}

if (!me) {
  notice.replaceChildren(...placed(_("To play, {register} or {signin}."), {
    register: h("a", { href: "/register", text: _("register") }),
    signin: h("a", { href: "/login", text: _("sign in") }),
  }));
  notice.hidden = false;
  form.querySelector("button[type=submit]").disabled = true;
}
form.addEventListener("submit", createGame);
// Shown from the chosen preset, also once at start: a choice made before this script ran (or restored by the
// browser) still shows the custom clock's fields.
const showCustomClock = () => {
  document.getElementById("new-game-clock-custom").hidden = form.elements.clock_preset.value !== "custom";
};
form.elements.clock_preset.addEventListener("change", showCustomClock);
showCustomClock();
form.elements.game.addEventListener("change", showGameChoices);
games = await hostedGames();
form.elements.game.replaceChildren(...games.map((game) => h("option", { value: game.name, text: game.title })));
showGameChoices();
const mine = await myGames();
showMyGames(mine);
showOpenGames(new Set(mine.map((game) => game.id)));
