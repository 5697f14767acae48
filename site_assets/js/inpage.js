// @ts-check
// A link to a place on the same page, and Back or Forward between two
// places of the same page, stay in the page.
//
// mkdocs-material's instant navigation (9.8.1) takes every click on a link
// to a page of the site, same-page links included, and every popstate. It
// fetches and puts in the page whenever the address's path differs from
// the last one it saw, and after a full load it has seen none: the first
// same-page link (a heading in "On this page", a heading's ¶, a footnote)
// or the first Back or Forward fetches the page it is on and puts it in
// again whole: every board mounted anew and opened again in the engine,
// and what was not saved dropped (an exercise half done, the analysis
// shown, the computer's move being thought, the focus).
//
// So such a click goes to the browser, as it goes on a page without
// instant navigation, and as the theme itself sets a fragment: the click
// stops at the link, before the theme's listener on the body. The browser
// makes the history entry, scrolls the target under the site's header (the
// theme's `:target` scroll margin) and fires `hashchange`, on which the
// theme closes its drawer and its search and opens the <details> or tab
// around the target. Back or Forward to another entry of the page on the
// screen is not the theme's either: the page goes to the offset the theme
// kept in that entry (`history.state`, written as the page scrolls), else
// to the entry's target, else to the top. A link or an entry of another
// page is the theme's, as before.
//
// A popstate is an event at the window, where Chromium runs the listeners
// in the order they were added, capture or not: when the theme's bundle
// ran before this module, its listener comes first, and stopping the event
// in ours would be too late. So the theme's `location$` (the subject it
// exposes so that other code can take part in its navigation; every
// address it fetches passes through it) lets no Back or Forward to an
// entry of the page on the screen through: whichever listener runs first,
// the page is not fetched and put in again, and ours goes to the place.

import { popped, pathOnScreen } from "./places.js";
import { fragmentTarget } from "./dom.js";

/** @param {MouseEvent} e */
function onClick(e) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  let url;
  try { url = new URL(link.href); } catch (err) { return; }
  if (url.hash.length < 2 || url.origin !== location.origin || url.pathname !== location.pathname
      || url.search !== location.search || location.pathname !== pathOnScreen()) return;
  // stopped at the link (its own listeners still run); removed after this
  // click whether it got there or not
  const stop = (/** @type {Event} */ ev) => ev.stopPropagation();
  link.addEventListener("click", stop, { once: true });
  setTimeout(() => link.removeEventListener("click", stop), 0);
}

function onPopState() {
  const same = location.pathname === pathOnScreen();
  popped();
  if (!same) return;      // another page: the theme's
  const state = /** @type {{ x?: unknown, y?: unknown } | null} */ (history.state);
  if (state && typeof state.y === "number") {
    window.scrollTo(typeof state.x === "number" ? state.x : 0, state.y);
    return;
  }
  const target = fragmentTarget(location.hash);
  if (target) target.scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
}

/** The theme's location subject lets through no Back or Forward to the
 *  page on the screen (the popstate that onPopState takes itself). */
function guardTheme() {
  const subject = window.location$;
  if (!subject || typeof subject.next !== "function") return;
  const next = subject.next.bind(subject);
  subject.next = (url) => {
    // window.event: the event being dispatched, if the theme's popstate listener is what calls
    if (window.event && window.event.type === "popstate" && url instanceof URL && url.pathname === pathOnScreen()) return;
    next(url);
  };
}

// The click before the theme's listener on the body (capture, at the
// window); the popstate at the window, before or after the theme's.
window.addEventListener("click", onClick, true);
window.addEventListener("popstate", onPopState, true);
// the theme's bundle is a script at the end of the body: in by DOMContentLoaded
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", guardTheme, { once: true });
else guardTheme();
