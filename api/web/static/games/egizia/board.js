// The Egizia board in SVG, built from the view: the river (its positions with cards, round spaces, building
// sites, ships) and the buildings with the markets, water ring and scoring track. Clickable spaces come from
// `targets` (built from the legal commands), so an illegal space is never clickable.
import { clickable, s, seatColour, titled } from "../../js/dom.js";
import { cardShort } from "./words.js";

const STEP = 46;
const TOP = 40;
const y = (position) => TOP + (position - 1) * STEP;

function wrap(text, width, most) {
  const words = text.split(" ");
  const lines = [""];
  for (const word of words) {
    const last = lines.length - 1;
    if ((lines[last] + " " + word).trim().length > width && lines[last]) lines.push(word);
    else lines[last] = (lines[last] + " " + word).trim();
  }
  if (lines.length > most) lines.splice(most - 1, lines.length, lines[most - 1] + "…");
  return lines;
}

function label(x, yy, text, attrs = {}) {
  return s("text", { x, y: yy, class: "label", ...attrs, text });
}

function ship(x, yy, seat, names) {
  return titled(
    s("path", {
      d: `M${x - 11},${yy - 3} h22 l-5,8 h-12 z M${x - 1},${yy - 14} v11 M${x},${yy - 14} l8,8 h-8`,
      class: "ship",
      fill: seatColour(seat),
      "data-seat": seat,
    }),
    `Ship of ${names[seat]}`,
  );
}

function target(node, key, targets, fallbackText) {
  const found = targets.river.get(key);
  if (found) clickable(node, found.label, found.act);
  else if (fallbackText) node.addEventListener("click", () => targets.inspect(fallbackText));
  node.dataset.target = key;
  return node;
}

function cardSpace(space, names, targets) {
  const top = y(space.position) - 21;
  const text = space.card ? `${space.card.id} · ${cardShort(space.card)}: ${space.card.text}` : "No card";
  const group = s("g", { class: "space card-space", "data-space": space.id });
  group.append(
    s("rect", { x: 6, y: top, width: 216, height: 42, rx: 5, class: space.card ? "card" : "card empty" }),
    label(12, top + 10, `${space.position} · ${space.card ? `${space.card.id} · ${cardShort(space.card)}` : space.id}`, { class: "label small strong" }),
  );
  if (space.card) {
    wrap(space.card.text, 42, 3).forEach((line, index) => group.append(label(12, top + 20 + index * 9, line, { class: "label card-text" })));
  }
  space.ships.forEach((seat, index) => group.append(ship(238 + index * 10, top + 24, seat, names)));
  titled(group, `Position ${space.position}, ${text}`);
  return target(group, `${space.id}|-1|false`, targets, space.card ? text : null);
}

// Round spaces and building sites sit every other position on the right, so their boxes may be taller than
// one step: room for what the space does (the view's own text, wrapped; the full text is in the title).
function roundSpace(space, names, targets) {
  const top = y(space.position) - 26;
  const group = s("g", { class: "space round-space", "data-space": space.id });
  group.append(
    s("rect", { x: 320, y: top, width: 212, height: 52, rx: 12, class: "round" }),
    label(334, top + 14, `${space.position} · ${space.name}`, { class: "label strong" }),
  );
  wrap(space.text, 40, 3).forEach((line, index) => group.append(label(334, top + 27 + index * 10, line, { class: "label tiny space-text" })));
  space.ships.forEach((seat, index) => group.append(ship(300 - index * 10, top + 24, seat, names)));
  titled(group, `Position ${space.position}, ${space.name}: ${space.text}`);
  return target(group, `${space.id}|-1|false`, targets, `${space.name}: ${space.text}`);
}

function siteSpace(space, site, names, targets) {
  const top = y(space.position) - 32;
  const group = s("g", { class: "space site", "data-space": space.id });
  group.append(
    s("rect", { x: 320, y: top, width: 212, height: 64, rx: 4, class: "site-box" }),
    label(326, top + 11, `${space.position} · ${site.name}`, { class: "label small strong" }),
  );
  wrap(space.text, 44, 3).forEach((line, index) => group.append(label(326, top + 42 + index * 9, line, { class: "label tiny space-text" })));
  site.slots.forEach((owner, slot) => {
    const cx = 350 + slot * 62;
    const slotNode = s("g", { class: "slot", "data-slot": slot, "data-owner": owner });
    slotNode.append(s("circle", { cx, cy: top + 24, r: 8, class: "slot-ring", fill: owner >= 0 ? seatColour(owner) : "#fbf5e6" }),
      label(cx, top + 27, `S${slot + 1}`, { class: "label tiny center" + (owner >= 0 ? " on-colour" : "") }));
    if (site.built[slot]) slotNode.append(label(cx + 12, top + 19, "✓", { class: "label small" }));
    titled(slotNode, `${site.name}, ship space S${slot + 1}: ${owner >= 0 ? names[owner] : "free"}`);
    group.append(target(slotNode, `${site.id}|${slot}|false`, targets, null));
    const speculator = site.speculators[slot];
    const specNode = s("g", { class: "speculator", "data-slot": slot, "data-owner": speculator });
    specNode.append(s("rect", { x: cx + 14, y: top + 17, width: 14, height: 12, rx: 3, class: "spec-box", fill: speculator >= 0 ? seatColour(speculator) : "#eef0f2" }));
    titled(specNode, `Speculating beside S${slot + 1}: ${speculator >= 0 ? names[speculator] : "nobody"}`);
    group.append(target(specNode, `${site.id}|${slot}|true`, targets, null));
  });
  group.addEventListener("click", () => targets.inspect(`${site.name}: ${space.text}`));
  titled(group, `Position ${space.position}, ${site.name}: ${space.text}`);
  return group;
}

function riverPath(length) {
  const points = [];
  for (let position = 1; position <= length; position += 1) points.push(`${position % 2 ? 248 : 292},${y(position)}`);
  return s("polyline", { points: `270,8 ${points.join(" ")} 270,${y(length) + 30}`, class: "nile" });
}

export function drawRiver(view, names, targets) {
  const last = view.river.length;
  const svg = s("svg", { viewBox: `0 0 540 ${y(last) + 34}`, class: "board river", role: "group", "aria-label": "The Nile" });
  svg.append(riverPath(last), label(270, 20, "Source", { class: "label small center" }), label(270, y(last) + 30, "Delta", { class: "label small center" }));
  const sites = new Map(view.sites.map((site) => [site.id, site]));
  for (const space of view.river) {
    if (space.type === "card") svg.append(cardSpace(space, names, targets));
    else if (space.type === "round") svg.append(roundSpace(space, names, targets));
    else svg.append(siteSpace(space, sites.get(space.id), names, targets));
  }
  return svg;
}

function stone(x, yy, width, height, space, names, targets, text) {
  const owned = space.owner >= 0;
  const group = s("g", { class: "build-space", "data-build-space": space.id, "data-owner": space.owner });
  group.append(
    s("rect", { x, y: yy, width, height, rx: 3, class: owned ? "stone owned" : "stone", fill: owned ? seatColour(space.owner) : null }),
    label(x + width / 2, yy + height / 2 + 4, text ?? String(space.value), { class: "label small center" + (owned ? " on-colour" : "") }),
  );
  const order = targets.selected.indexOf(space.id);
  if (order >= 0) {
    group.classList.add("selected");
    group.append(s("circle", { cx: x + width - 3, cy: yy + 3, r: 7, class: "order" }), label(x + width - 3, yy + 6, String(order + 1), { class: "label tiny center on-colour" }));
  }
  titled(group, `${space.id}, value ${space.value}: ${owned ? names[space.owner] : "empty"}`);
  const found = targets.build.get(space.id);
  if (found) clickable(group, found.label, found.act);
  return group;
}

function obelisk(view, names, targets) {
  const group = s("g", { class: "obelisk" }, label(600, 104, "Obelisk", { class: "label strong center" }));
  view.obelisk.forEach((space, index) => {
    const level = Math.floor(index / 2);
    group.append(stone(568 + (index % 2) * 32, 456 - level * 38, 30, 34, space, names, targets));
  });
  return group;
}

function graves(view, names, targets) {
  const group = s("g", { class: "graves" }, label(820, 104, "Graves", { class: "label strong center" }));
  view.graves.forEach((grave, index) => {
    const x = 660 + (index % 6) * 54;
    const yy = 112 + Math.floor(index / 6) * 44;
    const text = grave.owner >= 0 ? "" : grave.face_up ? String(grave.value) : "?";
    group.append(stone(x, yy, 48, 38, { ...grave, value: grave.value ?? "face down" }, names, targets, text));
  });
  return group;
}

function pyramid(view, names, targets) {
  const group = s("g", { class: "pyramid" }, label(820, 222, "Pyramid", { class: "label strong center" }));
  view.pyramid.forEach((row, r) => {
    const start = 820 - (row.length * 44) / 2;
    row.forEach((space, j) => group.append(stone(start + j * 44 + 1, 372 - r * 38, 42, 34, space, names, targets)));
  });
  return group;
}

function temple(view, names, targets) {
  const group = s("g", { class: "temple" }, label(820, 430, "Temple", { class: "label strong center" }));
  const columns = { "left column": 680, middle: 770, "right column": 900 };
  const counts = {};
  for (const space of view.temple) {
    const index = (counts[space.part] = (counts[space.part] || 0) + 1) - 1;
    if (space.part === "top") group.append(stone(770 + index * 46, 440, 44, 30, space, names, targets));
    else if (space.part === "middle") group.append(stone(columns.middle + index * 46, 476, 44, 30, space, names, targets));
    else group.append(stone(columns[space.part], 572 - index * 32, 44, 30, space, names, targets));
  }
  return group;
}

function markets(view, names) {
  const group = s("g", { class: "markets" });
  const tracks = [["Stone market", "stone_market", 570], ["Grain market", "grain_market", 690]];
  for (const [title, field, x] of tracks) {
    group.append(label(x + 45, 640, title, { class: "label strong center" }));
    for (let index = 0; index < view.markets.spaces; index += 1) {
      const yy = 650 + index * 30;
      const note = field === "grain_market" ? `−${view.markets.grain_penalty[index]} VP/grain` : view.markets.stone_sale_spaces.includes(index) ? "sell 2:1" : "";
      group.append(titled(s("rect", { x, y: yy, width: 90, height: 28, rx: 3, class: "market-space" }), `${title}, space ${index + 1} ${note}`),
        label(x + 4, yy + 11, note, { class: "label tiny" }));
      view.players.filter((p) => p[field] === index).forEach((p, k) => {
        group.append(titled(s("circle", { cx: x + 12 + k * 18, cy: yy + 20, r: 6, fill: seatColour(p.seat), class: "marker" }), `${names[p.seat]} on ${title} space ${index + 1}`));
      });
    }
  }
  return group;
}

// The track's spaces from the view, ten to a row; a score past the last space goes round again.
function scoreTrack(view, names) {
  const spaces = view.track_spaces;
  const group = s("g", { class: "score-track", "data-spaces": spaces }, label(895, 640, "Scoring track", { class: "label strong center" }));
  for (let value = 0; value < spaces; value += 1) {
    const x = 800 + (value % 10) * 19;
    const yy = 650 + Math.floor(value / 10) * 30;
    group.append(s("rect", { x, y: yy, width: 18, height: 28, class: "track-space" }), label(x + 9, yy + 9, String(value), { class: "label tiny center" }));
  }
  const legend = 650 + Math.ceil(spaces / 10) * 30 + 10;
  view.players.forEach((p, k) => {
    const value = Math.max(0, p.score) % spaces; // below 0 waits on 0; past the last space goes round again
    const x = 800 + (value % 10) * 19 + 5 + (k % 2) * 8;
    const yy = 650 + Math.floor(value / 10) * 30 + 14 + Math.floor(k / 2) * 8;
    const laps = p.score >= spaces ? ` (+${Math.floor(p.score / spaces) * spaces})` : "";
    group.append(titled(s("circle", { cx: x, cy: yy, r: 4, fill: seatColour(p.seat), class: "marker" }), `${names[p.seat]}: ${p.score} VP${laps}`));
    group.append(s("circle", { cx: 806, cy: legend + k * 12, r: 4, fill: seatColour(p.seat), class: "marker" }),
      label(814, legend + 3 + k * 12, `${names[p.seat]}: ${p.score} VP`, { class: "label tiny" }));
  });
  return group;
}

function header(view) {
  const group = s("g", { class: "round-info" });
  group.append(label(560, 24, `Round ${view.round} of ${view.rounds} · ${view.phase_title}`, { class: "label strong round-title" }));
  group.append(label(560, 48, "Water ring:", { class: "label small" }));
  view.ring_positions.forEach((position, index) => {
    const active = view.ring === position;
    group.append(titled(s("circle", { cx: 650 + index * 34, cy: 44, r: 12, class: active ? "ring active" : "ring" }), `Water ring ${position}${active ? " (here)" : ""}`),
      label(650 + index * 34, 66, position, { class: "label tiny center" }));
  });
  group.append(label(560, 84, `Sphinx deck ${view.sphinx_deck_size} · Nile decks ${Object.entries(view.nile_deck_sizes).map(([deck, size]) => `${deck}: ${size}`).join(", ")}`, { class: "label small" }));
  return group;
}

export function drawBuildings(view, names, targets) {
  const svg = s("svg", { viewBox: "540 0 460 860", class: "board buildings", role: "group", "aria-label": "Buildings, markets and scores" });
  svg.append(header(view), obelisk(view, names, targets), graves(view, names, targets), pyramid(view, names, targets), temple(view, names, targets), markets(view, names), scoreTrack(view, names));
  return svg;
}

