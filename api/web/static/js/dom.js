// Tiny helpers to build HTML and SVG without a framework (text always goes in as text, never as markup).
const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

export const h = (tag, attrs, ...children) => fill(document.createElement(tag), attrs, children);
export const s = (tag, attrs, ...children) => fill(document.createElementNS(SVG_NS, tag), attrs, children);

// A small picture from /static/icons.svg (Egizia's stone, grain, ship, card and monuments, Sobek's goods and
// characters, Giza's tiles):
// named by `label` for assistive technology, or hidden from it when a text beside it says the same.
export function icon(name, label = "") {
  const attrs = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { class: `icon icon-${name}`, focusable: "false", ...attrs }, s("use", { href: `/static/icons.svg#${name}` }));
}

export function titled(node, text) {
  node.prepend(s("title", { text }));
  return node;
}

// Make an element a keyboard-reachable button that calls `act`.
export function clickable(node, label, act) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("legal");
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    act();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act();
    }
  });
  return node;
}

export function showError(node, message) {
  node.textContent = message || "";
  node.hidden = !message;
}

// Seat colours live in papyrus.css (classes seat-0 … seat-5 set --seat and --seat-ink, the colour of text on
// it); a drawing gives a piece the class and fills it with var(--seat).
export const SEAT_COLOUR_NAMES = ["red", "blue", "gold", "green", "purple", "orange"];
export const seatClass = (seat) => `seat-${seat % SEAT_COLOUR_NAMES.length}`;
export const seatColourName = (seat) => SEAT_COLOUR_NAMES[seat % SEAT_COLOUR_NAMES.length];
