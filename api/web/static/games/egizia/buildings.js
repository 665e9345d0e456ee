// The Egizia buildings in SVG, built from the view: the Obelisk, the Graves, the Pyramid and the Temple drawn
// behind their stone spaces (a built stone in its builder's colour), the markets, the water ring and the
// scoring track. Build spaces are clickable only when `targets` (from the legal commands) offers them;
// `changed` holds what changed since the viewer's last own move.
import { clickable, s, seatClass, titled } from "../../js/dom.js";
import { _, list, t } from "../../js/i18n.js";
import { defs, label, paint } from "./art.js";
import { marketWord, ringWord } from "./words.js";

// A monument's small picture beside its name (the name says it: hidden from assistive technology).
const monument = (name, x, y) => s("use", { href: `/static/icons.svg#${name}`, x, y, width: 14, height: 14, class: "monument-icon", "aria-hidden": "true" });

function stone(x, y, width, height, space, names, targets, changed, text) {
  const owned = space.owner >= 0;
  const group = s("g", { class: "build-space", "data-build-space": space.id, "data-owner": space.owner });
  group.append(
    s("rect", { x, y, width, height, rx: 3, class: owned ? `stone owned ${seatClass(space.owner)}` : "stone" }),
    owned ? s("path", { d: `M${x + 3},${y + height - 4} h${width - 6}`, class: "stone-shade" }) : null,
    label(x + width / 2, y + height / 2 + 4, text ?? String(space.value), { class: `label small center${owned ? ` on-seat ${seatClass(space.owner)}` : ""}` }),
  );
  const order = targets.selected.indexOf(space.id);
  if (order >= 0) {
    group.classList.add("selected");
    group.append(s("circle", { cx: x + width - 3, cy: y + 3, r: 7, class: "order" }), label(x + width - 3, y + 6, String(order + 1), { class: "label tiny center order-number" }));
  }
  if (changed.has(`build:${space.id}`)) group.classList.add("changed");
  const args = { space: t(space.name), value: space.value, name: names[space.owner] };
  const face = space.value === null || space.value === undefined;
  titled(group, owned ? _("{space}, value {value}: built by {name}", args) : face ? _("{space}: face down", args) : _("{space}, value {value}: empty", args));
  const found = targets.build.get(space.id);
  if (found) clickable(group, found.label, found.act);
  return group;
}

function obelisk(view, names, targets, changed, prefix) {
  const group = s("g", { class: "building obelisk" });
  group.append(
    s("path", { d: "M560,496 L640,496 L631,148 L600,118 L569,148 Z", class: "monument", fill: paint(prefix, "stone") }),
    label(600, 514, _("Obelisk"), { class: "label strong center building-name" }),
    monument("obelisk", 545, 503),
  );
  view.obelisk.forEach((space, index) => {
    const level = Math.floor(index / 2);
    group.append(stone(568 + (index % 2) * 32, 456 - level * 38, 30, 34, space, names, targets, changed));
  });
  return group;
}

function graves(view, names, targets, changed) {
  const group = s("g", { class: "building graves" });
  group.append(s("rect", { x: 652, y: 108, width: 338, height: 98, rx: 8, class: "necropolis" }),
    label(820, 102, _("Graves"), { class: "label strong center building-name" }), monument("grave", 776, 91));
  view.graves.forEach((grave, index) => {
    const x = 660 + (index % 6) * 54;
    const y = 114 + Math.floor(index / 6) * 46;
    const text = grave.owner >= 0 ? "" : grave.face_up ? String(grave.value) : "?";
    const tile = stone(x, y, 48, 38, grave, names, targets, changed, text);
    if (!grave.face_up && grave.owner < 0) tile.classList.add("face-down");
    group.append(tile);
  });
  return group;
}

function pyramid(view, names, targets, changed, prefix) {
  const group = s("g", { class: "building pyramid" });
  const base = 410;
  const apex = base - view.pyramid.length * 38 - 26;
  group.append(
    s("path", { d: `M652,${base} L988,${base} L820,${apex} Z`, class: "monument", fill: paint(prefix, "sand") }),
    label(820, apex - 6, _("Pyramid"), { class: "label strong center building-name" }),
    monument("pyramid", 762, apex - 17),
  );
  view.pyramid.forEach((row, r) => {
    const start = 820 - (row.length * 44) / 2;
    row.forEach((space, j) => group.append(stone(start + j * 44 + 1, 372 - r * 38, 42, 34, space, names, targets, changed)));
  });
  return group;
}

function temple(view, names, targets, changed, prefix) {
  const group = s("g", { class: "building temple" });
  group.append(
    s("path", { d: "M664,606 h296 v10 h-296 Z M672,438 h280 l-8,-8 h-264 Z", class: "monument", fill: paint(prefix, "stone") }),
    s("path", { d: "M744,508 h10 v98 h-10 Z M866,508 h10 v98 h-10 Z", class: "pillar" }),
    label(820, 424, _("Temple"), { class: "label strong center building-name" }),
    monument("temple", 778, 413),
  );
  const columns = { "left column": 680, middle: 770, "right column": 900 };
  const counts = {};
  for (const space of view.temple) {
    const index = (counts[space.part] = (counts[space.part] || 0) + 1) - 1;
    if (space.part === "top") group.append(stone(770 + index * 46, 442, 44, 30, space, names, targets, changed));
    else if (space.part === "middle") group.append(stone(columns.middle + index * 46, 476, 44, 30, space, names, targets, changed));
    else group.append(stone(columns[space.part], 572 - index * 32, 44, 30, space, names, targets, changed));
  }
  return group;
}

function marker(cx, cy, r, seat, title, changed, key) {
  const node = titled(s("circle", { cx, cy, r, class: `marker ${seatClass(seat)}` }), title);
  if (changed.has(key)) node.classList.add("changed");
  return node;
}

function markets(view, names, changed) {
  const group = s("g", { class: "markets" });
  const tracks = [[_("Stone market"), "stone_market", 570, "stone"], [_("Grain market"), "grain_market", 690, "grain"]];
  for (const [title, field, x, market] of tracks) {
    group.append(s("rect", { x: x - 4, y: 628, width: 98, height: 18 + view.markets.spaces * 30, rx: 6, class: "market-board" }),
      label(x + 45, 641, title, { class: "label strong center" }));
    for (let index = 0; index < view.markets.spaces; index += 1) {
      const y = 650 + index * 30;
      const note = field === "grain_market" ? _("−{vp} VP/grain", { vp: view.markets.grain_penalty[index] }) : view.markets.stone_sale_spaces.includes(index) ? _("sell 2:1") : "";
      group.append(titled(s("rect", { x, y, width: 90, height: 28, rx: 3, class: "market-space" }), _("{market}, space {number} {note}", { market: marketWord(market), number: index + 1, note })),
        label(x + 4, y + 10, note, { class: "label tiny" }));
      view.players.filter((p) => p[field] === index).forEach((p, k) => {
        group.append(marker(x + 12 + k * 18, y + 19, 6.5, p.seat, _("{name} on {market} space {number}", { name: names[p.seat], market: marketWord(market), number: index + 1 }), changed, `market:${field}:${p.seat}`));
      });
    }
  }
  return group;
}

// The track's spaces from the view, ten to a row; a score past the last space goes round again.
function scoreTrack(view, names, changed) {
  const spaces = view.track_spaces;
  const group = s("g", { class: "score-track", "data-spaces": spaces }, label(895, 641, _("Scoring track"), { class: "label strong center" }));
  for (let value = 0; value < spaces; value += 1) {
    const x = 800 + (value % 10) * 19;
    const y = 650 + Math.floor(value / 10) * 30;
    group.append(s("rect", { x, y, width: 18, height: 28, class: value % 10 === 0 ? "track-space tenth" : "track-space" }),
      label(x + 9, y + 9, String(value), { class: "label tiny center" }));
  }
  const legend = 650 + Math.ceil(spaces / 10) * 30 + 12;
  view.players.forEach((p, k) => {
    const value = Math.max(0, p.score) % spaces; // below 0 waits on 0; past the last space goes round again
    const x = 800 + (value % 10) * 19 + 5 + (k % 2) * 8;
    const y = 650 + Math.floor(value / 10) * 30 + 15 + Math.floor(k / 2) * 7;
    const laps = p.score >= spaces ? _(" (+{count})", { count: Math.floor(p.score / spaces) * spaces }) : "";
    const score = _("{name}: {score} VP", { name: names[p.seat], score: p.score });
    group.append(marker(x, y, 4.5, p.seat, score + laps, changed, `score:${p.seat}`));
    group.append(marker(806, legend + k * 14, 5, p.seat, names[p.seat], changed, `score:${p.seat}`),
      label(816, legend + 4 + k * 14, score, { class: "label small" }));
  });
  return group;
}

function header(view, changed) {
  const group = s("g", { class: "round-info" });
  group.append(label(560, 24, _("Round {round} of {rounds} · {phase}", { round: view.round, rounds: view.rounds, phase: t(view.phase_title) }), { class: "label strong round-title" }));
  group.append(label(560, 50, _("Water ring:"), { class: "label small" }));
  view.ring_positions.forEach((position, index) => {
    const active = view.ring === position;
    const where = { position: ringWord(position) };
    const ring = titled(s("circle", { cx: 650 + index * 36, cy: 46, r: 12, class: active ? "ring active" : "ring" }), active ? _("Water ring {position} (here)", where) : _("Water ring {position}", where));
    if (active && changed.has("ring")) ring.classList.add("changed");
    group.append(ring, label(650 + index * 36, 70, ringWord(position), { class: "label tiny center" }));
  });
  const decks = list(view.nile_decks.map((deck) => _("{deck}: {count}", { deck: t(deck.name), count: deck.size })));
  group.append(label(560, 88, _("Sphinx deck {count} · Nile cards of {decks}", { count: view.sphinx_deck_size, decks }), { class: "label small" }));
  return group;
}

export function drawBuildings(view, names, targets, changed) {
  const prefix = "buildings";
  const svg = s("svg", { viewBox: "540 0 460 860", class: "board buildings", role: "group", "aria-label": _("Buildings, markets and scores") });
  svg.append(
    defs(prefix),
    s("rect", { x: 540, y: 0, width: 460, height: 860, class: "ground", fill: paint(prefix, "sand") }),
    header(view, changed),
    obelisk(view, names, targets, changed, prefix),
    graves(view, names, targets, changed),
    pyramid(view, names, targets, changed, prefix),
    temple(view, names, targets, changed, prefix),
    markets(view, names, changed),
    scoreTrack(view, names, changed),
  );
  return svg;
}
