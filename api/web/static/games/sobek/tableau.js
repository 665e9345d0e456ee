// Every player's tableau: score, hand (face up for its owner, backs and counts for the others), corruption
// pile (its owner's; the others' only as a count a Fraud showed), Curses, and the upright and sideways sets.
import { h, seatClass } from "../../js/dom.js";
import { cardBack, cardFace, tokenFace } from "./cards.js";
import { BACK_NAMES, goodsName } from "./words.js";

function section(title, content, attrs = {}) {
  return h("div", { class: "tableau-part", ...attrs }, h("h4", { text: title }), content);
}

const cardRow = (cards) => (cards.length ? h("div", { class: "card-row" }, cards.map((c) => cardFace(c))) : h("p", { class: "muted", text: "none" }));

function backs(player) {
  const parts = Object.entries(player.hand_backs).filter(([, count]) => count > 0).map(([back, count]) =>
    h("span", { class: "back-count", "data-back": back }, cardBack(back, `${count} card${count === 1 ? "" : "s"} with a ${BACK_NAMES[back]} back`), h("span", { text: `× ${count}` })));
  return parts.length ? h("div", { class: "card-row backs" }, parts) : h("p", { class: "muted", text: "no card" });
}

function setBlock(set, sideways) {
  const tokens = set.prosperity.map((t) => tokenFace(t));
  const what = `${goodsName(set.goods)} set${sideways ? " (sideways)" : ""}: ${set.scarabs} scarab${set.scarabs === 1 ? "" : "s"}` +
    (sideways ? "" : ` × ${set.cards.length} cards`) + ` = ${set.points}`;
  return h("div", { class: `set goods-${set.goods}${sideways ? " sideways" : ""}`, "data-set": set.index, "data-points": set.points },
    h("p", { class: "set-title", text: what }), h("div", { class: "card-row" }, set.cards.map((c) => cardFace(c)), tokens));
}

function corruption(player, mine) {
  if (player.corruption) {
    return section(`${mine ? "My corruption pile" : "Corruption pile"} (${player.corruption_count} with Curses)`, cardRow(player.corruption), { "data-fact": "corruption" });
  }
  const text = player.revealed_corruption !== null ? `${player.revealed_corruption} cards (shown by Fraud)` : "hidden";
  return section("Corruption pile", h("p", { class: "muted", "data-fact": "corruption", text }));
}

function tableau(view, player, names) {
  const mine = view.viewer === player.seat;
  const badges = [
    view.to_act.includes(player.seat) ? h("span", { class: "badge turn", text: "to act" }) : null,
    view.start_player === player.seat ? h("span", { class: "badge", text: "start player" }) : null,
    view.winners.includes(player.seat) ? h("span", { class: "badge win", text: "winner" }) : null,
  ];
  const parts = [
    h("h3", {}, h("span", { class: `swatch ${seatClass(player.seat)}`, "data-seat": player.seat }), `${names[player.seat]}${mine ? " (you)" : ""}`, badges),
    h("dl", { class: "facts" },
      h("dt", { text: "Score" }), h("dd", { "data-fact": "score", text: `${player.score} (square ${player.square}${player.lap ? `, lap ${player.lap + 1}` : ""})` }),
      h("dt", { text: "Sets on the table" }), h("dd", { "data-fact": "set-points", text: `${player.set_points} points` }),
      h("dt", { text: "Hand" }), h("dd", { "data-fact": "hand", text: `${player.hand_size} card${player.hand_size === 1 ? "" : "s"}` })),
    player.hand ? section(mine ? "My hand" : "Hand", cardRow(player.hand), { "data-fact": "my-hand" }) : section("Hand (backs)", backs(player)),
    corruption(player, mine),
  ];
  if (player.curses.length) parts.push(section("Curses (2 corruption each)", h("div", { class: "card-row" }, player.curses.map((t) => tokenFace(t)))));
  if (player.purged && player.purged.length) parts.push(section("Removed by the High Priest(ess)", cardRow(player.purged)));
  parts.push(section("Sets", player.upright.length ? h("div", { class: "sets" }, player.upright.map((set) => setBlock(set, false))) : h("p", { class: "muted", text: "none" })));
  if (player.sideways.length) parts.push(section("Sideways sets", h("div", { class: "sets" }, player.sideways.map((set) => setBlock(set, true)))));
  const article = h("article", { class: mine ? "tableau panel mine" : "tableau panel", "data-seat": player.seat, "aria-label": `Tableau of ${names[player.seat]}` }, parts);
  return article;
}

export function drawTableaus(view, names) {
  const order = [...view.players].sort((a, b) => (a.seat === view.viewer ? -1 : b.seat === view.viewer ? 1 : a.seat - b.seat));
  return order.map((player) => tableau(view, player, names));
}
