// Days off on the profile settings page: the time zone, the weekend days and the absences (the clocks of
// all the player's games stand still on them), with the vacation days left this year.
import { _, lang } from "./i18n.js";
import { ApiError, api, get } from "./api.js";
import { h, showError } from "./dom.js";
import { calendarDay } from "./away.js";
import { confirmPlayer } from "./session.js";

const section = document.getElementById("days-off");
const form = document.getElementById("days-off-form");
const absenceForm = document.getElementById("absence-form");
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

// A weekday's name in the page's language (2027-03-01 was a Monday).
const weekdayName = (day) => new Date(Date.UTC(2027, 2, day)).toLocaleDateString(lang, { weekday: "long", timeZone: "UTC" });

const failure = (refused) => (refused instanceof ApiError ? refused.message : _("The server could not be reached."));

function show(settings) {
  form.elements.zone.value = settings.zone;
  for (const box of form.querySelectorAll("input[name=weekend]")) box.checked = settings.weekend.includes(Number(box.value));
  form.elements.floating.checked = settings.floating;
  document.getElementById("vacation-left").textContent = _("{left} of {allowance} vacation days left this year ({spent} spent, {planned} planned).", {
    left: settings.left, allowance: settings.allowance, spent: settings.spent, planned: settings.planned,
  });
  const rows = settings.absences.map((absence) => h(
    "li",
    { class: "absence", "data-absence": absence.id },
    h("span", { text: _("{first} – {last}", { first: calendarDay(absence.first), last: calendarDay(absence.last) }) }),
    absence.started
      ? h("span", { class: "muted", text: ` ${_("(started)")}` })
      : h("button", { type: "button", class: "cancel-absence", text: _("Cancel"), onclick: () => cancel(absence.id) }),
  ));
  if (!rows.length) rows.push(h("li", { class: "muted", text: _("No absence planned.") }));
  document.getElementById("absences").replaceChildren(...rows);
}

async function cancel(id) {
  const error = document.getElementById("absence-error");
  showError(error, "");
  try {
    const { data } = await api("DELETE", `/accounts/me/absences/${encodeURIComponent(id)}`);
    show(data);
  } catch (refused) {
    showError(error, failure(refused));
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("days-off-error");
  const saved = document.getElementById("days-off-saved");
  showError(error, "");
  saved.hidden = true;
  const weekend = [...form.querySelectorAll("input[name=weekend]:checked")].map((box) => Number(box.value));
  try {
    const body = { zone: form.elements.zone.value, weekend, floating: form.elements.floating.checked };
    const { data } = await api("PUT", "/accounts/me/days-off", { body });
    show(data);
    saved.hidden = false;
  } catch (refused) {
    showError(error, failure(refused));
  }
});

absenceForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("absence-error");
  showError(error, "");
  try {
    await api("POST", "/accounts/me/absences", { body: { first: absenceForm.elements.first.value, last: absenceForm.elements.last.value } });
    absenceForm.reset();
    show(await get("/accounts/me/days-off"));
  } catch (refused) {
    showError(error, failure(refused));
  }
});

async function load() {
  if (!(await confirmPlayer())) return;
  const legend = document.querySelector("#weekend-days legend");
  legend.after(...WEEKDAYS.map((day) => h("label", { class: "weekday" },
    h("input", { type: "checkbox", name: "weekend", value: String(day) }), ` ${weekdayName(day)}`)));
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  document.getElementById("time-zones").replaceChildren(...zones.map((zone) => h("option", { value: zone })));
  show(await get("/accounts/me/days-off"));
  section.hidden = false;
}

load();
