// @ts-check
// "Skip to the board" (the theme's second skip link, overrides/main.html)
// puts the keyboard on the board itself.
//
// The link goes to the heading above the page's board. Left to itself, the
// click is mkdocs-material's (instant navigation takes every link to a page
// of the site), which puts the whole page in again: every board mounted
// anew and opened again in the engine, the focus dropped, and a Tab pressed
// meanwhile passed over the board the reader asked for (not live yet: no
// tab stop). The browser's own jump does the same a moment later (instant
// navigation answers its popstate). So when the page's board is live, the
// click is this module's: the address gets the link's fragment as a new
// history entry, the heading is scrolled to the top (under the site's
// header), and the board takes the focus. A board not live yet (the engine
// still starting), or no JavaScript at all: the link does what it did.

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
  const hash = new URL(link.href).hash;
  const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  const box = target && boxAfter(target);
  if (!target || !box) return;
  e.preventDefault();
  e.stopImmediatePropagation();      // not instant navigation's
  if (location.hash !== hash) history.pushState(history.state, "", hash);
  // the heading at the top, under the site's header (which stays on the screen)
  const header = document.querySelector(".md-header");
  const under = header ? header.getBoundingClientRect().bottom : 0;
  window.scrollBy(0, target.getBoundingClientRect().top - under);
  box.focus({ preventScroll: true });
}

// before mkdocs-material's own listeners (on the document and its body)
window.addEventListener("click", onClick, true);
