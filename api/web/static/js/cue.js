// On a narrow screen the decisions sit above the board in the page's flow; once scrolled out of sight, a
// bar at the screen's edge says how many choices wait and where ("Your turn: 3 choices ↑"), and brings them
// back with one tap. Wide screens keep the decisions in the side column, so the bar never shows there.
import { n_ } from "./i18n.js";
const NARROW = window.matchMedia("(max-width: 899px)");

function choiceCount(panel) {
  return [...panel.querySelectorAll("button")].filter((button) => !button.disabled && button.getClientRects().length).length;
}

export function watchChoices(panel, bar) {
  let inView = true;
  let above = false;

  function update() {
    const count = panel.hidden ? 0 : choiceCount(panel);
    bar.hidden = !NARROW.matches || inView || count === 0;
    bar.textContent = `${n_("Your turn: {count} choice", "Your turn: {count} choices", count)} ${above ? "↑" : "↓"}`;
  }

  new IntersectionObserver(([entry]) => {
    inView = entry.isIntersecting;
    above = entry.boundingClientRect.bottom < 0;
    update();
  }).observe(panel);
  NARROW.addEventListener("change", update);
  bar.addEventListener("click", (event) => {
    event.preventDefault();
    panel.scrollIntoView({ block: "start" });
    panel.focus({ preventScroll: true });
  });
  return { update };
}
