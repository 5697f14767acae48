// @ts-check
// "Ready" for screen readers, once per page and not once per board: a page
// may hold two dozen exercises, each used to say "The board is ready." at
// once. Now one live region for the page says it once when the page's
// playable boards are all ready ("The 26 boards on this page are ready."),
// and a board says "The board is ready." itself only when the reader acted
// on it (focused or touched it) while it was still loading.
//
// board.js calls watchEarly(board) when a board is made and ready(board,
// boards) when it is ready; nothing else.

import { el } from "./dom.js";
import { pageWords } from "./words.js";

const early = new WeakSet();   // boards the reader acted on while they loaded
/** @type {HTMLElement | null} */
let region = null;             // the page's live region (in <body>: it outlives instant navigation)
/** @type {string | null} */
let saidFor = null;            // the page (path) the announcement was made for
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
let live = 0;                  // playable boards not destroyed yet (0: a new page may come)

function pageRegion() {
  if (region && region.isConnected) return region;
  region = el("p", { class: "sharah-visually-hidden sharah-page-announce", role: "status", "aria-live": "polite" });
  document.body.appendChild(region);
  return region;
}

/** A board was made: note whether the reader acts on it before it is ready. */
/** @param {import("./board.js").Board} board */
export function watchEarly(board) {
  if (board.diagram) return;
  pageRegion();                   // in place before its text changes, so that it is read
  live += 1;
  board.on("destroy", () => { live -= 1; if (live <= 0) { live = 0; saidFor = null; } });
  const mark = () => { if (board.fig.dataset.state === "loading") early.add(board); };
  for (const type of ["focusin", "pointerdown", "keydown"]) {
    board.fig.addEventListener(type, mark, { signal: board.abort.signal });
  }
}

/** A board is ready: say so for the page once all its playable boards are. */
/** @param {import("./board.js").Board} board @param {Set<import("./board.js").Board>} boards */
export function ready(board, boards) {
  if (board.diagram) return;
  if (early.has(board)) {
    early.delete(board);
    board.announce(pageWords.boardReady);
  }
  clearTimeout(timer);
  timer = setTimeout(() => sayForPage(boards), 250);
}

/** @param {Set<import("./board.js").Board>} boards */
function sayForPage(boards) {
  const page = location.pathname;
  if (saidFor === page) return;
  const playable = [...boards].filter((b) => !b.diagram && !b.dead);
  if (!playable.length || playable.some((b) => b.fig.dataset.state === "loading")) return;
  // boards not mounted yet (a page mounts its first two at once, the others a moment later)
  if (document.querySelector('figure.sharah-board[data-mode]:not([data-state]):not([data-mode="diagram"])')) return;
  saidFor = page;
  const n = playable.length;
  const text = pageWords.boardsReady(n);
  const box = pageRegion();
  box.textContent = "";
  requestAnimationFrame(() => { box.textContent = text; });
}
