// The table around the board: every seat's clock counting down live (who is on the clock, how long each
// has), and the table's own buttons for the viewer's seat: take back the last move, resign, propose or
// resume a pause, take the seat back from the bot. The clocks carry seats and seconds only.
import { _, list } from "./i18n.js";
import { h } from "./dom.js";
import { awayUntil } from "./away.js";

let ticking = null;

export function formatSeconds(total) {
  const seconds = Math.max(0, Math.floor(total));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value) => String(value).padStart(2, "0");
  if (days > 0) return _("{days}d {hours}h {minutes}m", { days, hours: pad(hours), minutes: pad(minutes) });
  if (hours > 0) return _("{hours}h {minutes}m {seconds}s", { hours, minutes: pad(minutes), seconds: pad(rest) });
  return `${minutes}:${pad(rest)}`;
}

// Seconds left for a seat now, from the server's `now` when the view was read (the browser's own clock
// may be off: only the time elapsed since the view arrived is measured here).
function leftNow(entry, body, receivedAt) {
  if (!entry.running) return entry.remaining;
  return entry.remaining - (Date.now() - receivedAt) / 1000;
}

export function showClocks(section, body, names, seat) {
  clearInterval(ticking);
  const clocks = body.clocks || [];
  section.hidden = clocks.length === 0 || body.status === "over";
  if (section.hidden) return section.replaceChildren();
  const receivedAt = Date.now();
  const paused = Boolean(body.table && body.table.paused);
  const budget = body.clock ? body.clock.per_move + body.clock.reserve : 0;
  const away = new Map((body.away || []).map((entry) => [entry.seat, entry.until]));
  const rows = clocks.map((entry) => {
    const time = h("span", { class: "clock-time" });
    const row = h(
      "li",
      { class: entry.running ? "clock running" : "clock", "data-seat": entry.seat },
      h("span", { class: "clock-name", text: entry.seat === seat ? _("{name} (you)", { name: names[entry.seat] }) : names[entry.seat] }),
      away.has(entry.seat) ? h("span", { class: "away-mark badge", text: awayUntil(away.get(entry.seat)) }) : null,
      time,
    );
    return { entry, row, time };
  });
  const tick = () => {
    for (const { entry, row, time } of rows) {
      const left = leftNow(entry, body, receivedAt);
      time.textContent = formatSeconds(left);
      row.classList.toggle("low", entry.running && budget > 0 && left <= budget / 4);
    }
  };
  tick();
  const onClock = clocks.filter((entry) => entry.running).map((entry) => names[entry.seat]);
  const caption = paused
    ? _("The game is paused: the clocks are stopped.")
    : onClock.length ? _("On the clock: {names}.", { names: list(onClock) }) : _("Nobody is on the clock.");
  section.replaceChildren(h("h2", { text: _("Clocks") }), h("p", { class: "clock-caption", text: caption }), h("ul", {}, ...rows.map((r) => r.row)));
  if (!paused && rows.some((r) => r.entry.running)) ticking = setInterval(tick, 1000);
}

function resignButton(submit) {
  const button = h("button", { type: "button", class: "resign", text: _("Resign") });
  const confirm = h(
    "span",
    { class: "resign-confirm", hidden: true },
    h("span", { text: `${_("Resign for good? A bot plays your seat and you rank last.")} ` }),
    h("button", { type: "button", class: "danger", text: _("Yes, resign"), onclick: () => submit({ type: "papyrus.resign" }) }),
    h("button", { type: "button", text: _("No"), onclick: () => { confirm.hidden = true; button.hidden = false; } }),
  );
  button.addEventListener("click", () => {
    button.hidden = true;
    confirm.hidden = false;
  });
  return [button, confirm];
}

export function showTableActions(section, body, seat, submit) {
  const table = body.table || {};
  // Redrawn only when what it shows changed: a view of the same table keeps an open "Resign?" question.
  const key = JSON.stringify([seat, body.status, table.resigned, table.stand_in, table.paused, table.pause_votes]);
  if (section.dataset.key === key) return;
  section.dataset.key = key;
  const resigned = (table.resigned || []).some((entry) => entry.seat === seat);
  section.hidden = seat === null || body.status !== "running" || resigned;
  if (section.hidden) return section.replaceChildren();
  const standIn = (table.stand_in || []).includes(seat);
  const buttons = [];
  if (standIn) {
    buttons.push(h("button", { type: "button", class: "primary", text: _("Take my seat back from the bot"), onclick: () => submit({ type: "papyrus.reclaim" }) }));
  } else {
    buttons.push(h("button", { type: "button", class: "undo", text: _("Undo my last move"), onclick: () => submit({ type: "papyrus.undo" }) }));
  }
  // A pause asked for or in force is answered, withdrawn or resumed in the pause panel above (pause.js).
  if (!table.paused && !(table.pause_votes || []).length) {
    buttons.push(h("button", { type: "button", class: "propose-pause", text: _("Propose a pause"), onclick: () => submit({ type: "papyrus.pause" }) }));
  }
  buttons.push(...resignButton(submit));
  section.replaceChildren(h("h2", { text: _("Table") }), h("div", { class: "table-buttons" }, ...buttons));
}
