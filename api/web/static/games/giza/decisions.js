// What the viewer may decide now, built only from the view's legal commands. Pick a tile in the hand: the
// sites where it may go light up on the boards (and are listed as large buttons on a phone). Pick 1 to 4 tiles
// and a Discard button appears when that set is a legal discard. Scarabs on top of my own sites get a button.
import { _, n_, t } from "../../js/i18n.js";
import { h } from "../../js/dom.js";
import { tileName, tileNode } from "./tiles.js";

// The tiles chosen survive new versions as long as the legal commands stay the same.
const ui = { offer: "", selected: [] };

const sameSet = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const byType = (view, type) => view.legal_commands.filter((command) => command.type === type);

function reset(view) {
  const offer = JSON.stringify(view.legal_commands);
  if (ui.offer !== offer) Object.assign(ui, { offer, selected: [] });
}

function button(text, act, attrs = {}) {
  return h("button", { type: "button", ...attrs, text, onclick: act });
}

export function myHand(view) {
  const hand = view.viewer === null ? null : view.hands.find((entry) => entry.seat === view.viewer);
  return hand && hand.tiles ? hand.tiles : [];
}

function siteWords(view, names, command) {
  const site = t(view.site_names[command.site]);
  return command.board === view.viewer ? _("your {site}", { site }) : _("{name}'s {site}", { name: names[command.board], site });
}

function targetsFor(view, names, submit) {
  const targets = new Map();
  if (ui.selected.length !== 1) return targets;
  const tile = myHand(view).find((candidate) => candidate.id === ui.selected[0]);
  for (const play of byType(view, "giza.play").filter((command) => command.tile === ui.selected[0])) {
    const where = siteWords(view, names, play);
    const label = tile.kind === "demolish" ? _("Demolish the top tile of {site}", { site: where }) : _("Play the {tile} on {site}", { tile: tileName(tile), site: where });
    targets.set(`${play.board}/${play.site}`, { label, act: () => submit(play) });
  }
  return targets;
}

// My hand: face up, and while I must decide, each tile a toggle button (keyboard: Tab, then Enter or Space).
function handNode(view, deciding, redraw) {
  const tiles = myHand(view);
  if (view.viewer === null) return null;
  const items = tiles.map((tile) => {
    if (!deciding) return tileNode(tile, "li");
    const pressed = ui.selected.includes(tile.id);
    const toggle = () => {
      ui.selected = pressed ? ui.selected.filter((id) => id !== tile.id) : [...ui.selected, tile.id];
      redraw();
    };
    return h("li", {}, tileNode(tile, "button", { type: "button", "aria-pressed": String(pressed), onclick: toggle, "aria-label": pressed ? _("{tile}, chosen", { tile: tileName(tile) }) : tileName(tile) }));
  });
  return h("section", { class: "giza-hand", "aria-label": _("Your hand") },
    h("h3", { text: _("Your hand") }),
    h("ul", { class: "hand-tiles" }, items));
}

function hint(view, targets) {
  if (!ui.selected.length) return _("Choose a tile in your hand: the sites where it may go light up. Choose 1 to 4 tiles to discard them.");
  if (ui.selected.length === 1 && !targets.size) return _("This tile fits nowhere now: you may discard it.");
  if (ui.selected.length === 1) return _("Choose a highlighted site, or more tiles to discard.");
  return n_("{count} tile chosen to discard.", "{count} tiles chosen to discard.", ui.selected.length);
}

function actions(view, names, targets, submit, redraw) {
  const parts = [h("p", { class: "hint", text: hint(view, targets) })];
  if (targets.size) {
    parts.push(h("div", { class: "giza-choices", role: "group", "aria-label": _("Where to play the chosen tile") },
      [...targets.values()].map((target) => button(target.label, target.act, { class: "choice-button" }))));
  }
  const discard = byType(view, "giza.discard").find((command) => sameSet(command.tiles, ui.selected));
  if (discard) {
    const count = discard.tiles.length;
    parts.push(button(n_("Discard this tile", "Discard these {count} tiles", count), () => submit(discard), { class: "primary", "data-command": "giza.discard" }));
  }
  if (ui.selected.length) parts.push(button(_("Clear the choice"), () => { ui.selected = []; redraw(); }, { "data-command": "clear" }));
  for (const remove of byType(view, "giza.remove_scarab")) {
    const text = _("Take the scarab off your {site} (your turn ends, no draw)", { site: t(view.site_names[remove.site]) });
    parts.push(button(text, () => submit(remove), { "data-command": "giza.remove_scarab", "data-site": remove.site }));
  }
  return parts;
}

export function decide(view, names, submit, redraw) {
  reset(view);
  const deciding = view.legal_commands.length > 0;
  const targets = deciding ? targetsFor(view, names, submit) : new Map();
  const panel = deciding ? [h("div", { class: "giza-decide" }, actions(view, names, targets, submit, redraw))] : [];
  // Why a tile fits nowhere: the page lists the prompt's notes once, beside the decisions (not here too).
  return { targets, panel, hand: handNode(view, deciding, redraw) };
}
