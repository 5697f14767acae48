// @ts-check
// "Skip to the board" (the theme's second skip link, overrides/main.html)
// puts the keyboard on the board itself.
//
// The link goes to the heading above the page's board, and the browser
// jumps there (inpage.js keeps the jump in the page: the board is not
// mounted anew). A jump moves the keyboard's starting point to the heading,
// from where the first Tab reaches the heading's own link, not the board;
// so when a live board follows the heading, it takes the focus once the
// jump is done (without scrolling). A board not live yet (the engine still
// starting), or no JavaScript at all: the jump alone.

import { fragmentTarget } from "./dom.js";

const LIVE_BOX = "figure.sharah-board[data-mode='game'] .sharah-svg[tabindex]";

/** The first live board's box after `target` in the page, if any.
 *  @param {Element} target @returns {HTMLElement | null} */
function boxAfter(target) {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(LIVE_BOX))) {
    if (target.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING) return box;
  }
  return null;
}

/** @param {MouseEvent} e */
function onClick(e) {
  const link = e.target instanceof Element ? e.target.closest("a.sharah-skip-board") : null;
  if (!(link instanceof HTMLAnchorElement) || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const target = fragmentTarget(new URL(link.href).hash);
  const box = target && boxAfter(target);
  if (!box) return;
  // the jump is the browser's default action, after this click's listeners
  setTimeout(() => { if (box.isConnected) box.focus({ preventScroll: true }); }, 0);
}

window.addEventListener("click", onClick, true);
