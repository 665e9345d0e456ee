// What changed on the table between two views of the same game ("what just happened"): each changed thing by
// a key the drawing code marks: `site:<seat>/<site>` (a stack grew, shrank or has another top tile),
// `discards` (the discard pool), `score:<seat>` (a board's score, shown at the end).
function siteChanges(since, view, keys) {
  const before = new Map(since.boards.flatMap((board) => board.sites.map((site) => [`${board.seat}/${site.site}`, site])));
  for (const board of view.boards) {
    for (const site of board.sites) {
      const old = before.get(`${board.seat}/${site.site}`);
      if (!old) continue;
      const top = (s) => (s.top ? s.top.id : "");
      if (old.height !== site.height || top(old) !== top(site)) keys.add(`site:${board.seat}/${site.site}`);
    }
    const was = since.boards.find((b) => b.seat === board.seat);
    if (was && was.score !== board.score && board.score !== null) keys.add(`score:${board.seat}`);
  }
}

export function tableChanges(since, view) {
  const keys = new Set();
  if (!since || since.boards === undefined || !view.boards) return keys;
  siteChanges(since, view, keys);
  if (since.discards.length !== view.discards.length) keys.add("discards");
  return keys;
}
