// @ts-check
// The build's early answers as data (sharah_web/early.py): unpacking a
// page's file, checking it, and what a chosen move does to the picture.
// No DOM and no rule: early.js draws what this reads; tests/js/ checks it
// against the engine.
//
// A file comes from the network and may be damaged or tampered with: an
// answer that is not whole is dropped, and a piece's drawing is built only
// from the tags and attributes the renderer writes (svg.py: never an
// event handler, a link or a script).

/** @typedef {import("./types.js").MoveEntry} MoveEntry */
/** @typedef {import("./types.js").BoardState} BoardState */
/** An effect on the picture: ["s", from, to] a piece shifts, ["r", sq] one
 *  goes, ["p", sq, look] one is put down, ["c", sq, look] one changes.
 * @typedef {["s", string, string] | ["r", string] | ["p" | "c", string, number]} Effect */
/** A move's effects: 0 a plain move, [1, ...effects] a plain move and more, else the effects.
 * @typedef {0 | [1, ...Effect[]] | Effect[]} Effects */
/** A piece's drawing: ["g", {attributes}, child...], a child [tag, {attributes}, child...].
 * @typedef {[string, Record<string, string>, ...any[]]} Look */
/** The open answer's keys the page needs before the engine is up (early.py: EARLY_STATE_KEYS).
 * @typedef {Pick<BoardState, "moves" | "pieces" | "to_move"> & Partial<BoardState>} EarlyState */
/**
 * A board's early answer (early.py: early_answer), unpacked.
 * @typedef {object} EarlyAnswer
 * @property {EarlyState} state
 * @property {Effects[]} fx each move's effects, in the order of state.moves
 * @property {[number, number, string]} grid columns, rows, the squares' names (row by row, as drawn)
 * @property {[number, number, number]} hint a square's hint circle (svg.py: HINT_SHAPE): centre across, down, radius, in squares
 * @property {Look[]} looks the piece drawings the effects put down
 * @property {Record<string, number>} [drops] a dropped kind -> its look
 * @property {[string, Record<string, string>]} [next] who moves next: usually, and after the moves that differ
 * @property {string} [saved] the saved game of the board as built
 */

/** The page part of a board's uid (early.py: page_key): its file's name. @param {string} uid */
export const pageKey = (uid) => uid.replace(/-\d+$/, "");

/** A page's file (early.py: page_file) -> {uid: answer}: each board's
 *  looks from the page's, "from to" move entries made whole; an answer
 *  that is not whole, or draws with what the renderer never writes, is left out.
 * @param {unknown} file @returns {Record<string, EarlyAnswer> | null} */
export function unpack(file) {
  const f = /** @type {any} */ (file);
  if (!f || typeof f !== "object" || !f.boards || typeof f.boards !== "object" || !Array.isArray(f.looks)) return null;
  /** @type {Record<string, EarlyAnswer>} */
  const out = {};
  for (const [uid, answer] of Object.entries(/** @type {Record<string, any>} */ (f.boards))) {
    if (!answer || !answer.state || !Array.isArray(answer.state.moves) || !Array.isArray(answer.looks)) continue;
    const moves = answer.state.moves.map((/** @type {MoveEntry | string} */ m) => {
      if (typeof m !== "string") return m;
      const [from, to] = m.split(" ");
      return { n: from + to, from, to };
    });
    const looks = answer.looks.map((/** @type {unknown} */ i) => (typeof i === "number" ? f.looks[i] : undefined));
    const whole = { ...answer, looks, state: { ...answer.state, moves } };
    if (valid(whole)) out[uid] = whole;
  }
  return out;
}

/** Is this an answer the page can show and play from?
 * @param {any} answer @returns {answer is EarlyAnswer} */
export function valid(answer) {
  const st = answer && answer.state;
  if (!(st && Array.isArray(st.moves) && Array.isArray(answer.fx) && answer.fx.length === st.moves.length
    && st.pieces && typeof st.pieces === "object" && typeof st.to_move === "string"
    && Array.isArray(answer.looks) && answer.looks.every(checkLook))) return false;
  const grid = answer.grid, hint = answer.hint;
  return Array.isArray(hint) && hint.length === 3 && hint.every((x) => typeof x === "number" && x >= 0 && x <= 1)
    && Array.isArray(grid) && Number.isInteger(grid[0]) && Number.isInteger(grid[1]) && typeof grid[2] === "string"
    && grid[2].split(" ").length === grid[0] * grid[1];
}

// What the renderer (svg.py: _piece) writes in a piece's drawing.
export const LOOK_TAGS = new Set(["g", "circle", "path"]);
export const LOOK_ATTRIBUTES = new Set(["class", "cx", "cy", "d", "fill", "fill-opacity", "r", "stroke",
  "stroke-linecap", "stroke-linejoin", "stroke-opacity", "stroke-width", "transform"]);

/** Is ``look`` a drawing the renderer could have written (its tags and
 *  attributes only, no text)? @param {unknown} look @returns {look is Look} */
export function checkLook(look) {
  if (!Array.isArray(look) || look[0] !== "g") return false;
  /** @param {unknown} node @returns {boolean} */
  const ok = (node) => {
    if (!Array.isArray(node) || !LOOK_TAGS.has(node[0])) return false;
    const attrs = node[1];
    if (!attrs || typeof attrs !== "object" || Array.isArray(attrs)) return false;
    for (const [name, value] of Object.entries(attrs)) {
      if (!LOOK_ATTRIBUTES.has(name) || typeof value !== "string") return false;
    }
    return node.slice(2).every(ok);
  };
  return ok(look);
}

/** The effects of move ``i`` of an answer, in order (a plain move made whole).
 * @param {EarlyAnswer} answer @param {number} i @returns {Effect[]} */
export function effectsOf(answer, i) {
  const move = answer.state.moves[i];
  const fx = answer.fx[i];
  if (fx !== 0 && !(Array.isArray(fx) && fx[0] === 1)) return Array.isArray(fx) ? /** @type {Effect[]} */ (fx) : [];
  /** @type {Effect[]} */
  const out = [];
  if (move.from && move.to) {
    for (const sq of move.captures || []) out.push(["r", sq]);
    out.push(["s", move.from, move.to]);
  } else if (move.to && move.drop && answer.drops && answer.drops[move.drop] !== undefined) {
    out.push(["p", move.to, answer.drops[move.drop]]);
  }
  return fx === 0 ? out : out.concat(/** @type {Effect[]} */ (fx.slice(1)));
}

/**
 * Effects applied to a picture: a map square -> what is drawn there (for a
 * look put down, ``drawn(look)``). The same order of operations as early.js
 * applies to the drawing. Answers null when an effect does not apply (a
 * piece moves from an empty square...).
 * @template T
 * @param {Map<string, T>} picture @param {Effect[]} effects @param {(look: number) => T} drawn
 * @returns {Map<string, T> | null}
 */
export function applyEffects(picture, effects, drawn) {
  const pic = new Map(picture);
  for (const e of effects) {
    const had = pic.get(e[1]);
    if (e[0] === "s" && had !== undefined && !pic.has(e[2])) { pic.delete(e[1]); pic.set(e[2], had); }
    else if (e[0] === "r" && had !== undefined) pic.delete(e[1]);
    else if (e[0] === "p" && had === undefined) pic.set(e[1], drawn(e[2]));
    else if (e[0] === "c" && had !== undefined) pic.set(e[1], drawn(e[2]));
    else return null;
  }
  return pic;
}

/** Who moves after move ``i``. @param {EarlyAnswer} answer @param {number} i */
export function nextToMove(answer, i) {
  const [usual, other] = answer.next || [];
  return (other && other[String(i)]) || usual || null;
}

/** The squares of the grid, row by row as drawn. @param {EarlyAnswer} answer */
export function gridSquares(answer) {
  return answer.grid[2].split(" ");
}

/** The square at a place of the drawing (x, y: 0..1 across and down), or null.
 * @param {EarlyAnswer} answer @param {{ x: number, y: number }} at */
export function squareAt(answer, at) {
  const [w, h] = answer.grid;
  const col = Math.floor(at.x * w), row = Math.floor(at.y * h);
  if (col < 0 || col >= w || row < 0 || row >= h) return null;
  return gridSquares(answer)[row * w + col] || null;
}
