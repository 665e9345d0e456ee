// What changed on the board between two views of the same game ("what just happened"): each changed thing
// by a key the drawing code marks (`space:C4`, `slot:B_SPHINX/0`, `build:O3`, `market:stone_market:1`, …).
const sameList = (a, b) => [...a].sort().join() === [...b].sort().join();

function riverChanges(since, view, keys) {
  const before = new Map(since.river.map((space) => [space.id, space]));
  for (const space of view.river) {
    const old = before.get(space.id);
    if (!old) continue;
    if (!sameList(old.ships, space.ships)) keys.add(`space:${space.id}`);
    if ((old.card && old.card.id) !== (space.card && space.card.id)) keys.add(`card:${space.id}`);
  }
  const sites = new Map(since.sites.map((site) => [site.id, site]));
  for (const site of view.sites) {
    const old = sites.get(site.id);
    if (!old) continue;
    site.slots.forEach((owner, slot) => {
      if (old.slots[slot] !== owner || old.built[slot] !== site.built[slot]) keys.add(`slot:${site.id}/${slot}`);
      if (old.speculators[slot] !== site.speculators[slot]) keys.add(`spec:${site.id}/${slot}`);
    });
  }
}

const buildSpaces = (view) => [...view.obelisk, ...view.graves, ...view.pyramid.flat(), ...view.temple];

function buildingChanges(since, view, keys) {
  const before = new Map(buildSpaces(since).map((space) => [space.id, space]));
  for (const space of buildSpaces(view)) {
    const old = before.get(space.id);
    if (old && (old.owner !== space.owner || old.face_up !== space.face_up || old.value !== space.value)) keys.add(`build:${space.id}`);
  }
}

function playerChanges(since, view, keys) {
  const before = new Map(since.players.map((player) => [player.seat, player]));
  for (const player of view.players) {
    const old = before.get(player.seat);
    if (!old) continue;
    for (const field of ["stone_market", "grain_market"]) {
      if (old[field] !== player[field]) keys.add(`market:${field}:${player.seat}`);
    }
    if (old.score !== player.score) keys.add(`score:${player.seat}`);
  }
}

export function boardChanges(since, view) {
  const keys = new Set();
  if (!since || since.game !== view.game) return keys;
  riverChanges(since, view, keys);
  buildingChanges(since, view, keys);
  playerChanges(since, view, keys);
  if (since.ring !== view.ring) keys.add("ring");
  return keys;
}
