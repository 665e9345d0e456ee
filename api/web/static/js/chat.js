// The game's chat beside the board: the players' messages and, below, the spectators' channel. Messages
// arrive on the game's live stream (event "chat"); every name and message goes in as text, never as markup.
// A seated player can mute another speaker (the server then leaves them out of this seat's chat).
import { _ } from "./i18n.js";
import { ApiError, api, get, post } from "./api.js";
import { h, showError } from "./dom.js";
import { onChat } from "./live.js";
import { confirmPlayer, seatOf } from "./session.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const chatPath = `/games/${encodeURIComponent(gameId)}/chat`;
const lists = { table: document.getElementById("chat-table"), spectators: document.getElementById("chat-spectators") };
const form = document.getElementById("chat-form");
const text = document.getElementById("chat-text");
const error = document.getElementById("chat-error");
const seen = new Set();
const names = new Map(); // speaker -> the name last seen for it

const [me, held, meta] = await Promise.all([confirmPlayer(), seatOf(gameId), get(`/games/${encodeURIComponent(gameId)}`).catch(() => ({}))]);
const seat = held ? held.seat : null;
for (const player of meta.players || []) names.set(`seat:${player.seat}`, player.name);

// The speakers this seat muted, each with a button that lets them be heard again.
function showMuted({ muted, names: known }) {
  for (const [speaker, name] of Object.entries(known || {})) names.set(speaker, name);
  const line = document.getElementById("chat-muted");
  line.replaceChildren(...(muted.length ? [h("span", { class: "muted", text: `${_("Muted:")} ` })] : []),
    ...muted.map((speaker) => h("button", { type: "button", class: "link", "data-speaker": speaker,
      text: names.get(speaker) ? _("Unmute {name}", { name: names.get(speaker) }) : _("Unmute a spectator"), onclick: () => unmute(speaker) })));
  line.hidden = muted.length === 0;
}

async function mute(speaker) {
  try {
    const { data } = await post(`${chatPath}/mutes`, { speaker, muted: true });
    for (const item of document.querySelectorAll(`#chat li[data-speaker="${CSS.escape(speaker)}"]`)) item.remove();
    showMuted(data);
  } catch (refused) {
    showError(error, refused.message);
  }
}

async function unmute(speaker) {
  try {
    const { data } = await post(`${chatPath}/mutes`, { speaker, muted: false });
    showMuted(data);
    show({ replace: true, messages: await get(chatPath) });
  } catch (refused) {
    showError(error, refused.message);
  }
}

function item(message) {
  names.set(message.speaker, message.name);
  const own = seat !== null && message.speaker === `seat:${seat}`;
  const when = new Date(message.at).toLocaleString();
  const line = h("li", { class: own ? "own" : null, "data-speaker": message.speaker, "data-id": message.id },
    h("span", { class: "chat-name", text: message.name }),
    h("span", { class: "chat-text", text: message.text }),
    h("span", { class: "chat-when muted", text: when }));
  if (message.seat !== null) line.classList.add(`seat-${message.seat % 6}`);
  if (seat !== null && !own) {
    line.append(h("button", { type: "button", class: "link chat-mute", text: _("Mute"),
      "aria-label": _("Mute {name}", { name: message.name }), onclick: () => mute(message.speaker) }));
  }
  return line;
}

const shownIds = () => [...document.querySelectorAll("#chat li[data-id]")].map((node) => node.dataset.id).sort();

// At each (re)connection the stream sends the whole chat again: redraw only when it differs from the page.
function show({ replace, messages }) {
  if (replace && messages.map((m) => m.id).sort().join() === shownIds().join()) return;
  if (replace) {
    seen.clear();
    lists.table.replaceChildren();
    lists.spectators.replaceChildren();
  }
  for (const message of messages) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    const list = lists[message.channel] || lists.table;
    const follow = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.append(item(message));
    if (follow) list.scrollTop = list.scrollHeight;
  }
  const spectators = lists.spectators.children.length > 0;
  lists.spectators.hidden = !spectators;
  document.getElementById("chat-spectators-title").hidden = !spectators;
}

async function send(event) {
  event.preventDefault();
  showError(error, "");
  const button = form.querySelector("button");
  button.disabled = true;
  try {
    const { data } = await api("POST", chatPath, { body: { text: text.value } });
    show({ replace: false, messages: [data] });
    text.value = "";
  } catch (refused) {
    showError(error, refused instanceof ApiError ? refused.message : _("The server could not be reached: not sent."));
  } finally {
    button.disabled = false;
  }
}

const spectatorsSilent = seat === null && meta.spectator_chat === false;
form.hidden = seat === null && (!me || spectatorsSilent);
const signin = document.getElementById("chat-signin");
signin.textContent = spectatorsSilent ? _("Only the players talk in this game.") : _("Sign in to talk.");
signin.hidden = !form.hidden;
document.getElementById("chat-label").textContent = seat === null ? _("Say something to the other spectators") : _("Say something to the table");
form.addEventListener("submit", send);
text.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) form.requestSubmit();
});
onChat(show);
if (seat !== null) get(`${chatPath}/mutes`).then(showMuted, () => null);
