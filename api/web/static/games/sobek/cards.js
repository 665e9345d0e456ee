// Cards, backs, tokens and track symbols as HTML and SVG, coloured by goods type (see board.css); each card
// shows its goods' or its character's picture from /static/icons.svg beside its name.
import { h, icon, s } from "../../js/dom.js";
import { _, t } from "../../js/i18n.js";
import { backName, cardTitle, goodsName } from "./words.js";

// Each character card has a picture of its own, named by its id in lower case without its "CH-" prefix,
// so that the two Scribes and the High Priest and Priestess are told apart at a glance.
export const characterPicture = (card) => `character-${card.id.replace(/^CH-/, "").toLowerCase()}`;

function scarabRow(count) {
  return h("span", { class: "card-scarabs", "aria-hidden": "true" }, Array.from({ length: count }, () => h("span", { class: "pip" })));
}

// A face-up card: a <button> when `act` is given (toggle or choose), otherwise a plain element.
export function cardFace(card, { act, pressed, tag } = {}) {
  const classes = ["card", `goods-${card.goods}`, card.power ? "character" : "goods", `back-${card.back}`];
  const title = cardTitle(card);
  const attrs = {
    class: classes.join(" "),
    "data-card": card.id,
    title: card.text ? `${title}: ${t(card.text)}` : title,
    "aria-label": title,
  };
  const picture = icon(card.power ? characterPicture(card) : `goods-${card.goods}`);
  picture.classList.add("card-icon");
  const body = [
    picture,
    h("span", { class: "card-goods", text: card.power ? t(card.character) : goodsName(card.goods) }),
    card.power ? h("span", { class: "card-family", text: goodsName(card.goods) }) : scarabRow(card.scarabs),
  ];
  if (act) {
    return h("button", { ...attrs, type: "button", "aria-pressed": pressed === undefined ? null : String(pressed), onclick: act }, body);
  }
  return h(tag || "span", { ...attrs, role: "img" }, body);
}

export function cardBack(back, label) {
  const words = label || _("a card with a {back} back", { back: backName(back) });
  return h("span", { class: `card back back-${back}`, role: "img", "aria-label": words, title: words },
    h("span", { class: "back-mark", text: back === "orange" ? "☥" : "" }));
}

export function tokenFace(token, act) {
  const name = t(token.name);
  const text = t(token.text);
  const attrs = { class: `token face kind-${token.kind}`, "data-token": token.id, title: text, "aria-label": `${name}: ${text}` };
  const body = [h("span", { class: "token-name", text: name }), token.symbol ? symbolIcon(token.symbol) : null];
  return act ? h("button", { ...attrs, type: "button", onclick: act }, body) : h("span", { ...attrs, role: "img" }, body);
}

function symbolIcon(kind) {
  return s("svg", { class: "token-symbol", viewBox: "-10 -10 20 20", width: 18, height: 18, "aria-hidden": "true", focusable: "false" }, symbol(kind, 0, 0));
}

export const tokenBack = () => h("span", { class: "token back", role: "img", "aria-label": _("a face-down event token"), text: "?" });

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
