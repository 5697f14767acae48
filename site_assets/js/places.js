// @ts-check
// Back and Forward come back to the same place on a page with boards.
//
// mkdocs-material (instant navigation) keeps a page's offset in pixels in
// its history entry and, when Back or Forward puts the page in again,
// scrolls to that offset at once, before the page's boards are mounted.
// The boards above that place take their live height after that (their
// buttons, status and add-ons, as each board opens: hundreds of pixels on
// a rules page), so the reader came back far above where they were.
//
// So each history entry also keeps the place as the part of the article at
// the top of the window and how far into it (noted at each scroll and when
// a link is followed). A page that
// Back or Forward puts in goes to its place, and holds it while its boards
// take their height (at each change of the article's size or of a board's
// state) until every board is ready or failed, or the reader scrolls,
// touches or types first.
//
// sharah.js calls arrived() each time a page is put in (mkdocs-material's
// document$), after mkdocs-material's own scroll, and following() when a
// link is followed; inpage.js calls popped() at each Back or Forward and
// asks pathOnScreen(); nothing else.

import { debug } from "./engine.js";

const BOARDS = "figure.sharah-board[data-mode]";

/** @type {Map<string, { index: number, into: number }>} history entry -> place */
const places = new Map();
/** What the tests read (window.sharahDebug.places): places noted, places
 *  gone back to, whether one is being held, the offset of the last noted. */
const stats = { noted: 0, restored: 0, holding: false, y: /** @type {number | null} */ (null) };
debug.places = stats;

/** @type {Element | null} the article on the screen */
let article = null;
/** @type {string | null} the history entry of the page on the screen (null: another is on its way) */
let shownKey = null;
let shownPath = "";
let traversed = false;   // Back or Forward to another page since the last page was put in
/** @type {(() => void) | null} ends the hold of a place */
let release = null;

/** The current history entry: the Navigation API's key, else the address. */
function entryKey() {
  const nav = /** @type {{ currentEntry?: { key?: string } } | undefined} */ (/** @type {any} */ (window).navigation);
  return (nav && nav.currentEntry && nav.currentEntry.key) || location.href;
}

/** @param {string} key note where the reader is, for this history entry */
function noteAs(key) {
  if (!article || !article.isConnected || release) return;
  const parts = article.children;
  for (let i = 0; i < parts.length; i++) {
    const box = parts[i].getBoundingClientRect();
    if (box.bottom > 0) {
      places.set(key, { index: i, into: -box.top });
      stats.noted += 1;
      stats.y = window.scrollY;
      return;
    }
  }
}

/** Note the place now, if the page on the screen is still its entry's. */
function noteNow() {
  if (shownKey !== null && shownKey === entryKey()) noteAs(shownKey);
}

/** A link is being followed (before mkdocs-material makes its entry): the
 *  place is noted, and the page it leads to is not a return. */
export function following() {
  noteNow();
  traversed = false;
}

// Noted at every scroll, at once: when Back or Forward is pressed, the
// place is noted before mkdocs-material's popstate listener may scroll the
// page that is leaving to the other entry's offset.
let seenY = 0;      // the offset at the last scroll event
addEventListener("scroll", () => { seenY = window.scrollY; noteNow(); }, { passive: true });

/** Back or Forward (inpage.js calls this first thing at each popstate,
 *  before mkdocs-material's listener). The entry has changed already; the
 *  page on the screen is still the one left: its place is noted again
 *  unless something moved it since the last scroll event. */
export function popped() {
  if (shownKey !== null && window.scrollY === seenY) noteAs(shownKey);
  if (location.pathname === shownPath) {
    shownKey = entryKey();     // another place on the same page (an anchor)
  } else {
    shownKey = null;           // another page is on its way
    traversed = true;
  }
}

/** The path of the page on the screen ("" until the first is put in). */
export function pathOnScreen() {
  return shownPath;
}

/** Go to the place kept for this entry, and hold it while the boards
 *  take their height. @param {{ index: number, into: number }} place */
function hold(place) {
  if (!article) return;
  const part = article.children[place.index];
  if (!part) return;
  const go = () => {
    if (part.isConnected) window.scrollBy(0, part.getBoundingClientRect().top + place.into);
  };
  const settled = () => [...document.querySelectorAll(BOARDS)]
    .every((f) => f instanceof HTMLElement && (f.dataset.state === "ready" || f.dataset.state === "error"));
  const stop = () => {
    sizes.disconnect();
    states.disconnect();
    for (const type of INPUT) removeEventListener(type, stop, true);
    release = null;
    stats.holding = false;
  };
  const check = () => {
    go();
    if (settled()) {
      // the last board's own changes are in; one frame later, the place is kept
      states.disconnect();
      requestAnimationFrame(() => {
        if (release !== stop) return;
        go();
        stop();
        stats.restored += 1;
        noteNow();
      });
    }
  };
  const sizes = new ResizeObserver(() => { if (release === stop) go(); });
  const states = new MutationObserver(check);
  sizes.observe(article);
  for (const fig of article.querySelectorAll(BOARDS)) sizes.observe(fig);
  states.observe(article, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  for (const type of INPUT) addEventListener(type, stop, { capture: true, passive: true });
  release = stop;
  stats.holding = true;
  check();
}
const INPUT = ["wheel", "touchstart", "pointerdown", "keydown"];

/** A page was put in (its boards are about to be mounted): whether it was
 *  reached by Back or Forward to a place kept for it (then it is gone to
 *  and held, and the caller leaves the scroll alone). */
export function arrived() {
  if (release) release();
  const back = traversed;
  traversed = false;
  article = document.querySelector("article.md-content__inner");
  shownPath = location.pathname;
  shownKey = entryKey();
  const place = back ? places.get(shownKey) : undefined;
  if (place) hold(place);
  return back;
}
