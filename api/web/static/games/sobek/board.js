// The Sobek board, built from the view: the round and the deck, the Nile row (left to right, characters face
// down), the event tokens, the 0-100 score track with its symbols and the markers, and past rounds. Cards and
// tokens are clickable only where `targets` (built from the legal commands) says so; what changed since the
// viewer's last own move is outlined (`changed`, see changes.js), never repainted, so markers keep their colour.
import { _, list, n_, t } from "../../js/i18n.js";
import { h, s, seatClass } from "../../js/dom.js";
import { cardBack, cardFace, symbol, tokenBack, tokenFace } from "./cards.js";
import { symbolName } from "./words.js";

const CELL = 40;
const COLUMNS = 10;

const CHANGED = () => _("Changed since your last move.");

function nileSlot(slot, view, targets, changed) {
  const inReach = slot.position <= view.reach;
  const face = slot.card ? cardFace(slot.card) : cardBack(slot.back, _("a face-down character"));
  const target = targets.get(`take:${slot.position}`) || targets.get(`hire:${slot.position}`);
  const fresh = changed.has(`nile:${slot.position}`);
  const classes = `nile-slot${inReach ? " in-reach" : ""}${fresh ? " changed" : ""}`;
  const number = h("span", { class: "nile-position", text: String(slot.position) }, fresh ? h("span", { class: "visually-hidden", text: ` ${CHANGED()}` }) : null);
  if (!target) return h("li", { class: classes, "data-position": slot.position }, number, face);
  const button = h("button", { type: "button", class: "nile-take legal", "data-position": slot.position, "aria-label": target.label, title: target.label, onclick: target.act }, face);
  return h("li", { class: `${classes} takeable`, "data-position": slot.position }, number, button);
}

function nile(view, targets, changed) {
  const caption = view.nile.length
    ? _("The Nile, left to right: the first {reach} may be taken; the cards left of the one taken become corruption.", { reach: view.reach })
    : _("The Nile is empty.");
  return h("section", { class: "nile-row", "aria-label": _("The Nile") },
    h("h2", { text: _("The Nile") }), h("p", { class: "muted", text: caption }),
    h("ol", { class: "nile-cards" }, view.nile.map((slot) => nileSlot(slot, view, targets, changed))),
    h("p", { class: "deck", "data-fact": "deck", text: n_("Deck: {count} card", "Deck: {count} cards", view.deck_size) }));
}

function tokens(view, targets, changed) {
  const faces = view.token_faces.map((token) => {
    const target = targets.get(`token:${token.id}`);
    return tokenFace(token, target ? target.act : null);
  });
  const down = faces.length && view.phase !== "over" ? [] : Array.from({ length: view.tokens_face_down }, tokenBack);
  const fresh = changed.has("tokens");
  return h("section", { class: fresh ? "tokens changed" : "tokens", "aria-label": fresh ? `${_("Event tokens")} · ${CHANGED()}` : _("Event tokens") },
    h("h2", { text: _("Event tokens") }),
    h("p", { class: "muted", "data-fact": "tokens", text: _("{down} face down this round, {out} out of play.", { down: view.tokens_face_down, out: view.tokens_out_of_play }) }),
    h("div", { class: "token-row" }, down, faces),
    view.tokens_used.length ? h("div", { class: "token-row used" }, h("span", { class: "muted", text: _("Used:") }), view.tokens_used.map((t) => tokenFace(t))) : null);
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

function markers(view, names, changed) {
  return view.players.map((player, index) => {
    const { x, y } = cellOf(player.square);
    const dx = 7 + index * 8.7;
    const dy = CELL - 7;
    const points = n_("{name}: {count} point", "{name}: {count} points", player.score, { name: names[player.seat] });
    const lapped = player.lap ? `${points} ${_("(lap {lap})", { lap: player.lap + 1 })}` : points;
    const fresh = changed.has(`score:${player.seat}`);
    const label = fresh ? `${lapped} · ${CHANGED()}` : lapped;
    return s("g", { class: fresh ? "marker-group changed" : "marker-group", "data-seat": player.seat, "data-score": player.score },
      s("title", { text: label }),
      s("circle", { cx: x + dx, cy: y + dy, r: 5, class: `marker ${seatClass(player.seat)}` }));
  });
}

function track(view, names, changed) {
  const squares = view.track.slice(0, view.track_lap).map((kind, square) => trackSquare(square, kind));
  const summary = list(view.players.map((p) => `${names[p.seat]} ${p.score}`));
  const size = CELL * COLUMNS;
  return h("section", { class: "track-wrap", "aria-label": _("Score track") },
    h("h2", { text: _("Score track") }),
    s("svg", { class: "track", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": _("Score track 0 to 100: {scores}", { scores: summary }) },
      squares, markers(view, names, changed)),
    h("p", { class: "muted", text: _("Symbols: {symbols}; the tens are numbered squares. Past 100 a marker goes round again.", { symbols: list(["eye", "scarab", "ankh"].map(symbolName)) }) }));
}

function results(view, names) {
  if (!view.results.length) return null;
  const head = h("tr", {}, h("th", { text: _("Round") }), view.players.map((p) => h("th", { text: names[p.seat] })));
  const rows = view.results.map((r) => h("tr", { "data-round": r.round }, h("th", { text: String(r.round) }),
    view.players.map((p) => {
      const args = { points: r.set_points[p.seat], corruption: r.corruption[p.seat], penalty: r.penalties[p.seat], score: r.scores[p.seat] };
      return h("td", { text: r.penalised.includes(p.seat)
        ? _("{points} set points, corruption {corruption}, penalty −{penalty} → {score}", args)
        : _("{points} set points, corruption {corruption} → {score}", args) });
    })));
  return h("section", { class: "results", "aria-label": _("Rounds played") }, h("h2", { text: _("Rounds") }),
    h("div", { class: "table-wrap" }, h("table", {}, h("thead", {}, head), h("tbody", {}, rows))));
}

export function drawBoard(view, names, targets, changed = new Set()) {
  const status = h("p", { class: "round-status", "data-fact": "round", text: `${_("Round {round} of {rounds}", { round: view.round, rounds: view.rounds })} · ${t(view.phase_title)}` });
  return [
    h("div", { class: "board-part river-part" }, status, nile(view, targets, changed), tokens(view, targets, changed)),
    h("div", { class: "board-part track-part" }, track(view, names, changed), results(view, names)),
  ];
}
