// The Nile in SVG, built from the view: the water winding from the source to the delta between papyrus banks,
// the card spaces on its west bank, the round spaces and building sites on its east bank, and the ships.
// Clickable spaces come from `targets` (built from the legal commands), so an illegal space is never
// clickable; `changed` holds what changed since the viewer's last own move (see changes.js).
import { clickable, s, seatClass, titled } from "../../js/dom.js";
import { boat, defs, label, paint, reeds, wrap } from "./art.js";
import { _, t } from "../../js/i18n.js";
import { cardShort } from "./words.js";

const STEP = 46;
const TOP = 44;
const y = (position) => TOP + (position - 1) * STEP;
const WEST = 250;
const EAST = 290;

function target(node, key, targets, fallbackText) {
  const found = targets.river.get(key);
  if (found) clickable(node, found.label, found.act);
  else if (fallbackText) node.addEventListener("click", () => targets.inspect(fallbackText));
  node.dataset.target = key;
  return node;
}

function mark(node, key, changed) {
  if (changed.has(key)) node.classList.add("changed");
  return node;
}

const cardKind = (card) => `kind-${card.kind === "field" || card.kind === "quarry" ? card.kind : (card.type || "other").toLowerCase()}`;

function cardSpace(space, names, targets, changed) {
  const top = y(space.position) - 21;
  const card = space.card;
  const text = card ? _("{name} ({kind}): {text}", { name: t(card.name), kind: cardShort(card), text: t(card.text) }) : _("No card");
  const group = s("g", { class: `space card-space ${card ? cardKind(card) : "no-card"}`, "data-space": space.id });
  group.append(
    s("rect", { x: 6, y: top, width: 216, height: 42, rx: 5, class: card ? "card" : "card empty" }),
    card ? s("rect", { x: 6, y: top, width: 7, height: 42, rx: 2, class: "card-band" }) : null,
    label(18, top + 11, card ? _("{position} · {name} · {kind}", { position: space.position, name: t(card.name), kind: cardShort(card) }) : _("{position} · taken", { position: space.position }), { class: "label small strong" }),
  );
  if (card) wrap(t(card.text), 40, 3).forEach((line, index) => group.append(label(18, top + 21 + index * 9, line, { class: "label card-text" })));
  space.ships.forEach((seat, index) => group.append(boat(236 + index * 12, top + 26, seat, _("Ship of {name}", { name: names[seat] }))));
  titled(group, _("Position {position}, {text}", { position: space.position, text }));
  mark(group, changed.has(`card:${space.id}`) ? `card:${space.id}` : `space:${space.id}`, changed);
  return target(group, `${space.id}|-1|false`, targets, card ? text : null);
}

// Round spaces and building sites sit every other position on the east bank, so their boxes may be taller
// than one step: room for what the space does (the view's own text, wrapped; the full text is in the title).
function roundSpace(space, names, targets, changed) {
  const top = y(space.position) - 26;
  const group = s("g", { class: "space round-space", "data-space": space.id });
  group.append(
    s("rect", { x: 320, y: top, width: 212, height: 52, rx: 24, class: "round" }),
    s("rect", { x: 324, y: top + 4, width: 204, height: 44, rx: 20, class: "round-inner" }),
    label(338, top + 17, `${space.position} · ${t(space.name)}`, { class: "label strong" }),
  );
  wrap(t(space.text), 40, 3).forEach((line, index) => group.append(label(338, top + 29 + index * 9, line, { class: "label tiny space-text" })));
  space.ships.forEach((seat, index) => group.append(boat(304 - index * 12, top + 30, seat, _("Ship of {name}", { name: names[seat] }))));
  const about = _("{place}: {text}", { place: t(space.name), text: t(space.text) });
  titled(group, _("Position {position}, {text}", { position: space.position, text: about }));
  mark(group, `space:${space.id}`, changed);
  return target(group, `${space.id}|-1|false`, targets, about);
}

function slotNodes(site, slot, top, names, targets, changed) {
  const cx = 352 + slot * 64;
  const owner = site.slots[slot];
  const slotNode = s("g", { class: "slot", "data-slot": slot, "data-owner": owner });
  slotNode.append(
    s("circle", { cx, cy: top + 25, r: 10, class: owner >= 0 ? `slot-ring owned ${seatClass(owner)}` : "slot-ring" }),
    label(cx, top + 28, String(slot + 1), { class: `label tiny center${owner >= 0 ? ` on-seat ${seatClass(owner)}` : ""}` }),
  );
  if (site.built[slot]) slotNode.append(label(cx + 13, top + 18, "✓", { class: "label small built-mark" }));
  const free = _("free");
  titled(slotNode, _("{site}, ship space {number}: {who}", { site: t(site.name), number: slot + 1, who: owner >= 0 ? names[owner] : free }));
  const speculator = site.speculators[slot];
  const specNode = s("g", { class: "speculator", "data-slot": slot, "data-owner": speculator });
  specNode.append(s("rect", { x: cx + 16, y: top + 18, width: 15, height: 13, rx: 3, class: speculator >= 0 ? `spec-box owned ${seatClass(speculator)}` : "spec-box" }));
  const nobody = _("nobody");
  titled(specNode, _("Speculating at {site} (takes any space freed there): {who}", { site: t(site.name), who: speculator >= 0 ? names[speculator] : nobody }));
  return [
    target(mark(slotNode, `slot:${site.id}/${slot}`, changed), `${site.id}|${slot}|false`, targets, null),
    target(mark(specNode, `spec:${site.id}/${slot}`, changed), `${site.id}|${slot}|true`, targets, null),
  ];
}

function siteSpace(space, site, names, targets, changed, prefix) {
  const top = y(space.position) - 32;
  const group = s("g", { class: "space site", "data-space": space.id });
  group.append(
    s("rect", { x: 320, y: top, width: 212, height: 64, rx: 4, class: "site-box", fill: paint(prefix, "stone") }),
    s("path", { d: `M320,${top + 7} h212 M320,${top + 57} h212`, class: "site-courses" }),
    label(328, top + 12, `${space.position} · ${t(site.name)}`, { class: "label small strong" }),
  );
  wrap(t(space.text), 44, 2).forEach((line, index) => group.append(label(328, top + 47 + index * 9, line, { class: "label tiny space-text" })));
  site.slots.forEach((_, slot) => group.append(...slotNodes(site, slot, top, names, targets, changed)));
  const about = _("{place}: {text}", { place: t(site.name), text: t(space.text) });
  group.addEventListener("click", () => targets.inspect(about));
  titled(group, _("Position {position}, {text}", { position: space.position, text: about }));
  return group;
}

function riverPoints(length) {
  const points = [`${(WEST + EAST) / 2},4`];
  for (let position = 1; position <= length; position += 1) points.push(`${position % 2 ? WEST : EAST},${y(position)}`);
  return points.join(" ");
}

function water(length) {
  const points = riverPoints(length);
  const end = y(length);
  const delta = `M${(WEST + EAST) / 2 - 30},${end + 4} L${WEST - 40},${end + 44} M${(WEST + EAST) / 2},${end + 4} L${(WEST + EAST) / 2},${end + 44} M${(WEST + EAST) / 2 + 30},${end + 4} L${EAST + 40},${end + 44}`;
  const group = s("g", { class: "water", "aria-hidden": "true" });
  group.append(
    s("polyline", { points, class: "bank" }),
    s("path", { d: delta, class: "delta-bank" }),
    s("polyline", { points, class: "nile" }),
    s("path", { d: delta, class: "delta" }),
    s("polyline", { points, class: "current" }),
    s("polyline", { points, class: "ripples" }),
  );
  for (let position = 2; position < length; position += 3) {
    group.append(reeds(position % 2 ? WEST - 34 : EAST + 30, y(position) + 24, position % 2 ? -1 : 1));
  }
  return group;
}

export function drawRiver(view, names, targets, changed) {
  const last = view.river.length;
  const prefix = "river";
  const height = y(last) + 50;
  const svg = s("svg", { viewBox: `0 0 540 ${height}`, class: "board river", role: "group", "aria-label": _("The Nile") });
  svg.append(
    defs(prefix),
    s("rect", { x: 0, y: 0, width: 540, height, class: "ground", fill: paint(prefix, "sand") }),
    water(last),
    label(270, 16, _("Source"), { class: "label small center river-name" }),
    label(270, height - 4, _("Delta"), { class: "label small center river-name" }),
  );
  const sites = new Map(view.sites.map((site) => [site.id, site]));
  for (const space of view.river) {
    if (space.type === "card") svg.append(cardSpace(space, names, targets, changed));
    else if (space.type === "round") svg.append(roundSpace(space, names, targets, changed));
    else svg.append(siteSpace(space, sites.get(space.id), names, targets, changed, prefix));
  }
  return svg;
}
