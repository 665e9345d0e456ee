// Whose turn it is and what to decide, from the view's prompt (a game's Prompt: `waiting_for` seats,
// `decision`, `text`, `notes`), with every seat called by its player's name.
import { _, list, t } from "./i18n.js";
import { h } from "./dom.js";

export function listWords(items) {
  if (items.length < 2) return items.join("");
  return _("{names} and {last}", { names: list(items.slice(0, -1)), last: items[items.length - 1] });
}

function promptOf(body) {
  return (body.view && body.view.prompt) || { waiting_for: body.to_act || [], text: "", notes: [] };
}

// A seat a bot plays for now (resigned, forfeited, or stood in for until reclaimed) has no turn of its own.
function botPlays(body, seat) {
  const table = body.table || {};
  return (table.resigned || []).some((entry) => entry.seat === seat) || (table.stand_in || []).includes(seat);
}

export function paused(body) {
  return Boolean(body.table && body.table.paused) && body.status !== "over";
}

export function yourTurn(body, seat) {
  return seat !== null && body.status !== "over" && !paused(body) && !botPlays(body, seat)
    && promptOf(body).waiting_for.includes(seat);
}

export function turnText(body, names, seat) {
  if (body.status === "over" || body.result) return _("The game is over.");
  if (paused(body)) return _("The game is paused.");
  const waiting = promptOf(body).waiting_for;
  const others = waiting.filter((other) => other !== seat).map((other) => names[other]);
  if (yourTurn(body, seat)) return others.length ? _("Your turn ({names} too).", { names: listWords(others) }) : _("Your turn.");
  if (others.length) return _("Waiting for {names}.", { names: listWords(others) });
  return _("The game moves on by itself…");
}

// Equal places are shared (the rules gave no tie-break, or the seats all gave up); an abandoned game, which
// nobody was playing any more at its end, names no winner.
export function placeOf(result, seat, index) {
  return result.places && result.places.length ? result.places[seat] : index + 1;
}

function ranking(result, names) {
  if (result.abandoned) return _("Abandoned: nobody was playing any more at the end, so nobody won.");
  const places = result.ranking.map((seat, index) => _("{place}. {name} ({score})", { place: placeOf(result, seat, index), name: names[seat], score: result.scores[seat] }));
  return _("Final ranking: {places}.", { places: list(places) });
}

// The sentence under the turn: the viewer's own decision in words, or the final ranking.
export function promptText(body, names, seat) {
  if (body.result) return ranking(body.result, names);
  if (seat !== null && botPlays(body, seat)) return t(promptOf(body).text);
  return yourTurn(body, seat) ? t(promptOf(body).text) : "";
}

// Why an option the viewer may look for is not offered now, next to the decisions.
export function showNotes(list, body) {
  const notes = promptOf(body).notes || [];
  list.replaceChildren(...notes.map((note) => h("li", { text: t(note) })));
  list.hidden = notes.length === 0;
}
