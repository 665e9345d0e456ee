// What the viewer may decide now, built only from the view's legal commands. One-click decisions are buttons
// (the Nile cards and the token faces are clickable on the board too). Sets, sideways sets and the Courtier's
// cards are chosen by selecting cards of the hand: a button appears for every legal command whose cards are
// interchangeable with the selection (same goods, scarabs and back; a character is itself), and it plays the
// cards selected.
import { _, n_ } from "../../js/i18n.js";
import { h } from "../../js/dom.js";
import { cardFace } from "./cards.js";
import { cardLookup, describeCommand, kindOf, signature } from "./words.js";

const MULTI = ["sobek.play_set", "sobek.lay_sideways", "sobek.court"];
const ui = { offer: "", selected: [] };

function reset(view) {
  const offer = JSON.stringify(view.legal_commands);
  if (ui.offer !== offer) Object.assign(ui, { offer, selected: [] });
}

const FIELDS = ["position", "card", "token", "target", "back", "goods", "seat", "set", "join"];

function dataOf(command) {
  const data = { "data-command": command.type };
  for (const field of FIELDS) if (field in command) data[`data-${field}`] = String(command[field]);
  return data;
}

function button(text, act, attrs = {}) {
  return h("button", { type: "button", ...attrs, text, onclick: act });
}

function simpleButtons(view, names, submit) {
  return view.legal_commands.filter((c) => !MULTI.includes(c.type)).map((command) =>
    button(describeCommand(view, names, command), () => submit(command), { class: command.type === "sobek.take" ? "" : "primary", ...dataOf(command) }));
}

const CHOOSER_HINTS = {
  "sobek.play_set": () => _("Play a set: select 3 or more cards of one goods type (amulets are wild, characters count as their type)."),
  "sobek.lay_sideways": () => _("Sideways set: select 3 or more cards of one goods type."),
  "sobek.court": () => _("Courtier: select 1 or 2 cards matching one of your sets."),
};

function cardChooser(view, names, submit, redraw) {
  const commands = view.legal_commands.filter((c) => MULTI.includes(c.type));
  if (!commands.length) return [];
  const cards = cardLookup(view);
  const kinds = new Set(commands.flatMap((c) => c.cards.map((id) => kindOf(cards.get(id)))));
  const me = view.players.find((p) => p.seat === view.viewer);
  const hand = me.hand.filter((card) => kinds.has(kindOf(card)));
  const toggle = (id) => () => {
    ui.selected = ui.selected.includes(id) ? ui.selected.filter((x) => x !== id) : [...ui.selected, id];
    redraw();
  };
  const chosen = ui.selected.length ? signature(cards, ui.selected) : "";
  const matching = commands.filter((c) => c.cards.length === ui.selected.length && signature(cards, c.cards) === chosen);
  const types = [...new Set(commands.map((c) => c.type))];
  const parts = [
    h("p", { class: "hint", text: types.map((type) => CHOOSER_HINTS[type]()).join(" ") }),
    h("div", { class: "card-row chooser", role: "group", "aria-label": _("Cards of my hand to play") },
      hand.map((card) => cardFace(card, { act: toggle(card.id), pressed: ui.selected.includes(card.id) }))),
    h("p", { class: "selection", "data-fact": "selection", text: ui.selected.length ? n_("Selected: {count} card.", "Selected: {count} cards.", ui.selected.length) : _("Nothing selected.") }),
  ];
  for (const command of matching) {
    const played = { ...command, cards: [...ui.selected] };
    parts.push(button(describeCommand(view, names, command), () => submit(played), { class: "primary", ...dataOf(command), "data-play": "selected" }));
  }
  if (ui.selected.length) parts.push(button(_("Clear the selection"), () => { ui.selected = []; redraw(); }));
  return [h("div", { class: "chooser-panel" }, parts)];
}

function lookPanel(view) {
  if (!view.vizier_look) return [];
  return [h("p", { class: "hint", text: _("The Vizier sees this corruption pile:") }),
    h("div", { class: "card-row" }, view.vizier_look.cards.map((c) => cardFace(c)))];
}

export function decide(view, names, submit, redraw) {
  reset(view);
  const targets = new Map();
  for (const command of view.legal_commands) {
    const label = describeCommand(view, names, command);
    if (command.type === "sobek.take") targets.set(`take:${command.position}`, { label, act: () => submit(command) });
    if (command.type === "sobek.hire") targets.set(`hire:${command.position}`, { label, act: () => submit(command) });
    if (command.type === "sobek.choose_token") targets.set(`token:${command.token}`, { label, act: () => submit(command) });
  }
  const panel = [...lookPanel(view), ...cardChooser(view, names, submit, redraw)];
  const simple = simpleButtons(view, names, submit);
  if (simple.length) panel.push(h("div", { class: "choices", role: "group", "aria-label": _("Choices") }, simple));
  return { targets, panel };
}
