// Egizia in words: every command a player can choose, described for people. Game facts (a card's or space's
// name and text, the phase's title) come from the view as messages of the catalogs, never from here, and
// no card or space is ever named by its id.
import { _, list, n_, p_, t } from "../../js/i18n.js";

// The crews as commands number them (0-2 the regular crews, 3 the Joker).
export const crewNames = (view) => Object.keys(view.players[0].crews);
const CREW_WORDS = [() => p_("crew", "crew A"), () => p_("crew", "crew B"), () => p_("crew", "crew C"), () => p_("crew", "Joker")];
export const crewWord = (crew) => (CREW_WORDS[crew] ? CREW_WORDS[crew]() : String(crew));
export const crewList = (crews) => list(crews.map(crewWord));

const RING_STEP = {
  "-2": () => _("move the water ring two steps left"),
  "-1": () => _("move the water ring left"),
  0: () => _("leave the water ring"),
  1: () => _("move the water ring right"),
  2: () => _("move the water ring two steps right"),
};
const RING_WORDS = { left: () => p_("ring", "left"), middle: () => p_("ring", "middle"), right: () => p_("ring", "right") };
export const ringWord = (position) => (RING_WORDS[position] ? RING_WORDS[position]() : position);
const MARKET_WORDS = { stone: () => p_("market", "stone market"), grain: () => p_("market", "grain market") };
export const marketWord = (market) => (MARKET_WORDS[market] ? MARKET_WORDS[market]() : market);
const TYPE_WORDS = { IMM: () => p_("card type", "immediate"), ANY: () => p_("card type", "anytime"), PERM: () => p_("card type", "permanent") };

export function cardLookup(view) {
  const cards = new Map();
  for (const space of view.river) if (space.card) cards.set(space.card.id, space.card);
  for (const player of view.players) {
    for (const card of [...player.hand, ...player.permanents, ...player.quarries]) cards.set(card.id, card);
    for (const field of player.fields) if (!cards.has(field.card)) cards.set(field.card, { id: field.card, name: field.name });
  }
  for (const card of [...view.drawn, ...view.players.flatMap((p) => p.sphinx || [])]) cards.set(card.id, card);
  return cards;
}

// A card by its name ("Crew training"), in quotes as a sentence names it.
export function cardName(cards, id) {
  const card = cards.get(id);
  return card ? p_("quoted card name", "“{name}”", { name: t(card.name) }) : p_("card", "a card");
}

// A card's kind in one word: field, quarry, or when it acts.
export function cardShort(card) {
  if (card.kind === "field") return p_("card kind", "field");
  if (card.kind === "quarry") return p_("card kind", "quarry");
  return TYPE_WORDS[card.type] ? TYPE_WORDS[card.type]() : "";
}

// Every building space of the view by id: the obelisk, the graves, the pyramid and the temple.
export function buildSpaceLookup(view) {
  return new Map([...view.obelisk, ...view.graves, ...view.pyramid.flat(), ...view.temple].map((space) => [space.id, space]));
}

export function buildSpaceName(view, id) {
  const space = buildSpaceLookup(view).get(id);
  if (!space) return _("a space");
  return space.value === null || space.value === undefined ? t(space.name) : _("{space} (value {value})", { space: t(space.name), value: space.value });
}

function crewChoice(crews) {
  if (crews.length === 2 && crews[0] === crews[1]) return _("{crew} +2", { crew: crewWord(crews[0]) });
  return list(crews.map((c) => _("{crew} +1", { crew: crewWord(c) })));
}

// A space moves the water ring when some legal placement there does.
const movesRing = (view, space) => view.legal_commands.some((c) => c.type === "egizia.place_ship" && c.space === space && c.ring !== 0);

export function placementVariant(view, command) {
  const parts = [];
  if (command.crew >= 0) parts.push(_("{crew} +1", { crew: crewWord(command.crew) }));
  if (command.crews.length) parts.push(crewChoice(command.crews));
  if (movesRing(view, command.space)) parts.push((RING_STEP[command.ring] || RING_STEP[0])());
  return parts.length ? list(parts) : _("place the ship");
}

export function spaceLabel(view, command) {
  const space = view.river.find((s) => s.id === command.space);
  const name = !space ? _("a space")
    : space.type === "card" && space.card ? _("card space {number}: {card}", { number: space.position, card: t(space.card.name) })
    : space.type === "round" ? _("{place} ({text})", { place: t(space.name), text: t(space.text) }) : t(space.name);
  if (command.slot < 0) return name;
  if (command.speculate) return _("{place}, speculate (take any space freed there in phase 5)", { place: name });
  return _("{place}, ship space {number}", { place: name, number: command.slot + 1 });
}

// Feeding with the stones-for-grain card offers one command per number of stones paid (0 = every stone that
// helps), so the stones are named whenever the same aids are offered more than once.
function feedLabel(view, command, cards) {
  const base = command.aids.length ? _("Feed using {cards}", { cards: list(command.aids.map((c) => cardName(cards, c))) }) : _("Feed without aids");
  const sameAids = view.legal_commands.filter((c) => c.type === "egizia.feed" && c.aids.join() === command.aids.join());
  if (!command.stones && sameAids.length < 2) return base;
  if (!command.stones) return _("{feed}, paying every stone that helps", { feed: base });
  return n_("{feed}, paying {count} stone", "{feed}, paying {count} stones", command.stones, { feed: base });
}

function buildLabel(view, command, cards) {
  const spaces = list(command.spaces.map((id) => buildSpaceName(view, id)));
  const args = { spaces, crews: crewList(command.crews), cards: list(command.cards.map((c) => cardName(cards, c))), market: marketWord(command.market) };
  if (command.cards.length && command.market) return _("Build {spaces} with {crews} and {cards}, then move the {market} marker down", args);
  if (command.cards.length) return _("Build {spaces} with {crews} and {cards}", args);
  if (command.market) return _("Build {spaces} with {crews}, then move the {market} marker down", args);
  return _("Build {spaces} with {crews}", args);
}

function drawLabel(command, cards) {
  const args = { crews: crewList(command.crews), cards: list(command.cards.map((c) => cardName(cards, c))) };
  if (!command.crews.length) return n_("Draw {count} Sphinx card for free", "Draw {count} Sphinx cards for free", command.count, args);
  if (command.cards.length) return n_("Draw {count} Sphinx card with {crews} and {cards}", "Draw {count} Sphinx cards with {crews} and {cards}", command.count, args);
  return n_("Draw {count} Sphinx card with {crews}", "Draw {count} Sphinx cards with {crews}", command.count, args);
}

function playLabel(view, command, cards) {
  const card = cardName(cards, command.card);
  if (command.crews.length) return _("Play {card}: {crews}", { card, crews: crewChoice(command.crews) });
  if (command.target) {
    const space = view.river.find((s) => s.id === command.target);
    const target = space ? spaceLabel(view, { space: command.target, slot: -1 }) : cardName(cards, command.target);
    return _("Play {card} on {target}", { card, target });
  }
  if (command.amount) return n_("Play {card}: sell {count} stone", "Play {card}: sell {count} stones", command.amount, { card });
  return _("Play {card}", { card });
}

export function describeCommand(view, command) {
  const cards = cardLookup(view);
  switch (command.type) {
    case "egizia.place_ship":
      return _("Place a ship on {place} ({how})", { place: spaceLabel(view, command), how: placementVariant(view, command) });
    case "egizia.pass":
      return _("Pass for the rest of the round");
    case "egizia.feed":
      return feedLabel(view, command, cards);
    case "egizia.build":
      return buildLabel(view, command, cards);
    case "egizia.build_more": {
      const grave = view.graves.some((g) => g.id === command.space);
      const space = buildSpaceName(view, command.space);
      return grave ? _("Take {space} in the same action", { space }) : _("Build {space} in the same action", { space });
    }
    case "egizia.end_build":
      return _("Stop building here (the market marker moves now)");
    case "egizia.sphinx_draw":
      return drawLabel(command, cards);
    case "egizia.sphinx_keep":
      return command.keep.length ? _("Keep {cards}", { cards: list(command.keep.map((c) => cardName(cards, c))) }) : _("Keep none of them");
    case "egizia.decline":
      return _("Decline to build here");
    case "egizia.play_card":
      return playLabel(view, command, cards);
    default:
      return _("Another move");
  }
}
