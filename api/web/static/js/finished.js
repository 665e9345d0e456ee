// A finished game as a card: its title, when it ended, and every seat by final place (equal places shared; a
// resigned or timed-out seat marked so), or, for an abandoned game, the seats without places and no winner;
// it opens the game's history on the final board. Names go in as text.
import { _, n_, p_, t } from "./i18n.js";
import { h } from "./dom.js";

const FATES = { resigned: () => ` ${_("(resigned)")}`, timed_out: () => ` ${_("(timed out)")}`, played: () => "" };

// A place in words ("1st", "1位", "1."): English suffixes follow CLDR's ordinal rules; a catalog may give
// every suffix the same form.
const ordinals = new Intl.PluralRules("en", { type: "ordinal" });
const ORDINAL = {
  one: (place) => p_("ordinal", "{place}st", { place }),
  two: (place) => p_("ordinal", "{place}nd", { place }),
  few: (place) => p_("ordinal", "{place}rd", { place }),
  other: (place) => p_("ordinal", "{place}th", { place }),
};

// A game's name as the reader's community calls it: the API answers the English edition's title.
export const gameTitle = (title) => t({ id: title, context: "game title" });

export const ordinal = (place) => ORDINAL[ordinals.select(place)](place);

function badge(game, ended) {
  if (game.abandoned) return _("abandoned · ended {date}", { date: ended });
  return game.rated ? _("rated · ended {date}", { date: ended }) : _("ended {date}", { date: ended });
}

// A seat's profile link: by the account's public id (a rename keeps it), by name for an older answer.
const profileHref = (seat) => (seat.player_id ? `/profiles/${encodeURIComponent(seat.player_id)}` : `/players/${encodeURIComponent(seat.player)}`);

export function finishedCard(game, { highlight } = {}) {
  const seats = [...game.players].sort((a, b) => a.place - b.place || a.seat - b.seat);
  const ended = new Date(game.ended_at * 1000).toLocaleDateString();
  const link = `/games/${encodeURIComponent(game.id)}/history`;
  return h("li", { class: "game-card finished", "data-game-id": game.id, "data-abandoned": String(Boolean(game.abandoned)) },
    h("div", { class: "card-head" },
      h("a", { class: "card-title", href: link, text: `${gameTitle(game.title)} · ${n_("{count} player", "{count} players", game.seats)}` }),
      h("span", { class: game.abandoned ? "badge abandoned" : "badge", text: badge(game, ended) })),
    game.abandoned ? h("p", { class: "muted", text: _("Nobody was playing any more at the end: no winner, not rated.") }) : null,
    h("ol", { class: game.abandoned ? "places unplaced" : "places" }, ...seats.map((seat) => h("li", {
      class: highlight && seat.player && seat.player.toLowerCase() === highlight.toLowerCase() ? "mine" : null,
    },
    game.abandoned ? null : h("span", { class: "place", text: ordinal(seat.place) }),
    " ",
    seat.player ? h("a", { href: profileHref(seat), text: seat.name }) : h("span", { text: seat.name }),
    h("span", { class: "muted", text: ` ${n_("{count} point", "{count} points", seat.score)}${(FATES[seat.fate] || FATES.played)()}${seat.bot ? ` · ${_("bot")}` : ""}` })))),
    h("a", { href: link, text: _("Final board and history") }));
}
