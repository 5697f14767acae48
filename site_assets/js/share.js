// @ts-check
// A game's address and its record's tags (records.js), with no DOM: the
// page's location is passed in.

/** @typedef {{ origin: string, pathname: string, hash?: string }} Place */

/** The address that opens a game on its board: the page, and the engine's
 *  link (record.format_link) as the fragment. @param {Place} place @param {string} link */
export const shareURL = (place, link) => `${place.origin}${place.pathname}#${link}`;

/** The link in an address's fragment, or null (no fragment, or only "#"). @param {Place} place */
export function linkIn(place) {
  const hash = place.hash || "";
  return hash.length < 2 ? null : hash;
}

/** A record's date tag ("2026.11.27", as PGN writes dates). @param {Date} date */
export const recordDate = (date) =>
  `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, "0")}.${String(date.getDate()).padStart(2, "0")}`;

/** The tags the page adds to a record: where the game was played, and when.
 * @param {Place} place @param {Date} date @returns {{ Site: string, Date: string }} */
export const recordTags = (place, date) => ({ Site: place.origin + place.pathname, Date: recordDate(date) });

/** Characters of a link the engine reads (sharah_web/record.py: MAX_LINK;
 *  tests/test_contract.py checks that they are the same). */
export const MAX_LINK = 20_000;

/** A link's text as the engine unquotes it (urllib's unquote: %XX as
 *  UTF-8, a broken escape left as it is). @param {string} text */
function unquote(text) {
  try { return decodeURIComponent(text); } catch (err) { /* a broken escape somewhere */ }
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try { return decodeURIComponent(run); } catch (err) { return run; }
  });
}

/** What a game link says of where it goes, read without reading its game,
 *  as the engine reads it (record.format_link writes ``b=`` and ``v=``):
 *  the board it names and its game, each null when the link does not say;
 *  null when the fragment is not a game link (another anchor of the page).
 *  A link too long for the engine still has its board (read from its first
 *  MAX_LINK characters), where the engine's ``load`` says what is wrong.
 * @param {string} fragment @returns {{ board: string | null, variant: string | null } | null} */
export function linkTarget(fragment) {
  const text = fragment.trim().replace(/^#/, "");
  if (!text.startsWith("game=")) return null;
  /** @type {Map<string, string>} */
  const fields = new Map();
  for (const part of text.slice(0, MAX_LINK).split(";")) {
    const at = part.indexOf("=");
    const key = at < 0 ? part : part.slice(0, at);
    if (!fields.has(key)) fields.set(key, at < 0 ? "" : part.slice(at + 1));
  }
  const field = (/** @type {string} */ key) => (fields.get(key) ? unquote(/** @type {string} */ (fields.get(key))) : null);
  return { board: field("b"), variant: field("v") };
}

/** Which of the page's game boards (in page order) a link is for: the
 *  board it names, else the first board of its game, else the first board;
 *  null when the fragment is not a game link or the page has no game board.
 * @param {string} fragment @param {{ uid: string, variant: string }[]} boards @returns {string | null} */
export function linkBoard(fragment, boards) {
  const found = linkTarget(fragment);
  if (!found) return null;
  const board = boards.find((b) => b.uid === found.board) || boards.find((b) => b.variant === found.variant) || boards[0];
  return board ? board.uid : null;
}
