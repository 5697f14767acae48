// @ts-check
// What the widget keeps in the browser's storage, declared once: the keys,
// and the shapes more than one module reads. No DOM: the storage is passed
// in (the page's localStorage, or none when the browser has it off).
//
//   sharah-game:<page path>#<board uid>      a board's game (records.js: the engine's "save")
//   …:set-aside, …:set-aside-2, -3 …         a stored game that could not be restored, kept
//   sharah-players:<page path>#<board uid>   who plays each side, and how (computer.js)

/** @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem">} Store */

export const GAME_PREFIX = "sharah-game:";
export const PLAYERS_PREFIX = "sharah-players:";

/** @param {string} path the page's path @param {string} uid the board's uid */
export const gameKey = (path, uid) => `${GAME_PREFIX}${path}#${uid}`;
/** @param {string} path the page's path @param {string} uid the board's uid */
export const playersKey = (path, uid) => `${PLAYERS_PREFIX}${path}#${uid}`;

/** The page's storage, or null when the browser has it off. @returns {Store | null} */
export function pageStore() {
  try { return window.localStorage || null; } catch (_) { return null; }
}

/** @param {Store | null} store @param {string} key @returns {string | null} */
export function readStored(store, key) {
  try { return store?.getItem(key) ?? null; } catch (_) { return null; }
}

/** Keep ``text`` under ``key``: null when kept, else "full" or "off". A
 *  failed write leaves the key's older copy as it was.
 * @param {Store | null} store @param {string} key @param {string} text @returns {"full" | "off" | null} */
export function writeStored(store, key, text) {
  if (!store) return "off";
  try { store.setItem(key, text); return null; } catch (err) {
    const e = /** @type {DOMException} */ (err);
    return e && (e.name === "QuotaExceededError" || e.code === 22 || e.code === 1014) ? "full" : "off";
  }
}

/** @param {Store | null} store @param {string} key */
export function removeStored(store, key) {
  try { store?.removeItem(key); } catch (_) { /* nothing to remove */ }
}

/** Move the entry under ``key`` to "<key>:set-aside" (or "-2", "-3"... the first free name;
 *  nothing is thrown away). "moved" (or "none": nothing was there), or
 *  "stuck" when the store would not: the entry is then left where it was.
 * @param {Store | null} store @param {string} key @returns {"moved" | "none" | "stuck"} */
export function setAside(store, key) {
  const raw = readStored(store, key);
  if (raw == null) return "none";
  let aside = `${key}:set-aside`;
  for (let n = 2; readStored(store, aside) != null; n++) aside = `${key}:set-aside-${n}`;
  removeStored(store, key);           // first: a large entry and its copy may not fit together
  if (writeStored(store, aside, raw)) {
    writeStored(store, key, raw);     // left where it was
    return "stuck";
  }
  return "moved";
}

/** The sides set to the computer in a board's stored players (computer.js's
 *  settings: {sides: {side: {player, level}}, ...}); none when the entry
 *  is missing or not that shape. @param {unknown} settings @returns {string[]} */
export function computerSides(settings) {
  const sides = settings && typeof settings === "object" ? /** @type {any} */ (settings).sides : null;
  if (!sides || typeof sides !== "object") return [];
  return Object.keys(sides).filter((side) => sides[side] && sides[side].player === "computer" && sides[side].level);
}

/** A stored JSON entry, or null (missing, storage off, or not JSON).
 * @param {Store | null} store @param {string} key @returns {unknown} */
export function readJSON(store, key) {
  const text = readStored(store, key);
  if (!text) return null;
  try { return JSON.parse(text); } catch (_) { return null; }
}
