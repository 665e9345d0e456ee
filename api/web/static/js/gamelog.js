// The game log beside the board: every event in words (automatic steps too), fetched incrementally with
// ?after=<seq> whenever the board moves on, and the viewer's last own move, from which "what just happened"
// is measured.
import { _, t } from "./i18n.js";
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
    this.moves = []; // [seq, actor] of the events seats' game commands caused (not the table's)
    this.undone = [];
    this.pending = Promise.resolve();
  }

  // Fetch what happened after the last entry shown, up to at least `version`; one request at a time.
  catchUp(version) {
    this.pending = this.pending.then(() => (version > this.lastSeq ? this.fetchMore() : null)).catch(() => null);
    return this.pending;
  }

  async fetchMore() {
    this.append(await get(`${this.base}/history?after=${this.lastSeq}`));
  }

  // A move on its way (`answer`: its answer's body, or null): catch-ups wait for it, since the events it
  // carries continue the log up to the view it carries, with no read.
  awaiting(answer) {
    this.pending = this.pending.then(() => answer).then((data) => data && this.took(data.events, data.view.version)).catch(() => null);
  }

  took(events, version) {
    const run = events || [];
    if (run.length && run[0].seq === this.lastSeq + 1 && run[run.length - 1].seq === version) this.append(run);
  }

  append(entries) {
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
      const reason = entry.violation ? t(entry.violation.message) : _("the game had moved on");
      return h("li", { class: "refused", text: _("Your move was refused: {reason}", { reason }) });
    }
    this.lastSeq = Math.max(this.lastSeq, entry.seq);
    const own = this.seat !== null && entry.actor === this.seat;
    if (own) this.lastOwn = entry.seq;
    const table = String(entry.type || "").startsWith("papyrus.");
    if (typeof entry.actor === "number" && !table) this.moves.push([entry.seq, entry.actor]);
    return h("li", { "data-seq": entry.seq, value: entry.seq, class: own ? "own" : null, text: t(entry.description) });
  }

  // Events a player took back stay in the log, struck through (`undone`: the table's ranges of seqs).
  markUndone(undone) {
    this.undone = undone || [];
    const taken = (seq) => this.undone.some(([first, last]) => first <= seq && seq <= last);
    for (const item of this.list.querySelectorAll("li[data-seq]")) {
      const gone = taken(Number(item.dataset.seq));
      item.classList.toggle("undone", gone);
      item.title = gone ? _("Taken back") : "";
    }
  }

  // Whether the viewer's last own move may still be taken back as far as the log tells: nobody else acted
  // since and it was not taken back already (the server still refuses an undo across a reveal).
  mayUndo() {
    const taken = (seq) => this.undone.some(([first, last]) => first <= seq && seq <= last);
    const standing = this.moves.filter(([seq]) => !taken(seq));
    return this.seat !== null && standing.length > 0 && standing[standing.length - 1][1] === this.seat;
  }

  // Entries after the viewer's last own move are "new": the board highlights the same changes.
  markSinceOwnMove() {
    for (const item of this.list.querySelectorAll("li[data-seq]")) {
      item.classList.toggle("since-own", this.lastOwn > 0 && Number(item.dataset.seq) > this.lastOwn);
    }
  }
}
