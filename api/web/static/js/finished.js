// A finished game as a card: its title, when it ended, and every seat by final place (a resigned or timed-out
// seat marked so); it opens the game's history on the final board. Names go in as text.
import { h } from "./dom.js";

const FATES = { resigned: " (resigned)", timed_out: " (timed out)", played: "" };

export function ordinal(place) {
  const tail = place % 100 >= 11 && place % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th";
  return `${place}${tail}`;
}

export function finishedCard(game, { highlight } = {}) {
  const seats = [...game.players].sort((a, b) => a.place - b.place || a.seat - b.seat);
  const ended = new Date(game.ended_at * 1000).toLocaleDateString();
  const link = `/games/${encodeURIComponent(game.id)}/history`;
  return h("li", { class: "game-card finished", "data-game-id": game.id },
    h("div", { class: "card-head" },
      h("a", { class: "card-title", href: link, text: `${game.title} · ${game.seats} players` }),
      h("span", { class: "badge", text: game.rated ? `rated · ended ${ended}` : `ended ${ended}` })),
    h("ol", { class: "places" }, ...seats.map((seat) => h("li", {
      class: highlight && seat.player && seat.player.toLowerCase() === highlight.toLowerCase() ? "mine" : null,
    },
    h("span", { class: "place", text: ordinal(seat.place) }),
    " ",
    seat.player ? h("a", { href: `/players/${encodeURIComponent(seat.player)}`, text: seat.name }) : h("span", { text: seat.name }),
    h("span", { class: "muted", text: ` ${seat.score} points${FATES[seat.fate] || ""}${seat.bot ? " · bot" : ""}` })))),
    h("a", { href: link, text: "Final board and history" }));
}
