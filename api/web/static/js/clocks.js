// The table around the board: every seat's clock counting down live (who is on the clock, how long each
// has), and the table's own buttons for the viewer's seat: take back the last move, resign, propose or
// resume a pause, take the seat back from the bot. The clocks carry seats and seconds only.
import { h } from "./dom.js";

let ticking = null;

export function formatSeconds(total) {
  const seconds = Math.max(0, Math.floor(total));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value) => String(value).padStart(2, "0");
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(rest)}s`;
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
  const rows = clocks.map((entry) => {
    const time = h("span", { class: "clock-time" });
    const row = h(
      "li",
      { class: entry.running ? "clock running" : "clock", "data-seat": entry.seat },
      h("span", { class: "clock-name", text: entry.seat === seat ? `${names[entry.seat]} (you)` : names[entry.seat] }),
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
    ? "The game is paused: the clocks are stopped."
    : onClock.length ? `On the clock: ${onClock.join(", ")}.` : "Nobody is on the clock.";
  section.replaceChildren(h("h2", { text: "Clocks" }), h("p", { class: "clock-caption", text: caption }), h("ul", {}, ...rows.map((r) => r.row)));
  if (!paused && rows.some((r) => r.entry.running)) ticking = setInterval(tick, 1000);
}

function resignButton(submit) {
  const button = h("button", { type: "button", class: "resign", text: "Resign" });
  const confirm = h(
    "span",
    { class: "resign-confirm", hidden: true },
    h("span", { text: "Resign for good? A bot plays your seat and you rank last. " }),
    h("button", { type: "button", class: "danger", text: "Yes, resign", onclick: () => submit({ type: "papyrus.resign" }) }),
    h("button", { type: "button", text: "No", onclick: () => { confirm.hidden = true; button.hidden = false; } }),
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
    buttons.push(h("button", { type: "button", class: "primary", text: "Take my seat back from the bot", onclick: () => submit({ type: "papyrus.reclaim" }) }));
  } else {
    buttons.push(h("button", { type: "button", class: "undo", text: "Undo my last move", onclick: () => submit({ type: "papyrus.undo" }) }));
  }
  if (table.paused) {
    buttons.push(h("button", { type: "button", text: "Resume the game", onclick: () => submit({ type: "papyrus.resume" }) }));
  } else if ((table.pause_votes || []).includes(seat)) {
    buttons.push(h("span", { class: "muted", text: "You asked for a pause; waiting for the others." }));
  } else {
    buttons.push(h("button", { type: "button", text: "Propose a pause", onclick: () => submit({ type: "papyrus.pause" }) }));
  }
  buttons.push(...resignButton(submit));
  section.replaceChildren(h("h2", { text: "Table" }), h("div", { class: "table-buttons" }, ...buttons));
}
