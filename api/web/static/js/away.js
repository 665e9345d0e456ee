// What a player sees of a game before joining it and while playing: the marks of players away ("away until
// …"), the absences a game's seated players have planned (dates are the players' own, ISO in their zone),
// and how long games like it took.
import { _, lang, n_ } from "./i18n.js";

// A date written YYYY-MM-DD, in the page's language (read as a calendar day: no time zone shifts it).
export function calendarDay(iso) {
  const [year, month, day] = iso.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(lang, { timeZone: "UTC", dateStyle: "medium" });
}

export function awayUntil(iso) {
  return _("away until {date}", { date: calendarDay(iso) });
}

// What a seat's planned or running absences say, e.g. "away 3 Mar 2027 – 9 Mar 2027" (null: none).
export function absencesOf(meta, seat) {
  const found = (meta.absences || []).filter((entry) => entry.seat === seat);
  if (!found.length) return null;
  return found.map((entry) => _("away {first} – {last}", { first: calendarDay(entry.first), last: calendarDay(entry.last) })).join(", ");
}

// A duration in words: days, else hours, else minutes (rounded).
export function duration(seconds) {
  if (seconds >= 86400) return n_("{count} day", "{count} days", Math.round(seconds / 86400));
  if (seconds >= 3600) return n_("{count} hour", "{count} hours", Math.round(seconds / 3600));
  return n_("{count} minute", "{count} minutes", Math.max(1, Math.round(seconds / 60)));
}

// How long games like this one took (the lobby's estimate), or that there is no estimate yet.
export function estimateText(estimate) {
  if (!estimate) return _("No estimate of its duration yet.");
  return _("Games like this take about {median} (9 in 10 within {p90}).", { median: duration(estimate.median), p90: duration(estimate.p90) });
}
