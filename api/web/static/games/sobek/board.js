// The Sobek board, built from the view: the round and the deck, the Nile row (left to right, characters face
// down), the event tokens, the 0-100 score track with its symbols and the markers, and past rounds. Cards and
// tokens are clickable only where `targets` (built from the legal commands) says so.
import { h, s, seatClass } from "../../js/dom.js";
import { cardBack, cardFace, symbol, tokenBack, tokenFace } from "./cards.js";
import { SYMBOL_NAMES } from "./words.js";

const CELL = 40;
const COLUMNS = 10;

function nileSlot(slot, view, targets) {
  const inReach = slot.position <= view.reach;
  const face = slot.card ? cardFace(slot.card) : cardBack(slot.back, "a face-down character");
  const target = targets.get(`take:${slot.position}`) || targets.get(`hire:${slot.position}`);
  const classes = `nile-slot${inReach ? " in-reach" : ""}`;
  const number = h("span", { class: "nile-position", text: String(slot.position) });
  if (!target) return h("li", { class: classes, "data-position": slot.position }, number, face);
  const button = h("button", { type: "button", class: "nile-take legal", "data-position": slot.position, "aria-label": target.label, title: target.label, onclick: target.act }, face);
  return h("li", { class: `${classes} takeable`, "data-position": slot.position }, number, button);
}

function nile(view, targets) {
  const caption = view.nile.length
    ? `The Nile, left to right: the first ${view.reach} may be taken; the cards left of the one taken become corruption.`
    : "The Nile is empty.";
  return h("section", { class: "nile-row", "aria-label": "The Nile" },
    h("h2", { text: "The Nile" }), h("p", { class: "muted", text: caption }),
    h("ol", { class: "nile-cards" }, view.nile.map((slot) => nileSlot(slot, view, targets))),
    h("p", { class: "deck", "data-fact": "deck", text: `Deck: ${view.deck_size} card${view.deck_size === 1 ? "" : "s"}` }));
}

function tokens(view, targets) {
  const faces = view.token_faces.map((token) => {
    const target = targets.get(`token:${token.id}`);
    return tokenFace(token, target ? target.act : null);
  });
  const down = faces.length && view.phase !== "over" ? [] : Array.from({ length: view.tokens_face_down }, tokenBack);
  return h("section", { class: "tokens", "aria-label": "Event tokens" },
    h("h2", { text: "Event tokens" }),
    h("p", { class: "muted", "data-fact": "tokens", text: `${view.tokens_face_down} face down this round, ${view.tokens_out_of_play} out of play.` }),
    h("div", { class: "token-row" }, down, faces),
    view.tokens_used.length ? h("div", { class: "token-row used" }, h("span", { class: "muted", text: "Used:" }), view.tokens_used.map((t) => tokenFace(t))) : null);
}

// Square n of the track in a snake of ten rows (0 at the top left).
function cellOf(square) {
  const row = Math.floor(square / COLUMNS);
  const column = row % 2 === 0 ? square % COLUMNS : COLUMNS - 1 - (square % COLUMNS);
  return { x: column * CELL, y: row * CELL };
}

function trackSquare(square, kind) {
  const { x, y } = cellOf(square);
  const group = s("g", { class: `square ${kind}`, "data-square": square },
    s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4 }));
  if (kind === "number") group.append(s("text", { x: x + CELL / 2, y: y + 17, class: "label center strong", text: square === 0 ? "0/100" : String(square) }));
  else group.append(symbol(kind, x + CELL / 2 + 5, y + 17), s("text", { x: x + 3, y: y + 10, class: "label tiny", text: String(square) }));
  return group;
}

function markers(view, names) {
  return view.players.map((player, index) => {
    const { x, y } = cellOf(player.square);
    const dx = 7 + index * 8.7;
    const dy = CELL - 7;
    const label = `${names[player.seat]}: ${player.score} point${player.score === 1 ? "" : "s"}${player.lap ? ` (lap ${player.lap + 1})` : ""}`;
    return s("g", { class: "marker-group", "data-seat": player.seat, "data-score": player.score },
      s("title", { text: label }),
      s("circle", { cx: x + dx, cy: y + dy, r: 5, class: `marker ${seatClass(player.seat)}` }));
  });
}

function track(view, names) {
  const squares = view.track.slice(0, view.track_lap).map((kind, square) => trackSquare(square, kind));
  const summary = view.players.map((p) => `${names[p.seat]} ${p.score}`).join(", ");
  const size = CELL * COLUMNS;
  return h("section", { class: "track-wrap", "aria-label": "Score track" },
    h("h2", { text: "Score track" }),
    s("svg", { class: "track", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": `Score track 0 to 100: ${summary}` },
      squares, markers(view, names)),
    h("p", { class: "muted", text: `Symbols: ${["eye", "scarab", "ankh"].map((k) => SYMBOL_NAMES[k]).join(", ")}; the tens are numbered squares. Past 100 a marker goes round again.` }));
}

function results(view, names) {
  if (!view.results.length) return null;
  const head = h("tr", {}, h("th", { text: "Round" }), view.players.map((p) => h("th", { text: names[p.seat] })));
  const rows = view.results.map((r) => h("tr", { "data-round": r.round }, h("th", { text: String(r.round) }),
    view.players.map((p) => {
      const penalty = r.penalised.includes(p.seat) ? `, penalty −${r.penalties[p.seat]}` : "";
      return h("td", { text: `${r.set_points[p.seat]} set points, corruption ${r.corruption[p.seat]}${penalty} → ${r.scores[p.seat]}` });
    })));
  return h("section", { class: "results", "aria-label": "Rounds played" }, h("h2", { text: "Rounds" }),
    h("div", { class: "table-wrap" }, h("table", {}, h("thead", {}, head), h("tbody", {}, rows))));
}

export function drawBoard(view, names, targets) {
  const status = h("p", { class: "round-status", "data-fact": "round", text: `Round ${view.round} of ${view.rounds} · ${view.phase_title}` });
  return [
    h("div", { class: "board-part river-part" }, status, nile(view, targets), tokens(view, targets)),
    h("div", { class: "board-part track-part" }, track(view, names), results(view, names)),
  ];
}
