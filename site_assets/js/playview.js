// @ts-check
// Boards that fit the hand: the play view and the magnifier.
//
// The play view: a "Play view" button puts a game board alone on the screen
// (the whole width in portrait; the whole height, with the status, the
// buttons and the move list beside it, in landscape); "Back to the page"
// (or Escape) puts it back where it was. The board is the same element all
// along: the game, its selection and its add-ons are kept.
//
// The magnifier: on a touch screen, where the squares are under 40 px, a tap
// on the board does not pick at once: it opens a magnified window of the
// squares around the tap (48 px each), with the tapped square ringed; a tap
// in the window picks that square (the confirm step). A tap outside
// the window but on the board moves it; Cancel or Escape closes it. Taps
// that miss by a few pixels cannot pick the wrong square.
//
// No rule here: the window is a copy of the engine's picture, and a square
// picked in it goes to the board's pick() as a tap on the board would.

import { registerAddon } from "./board.js";
import { el } from "./dom.js";
import { pageWords } from "./words.js";

export const SMALL = 40;     // px: squares under this get the magnifier on touch
const BIG = 48;              // px: a square in the magnifier
const SPAN = 7;              // squares across the magnifier (fewer on a narrow screen)

/** @typedef {import("./board.js").Board} Board */

/** @param {Board} board */
const squareSize = (board) => {
  const rect = board.rects && board.rects.values().next().value;
  return rect ? rect.getBoundingClientRect().width : 0;
};

/** @type {Board | null} */
let openView = null;         // the board in the play view, if any

registerAddon({
  name: "playview",
  applies: (board) => board.mode === "game" || board.mode === "try" || board.mode === "puzzle",
  mount(board) {
    const fig = board.fig;
    const signal = board.abort.signal;
    const box = board.slot("playview", ".sharah-badges");
    const toggle = el("button", { type: "button", class: "md-button sharah-btn sharah-playview-toggle",
      "data-playview": "toggle", "aria-pressed": "false" }, pageWords.playView);
    box.appendChild(toggle);
    let scrollBack = 0;

    const enter = () => {
      if (openView && openView !== board) openView.addons.get("playview")?.leave();
      scrollBack = window.scrollY;
      fig.classList.add("sharah-playview");
      document.documentElement.classList.add("sharah-playview-on");
      toggle.textContent = pageWords.backToPage;
      toggle.setAttribute("aria-pressed", "true");
      openView = board;
      fig.scrollTop = 0;
      board.announce(pageWords.playViewOn);
      board.focus();
    };

    const leave = () => {
      if (!fig.classList.contains("sharah-playview")) return;
      loupe.close();
      fig.classList.remove("sharah-playview");
      document.documentElement.classList.remove("sharah-playview-on");
      toggle.textContent = pageWords.playView;
      toggle.setAttribute("aria-pressed", "false");
      if (openView === board) openView = null;
      window.scrollTo(0, scrollBack);
      fig.scrollIntoView({ block: "nearest" });
      toggle.focus({ preventScroll: true });
    };

    toggle.addEventListener("click", () => (fig.classList.contains("sharah-playview") ? leave() : enter()), { signal });
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || !fig.classList.contains("sharah-playview")) return;
      if (e.defaultPrevented) return;         // the board's own Escape (a selection cancelled)
      if (loupe.isOpen()) { loupe.close(); e.preventDefault(); return; }
      // Escape first cancels a selection on the board (the board's own key); then leaves
      if (board.sel || board.dropKind || (board.choices.box && !board.choices.box.hidden)) return;
      leave();
    }, { signal });
    board.on("destroy", () => {
      if (openView === board) { openView = null; document.documentElement.classList.remove("sharah-playview-on"); }
    });

    const loupe = makeLoupe(board, signal);
    return { enter, leave, loupe, toggle };
  },
});

// ---- the magnifier
/** @param {Board} board @param {AbortSignal} signal */
function makeLoupe(board, signal) {
  const fig = board.fig;
  const win = el("div", { class: "sharah-loupe", role: "dialog", "aria-label": pageWords.loupeLabel, hidden: true });
  const lens = el("div", { class: "sharah-loupe-lens" });
  const ring = el("div", { class: "sharah-loupe-ring", "aria-hidden": "true" });
  const bar = el("div", { class: "sharah-loupe-bar" });
  const say = el("span", { class: "sharah-loupe-say" }, pageWords.loupeSay);
  const cancel = el("button", { type: "button", class: "md-button sharah-btn", "data-loupe": "cancel" }, pageWords.loupeCancel);
  bar.append(say, cancel);
  win.append(lens, bar);
  fig.appendChild(win);
  let touching = false;     // the current press on the board is a finger's
  /** @type {string | null} */
  let at = null;            // the square the window is centred on

  const active = () => squareSize(board) > 0 && squareSize(board) < SMALL && !board.diagram;
  const isOpen = () => !win.hidden;
  const close = () => {
    if (win.hidden) return;
    win.hidden = true;
    lens.replaceChildren();
    at = null;
    delete fig.dataset.loupe;
  };

  /** @param {string} sq @param {number} clientY */
  const open = (sq, clientY) => {
    const svg = board.view && board.view.svg;
    const rect = board.rects && board.rects.get(sq);
    if (!svg || !rect) return;
    const size = squareSize(board);
    const scale = BIG / size;
    const span = Math.max(3, Math.min(SPAN, Math.floor((window.innerWidth - 16) / BIG)));
    const side = span * BIG;
    const sb = svg.getBoundingClientRect();
    const rb = rect.getBoundingClientRect();
    const copy = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
    copy.removeAttribute("id");
    for (const node of copy.querySelectorAll("[id]")) node.removeAttribute("id");
    copy.classList.add("sharah-loupe-copy");
    copy.setAttribute("aria-hidden", "true");
    const width = sb.width * scale, height = sb.height * scale;
    copy.style.width = `${width}px`;
    copy.style.height = `${height}px`;
    // the square in the copy, and the point of the copy at the lens's centre:
    // the square's own centre, moved in from the board's edges so that the
    // lens is all board (a square by the edge is then off the centre)
    const cx = (rb.left + rb.width / 2 - sb.left) * scale;
    const cy = (rb.top + rb.height / 2 - sb.top) * scale;
    /** @type {(c: number, length: number) => number} */
    const inside = (c, length) => (length <= side ? length / 2 : Math.max(side / 2, Math.min(length - side / 2, c)));
    const vx = inside(cx, width), vy = inside(cy, height);
    copy.style.left = `${side / 2 - vx}px`;
    copy.style.top = `${side / 2 - vy}px`;
    lens.style.width = lens.style.height = `${side}px`;
    ring.style.width = ring.style.height = `${BIG}px`;
    ring.style.left = `${side / 2 - BIG / 2 + cx - vx}px`;
    ring.style.top = `${side / 2 - BIG / 2 + cy - vy}px`;
    lens.replaceChildren(copy, ring);
    // away from the finger: in the half of the screen it is not in
    win.dataset.place = clientY > window.innerHeight / 2 ? "top" : "bottom";
    win.hidden = false;
    at = sq;
    fig.dataset.loupe = sq;
    say.textContent = pageWords.loupe(sq);
  };

  // A finger on the board: the view does not see the press; the tap opens the window.
  fig.addEventListener("pointerdown", (e) => {
    touching = false;
    if (e.pointerType !== "touch" || !board.box.contains(/** @type {Node} */ (e.target)) || !active() || !board.canAct()) return;
    touching = true;
    e.stopPropagation();
  }, { capture: true, signal });
  fig.addEventListener("click", (e) => {
    if (!touching || !board.box.contains(/** @type {Node} */ (e.target))) return;
    touching = false;
    const sq = board.view && board.view.squareAt(e.clientX, e.clientY);
    if (sq) open(sq, e.clientY);
  }, { capture: true, signal });
  // A tap in the window: that square is picked.
  lens.addEventListener("click", (e) => {
    const hit = document.elementsFromPoint(e.clientX, e.clientY)
      .find((n) => n.matches && n.matches("rect[data-sq]") && lens.contains(n));
    if (!hit) return;
    const sq = hit.getAttribute("data-sq");
    if (!sq) return;
    close();
    board.pickSquare(sq);
  }, { signal });
  cancel.addEventListener("click", () => close(), { signal });
  win.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); board.focus(); } }, { signal });
  board.on("state", () => close());
  board.on("destroy", () => close());
  return { open, close, isOpen, active, at: () => at };
}
