// Opponents choose, as every seat sees it above the board: when a seat ran out of time in a game created
// with this option, the other players still playing their seats answer whether to wait, let a bot play the
// seat or end its game as a forfeit (services/table/choice.py); the seat out of time and spectators see the
// question and who answered, and a ruling to wait while it lasts.
import { h } from "./dom.js";
import { _ } from "./i18n.js";
import { listWords } from "./turn.js";

// Who is asked about seat `about`: players (not bots seated at the start) still playing their own seats.
function voters(table, players, about) {
  const away = new Set([...((table.resigned || []).map((entry) => entry.seat)), ...(table.stand_in || [])]);
  return players.filter((player) => !player.bot && player.seat !== about && !away.has(player.seat)).map((player) => player.seat);
}

function until(entry) {
  return new Date(entry.until * 1000).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });
}

function question(entry, seat, names, asked) {
  const who = names[entry.seat];
  const mine = (entry.votes || []).find((vote) => vote.seat === seat);
  const waiting = asked.filter((other) => !(entry.votes || []).some((vote) => vote.seat === other)).map((other) => names[other]);
  if (entry.seat === seat) return _("Your time ran out: the other players are choosing whether to wait for you (until {time}). You can still move.", { time: until(entry) });
  if (mine) return _("{name} ran out of time. You answered; waiting for {names} (until {time}).", { name: who, names: listWords(waiting), time: until(entry) });
  return _("{name} ran out of time. Wait for them, let a bot play their seat, or end their game as a forfeit? Answers until {time}; if nobody answers, the game's policy applies.", { name: who, time: until(entry) });
}

export function showChoices(section, body, { names, seat, players, submit }) {
  const table = body.table || {};
  const entries = body.status === "running" ? table.choices || [] : [];
  const key = JSON.stringify([seat, entries, table.resigned, table.stand_in]);
  if (section.dataset.key === key) return;
  section.dataset.key = key;
  section.hidden = entries.length === 0;
  if (section.hidden) return section.replaceChildren();
  const parts = entries.map((entry) => {
    if (entry.ruling === "wait") return h("p", { class: "choice-text", text: _("The other players chose to wait for {name}.", { name: names[entry.seat] }) });
    if (entry.ruling) return h("p", { class: "choice-text", text: _("Nobody answered in time about {name}: the game's policy applies.", { name: names[entry.seat] }) });
    const asked = voters(table, players, entry.seat);
    const answered = (entry.votes || []).some((vote) => vote.seat === seat);
    const button = (text, choice, className) =>
      h("button", { type: "button", class: className, text, onclick: () => submit({ type: "papyrus.choose", about: entry.seat, choice }) });
    const buttons = asked.includes(seat) && !answered
      ? h("div", { class: "pause-buttons" }, button(_("Wait"), "wait", "primary wait"), button(_("Let a bot play"), "bot", "bot"), button(_("Forfeit"), "forfeit", "forfeit"))
      : null;
    return h("div", { class: "choice", "data-seat": String(entry.seat) }, h("p", { class: "pause-text", text: question(entry, seat, names, asked) }), buttons);
  });
  section.replaceChildren(...parts);
}
