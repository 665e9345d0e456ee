// What the viewer may decide now, built only from the view's legal commands: the clickable board spaces and
// the decision panel. A build is assembled step by step (crews, strength cards, then spaces in order) and the
// Build button appears only when the choice equals one legal command.
import { h } from "../../js/dom.js";
import { _, list, n_, t } from "../../js/i18n.js";
import { buildSpaceName, cardLookup, cardName, crewNames, crewWord, describeCommand, marketWord, placementVariant, spaceLabel } from "./words.js";

// The choice being assembled survives new versions as long as the legal commands stay the same.
const ui = { offer: "", choosing: null, crews: [], cards: [], spaces: [] };

const sameSet = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const byType = (view, type) => view.legal_commands.filter((c) => c.type === type);
const placeKey = (c) => `${c.space}|${c.slot}|${c.speculate}`;

function reset(view) {
  const offer = JSON.stringify(view.legal_commands);
  if (ui.offer !== offer) Object.assign(ui, { offer, choosing: null, crews: [], cards: [], spaces: [] });
}

function button(text, act, attrs = {}) {
  return h("button", { type: "button", ...attrs, text, onclick: act });
}

function placementTargets(view, submit, redraw, targets) {
  const groups = new Map();
  for (const command of byType(view, "egizia.place_ship")) {
    const key = placeKey(command);
    groups.set(key, [...(groups.get(key) || []), command]);
  }
  for (const [key, commands] of groups) {
    const label = _("Place a ship: {place}", { place: spaceLabel(view, commands[0]) });
    const act = commands.length === 1 ? () => submit(commands[0]) : () => { ui.choosing = key; redraw(); };
    targets.river.set(key, { label, act });
  }
  if (!ui.choosing || !groups.has(ui.choosing)) return [];
  const commands = groups.get(ui.choosing);
  return [h("div", { class: "choice", role: "group", "aria-label": _("Choose how") },
    h("p", { text: _("{place}: choose one.", { place: spaceLabel(view, commands[0]) }) }),
    commands.map((c) => button(placementVariant(view, c), () => submit(c), { class: "primary" })),
    button(_("Cancel"), () => { ui.choosing = null; redraw(); }))];
}

function toggle(items, value) {
  return items.includes(value) ? items.filter((v) => v !== value) : [...items, value];
}

function buildParts(view, submit, redraw, targets) {
  const builds = byType(view, "egizia.build");
  const draws = byType(view, "egizia.sphinx_draw");
  if (!builds.length && !draws.length) return [];
  const me = view.players.find((p) => p.seat === view.viewer);
  const cards = cardLookup(view);
  const all = [...builds, ...draws];
  const crewsOffered = [...new Set(all.flatMap((c) => c.crews))].sort();
  const cardsOffered = [...new Set(all.flatMap((c) => c.cards))].sort();
  const matches = (c) => sameSet(c.crews, ui.crews) && sameSet(c.cards, ui.cards);
  const matching = builds.filter((c) => matches(c) && ui.spaces.every((space, i) => c.spaces[i] === space));
  for (const c of matching) {
    const next = c.spaces[ui.spaces.length];
    if (next && !targets.build.has(next)) {
      targets.build.set(next, { label: _("Build {space} as stone {number}", { space: buildSpaceName(view, next), number: ui.spaces.length + 1 }), act: () => { ui.spaces = [...ui.spaces, next]; redraw(); } });
    }
  }
  targets.selected = ui.spaces;
  const crew = crewNames(view);
  const strength = ui.crews.reduce((sum, c) => sum + me.crews[crew[c]], 0);
  const parts = [h("h3", { text: _("Build") }),
    h("p", { class: "hint", text: _("Choose crews (and strength cards), then the spaces (highlighted on the board) in the order you build them.") }),
    h("div", { class: "toggles", role: "group", "aria-label": _("Crews") }, crewsOffered.map((c) =>
      button(_("{crew} ({strength})", { crew: crewWord(c), strength: me.crews[crew[c]] }), () => { ui.crews = toggle(ui.crews, c); ui.spaces = []; redraw(); },
        { "aria-pressed": String(ui.crews.includes(c)), class: "toggle", "data-crew": c })))];
  if (cardsOffered.length) {
    parts.push(h("div", { class: "toggles", role: "group", "aria-label": _("Strength cards") }, cardsOffered.map((id) =>
      button(cardName(cards, id), () => { ui.cards = toggle(ui.cards, id); ui.spaces = []; redraw(); },
        { "aria-pressed": String(ui.cards.includes(id)), class: "toggle", "data-card": id }))));
  }
  const chosen = ui.spaces.length ? list(ui.spaces.map((id) => buildSpaceName(view, id))) : _("none");
  parts.push(h("p", { class: "selection", text: _("Crew strength {strength}; stones {stones}; spaces chosen: {spaces}.", { strength, stones: me.stones, spaces: chosen }) }));
  const complete = matching.filter((c) => c.spaces.length === ui.spaces.length && ui.spaces.length > 0);
  for (const c of complete) {
    const text = c.market ? _("Build, then move my {market} marker down", { market: marketWord(c.market) }) : _("Build");
    parts.push(button(text, () => submit(c), { class: "primary", "data-build": c.market || "build" }));
  }
  if (ui.spaces.length) parts.push(button(_("Undo last space"), () => { ui.spaces = ui.spaces.slice(0, -1); redraw(); }));
  for (const c of draws.filter(matches)) {
    parts.push(button(n_("Draw {count} Sphinx card", "Draw {count} Sphinx cards", c.count), () => submit(c), { class: "primary", "data-draw": c.count }));
  }
  return [h("div", { class: "builder" }, parts)];
}

function keepParts(view, submit) {
  const keeps = byType(view, "egizia.sphinx_keep");
  if (!keeps.length) return [];
  return [h("div", { class: "keep" }, h("h3", { text: _("Sphinx cards drawn") }),
    h("ul", { class: "chips" }, view.drawn.map((card) => h("li", { class: "chip", "data-card": card.id }, h("strong", { text: t(card.name) }), " ", t(card.text)))),
    keeps.map((c) => button(describeCommand(view, c), () => submit(c), { class: "primary", "data-keep": c.keep.join(",") || "none" })))];
}

function simpleButtons(view, submit) {
  const simple = view.legal_commands.filter((c) => ["egizia.pass", "egizia.feed", "egizia.decline", "egizia.build_more", "egizia.end_build", "egizia.play_card"].includes(c.type));
  return simple.map((c) => button(describeCommand(view, c), () => submit(c), { class: c.type === "egizia.play_card" ? "" : "primary", "data-command": c.type }));
}

// The board's clickable spaces again as large buttons: board spaces are too small to tap on a phone, so the
// phone layout shows this list (the wide layout hides it; both reach the same actions).
function choiceList(targets) {
  const choices = [...targets.river.values(), ...targets.build.values()];
  if (!choices.length) return [];
  return [h("div", { class: "choice-list", role: "group", "aria-label": _("Spaces you can choose") },
    choices.map((choice) => button(choice.label, choice.act, { class: "choice-button" })))];
}

export function decide(view, submit, redraw, inspect) {
  reset(view);
  const targets = { river: new Map(), build: new Map(), selected: [], inspect };
  const panel = [
    ...placementTargets(view, submit, redraw, targets),
    ...buildParts(view, submit, redraw, targets),
  ];
  panel.push(...choiceList(targets), ...keepParts(view, submit), ...simpleButtons(view, submit));
  if (targets.river.size) panel.unshift(h("p", { class: "hint", text: _("Choose a highlighted space on the river to place a ship there.") }));
  return { targets, panel };
}
