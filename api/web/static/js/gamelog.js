// The game log beside the board: every event in words (automatic steps too), fetched incrementally with
// ?after=<seq> whenever the board moves on, and the viewer's last own move, from which "what just happened"
// is measured.
import { get } from "./api.js";
import { h } from "./dom.js";

export class GameLog {
  constructor(list, base, seat) {
    this.list = list;
    this.base = base; // "/games/<id>" or "/games/<id>/seats/<n>"
    this.seat = seat; // the viewer's seat, or null for a spectator
    this.lastSeq = 0;
    this.refused = new Set();
    this.lastOwn = 0;
    this.pending = Promise.resolve();
  }

  // Fetch what happened after the last entry shown, up to at least `version`; one request at a time.
  catchUp(version) {
    this.pending = this.pending.then(() => (version > this.lastSeq ? this.fetchMore() : null)).catch(() => null);
    return this.pending;
  }

  async fetchMore() {
    const entries = await get(`${this.base}/history?after=${this.lastSeq}`);
    const follow = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const items = entries.map((entry) => this.item(entry)).filter(Boolean);
    this.list.append(...items);
    this.list.closest("section").hidden = this.list.children.length === 0;
    this.markSinceOwnMove();
    if (follow || items.length) this.list.scrollTop = this.list.scrollHeight;
  }

  item(entry) {
    if (entry.kind === "refused") {
      if (this.refused.has(entry.entry_id)) return null;
      this.refused.add(entry.entry_id);
      const reason = entry.violation ? entry.violation.message : "the game had moved on";
      return h("li", { class: "refused", text: `Your move was refused: ${reason}` });
    }
    this.lastSeq = Math.max(this.lastSeq, entry.seq);
    const own = this.seat !== null && entry.actor === this.seat;
    if (own) this.lastOwn = entry.seq;
    return h("li", { "data-seq": entry.seq, value: entry.seq, class: own ? "own" : null, text: entry.description });
  }

  // Events a player took back stay in the log, struck through (`undone`: the table's ranges of seqs).
  markUndone(undone) {
    const taken = (seq) => (undone || []).some(([first, last]) => first <= seq && seq <= last);
    for (const item of this.list.querySelectorAll("li[data-seq]")) {
      const gone = taken(Number(item.dataset.seq));
      item.classList.toggle("undone", gone);
      item.title = gone ? "Taken back" : "";
    }
  }

  // Entries after the viewer's last own move are "new": the board highlights the same changes.
  markSinceOwnMove() {
    for (const item of this.list.querySelectorAll("li[data-seq]")) {
      item.classList.toggle("since-own", this.lastOwn > 0 && Number(item.dataset.seq) > this.lastOwn);
    }
  }
}
