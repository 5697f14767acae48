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
