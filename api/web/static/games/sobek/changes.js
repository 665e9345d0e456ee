// What changed on the table between two views of the same game ("what just happened"): each changed thing by
// a key the drawing code marks: `nile:<position>` (a card new in the Nile lies there), `tokens` (the event tokens
// face up), `score:<seat>` (a marker moved), `hand:<seat>` and `corruption:<seat>` (their sizes),
// `set:<seat>/<index>` (a set laid or grown).
// A card is new in the Nile when it was not there before (taking one shifts the others along: they are not
// new); a face-down character is new where none lay and more lie face down than before.
const ids = (items) => items.map((item) => item.id).sort().join();
const backs = (nile, back) => nile.filter((slot) => !slot.card && slot.back === back).length;

function nileChanges(since, view, keys) {
  const seen = new Set(since.nile.filter((slot) => slot.card).map((slot) => slot.card.id));
  const before = new Map(since.nile.map((slot) => [slot.position, slot]));
  for (const slot of view.nile) {
    const old = before.get(slot.position);
    const fresh = slot.card
      ? !seen.has(slot.card.id)
      : (!old || old.card || old.back !== slot.back) && backs(view.nile, slot.back) > backs(since.nile, slot.back);
    if (fresh) keys.add(`nile:${slot.position}`);
  }
}

function playerChanges(since, view, keys) {
  const before = new Map(since.players.map((player) => [player.seat, player]));
  for (const player of view.players) {
    const old = before.get(player.seat);
    if (!old) continue;
    if (old.score !== player.score || old.lap !== player.lap) keys.add(`score:${player.seat}`);
    if (old.hand_size !== player.hand_size) keys.add(`hand:${player.seat}`);
    if (old.corruption_count !== player.corruption_count || old.revealed_corruption !== player.revealed_corruption) keys.add(`corruption:${player.seat}`);
    const sets = new Map(old.upright.map((set) => [set.index, set]));
    for (const set of player.upright) {
      const was = sets.get(set.index);
      if (!was || ids(was.cards) !== ids(set.cards) || was.points !== set.points) keys.add(`set:${player.seat}/${set.index}`);
    }
  }
}

export function tableChanges(since, view) {
  const keys = new Set();
  if (!since || !since.nile || !view.nile) return keys;
  nileChanges(since, view, keys);
  playerChanges(since, view, keys);
  if (ids(since.token_faces) !== ids(view.token_faces)) keys.add("tokens");
  return keys;
}
