// Every player's tableau: score, hand (face up for its owner, backs and counts for the others), corruption
// pile (its owner's; the others' only as a count a Fraud showed), Curses, and the upright and sideways sets;
// what changed since the viewer's last own move is outlined (`changed`, see changes.js).
import { _, n_ } from "../../js/i18n.js";
import { h, seatClass } from "../../js/dom.js";
import { cardBack, cardFace, tokenFace } from "./cards.js";
import { backName, goodsName } from "./words.js";

function section(title, content, attrs = {}) {
  return h("div", { class: "tableau-part", ...attrs }, h("h4", { text: title }), content);
}

const cardRow = (cards) => (cards.length ? h("div", { class: "card-row" }, cards.map((c) => cardFace(c))) : h("p", { class: "muted", text: _("none") }));

function backs(player) {
  const parts = Object.entries(player.hand_backs).filter(([, count]) => count > 0).map(([back, count]) =>
    h("span", { class: "back-count", "data-back": back }, cardBack(back, n_("{count} card with a {back} back", "{count} cards with a {back} back", count, { back: backName(back) })), h("span", { text: `× ${count}` })));
  return parts.length ? h("div", { class: "card-row backs" }, parts) : h("p", { class: "muted", text: _("no card") });
}

const mark = (fresh, base) => (fresh ? `${base} changed` : base);
// The words beside a changed thing: its text, and for assistive technology that it changed.
const said = (fresh, text) => [text, fresh ? h("span", { class: "visually-hidden", text: ` ${_("Changed since your last move.")}` }) : null];

function setBlock(set, sideways, fresh = false) {
  const tokens = set.prosperity.map((t) => tokenFace(t));
  const args = { goods: goodsName(set.goods), cards: set.cards.length, points: set.points };
  const what = sideways
    ? n_("{goods} set (sideways): {count} scarab = {points}", "{goods} set (sideways): {count} scarabs = {points}", set.scarabs, args)
    : n_("{goods} set: {count} scarab × {cards} cards = {points}", "{goods} set: {count} scarabs × {cards} cards = {points}", set.scarabs, args);
  return h("div", { class: mark(fresh, `set goods-${set.goods}${sideways ? " sideways" : ""}`), "data-set": set.index, "data-points": set.points },
    h("p", { class: "set-title" }, said(fresh, what)), h("div", { class: "card-row" }, set.cards.map((c) => cardFace(c)), tokens));
}

function corruption(player, mine, fresh) {
  if (player.corruption) {
    const title = mine ? _("My corruption pile ({count} with Curses)", { count: player.corruption_count }) : _("Corruption pile ({count} with Curses)", { count: player.corruption_count });
    return section(title, cardRow(player.corruption), { "data-fact": "corruption", class: mark(fresh, "tableau-part") });
  }
  const text = player.revealed_corruption !== null
    ? n_("{count} card (shown by Fraud)", "{count} cards (shown by Fraud)", player.revealed_corruption)
    : _("hidden");
  const [, aside] = said(fresh, text);  // beside the fact, so the fact itself stays the count
  return section(_("Corruption pile"), [h("p", { class: mark(fresh, "muted"), "data-fact": "corruption", text }), aside]);
}

function tableau(view, player, names, changed) {
  const fresh = (what) => changed.has(`${what}:${player.seat}`);
  const mine = view.viewer === player.seat;
  const badges = [
    view.to_act.includes(player.seat) ? h("span", { class: "badge turn", text: _("to act") }) : null,
    view.start_player === player.seat ? h("span", { class: "badge", text: _("start player") }) : null,
    view.winners.includes(player.seat) ? h("span", { class: "badge win", text: _("winner") }) : null,
  ];
  const parts = [
    h("h3", {}, h("span", { class: `swatch ${seatClass(player.seat)}`, "data-seat": player.seat }), mine ? _("{name} (you)", { name: names[player.seat] }) : names[player.seat], badges),
    h("dl", { class: "facts" },
      h("dt", { text: _("Score") }), h("dd", { class: fresh("score") ? "changed" : null, "data-fact": "score" }, said(fresh("score"), player.lap
        ? _("{score} (square {square}, lap {lap})", { score: player.score, square: player.square, lap: player.lap + 1 })
        : _("{score} (square {square})", { score: player.score, square: player.square }))),
      h("dt", { text: _("Sets on the table") }), h("dd", { "data-fact": "set-points", text: n_("{count} point", "{count} points", player.set_points) }),
      h("dt", { text: _("Hand") }), h("dd", { class: fresh("hand") ? "changed" : null, "data-fact": "hand" }, said(fresh("hand"), n_("{count} card", "{count} cards", player.hand_size)))),
    player.hand ? section(mine ? _("My hand") : _("Hand"), cardRow(player.hand), { "data-fact": "my-hand" }) : section(_("Hand (backs)"), backs(player)),
    corruption(player, mine, fresh("corruption")),
  ];
  if (player.curses.length) parts.push(section(_("Curses (2 corruption each)"), h("div", { class: "card-row" }, player.curses.map((t) => tokenFace(t)))));
  if (player.purged && player.purged.length) parts.push(section(_("Removed by the High Priest(ess)"), cardRow(player.purged)));
  parts.push(section(_("Sets"), player.upright.length ? h("div", { class: "sets" }, player.upright.map((set) => setBlock(set, false, changed.has(`set:${player.seat}/${set.index}`)))) : h("p", { class: "muted", text: _("none") })));
  if (player.sideways.length) parts.push(section(_("Sideways sets"), h("div", { class: "sets" }, player.sideways.map((set) => setBlock(set, true)))));
  const article = h("article", { class: mine ? "tableau panel mine" : "tableau panel", "data-seat": player.seat, "aria-label": _("Tableau of {name}", { name: names[player.seat] }) }, parts);
  return article;
}

export function drawTableaus(view, names, changed = new Set()) {
  const order = [...view.players].sort((a, b) => (a.seat === view.viewer ? -1 : b.seat === view.viewer ? 1 : a.seat - b.seat));
  return order.map((player) => tableau(view, player, names, changed));
}
