// Egizia in words: every command a player can choose, described for people. Game facts (what a space does,
// the crews' names, card texts, the phase's title) come from the view, never from here.
// The crews' names, in the order commands number them, as the view's tableaus list them.
export const crewNames = (view) => Object.keys(view.players[0].crews);

const RING_STEP = { "-1": "move the water ring left", 0: "leave the water ring", 1: "move the water ring right" };

export const crewList = (view, crews) => crews.map((c) => crewNames(view)[c]).join(" + ");

export function cardLookup(view) {
  const cards = new Map();
  for (const space of view.river) if (space.card) cards.set(space.card.id, space.card);
  for (const player of view.players) {
    for (const card of [...player.hand, ...player.permanents, ...player.quarries]) cards.set(card.id, card);
  }
  for (const card of [...view.drawn, ...view.players.flatMap((p) => p.sphinx || [])]) cards.set(card.id, card);
  return cards;
}

export function cardName(cards, id) {
  const card = cards.get(id);
  return card ? `${id} (${card.text})` : id;
}

function crewChoice(view, crews) {
  const names = crewNames(view);
  if (crews.length === 2 && crews[0] === crews[1]) return `crew ${names[crews[0]]} +2`;
  return crews.map((c) => `crew ${names[c]} +1`).join(", ");
}

// A space moves the water ring when some legal placement there does.
const movesRing = (view, space) => view.legal_commands.some((c) => c.type === "egizia.place_ship" && c.space === space && c.ring !== 0);

export function placementVariant(view, command) {
  const parts = [];
  if (command.crew >= 0) parts.push(`crew ${crewNames(view)[command.crew]} +1`);
  if (command.crews.length) parts.push(crewChoice(view, command.crews));
  if (movesRing(view, command.space)) parts.push(RING_STEP[command.ring]);
  return parts.join(", ") || "place the ship";
}

export function spaceLabel(view, command) {
  const space = view.river.find((s) => s.id === command.space);
  const name = !space ? command.space
    : space.type === "card" && space.card ? `${space.id}: ${space.card.text}`
    : space.type === "round" ? `${space.name} (${space.text})` : space.name;
  if (command.slot < 0) return name;
  if (command.speculate) return `${name}, speculate (take any space freed there in phase 5)`;
  return `${name}, ship space S${command.slot + 1}`;
}

// Feeding with the stones-for-grain card offers one command per number of stones paid (0 = every stone that
// helps), so the stones are named whenever the same aids are offered more than once.
function feedLabel(view, command, cards) {
  const base = command.aids.length ? `Feed using ${command.aids.map((c) => cardName(cards, c)).join(", ")}` : "Feed without aids";
  const sameAids = view.legal_commands.filter((c) => c.type === "egizia.feed" && c.aids.join() === command.aids.join());
  if (!command.stones && sameAids.length < 2) return base;
  if (!command.stones) return `${base}, paying every stone that helps`;
  return `${base}, paying ${command.stones} stone${command.stones === 1 ? "" : "s"}`;
}

export function describeCommand(view, command) {
  const cards = cardLookup(view);
  const strength = command.cards && command.cards.length ? ` with ${command.cards.map((c) => cardName(cards, c)).join(", ")}` : "";
  switch (command.type) {
    case "egizia.place_ship":
      return `Place a ship on ${spaceLabel(view, command)} (${placementVariant(view, command)})`;
    case "egizia.pass":
      return "Pass for the rest of the round";
    case "egizia.feed":
      return feedLabel(view, command, cards);
    case "egizia.build":
      return `Build ${command.spaces.join(", ")} with ${crewList(view, command.crews)}${strength}` +
        (command.market ? `, then move the ${command.market} marker down` : "");
    case "egizia.build_more": {
      const grave = view.graves.find((g) => g.id === command.space);
      const space = grave || view.obelisk.find((o) => o.id === command.space);
      const what = grave ? "Take grave tile" : "Build obelisk space";
      return `${what} ${command.space}${space ? `, value ${space.value}` : ""}, in the same action`;
    }
    case "egizia.end_build":
      return "Stop building here (the market marker moves now)";
    case "egizia.sphinx_draw":
      return `Draw ${command.count} Sphinx card${command.count === 1 ? "" : "s"}` +
        (command.crews.length ? ` with ${crewList(view, command.crews)}` : "") + strength;
    case "egizia.sphinx_keep":
      return command.keep.length ? `Keep ${command.keep.map((c) => cardName(cards, c)).join(", ")}` : "Keep none of them";
    case "egizia.decline":
      return "Decline to build here";
    case "egizia.play_card": {
      const extra = [];
      if (command.crews.length) extra.push(`crews ${crewList(view, command.crews)}`);
      if (command.target) extra.push(`on ${command.target}`);
      if (command.amount) extra.push(`amount ${command.amount}`);
      return `Play ${cardName(cards, command.card)}${extra.length ? ": " + extra.join(", ") : ""}`;
    }
    default:
      return command.type;
  }
}

export function cardShort(card) {
  return { field: "Field", quarry: "Quarry" }[card.kind] || { IMM: "Immediate", ANY: "Anytime", PERM: "Permanent" }[card.type] || card.kind;
}
