// @ts-check
// Narrowing the engine's legal moves, as the widget does it: no rule, no
// DOM. The moves are indexed by from-square, by to-square (drops: no
// from-square) and square-less (a pass); a from-square gives its targets,
// a from- and a to-square the moves between them (one is played, several
// make a labelled choice), a kind in hand the squares it may be dropped on.
// board.js holds one index per state; tests/js/ checks it against the
// engine's own moves.

/** @typedef {import("./types.js").MoveEntry} MoveEntry */

export class MoveIndex {
  /** @param {MoveEntry[]} moves the state's legal moves (session.MoveEntry) */
  constructor(moves) {
    this.moves = moves;
    /** @type {Map<string, MoveEntry[]>} */
    this.byFrom = new Map();
    /** @type {Map<string, MoveEntry[]>} drops: no from-square */
    this.byTo = new Map();
    /** @type {MoveEntry[]} no squares at all (pass) */
    this.free = [];
    for (const m of moves) {
      const [map, key] = m.from ? [this.byFrom, m.from] : m.to ? [this.byTo, m.to] : [null, ""];
      if (!map) { this.free.push(m); continue; }
      const list = map.get(key);
      if (list) list.push(m); else map.set(key, [m]);
    }
  }

  /** Does a piece on ``sq`` have a move? @param {string} sq */
  canMove(sq) {
    return this.byFrom.has(sq);
  }

  /** The squares the piece on ``from`` may go to (its own square left
   *  out), each once, in the engine's order. @param {string} from */
  targets(from) {
    return unique((this.byFrom.get(from) || []).map((m) => m.to).filter((to) => !!to && to !== from));
  }

  /** The moves from ``from`` to ``to``. @param {string} from @param {string} to */
  between(from, to) {
    return (this.byFrom.get(from) || []).filter((m) => m.to === to);
  }

  /** The moves of the piece on ``from`` that stay on its square or have no
   *  target (a turn in place). @param {string} from */
  inPlace(from) {
    return (this.byFrom.get(from) || []).filter((m) => !m.to || m.to === from);
  }

  /** The drops of ``kind`` (no from-square; a target). @param {string | null} kind */
  dropsOf(kind) {
    if (!kind) return [];
    return this.moves.filter((m) => m.drop === kind && !m.from && m.to);
  }

  /** The squares ``kind`` may be dropped on, each once. @param {string | null} kind */
  dropTargets(kind) {
    return unique(this.dropsOf(kind).map((m) => m.to));
  }

  /** The drops on ``sq``: of ``kind`` when one is picked, else of any kind.
   *  @param {string} sq @param {string | null} kind */
  dropsAt(sq, kind) {
    return kind ? this.dropsOf(kind).filter((m) => m.to === sq) : this.byTo.get(sq) || [];
  }

  /** Are the square-less moves (a pass) the only ones? */
  onlyFree() {
    return this.free.length > 0 && this.free.length === this.moves.length;
  }
}

/** @param {(string | null | undefined)[]} items @returns {string[]} */
function unique(items) {
  /** @type {string[]} */
  const out = [];
  for (const item of items) if (item && !out.includes(item)) out.push(item);
  return out;
}
