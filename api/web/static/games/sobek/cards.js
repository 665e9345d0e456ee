// Cards, backs, tokens and track symbols as HTML and SVG, coloured by goods type (see board.css).
import { h, s } from "../../js/dom.js";
import { cardTitle, goodsName } from "./words.js";

function scarabRow(count) {
  return h("span", { class: "card-scarabs", "aria-hidden": "true" }, Array.from({ length: count }, () => h("span", { class: "pip" })));
}

// A face-up card: a <button> when `act` is given (toggle or choose), otherwise a plain element.
export function cardFace(card, { act, pressed, tag } = {}) {
  const classes = ["card", `goods-${card.goods}`, card.power ? "character" : "goods", `back-${card.back}`];
  const attrs = {
    class: classes.join(" "),
    "data-card": card.id,
    title: card.text ? `${cardTitle(card)}: ${card.text}` : cardTitle(card),
    "aria-label": `${cardTitle(card)} (${card.id})`,
  };
  const body = [
    h("span", { class: "card-goods", text: card.power ? card.name : goodsName(card.goods) }),
    card.power ? h("span", { class: "card-family", text: goodsName(card.goods) }) : scarabRow(card.scarabs),
    h("span", { class: "card-id", text: card.id }),
  ];
  if (act) {
    return h("button", { ...attrs, type: "button", "aria-pressed": pressed === undefined ? null : String(pressed), onclick: act }, body);
  }
  return h(tag || "span", { ...attrs, role: "img" }, body);
}

export function cardBack(back, label) {
  return h("span", { class: `card back back-${back}`, role: "img", "aria-label": label || `a card with a ${back} back`, title: label || `${back} back` },
    h("span", { class: "back-mark", text: back === "orange" ? "☥" : "" }));
}

export function tokenFace(token, act) {
  const attrs = { class: `token face kind-${token.kind}`, "data-token": token.id, title: token.text, "aria-label": `${token.name}: ${token.text}` };
  const body = [h("span", { class: "token-name", text: token.name }), token.symbol ? h("span", { class: "token-symbol", text: token.symbol }) : null];
  return act ? h("button", { ...attrs, type: "button", onclick: act }, body) : h("span", { ...attrs, role: "img" }, body);
}

export const tokenBack = () => h("span", { class: "token back", role: "img", "aria-label": "a face-down event token", text: "?" });

// Track symbols, drawn in a 20 x 20 box centred on (x, y).
export function symbol(kind, x, y) {
  if (kind === "ankh") {
    return s("g", { class: "sym ankh", transform: `translate(${x} ${y})` },
      s("ellipse", { cx: 0, cy: -4.5, rx: 3.2, ry: 4 }), s("path", { d: "M0 -0.5 V8 M-5 1.5 H5" }));
  }
  if (kind === "eye") {
    return s("g", { class: "sym eye", transform: `translate(${x} ${y})` },
      s("path", { d: "M-7 0 Q0 -7 7 0 Q0 7 -7 0 Z" }), s("circle", { cx: 0, cy: 0, r: 2.2, class: "pupil" }));
  }
  return s("g", { class: "sym scarab", transform: `translate(${x} ${y})` },
    s("ellipse", { cx: 0, cy: 1.5, rx: 4, ry: 5 }), s("circle", { cx: 0, cy: -5, r: 2.2 }),
    s("path", { d: "M-4 -1 L-7 -3 M4 -1 L7 -3 M-4 3 L-7 5 M4 3 L7 5" }));
}
