// The end of a game: every seat's points by where they came from (the game's scoring steps, pyramids or
// rounds), one column per player in the order of the final ranking, with each column's total.
import { _, t } from "./i18n.js";
import { h, seatClass } from "./dom.js";

const signed = (points) => (points < 0 ? `\u2212${-points}` : String(points));

export function showBreakdown(section, body, names) {
  const lines = body.breakdown;
  section.hidden = !(lines && lines.length && body.result);
  if (section.hidden) return section.replaceChildren();
  const seats = body.result.ranking.filter((seat) => seat < lines.length);
  const rows = lines[seats[0]].map((line, index) => h("tr", {},
    h("th", { scope: "row", text: t(line.label) }),
    ...seats.map((seat) => h("td", { class: lines[seat][index].points < 0 ? "lost" : null, text: signed(lines[seat][index].points) }))));
  const totals = seats.map((seat) => lines[seat].reduce((sum, line) => sum + line.points, 0));
  section.replaceChildren(
    h("h2", { id: "breakdown-title", text: _("Where the points came from") }),
    h("div", { class: "breakdown-scroll" },
      h("table", { class: "breakdown" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: _("Source") }),
          ...seats.map((seat) => h("th", { scope: "col", class: `seat-name ${seatClass(seat)}`, text: names[seat] })))),
        h("tbody", {}, ...rows),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row", text: _("Total") }),
          ...totals.map((total) => h("td", { text: signed(total) })))))));
  return section;
}
