// Every player's tableau as HTML: crews (strength, used or not), stones, fields, quarries, markets, Nile
// cards, grave tiles, the number of Sphinx cards, and the viewer's own Sphinx cards face up.
import { h, seatClass, seatColourName } from "../../js/dom.js";

function cardChip(card) {
  return h("li", { class: "chip", title: card.text, tabindex: "0" }, h("strong", { text: card.id }), " ", card.text);
}

function section(title, items, empty = "none") {
  return h("div", { class: "tableau-part" }, h("h4", { text: title }),
    items.length ? h("ul", { class: "chips" }, items) : h("p", { class: "muted", text: empty }));
}

function crews(player) {
  return h("ul", { class: "crews", "aria-label": "Crews" },
    Object.keys(player.crews).map((name) => {
      const used = player.crews_used[name];
      return h("li", { class: used ? "crew used" : "crew", "data-crew": name, "data-used": String(used), title: `Crew ${name}: strength ${player.crews[name]}${used ? ", used this round" : ""}` },
        h("span", { class: "crew-name", text: name }), h("span", { class: "crew-strength", text: String(player.crews[name]) }),
        used ? h("span", { class: "crew-used", text: "used" }) : null);
    }));
}

function facts(view, player) {
  const rows = [
    ["score", "Score", `${player.score} VP (place ${player.track_place})`],
    ["tile", "Sequence tile", String(player.tile)],
    ["stones", "Stones", `${player.stones} (+${player.production} per round)`],
    ["grain", "Grain", `${player.grain_now} irrigated, crews need ${player.need}`],
    ["markets", "Markets", `stone ${player.stone_market + 1}/${view.markets.spaces}, grain ${player.grain_market + 1}/${view.markets.spaces}`],
    ["ships", "Ships left", String(player.ships_left) + (player.passed ? " (passed)" : "")],
    ["graves", "Grave tiles", player.grave_tiles.join(", ") || "none"],
    ["sphinx", "Sphinx cards", String(player.sphinx_count)],
  ];
  return h("dl", { class: "facts" }, rows.flatMap(([fact, term, value]) => [h("dt", { text: term }), h("dd", { "data-fact": fact, text: value })]));
}

function tableau(view, player, names) {
  const mine = view.viewer === player.seat;
  const acting = view.to_act.includes(player.seat);
  const fields = player.fields.map((f) => h("li", { class: `chip field ${f.effective_colour}`, title: `${f.card}: ${f.effective_colour} field, ${f.grain} grain`, tabindex: "0" },
    h("strong", { text: `${f.grain} grain` }), ` ${f.effective_colour}${f.improved_by.length ? " (improved)" : ""}`));
  const parts = [
    h("h3", {}, h("span", { class: `swatch ${seatClass(player.seat)}`, "aria-hidden": "true" }),
      `${names[player.seat]}${mine ? " (you)" : ""}`, acting ? h("span", { class: "badge turn", text: "to act" }) : null),
    h("p", { class: "muted", text: `Seat ${player.seat + 1}, ${seatColourName(player.seat)}` }),
    crews(player),
    facts(view, player),
    section("Fields", fields),
    section("Quarries", player.quarries.map(cardChip)),
    section("Nile cards in hand", player.hand.map(cardChip)),
    section("Permanent Nile cards", player.permanents.map(cardChip)),
  ];
  if (player.sphinx) parts.push(section(mine ? "My Sphinx cards" : "Sphinx cards", player.sphinx.map(cardChip)));
  return h("article", { class: mine ? "tableau panel mine" : "tableau panel", "data-seat": player.seat, "aria-label": `Tableau of ${names[player.seat]}` }, parts);
}

export function drawTableaus(view, names) {
  const order = [...view.players].sort((a, b) => (a.seat === view.viewer ? -1 : b.seat === view.viewer ? 1 : a.seat - b.seat));
  return order.map((player) => tableau(view, player, names));
}
