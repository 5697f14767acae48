// @ts-check
// The widget's own wording, in one place: the piece phrase, plurals, and
// the messages the page writes itself from the engine's codes and data
// (the engine's own messages come as they are). No DOM.

/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {{ side: string | null, name: string }} Named */

/** "3 moves", "1 move". @param {number} n @param {string} one @param {string} many */
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** A piece as the text names it: "white knight", "fisher" (a neutral piece). @param {Named} p */
export const piecePhrase = (p) => `${p.side ? `${p.side} ` : ""}${p.name.toLowerCase()}`;

/** "The white knight on b2", or "The piece on b2" when nothing is known of it.
 * @param {Named | null | undefined} p @param {string} sq */
export const pieceOn = (p, sq) => (p ? `The ${piecePhrase(p)} on ${sq}` : `The piece on ${sq}`);

/** How a stored game was set aside (store.js: setAside). @typedef {"moved" | "none" | "stuck"} Aside */

/** What became of a stored game the board could not take: ``why`` says
 *  why (a sentence's start), ``aside`` what the storage did with it.
 * @param {string} why @param {Aside} aside */
function setAsideSaying(why, aside) {
  return aside === "stuck"
    ? `${why}: it could not be set aside, so this board does not save its game`
      + " (clear the site's data in the browser to start afresh)."
    : `${why}: it was set aside.`;
}

/** The engine could not restore the stored game (its ``reason``: the open
 *  reply's ``refused``, or the open's error). @param {string} reason @param {Aside} aside */
export const notRestored = (reason, aside) =>
  setAsideSaying(`Your saved game on this board could not be restored (${reason})`, aside);

/** The stored game is longer than the engine reads.
 * @param {number} length @param {number} max @param {Aside} aside */
export const tooLargeToRestore = (length, max, aside) =>
  setAsideSaying(`Your saved game on this board is too large to restore (${length.toLocaleString("en")} `
    + `characters; at most ${max.toLocaleString("en")})`, aside);
