// Whose turn it is and what to decide, from the view's prompt (a game's Prompt: `waiting_for` seats,
// `decision`, `text`, `notes`), with every seat called by its player's name.
import { h } from "./dom.js";

export function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function promptOf(body) {
  return (body.view && body.view.prompt) || { waiting_for: body.to_act || [], text: "", notes: [] };
}

export function yourTurn(body, seat) {
  return seat !== null && body.status !== "over" && promptOf(body).waiting_for.includes(seat);
}

export function turnText(body, names, seat) {
  if (body.status === "over" || body.result) return "The game is over.";
  const waiting = promptOf(body).waiting_for;
  const others = waiting.filter((other) => other !== seat).map((other) => names[other]);
  if (yourTurn(body, seat)) return others.length ? `Your turn (${listWords(others)} too).` : "Your turn.";
  if (others.length) return `Waiting for ${listWords(others)}.`;
  return "The game moves on by itself…";
}

function ranking(result, names) {
  const places = result.ranking.map((seat, place) => `${place + 1}. ${names[seat]} (${result.scores[seat]})`);
  return `Final ranking: ${places.join(", ")}.`;
}

// The sentence under the turn: the viewer's own decision in words, or the final ranking.
export function promptText(body, names, seat) {
  if (body.result) return ranking(body.result, names);
  return yourTurn(body, seat) ? promptOf(body).text : "";
}

// Why an option the viewer may look for is not offered now, next to the decisions.
export function showNotes(list, body) {
  const notes = promptOf(body).notes || [];
  list.replaceChildren(...notes.map((note) => h("li", { text: note })));
  list.hidden = notes.length === 0;
}
