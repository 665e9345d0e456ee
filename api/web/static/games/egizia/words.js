// Egizia in words: round-space effects, crews, and every command a player can choose, described for people.
export const CREWS = ["A", "B", "C", "Joker"];

export const ROUND_SPACE_EFFECTS = {
  R_EDFU: "Stone and grain markers 1 down",
  R_THEBAE: "Crews A and B +1",
  R_PASSALON: "Joker +1; may move the water ring",
  R_SELINON: "Crews B and C +1",
  R_BENIHASAN: "Crews A and C +1",
  R_ALYI: "One crew +1, then +2 stones",
  R_HELIOPOLIS: "Joker +1; may move the water ring",
};

export const SITE_EFFECTS = {
  B_SPHINX: "Draw Sphinx cards, 1 stone each",
  B_OBELISK: "Build the Obelisk and take grave tiles",
  B_TEMPLE: "Build the Pyramid and the Temple",
};

export const PHASES = {
  layout: "Laying out Nile cards",
  placement: "Placing ships",
  feeding: "Feeding crews",
  production: "Producing stones",
  building: "Building",
  bonus: "Co-operation bonus",
  sequence: "New player order",
  final_scoring: "Final scoring",
  over: "Game over",
};

const RING_STEP = { "-1": "move the water ring left", 0: "leave the water ring", 1: "move the water ring right" };

export const crewList = (crews) => crews.map((c) => CREWS[c]).join(" + ");

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

function crewChoice(crews) {
  if (crews.length === 2 && crews[0] === crews[1]) return `crew ${CREWS[crews[0]]} +2`;
  return crews.map((c) => `crew ${CREWS[c]} +1`).join(", ");
}

export function placementVariant(command) {
  const parts = [];
  if (command.crew >= 0) parts.push(`crew ${CREWS[command.crew]} +1`);
  if (command.crews.length) parts.push(crewChoice(command.crews));
  if (command.space === "R_PASSALON" || command.space === "R_HELIOPOLIS") parts.push(RING_STEP[command.ring]);
  return parts.join(", ") || "place the ship";
}

export function spaceLabel(view, command) {
  const space = view.river.find((s) => s.id === command.space);
  const name = space ? (space.type === "card" && space.card ? `${space.id}: ${space.card.text}` : space.name) : command.space;
  if (command.slot < 0) return name;
  return `${name}, ${command.speculate ? "speculate beside" : "ship space"} S${command.slot + 1}`;
}

export function describeCommand(view, command) {
  const cards = cardLookup(view);
  const strength = command.cards && command.cards.length ? ` with ${command.cards.map((c) => cardName(cards, c)).join(", ")}` : "";
  switch (command.type) {
    case "egizia.place_ship":
      return `Place a ship on ${spaceLabel(view, command)} (${placementVariant(command)})`;
    case "egizia.pass":
      return "Pass for the rest of the round";
    case "egizia.feed":
      return command.aids.length ? `Feed using ${command.aids.map((c) => cardName(cards, c)).join(", ")}` : "Feed without aids";
    case "egizia.build":
      return `Build ${command.spaces.join(", ")} with ${crewList(command.crews)}${strength}` +
        (command.market ? `, then move the ${command.market} marker down` : "");
    case "egizia.sphinx_draw":
      return `Draw ${command.count} Sphinx card${command.count === 1 ? "" : "s"}` +
        (command.crews.length ? ` with ${crewList(command.crews)}` : "") + strength;
    case "egizia.sphinx_keep":
      return command.keep.length ? `Keep ${command.keep.map((c) => cardName(cards, c)).join(", ")}` : "Keep none of them";
    case "egizia.decline":
      return "Decline to build here";
    case "egizia.play_card": {
      const extra = [];
      if (command.crews.length) extra.push(`crews ${crewList(command.crews)}`);
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
