// Every player's tableau as HTML: crews (strength, used or not), stones, fields, quarries, markets, Nile
// cards, grave tiles, the number of Sphinx cards, and the viewer's own Sphinx cards face up.
import { h, icon, seatClass, seatColourName } from "../../js/dom.js";
import { _, list, p_, t } from "../../js/i18n.js";
import { crewWord } from "./words.js";

const COLOUR_WORDS = {
  red: () => p_("seat colour", "red"), blue: () => p_("seat colour", "blue"), gold: () => p_("seat colour", "gold"),
  green: () => p_("seat colour", "green"), purple: () => p_("seat colour", "purple"), orange: () => p_("seat colour", "orange"),
};
const colourWord = (seat) => COLOUR_WORDS[seatColourName(seat)]();

function cardChip(card) {
  return h("li", { class: "chip", title: t(card.text), tabindex: "0" }, h("strong", { text: t(card.name) }), " ", t(card.text));
}

function section(title, items, picture = "") {
  return h("div", { class: "tableau-part" }, h("h4", {}, picture ? icon(picture) : null, title),
    items.length ? h("ul", { class: "chips" }, items) : h("p", { class: "muted", text: _("none") }));
}

function crews(player) {
  return h("ul", { class: "crews", "aria-label": _("Crews") },
    Object.keys(player.crews).map((name, index) => {
      const used = player.crews_used[name];
      const args = { crew: crewWord(index), strength: player.crews[name] };
      const title = used ? _("{crew}: strength {strength}, used this round", args) : _("{crew}: strength {strength}", args);
      return h("li", { class: used ? "crew used" : "crew", "data-crew": name, "data-used": String(used), title },
        h("span", { class: "crew-name", text: index === 3 ? p_("crew", "Joker") : name }), h("span", { class: "crew-strength", text: String(player.crews[name]) }),
        used ? h("span", { class: "crew-used", text: _("used") }) : null);
    }));
}

function facts(view, player) {
  const rows = [
    ["score", _("Score"), _("{score} VP (place {place})", { score: player.score, place: player.track_place })],
    ["tile", _("Sequence tile"), String(player.tile)],
    ["stones", _("Stones"), _("{stones} (+{production} per round)", { stones: player.stones, production: player.production })],
    ["grain", _("Grain"), _("{grain} irrigated, crews need {need}", { grain: player.grain_now, need: player.need })],
    ["markets", _("Markets"), _("stone {stone}/{spaces}, grain {grain}/{spaces}", { stone: player.stone_market + 1, grain: player.grain_market + 1, spaces: view.markets.spaces })],
    ["ships", _("Ships left"), player.passed ? _("{count} (passed)", { count: player.ships_left }) : String(player.ships_left)],
    ["graves", _("Grave tiles"), player.grave_tiles.length ? list(player.grave_tiles.map(String)) : _("none")],
    ["sphinx", _("Sphinx cards"), String(player.sphinx_count)],
  ];
  const pictures = { stones: "stone", grain: "grain", ships: "ship", graves: "grave", sphinx: "card" };
  return h("dl", { class: "facts" }, rows.flatMap(([fact, term, value]) => [
    h("dt", {}, pictures[fact] ? icon(pictures[fact]) : null, term),
    h("dd", { "data-fact": fact, text: value }),
  ]));
}

function tableau(view, player, names) {
  const mine = view.viewer === player.seat;
  const acting = view.to_act.includes(player.seat);
  const fields = player.fields.map((f) => h("li", { class: `chip field ${f.effective_colour}`, title: _("{name}: irrigated when the ring reaches {colour}", { name: t(f.name), colour: t(f.colour_name) }), tabindex: "0" },
    h("strong", { text: _("{count} grain", { count: f.grain }) }), " ", f.improved_by.length ? _("{colour} (improved)", { colour: t(f.colour_name) }) : t(f.colour_name)));
  const parts = [
    h("h3", {}, h("span", { class: `swatch ${seatClass(player.seat)}`, "aria-hidden": "true" }),
      mine ? _("{name} (you)", { name: names[player.seat] }) : names[player.seat], acting ? h("span", { class: "badge turn", text: _("to act") }) : null),
    h("p", { class: "muted", text: _("Seat {number}, {colour}", { number: player.seat + 1, colour: colourWord(player.seat) }) }),
    crews(player),
    facts(view, player),
    section(_("Fields"), fields, "grain"),
    section(_("Quarries"), player.quarries.map(cardChip), "stone"),
    section(_("Nile cards in hand"), player.hand.map(cardChip)),
    section(_("Permanent Nile cards"), player.permanents.map(cardChip)),
  ];
  if (player.sphinx) parts.push(section(mine ? _("My Sphinx cards") : _("Sphinx cards"), player.sphinx.map(cardChip), "sphinx"));
  return h("article", { class: mine ? "tableau panel mine" : "tableau panel", "data-seat": player.seat, "aria-label": _("Tableau of {name}", { name: names[player.seat] }) }, parts);
}

export function drawTableaus(view, names) {
  const order = [...view.players].sort((a, b) => (a.seat === view.viewer ? -1 : b.seat === view.viewer ? 1 : a.seat - b.seat));
  return order.map((player) => tableau(view, player, names));
}
