// @ts-check
// The board's picture: the engine's SVG, the marks on it (selection,
// destinations, keyboard cursor), the pointer (click, tap, drag a piece)
// and the keys (arrows, Enter or Space, Escape). Configuration in, events
// out: no engine, no moves; the controller (board.js) says what to mark.
//
//   new BoardView(box, {root (gets data-dragging), label, signal,
//     canAct(), canDrag(sq), isTarget(sq) (a pick there ends the move: no drag),
//     firstCursor(), describe(sq) (read out when the cursor moves),
//     on: {pick(sq), select(sq), deselect(), escape(event), announce(text)}})
//   .show(svg)  .draw({selected, dests})  .redraw()  .squareAt(x, y)  .cancelDrag()
//   .rects (square -> its <rect>)  .cursor  .keyboard (the cursor is shown)

import { SVG_NS } from "./dom.js";

/**
 * What the view is given (configuration in) and what it says (events out).
 * @typedef {object} ViewConfig
 * @property {HTMLElement} root gets data-dragging
 * @property {string} label the board's accessible name
 * @property {AbortSignal} signal its listeners go away with it
 * @property {() => boolean} canAct
 * @property {(sq: string) => boolean} canDrag
 * @property {(sq: string) => boolean} isTarget a pick there ends the move: no drag
 * @property {() => string | null} firstCursor
 * @property {(sq: string) => string} describe read out when the cursor moves
 * @property {{ pick(sq: string): void, select(sq: string): void, deselect(): void,
 *   escape(e: KeyboardEvent): void, announce(text: string): void }} on
 */
/** @typedef {{ selected: string | null, dests: string[] }} Marks */

export class BoardView {
  /** @param {HTMLElement} box @param {ViewConfig} config */
  constructor(box, config) {
    this.box = box;
    this.config = config;
    this.on = config.on;
    /** @type {Map<string, SVGRectElement> | null} square -> its <rect> */
    this.rects = null;
    /** @type {Map<string, string>} "column,row" -> square */
    this.at = new Map();
    this.columns = 0;
    this.rows = 0;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** @type {string | null} the keyboard cursor's square */
    this.cursor = null;
    this.keyboard = false;   // show the cursor only while the keyboard is used
    /** @type {{ sq: string, x: number, y: number, id: number, moved: boolean, wasSelected: boolean,
     *   piece: SVGGraphicsElement | null, transform: string | null } | null} */
    this.drag = null;
    /** @type {Marks} */
    this.marks = { selected: null, dests: [] };
    const opts = { signal: config.signal };
    box.setAttribute("role", "application");
    box.setAttribute("aria-roledescription", "game board");
    box.setAttribute("aria-label", config.label);
    box.addEventListener("pointerdown", (e) => this.onPointerDown(e), opts);
    box.addEventListener("pointermove", (e) => this.onPointerMove(e), opts);
    box.addEventListener("pointerup", (e) => this.onPointerUp(e), opts);
    box.addEventListener("pointercancel", () => this.cancelDrag(), opts);
    box.addEventListener("keydown", (e) => this.onKey(e), opts);
    box.addEventListener("focus", () => this.onFocus(), opts);
    box.addEventListener("blur", () => this.redraw(), opts);
    box.addEventListener("contextmenu", (e) => { if (this.drag) e.preventDefault(); }, opts);
  }

  focus() {
    this.box.focus({ preventScroll: true });
  }

  // ---- the picture: the engine's drawing, or (no argument) the one the
  // box holds already
  /** @param {string} [svg] */
  show(svg) {
    if (svg != null) this.box.innerHTML = svg;
    this.svg = this.box.querySelector("svg");
    this.rects = new Map();
    this.at = new Map();
    this.columns = this.rows = 0;
    for (const rect of /** @type {NodeListOf<SVGRectElement>} */ (this.box.querySelectorAll("rect[data-sq]"))) {
      const sq = rect.dataset.sq || "";
      this.rects.set(sq, rect);
      this.at.set(`${rect.dataset.x},${rect.dataset.y}`, sq);
      this.columns = Math.max(this.columns, Number(rect.dataset.x) + 1);
      this.rows = Math.max(this.rows, Number(rect.dataset.y) + 1);
    }
    if (this.svg) {
      this.svg.setAttribute("focusable", "false");
      this.svg.classList.add("is-live");
    }
  }

  /** @param {Marks} marks */
  draw(marks) {
    this.marks = marks;
    this.redraw();
  }

  redraw() {
    if (!this.rects) return;
    const { selected, dests } = this.marks;
    for (const node of this.box.querySelectorAll(".is-selected, .is-dest, .is-cursor")) {
      node.classList.remove("is-selected", "is-dest", "is-cursor");
    }
    if (selected) {
      this.rects.get(selected)?.classList.add("is-selected");
      this.box.querySelector(`g.pc[data-sq="${selected}"]`)?.classList.add("is-selected");
    }
    for (const sq of dests) this.rects.get(sq)?.classList.add("is-dest");
    const cursorOn = this.cursor && this.keyboard && document.activeElement === this.box;
    if (cursorOn && this.cursor) this.rects.get(this.cursor)?.classList.add("is-cursor");
    this.drawCursor(cursorOn ? this.cursor : null);
  }

  // The keyboard cursor: a thick two-tone frame inside the square, drawn
  // above the pieces so it shows on any square, empty or not (widget.css).
  /** @param {string | null} sq */
  drawCursor(sq) {
    if (!this.svg) return;
    /** @type {SVGGElement | null} */
    let ring = this.svg.querySelector(":scope > g.sharah-cursor");
    const rect = sq && this.rects && this.rects.get(sq);
    if (!sq || !rect) { ring?.remove(); return; }
    const num = (/** @type {string} */ name) => parseFloat(rect.getAttribute(name) || "");
    let [x, y, w, h] = ["x", "y", "width", "height"].map(num);
    if (![x, y, w, h].every(Number.isFinite)) {
      try { ({ x, y, width: w, height: h } = rect.getBBox()); } catch (_) { ring?.remove(); return; }
    }
    if (!ring) {
      ring = /** @type {SVGGElement} */ (document.createElementNS(SVG_NS, "g"));
      ring.setAttribute("class", "sharah-cursor");
      ring.setAttribute("aria-hidden", "true");
      ring.setAttribute("pointer-events", "none");
      // colours from widget.css; these attributes are the fallback
      for (const [part, colour] of [["sharah-cursor-edge", "#ffffff"], ["sharah-cursor-band", "#0b3d91"]]) {
        const r = document.createElementNS(SVG_NS, "rect");
        r.setAttribute("class", part);
        r.setAttribute("fill", "none");
        r.setAttribute("stroke", colour);
        ring.appendChild(r);
      }
    }
    if (ring.nextSibling || ring.parentNode !== this.svg) this.svg.appendChild(ring);   // on top
    const s = Math.min(w, h);
    const band = s * 0.09;     // the coloured band
    const line = s * 0.03;     // a contrasting line on each side of it
    const inset = line + band / 2;
    for (const [r, width] of /** @type {[Element, number][]} */ ([[ring.children[0], band + 2 * line], [ring.children[1], band]])) {
      r.setAttribute("x", String(x + inset));
      r.setAttribute("y", String(y + inset));
      r.setAttribute("width", String(Math.max(0, w - 2 * inset)));
      r.setAttribute("height", String(Math.max(0, h - 2 * inset)));
      r.setAttribute("rx", String(s * 0.04));
      r.setAttribute("stroke-width", String(width));
    }
    ring.dataset.sq = sq;
  }

  // ---- pointer: click-click and drag
  /** The square at a point of the screen. @param {number} x @param {number} y @returns {string | null} */
  squareAt(x, y) {
    for (const node of document.elementsFromPoint(x, y)) {
      if (node.matches && node.matches("rect[data-sq]") && this.box.contains(node)) return node.getAttribute("data-sq");
    }
    return null;
  }

  /** The square at a place of the drawing (x, y: 0..1 across and down
   *  its squares), or null. @param {number} x @param {number} y */
  squareAtFraction(x, y) {
    return this.at.get(`${Math.floor(x * this.columns)},${Math.floor(y * this.rows)}`) || null;
  }

  /** @param {PointerEvent} e */
  onPointerDown(e) {
    if (this.keyboard) { this.keyboard = false; this.redraw(); }
    if (e.button !== 0 || !this.config.canAct()) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    if (!sq) return;
    this.cursor = sq;
    if (this.config.isTarget(sq)) { e.preventDefault(); this.on.pick(sq); return; }
    if (this.config.canDrag(sq)) {
      e.preventDefault();
      const wasSelected = this.marks.selected === sq;
      if (!wasSelected) this.on.select(sq);
      /** @type {SVGGraphicsElement | null} */
      const piece = this.box.querySelector(`g[data-sq="${sq}"]`);
      this.drag = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, wasSelected, piece,
        transform: piece ? piece.getAttribute("transform") : null };
      try { this.box.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
      return;
    }
    this.on.pick(sq);
  }

  /** @param {PointerEvent} e */
  onPointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
    d.moved = true;
    this.config.root.dataset.dragging = "true";
    if (!d.piece || !d.piece.parentNode) return;
    const ctm = /** @type {SVGGraphicsElement} */ (d.piece.parentNode).getScreenCTM();
    if (!ctm) return;
    const inv = ctm.inverse();
    const p0 = new DOMPoint(d.x, d.y).matrixTransform(inv);
    const p1 = new DOMPoint(e.clientX, e.clientY).matrixTransform(inv);
    if (d.piece.nextSibling) d.piece.parentNode.appendChild(d.piece);
    d.piece.classList.add("sharah-dragging");
    d.piece.setAttribute("transform", `translate(${p1.x - p0.x} ${p1.y - p0.y})${d.transform ? ` ${d.transform}` : ""}`);
  }

  /** @param {PointerEvent} e */
  onPointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.cancelDrag();
    if (d.moved) {
      const target = this.squareAt(e.clientX, e.clientY);
      if (target && target !== d.sq) this.on.pick(target);
    } else if (d.wasSelected) {
      this.on.deselect();
    }
  }

  cancelDrag() {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    delete this.config.root.dataset.dragging;
    if (d.piece) {
      d.piece.classList.remove("sharah-dragging");
      if (d.transform == null) d.piece.removeAttribute("transform");
      else d.piece.setAttribute("transform", d.transform);
    }
    try { this.box.releasePointerCapture(d.id); } catch (_) { /* released */ }
  }

  // ---- keyboard
  onFocus() {
    if (this.box.matches(":focus-visible")) this.keyboard = true;
    if (this.rects && (!this.cursor || !this.rects.has(this.cursor))) {
      this.cursor = this.config.firstCursor() || this.rects.keys().next().value || null;
    }
    this.redraw();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (!this.rects || !this.rects.size) return;
    if (!this.keyboard && /^(Arrow|Enter| )/.test(e.key)) { this.keyboard = true; this.redraw(); }
    /** @type {Record<string, [number, number]>} */
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      const rect = (this.cursor && this.rects.get(this.cursor)) || this.rects.values().next().value;
      if (!rect) return;
      const [dx, dy] = step;
      const next = this.at.get(`${Number(rect.dataset.x) + dx},${Number(rect.dataset.y) + dy}`);
      if (next) this.cursor = next;
      else if (!this.cursor) this.cursor = rect.dataset.sq || null;
      this.redraw();
      if (this.cursor) this.on.announce(this.config.describe(this.cursor));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!this.cursor) this.onFocus();
      if (this.cursor) this.on.pick(this.cursor);
    } else if (e.key === "Escape") {
      this.on.escape(e);
    }
  }
}
