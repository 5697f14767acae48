// @ts-check
// The entry module: starts the engine as soon as the page has a board and
// mounts every board (figure.sharah-board) on mkdocs-material's document$,
// which fires on the first load and after every instant navigation. This
// module stays alive from page to page, so the worker (engine.js) is created
// once; boards are dropped when their page goes away.
//
// The add-ons import board.js and register themselves; importing them here
// is all it takes to switch one on (ADDONS.md).

import { getEngine, debug, BUILD } from "./engine.js";
import { Board, widgets, preopen, dropPreopened, preopenStats, expectAddons } from "./board.js";
import { engineWords } from "./words.js";
import { arrived, following } from "./places.js";
import { fragmentTarget } from "./dom.js";
import "./inpage.js";
import "./skip.js";

// Add-ons: one line each. Those that add to a board's open request (a
// saved game put back, the game of a share link) come with this module,
// before any board mounts; the others are loaded beside it and need not
// have arrived for a board to answer a tap from the build's early answer
// (the page's head preloads them at low priority, behind the runtime).
import "./records.js";
import "./recover.js";
expectAddons(["computer", "editor", "records", "analysis", "recover", "onboard", "playview", "puzzles"], Promise.all([
  import("./computer.js"),
  import("./editor.js"),
  import("./analysis.js"),
  import("./onboard.js"),
  import("./playview.js"),
  import("./puzzles.js"),
]));

const BOARDS = "figure.sharah-board[data-mode]";
debug.widgets = widgets;
debug.preopen = preopenStats;

/** The boards on the page now: the new ones mounted, those gone destroyed. */
function mountAll() {
  clearTimeout(intent);
  for (const w of [...widgets]) {
    if (!w.fig.isConnected) {
      w.destroy();
      widgets.delete(w);
    }
  }
  const figs = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(BOARDS))].filter((f) => !f.sharahWidget);
  if (!figs.length) {
    dropPreopened();
    return;
  }
  if (figs.some((f) => f.dataset.sharahBuild && f.dataset.sharahBuild !== BUILD)) {
    otherBuild(figs);
    return;
  }
  loadFirstBoards(getEngine());
  // the first boards at once; the others a moment later (a page may hold
  // forty), so that the first one is live in the task that shows the page
  mount(figs.slice(0, AT_ONCE));
  dropPreopened();
  if (figs.length > AT_ONCE) setTimeout(() => mount(figs.slice(AT_ONCE)), 0);
}

const AT_ONCE = 2;

/** The page's boards are of another build than this widget (instant
 *  navigation reached a page the host has from a newer deploy, and no
 *  service worker kept the old one): the page is loaded whole, once. If it
 *  still is (a cache between), its boards say so and stay as drawn. */
/** @param {HTMLElement[]} figs */
function otherBuild(figs) {
  const mark = `sharah-build-reload:${location.pathname}`;
  const theirs = figs[0].dataset.sharahBuild || "";
  let again = false;
  try {
    again = sessionStorage.getItem(mark) === theirs;
    sessionStorage.setItem(mark, theirs);
  } catch (err) { again = false; }
  if (!again) {
    location.reload();
    return;
  }
  for (const fig of figs) {
    fig.dataset.state = "error";
    const hint = fig.querySelector(".sharah-hint");
    if (hint) hint.textContent = engineWords.pageOlder;
  }
}

/** @param {HTMLElement[]} figs */
function mount(figs) {
  for (const fig of figs) {
    if (!fig.isConnected || fig.sharahWidget) continue;   // its page went away meanwhile
    try {
      widgets.add(new Board(fig));
    } catch (err) {
      fig.dataset.state = "error";
      const hint = fig.querySelector(".sharah-hint");
      if (hint) hint.textContent = engineWords.boardFailed(/** @type {Error} */ (err).message);
    }
  }
}

// ---- the next page's first board, opened when its link is clicked, or
// when the pointer rests on it (board.js: preopen). first-boards.json
// (written by the build, scripts/sitebuild/early.py) maps each page with boards
// to its first board's config; it is read once the engine is up.
const SITE = new URL("../../../", import.meta.url);   // this file is assets/sharah/js/sharah.js
/** @type {Record<string, unknown> | null} */
let firstBoards = null;

/** @param {URL} url */
function pageKey(url) {
  if (url.origin !== SITE.origin || !url.pathname.startsWith(SITE.pathname)) return null;
  return url.pathname.slice(SITE.pathname.length).replace(/index\.html$/, "");
}

/** The first board's config of the page a link goes to, if it has boards. */
/** @param {EventTarget | null} target */
function linkedBoard(target) {
  if (!firstBoards) return null;
  const a = target instanceof Element ? target.closest("a[href]") : null;
  if (!(a instanceof HTMLAnchorElement)) return null;
  if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  let url;
  try { url = new URL(a.href, location.href); } catch (err) { return null; }
  const key = pageKey(url);
  if (key === null || key === pageKey(new URL(location.href))) return null;   // another page of this site
  const config = firstBoards[key];
  return typeof config === "string" ? config : null;
}

/** @param {MouseEvent} e */
function onLinkClick(e) {
  clearTimeout(intent);
  following();
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const config = linkedBoard(e.target);
  if (config) preopen(config);     // kept if the pointer on the link opened it already
}

// The pointer resting on a link (or the keyboard's focus on it) for a
// moment opens the board already: the click usually follows.
const INTENT_MS = 100;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let intent;
/** @param {Event} e */
function onLinkIntent(e) {
  if (e instanceof PointerEvent && e.type === "pointerover" && e.pointerType !== "mouse") return;
  const config = linkedBoard(e.target);
  if (!config) return;
  clearTimeout(intent);
  intent = setTimeout(() => preopen(config), INTENT_MS);
}
function onLinkLeave() { clearTimeout(intent); }

let asked = false;
/** @param {import("./engine.js").Engine} engine */
function loadFirstBoards(engine) {
  if (asked) return;
  asked = true;
  engine.ready.then(async () => {
    try {
      const res = await fetch(new URL(`../first-boards.json?v=${BUILD}`, import.meta.url));
      if (res.ok) firstBoards = await res.json();
    } catch (err) { /* no early opening: the boards open when their page mounts */ }
  }, () => {});
}
document.addEventListener("click", onLinkClick, true);
document.addEventListener("pointerover", onLinkIntent, true);
document.addEventListener("focusin", onLinkIntent, true);
document.addEventListener("pointerout", onLinkLeave, true);
document.addEventListener("focusout", onLinkLeave, true);

// Start the engine at once when this page has a board: booting takes seconds.
if (document.querySelector(BOARDS)) getEngine();

// The page loaded first: its head imports this module (scripts/sitebuild/head.py),
// which then runs while the page is still being parsed. Each board is
// mounted as soon as the parser is past it (looked at each frame), so it
// answers a tap before the rest of the page has arrived; from
// DOMContentLoaded on, mkdocs-material's document$ mounts the rest, and
// every page reached by instant navigation.
function mountParsed() {
  if (document.readyState !== "loading") return;
  const figs = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(BOARDS))]
    .filter((f) => !f.sharahWidget && parsedPast(f));
  if (figs.length) {
    loadFirstBoards(getEngine());
    mount(figs);
  }
  requestAnimationFrame(mountParsed);
}

// Has the parser closed this figure? Then something follows it, or one of
// the elements around it, within the page's article (scripts append to the
// body itself: a board's live region, say; the widget adds to its own figure
// only). A figure that ends its article waits for DOMContentLoaded.
/** @param {HTMLElement} fig */
function parsedPast(fig) {
  const stop = fig.closest("article") || document.body;
  for (let /** @type {Node | null} */ node = fig; node && node !== stop; node = node.parentNode) if (node.nextSibling) return true;
  return false;
}

// ---- a link to a place on another page lands there. mkdocs-material
// keeps a page's offset in its history entry (written 0.1 s after the page
// last scrolled) and, after an instant navigation, restores the offset of
// an entry that has one, else goes to the address's anchor. A link
// followed within 0.1 s of a scroll to a page slower than that to arrive
// gets the page it left's offset written into its own new entry: the
// reader lands there, far from the anchor (the board under "Play"). A page
// reached by a link, not by Back or Forward (places.js), is shown at its
// anchor; the boards that take their height above it after that leave it
// in place (the browser's scroll anchoring).
function toAnchor() {
  const target = fragmentTarget(location.hash);
  if (target) target.scrollIntoView({ block: "start" });
}

function follow() {
  const pages = window.document$;
  if (pages && typeof pages.subscribe === "function") {
    let first = true;
    pages.subscribe(() => {
      const back = arrived();     // after mkdocs-material's own scroll
      if (!first && !back) toAnchor();
      first = false;
      mountAll();
    });
  } else {
    mountAll();
  }
}

// The page loaded first, parsed: its boards mount now, not when document$
// first fires (a task or more after DOMContentLoaded, behind the theme's
// own start-up on a long page).
function parsed() {
  mountAll();
  follow();
}

if (document.readyState === "loading") {
  mountParsed();
  document.addEventListener("DOMContentLoaded", parsed, { once: true });
} else {
  parsed();
}
