// The drawn parts of the Egizia board that carry no game fact: gradients, the water's ripples, papyrus reeds,
// the boats, and text wrapped into boxes. Colours live in board.css; here only shapes.
import { s, seatClass, titled } from "../../js/dom.js";

function gradient(id, stops) {
  return s("linearGradient", { id, x1: 0, y1: 0, x2: 0, y2: 1 },
    stops.map(([offset, kind]) => s("stop", { offset, class: `stop-${kind}` })));
}

// Gradients are referenced by id, so each SVG gets its own (prefix) to keep ids unique on the page.
export function defs(prefix) {
  return s("defs", {},
    gradient(`${prefix}-sand`, [["0", "sand-light"], ["1", "sand-dark"]]),
    gradient(`${prefix}-stone`, [["0", "stone-light"], ["1", "stone-dark"]]),
  );
}

export const paint = (prefix, name) => `url(#${prefix}-${name})`;

// Lines of at most `width` columns (a CJK character takes two), broken between words, or anywhere in text
// written without spaces; at most `most` lines, the last ending in "…" when text is left over.
const columns = (text) => [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);

function pieces(text, width) {
  const out = [];
  for (const word of text.split(" ")) {
    let rest = word;
    while (columns(rest) > width) {
      let cut = 0;
      for (let used = 0; cut < rest.length && used + columns(rest[cut]) <= width; cut += 1) used += columns(rest[cut]);
      out.push([rest.slice(0, Math.max(cut, 1)), rest === word]);
      rest = rest.slice(Math.max(cut, 1));
    }
    if (rest) out.push([rest, rest === word]);
  }
  return out;
}

export function wrap(text, width, most) {
  const lines = [""];
  for (const [word, starts] of pieces(text, width)) {
    const last = lines.length - 1;
    const joined = starts && lines[last] ? `${lines[last]} ${word}` : lines[last] + word;
    if (columns(joined) > width && lines[last]) lines.push(word);
    else lines[last] = joined;
  }
  if (lines.length > most) lines.splice(most - 1, lines.length, lines[most - 1] + "…");
  return lines;
}

export function label(x, y, text, attrs = {}) {
  return s("text", { x, y, class: "label", ...attrs, text });
}

// A papyrus clump on a river bank: stalks fanning up, each with a tuft.
export function reeds(x, y, flip = 1) {
  const group = s("g", { class: "deco reeds", "aria-hidden": "true" });
  for (const [dx, height] of [[-6, 18], [0, 24], [6, 16], [11, 12]]) {
    const top = [x + dx * flip, y - height];
    group.append(s("path", { d: `M${x + dx * 0.3 * flip},${y} Q${x + dx * 0.6 * flip},${y - height / 2} ${top[0]},${top[1]}`, class: "stalk" }),
      s("path", { d: `M${top[0] - 4},${top[1] - 3} L${top[0]},${top[1] + 1} L${top[0] + 4},${top[1] - 3} Z`, class: "tuft" }));
  }
  return group;
}

// A Nile boat: a curved hull in the player's colour, a pale sail, a dark mast.
export function boat(x, y, seat, title) {
  const group = s("g", { class: `ship ${seatClass(seat)}`, "data-seat": seat });
  group.append(
    s("path", { d: `M${x - 13},${y - 4} Q${x},${y + 9} ${x + 13},${y - 4} Q${x},${y} ${x - 13},${y - 4} Z`, class: "hull" }),
    s("path", { d: `M${x},${y - 2} V${y - 18}`, class: "mast" }),
    s("path", { d: `M${x + 1},${y - 17} Q${x + 10},${y - 11} ${x + 1},${y - 4} Z`, class: "sail" }),
  );
  return titled(group, title);
}
