// The pause as every seat sees it, above the board: a request another player answers (Accept / Decline), the
// asker's and each voter's way to take their vote back, and, while the game is paused, a banner saying who
// asked and who agreed. While it is paused the move controls stay in view, disabled (holdMoves).
import { h } from "./dom.js";
import { _ } from "./i18n.js";
import { listWords } from "./turn.js";

// The seats whose players vote: held by players (not bots seated at the start) that did not resign.
function voters(body, players) {
  const resigned = new Set(((body.table || {}).resigned || []).map((entry) => entry.seat));
  return players.filter((player) => !player.bot && !resigned.has(player.seat)).map((player) => player.seat);
}

function request(table, seat, names, waiting) {
  const votes = table.pause_votes || [];
  const asker = table.pause_asked_by ?? votes[0];
  const agreed = votes.filter((other) => other !== asker && other !== seat).map((other) => names[other]);
  const others = waiting.filter((other) => other !== seat).map((other) => names[other]);
  if (asker === seat) return _("You asked to pause the game; waiting for {names}.", { names: listWords(others) });
  if (votes.includes(seat)) return _("{name} asks to pause the game; you agreed. Waiting for {names}.", { name: names[asker], names: listWords(others) });
  if (agreed.length) return _("{name} asks to pause the game; {names} agreed.", { name: names[asker], names: listWords(agreed) });
  return _("{name} asks to pause the game.", { name: names[asker] });
}

function banner(table, names) {
  const votes = table.pause_votes || [];
  const asker = table.pause_asked_by ?? votes[0];
  const agreed = votes.filter((other) => other !== asker).map((other) => names[other]);
  if (asker === undefined || asker === null) return _("The game is paused: the clocks are stopped.");
  if (!agreed.length) return _("The game is paused: {name} asked. The clocks are stopped.", { name: names[asker] });
  return _("The game is paused: {name} asked, {names} agreed. The clocks are stopped.", { name: names[asker], names: listWords(agreed) });
}

export function showPause(section, body, { names, seat, players, submit }) {
  const table = body.table || {};
  const votes = table.pause_votes || [];
  const key = JSON.stringify([seat, body.status, table.paused, votes, table.pause_asked_by, table.resigned]);
  if (section.dataset.key === key) return;
  section.dataset.key = key;
  const shown = body.status === "running" && (Boolean(table.paused) || votes.length > 0);
  section.hidden = !shown;
  section.classList.toggle("paused", shown && Boolean(table.paused));
  if (!shown) return section.replaceChildren();
  const seated = voters(body, players);
  const mine = seat !== null && seated.includes(seat);
  const button = (text, type, className) => h("button", { type: "button", class: className, text, onclick: () => submit({ type }) });
  const buttons = [];
  let text;
  if (table.paused) {
    text = banner(table, names);
    if (mine) buttons.push(button(_("Resume the game"), "papyrus.resume", "primary"));
  } else {
    text = request(table, seat, names, seated.filter((other) => !votes.includes(other)));
    if (mine && votes.includes(seat)) {
      const asker = table.pause_asked_by ?? votes[0];
      buttons.push(button(asker === seat ? _("Withdraw my request") : _("Withdraw my agreement"), "papyrus.withdraw_pause", "withdraw"));
    } else if (mine) {
      buttons.push(button(_("Accept"), "papyrus.pause", "primary accept"), button(_("Decline"), "papyrus.decline_pause", "decline"));
    }
  }
  section.replaceChildren(h("p", { class: "pause-text", text }), buttons.length ? h("div", { class: "pause-buttons" }, ...buttons) : null);
}

// While the game is paused every control of the board and the decisions stays in view, disabled, and the
// board takes no click or key until the game is resumed (a new view draws them enabled again).
export function holdMoves(containers, held) {
  for (const container of containers) {
    container.inert = held;
    container.classList.toggle("on-hold", held);
    if (held) for (const control of container.querySelectorAll("button, input, select, textarea")) control.disabled = true;
  }
}
