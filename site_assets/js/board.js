// The board widget. It knows no rules: the engine (Python, in one module Web
// Worker for the whole visit, engine.js) sends the board's SVG and the list
// of legal moves; the widget narrows that list (from-square, then to-square,
// then a labelled choice), toggles classes on the [data-sq] squares, and
// draws a few marks (selection, destinations, keyboard cursor) on top of the
// SVG.
//
// Every board is live once the engine is up:
// - a diagram shows where a clicked piece of the side to move may go (the
//   engine's list; nothing is played) and says why nothing is shown for
//   another piece or an empty square (the engine's explanation);
// - a game board plays, and offers the engine's game options ("New game with
//   these options"); Restart and a new game ask first when moves would be lost;
// - a try board checks the reader's move against the page's solution.
//
// Drops (placing a piece from the hand) are as easy as moves: the engine
// lists the kinds the player may drop now (state.hand); the widget shows them
// as buttons under the board. Pick a kind (click, or Tab to it and press
// Enter: the keyboard cursor then moves onto the board), and the squares its
// drops go to are marked; click one (or Enter) to place it; or drag the
// kind's button onto a square. The kind stays
// picked for that player's next turn until they pick another or press it
// again. Clicking an empty square with no kind picked offers the kinds that
// may go there. Shortcuts the engine offers (state.shortcuts, e.g. "Fill the
// placement at random") are buttons too; the moves they play can be taken
// back at once (state.undo_shortcut) or one by one.
//
// Add-ons (the computer opponent, saved games and records, the position
// editor...) are modules that register themselves with registerAddon(): see
// ADDONS.md next to this file.

import { getEngine, engineIfStarted, engineReady } from "./engine.js?v=__SHARAH_BUILD__";
import { el, cap, sentence, adopt, SVG_NS } from "./dom.js?v=__SHARAH_BUILD__";

let mountCounter = 0;
const addons = [];

const applies = (addon, board) => (addon.applies ? !!addon.applies(board) : board.mode === "game");

/** Register an add-on: {name, applies?(board) -> bool (default: game boards),
 *  openRequest?(board, req) (may add fields to the board's open request),
 *  mount(board, openReply) -> instance}. Boards already on the page get it too. */
export function registerAddon(addon) {
  if (!addon || !addon.name || typeof addon.mount !== "function") throw new Error("an add-on needs a name and mount()");
  if (addons.some((a) => a.name === addon.name)) return;
  addons.push(addon);
  for (const board of widgets) if (board.state && !board.dead) board.mountAddons(null);
}

/** The boards on the page now. */
export const widgets = new Set();

// ---- opening a page's first board ahead (sharah.js calls preopen when the
// reader clicks a link to a page with boards, or rests the pointer on it,
// or focuses it): the engine opens it while
// mkdocs-material fetches and swaps in the page, and the board takes that
// answer over when it mounts, if its open request is the very same (an
// add-on may add a saved game: then it opens anew and the early one is
// closed). So the board is live when the page is first drawn.
let preopened = null;   // {uid, id, key, reply}
export const preopenStats = { sent: 0, taken: 0, dropped: 0 };

const openKey = (req) => JSON.stringify({ ...req, board: null });

/** Open a board ahead from its config (the text of its data-config). */
export function preopen(configText) {
  const engine = engineIfStarted();
  if (!engine || !engineReady()) return false;
  let cfg;
  try { cfg = JSON.parse(configText); } catch (err) { return false; }
  if (!cfg || typeof cfg.uid !== "string") return false;
  if (preopened && preopened.uid === cfg.uid) return true;    // opened already (the pointer was on the link)
  dropPreopened();
  const req = { ...cfg, cmd: "open", board: `${cfg.uid}~${++mountCounter}` };
  preopened = { uid: cfg.uid, id: req.board, key: openKey(req), reply: engine.request(req) };
  preopenStats.sent += 1;
  return true;
}

function takePreopened(req) {
  const early = preopened;
  if (!early || early.key !== openKey(req)) return null;
  preopened = null;
  preopenStats.taken += 1;
  return early;
}

/** Close a board opened ahead that no board took (called after mounting). */
export function dropPreopened() {
  const early = preopened;
  if (!early) return;
  preopened = null;
  preopenStats.dropped += 1;
  early.reply.then((reply) => {
    const engine = engineIfStarted();
    if (reply.ok && engine) engine.request({ cmd: "close", board: early.id }).catch(() => {});
  });
}

// The control buttons' requests (data-action -> a fresh request).
const ACTIONS = {
  undo: () => ({ cmd: "undo" }),
  redo: () => ({ cmd: "redo" }),
  restart: () => ({ cmd: "restart" }),
  flip: () => ({ cmd: "flip" }),
};

export class Board {
  constructor(fig) {
    this.fig = fig;
    this.cfg = JSON.parse(fig.dataset.config);
    this.mode = this.cfg.mode;
    this.id = `${this.cfg.uid}~${++mountCounter}`;
    this.box = fig.querySelector(".sharah-svg");
    this.choices = fig.querySelector(".sharah-choices");
    this.statusText = fig.querySelector(".sharah-status-text");
    this.hint = fig.querySelector(".sharah-hint");
    this.statusLine = fig.querySelector(".sharah-status");
    this.badges = fig.querySelector(".sharah-badges");
    this.controls = fig.querySelector(".sharah-controls");
    this.announcer = fig.querySelector(".sharah-announce");
    this.feedback = fig.querySelector(".sharah-feedback");
    this.moveList = fig.querySelector(".sharah-moves");
    this.optionsBox = fig.querySelector(".sharah-options");
    this.handBox = fig.querySelector(".sharah-hand");
    this.shortcutBox = fig.querySelector(".sharah-shortcuts");
    this.mountNo = mountCounter;
    this.diagram = this.mode === "diagram";
    // a diagram's own sentence, shown again when the reader lets go of a piece
    this.pageStatus = this.statusText ? this.statusText.textContent : "";
    this.optionsSig = null;
    this.confirmBox = null;
    this.state = null;
    this.sel = null;         // selected from-square
    this.dropKind = null;    // the kind picked from the hand (drops)
    this.handPick = {};      // side -> the kind that side picked last (kept for its next turn)
    this.handSig = null;
    this.cursor = null;      // keyboard cursor square
    this.busy = false;
    this.answered = null;    // try: "right" | "wrong"
    this.drag = null;
    this.handDrag = null;    // a kind dragged from the hand
    this.handDragged = false;
    this.keyboard = false;   // show the cursor only while the keyboard is used
    this.dead = false;
    this.bound = false;      // bind() has run (once: reopen() must not add listeners twice)
    this.abort = new AbortController();
    this.addons = new Map();     // add-on name -> its instance on this board
    this.listeners = new Map();  // event -> Set of functions (see on())
    this.locks = new Set();      // names of whatever holds the board (e.g. the computer thinking)
    this.interceptor = null;     // {name, pick(sq) -> true if handled}: an add-on's mode (editor)
    this.otherSvg = false;       // showSvg() shows something else than the game (the editor's draft)
    fig.dataset.state = "loading";
    fig.sharahWidget = this;
    this.start();
  }

  async start() {
    const req = { ...this.cfg, cmd: "open", board: this.id };
    for (const addon of addons) {
      try { if (addon.openRequest && applies(addon, this)) addon.openRequest(this, req); }
      catch (err) { console.error(`sharah add-on ${addon.name}:`, err); }
    }
    // opened already from the link to this page (preopen)
    const early = takePreopened(req);
    if (early) this.id = req.board = early.id;
    const reply = await (early ? early.reply : getEngine().request(req));
    if (this.dead) return;
    if (!reply.ok) {
      this.fig.dataset.state = "error";
      this.setHint(reply.error, "error");
      if (reply.fatal) this.engineFailed(reply.error);
      return;
    }
    if (!this.bound) this.bind();
    this.bound = true;
    this.apply(reply.state);
    this.fig.dataset.state = "ready";
    if (this.controls) for (const b of this.controls.querySelectorAll("button")) b.disabled = false;
    this.updateControls();
    this.renderFree();
    this.renderHand();
    this.renderShortcuts();
    this.box.setAttribute("tabindex", "0");
    this.mountAddons(reply);
    // A page may hold a dozen diagrams: only playable boards say they are ready.
    if (!this.diagram) this.announce("The board is ready.");
  }

  /** Open the board again in a new engine, after the old one failed
   *  (recover.js): add-ons' openRequest put the game back in the request. */
  reopen() {
    if (this.dead) return;
    this.emit("request", { cmd: "open" });
    this.busy = false;
    delete this.fig.dataset.busy;
    this.fig.dataset.state = "loading";
    this.start();
  }

  /** The engine failed under this board: say so on window, for recover.js. */
  engineFailed(message) {
    window.dispatchEvent(new CustomEvent("sharah:board-failed", { detail: { board: this, message } }));
  }

  destroy() {
    this.dead = true;
    this.emit("destroy");
    this.cancelHandDrag();
    this.abort.abort();
    const engine = engineIfStarted();
    if (engine && this.fig.dataset.state === "ready") {
      engine.request({ cmd: "close", board: this.id }).catch(() => {});
    }
  }

  // ---- add-ons (see ADDONS.md)
  mountAddons(openReply) {
    for (const addon of addons) {
      if (this.addons.has(addon.name) || !applies(addon, this)) continue;
      try {
        this.addons.set(addon.name, addon.mount(this, openReply) || {});
      } catch (err) {
        console.error(`sharah add-on ${addon.name}:`, err);
      }
    }
  }

  /** Listen to a board event; returns a function that stops listening.
   *  Events: "state" (state, prev) after every state from the engine is shown;
   *  "request" (obj) before a request for this board is sent through request();
   *  "destroy" () when the board's page goes away. */
  on(event, fn) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(fn);
    return () => this.listeners.get(event)?.delete(fn);
  }

  emit(event, ...args) {
    for (const fn of [...(this.listeners.get(event) || [])]) {
      try { fn(...args); } catch (err) { console.error(`sharah ${event} listener:`, err); }
    }
  }

  /** A request for this board that does not mark the board busy and shows no
   *  error (an add-on's background work, e.g. a search slice). */
  send(obj) {
    return getEngine().request({ ...obj, board: this.id });
  }

  /** Hold (or release) the board: while any lock is held, the visitor cannot
   *  move (canAct() is false); Undo, Restart and the add-ons still work. */
  setLock(name, on) {
    const had = this.locks.has(name);
    if (on) this.locks.add(name); else this.locks.delete(name);
    if (had === !!on) return;
    if (on) { this.sel = null; this.clearChoices(); this.cancelDrag(); this.cancelHandDrag(); }
    if (this.locks.size) this.fig.dataset.locked = [...this.locks].join(" ");
    else delete this.fig.dataset.locked;
    if (!this.state) return;
    this.renderFree();
    this.renderHand();
    this.renderShortcuts();
    this.drawMarks();
  }

  /** Route square picks (click, tap, Enter) to an add-on's mode, or back to
   *  play with null. */
  setInterceptor(interceptor) {
    this.interceptor = interceptor;
    this.sel = null;
    this.clearChoices();
    if (interceptor) this.fig.dataset.interceptor = interceptor.name;
    else delete this.fig.dataset.interceptor;
    this.drawMarks();
  }

  /** A container for an add-on's controls in the board's side column,
   *  created once: ``before`` is a selector inside the side column to put it
   *  in front of (default: at the end). */
  slot(name, before) {
    let box = this.fig.querySelector(`.sharah-addon[data-addon="${name}"]`);
    if (box) return box;
    box = el("div", { class: `sharah-addon sharah-addon-${name}`, "data-addon": name });
    const side = this.fig.querySelector(".sharah-side") || this.fig;
    const ref = before ? side.querySelector(before) : null;
    if (ref) ref.before(box); else side.appendChild(box);
    return box;
  }

  // ---- wiring
  bind() {
    const opts = { signal: this.abort.signal };
    const box = this.box;
    box.setAttribute("role", "application");
    box.setAttribute("aria-roledescription", "game board");
    box.setAttribute("aria-label", this.diagram
      ? "Diagram. Arrow keys move the cursor; Enter or Space shows where the piece there can go; Escape lets go. The position does not change."
      : "Board. Arrow keys move the cursor; Enter or Space picks up a piece and puts it down; Escape cancels.");
    box.addEventListener("pointerdown", (e) => this.onPointerDown(e), opts);
    box.addEventListener("pointermove", (e) => this.onPointerMove(e), opts);
    box.addEventListener("pointerup", (e) => this.onPointerUp(e), opts);
    box.addEventListener("pointercancel", () => this.cancelDrag(), opts);
    box.addEventListener("keydown", (e) => this.onKey(e), opts);
    box.addEventListener("focus", () => this.onFocus(), opts);
    box.addEventListener("blur", () => this.drawMarks(), opts);
    box.addEventListener("contextmenu", (e) => { if (this.drag) e.preventDefault(); }, opts);
    this.controls?.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-action]");
      if (button && !button.disabled) this.action(button.dataset.action, button);
    }, opts);
    this.choices?.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-move]");
      if (button) this.play(button.dataset.move);
      else if (e.target.closest("button[data-cancel]")) { this.clearChoices(); this.box.focus({ preventScroll: true }); }
    }, opts);
    this.choices?.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { this.clearChoices(); this.box.focus({ preventScroll: true }); }
    }, opts);
    this.handBox?.addEventListener("click", (e) => {
      if (this.handDragged) { this.handDragged = false; return; }   // the end of a drag
      const button = e.target.closest("button[data-kind]");
      // a click from the keyboard (Enter, Space) has no pointer: detail 0
      if (button && !button.disabled) this.pickKind(button.dataset.kind, e.detail === 0);
    }, opts);
    this.handBox?.addEventListener("pointerdown", (e) => this.onHandDown(e), opts);
    this.handBox?.addEventListener("pointermove", (e) => this.onHandMove(e), opts);
    this.handBox?.addEventListener("pointerup", (e) => this.onHandUp(e), opts);
    this.handBox?.addEventListener("pointercancel", () => this.cancelHandDrag(), opts);
    this.handBox?.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.dropKind) { e.preventDefault(); this.unpickKind(true); }
    }, opts);
    this.shortcutBox?.addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (!button || button.disabled) return;
      if (button.dataset.shortcut) this.runShortcut(button.dataset.shortcut, button);
      else if (button.dataset.undoShortcut) this.undoShortcut(+button.dataset.undoShortcut);
    }, opts);
  }

  // ---- state from the engine
  apply(state) {
    const prev = this.state;
    this.state = state;
    this.sel = null;
    this.clearChoices();
    if (!prev || prev.svg !== state.svg || this.otherSvg) {
      this.box.innerHTML = state.svg;
      this.otherSvg = false;
      this.index();
    }
    this.byFrom = new Map();
    this.byTo = new Map();      // drops: no from-square
    this.free = [];             // no squares at all (pass)
    // each move: {n, from, to} and, only when they say something, drop,
    // label, kind (when not "move") and captures (bridge.py's docstring)
    for (const m of state.moves) {
      if (m.from) {
        if (!this.byFrom.has(m.from)) this.byFrom.set(m.from, []);
        this.byFrom.get(m.from).push(m);
      } else if (m.to) {
        if (!this.byTo.has(m.to)) this.byTo.set(m.to, []);
        this.byTo.get(m.to).push(m);
      } else {
        this.free.push(m);
      }
    }
    // the kind this player picked last stays picked while they still hold it
    const kinds = (state.hand || []).map((h) => h.kind);
    const kept = this.handPick[state.to_move];
    this.dropKind = kept && kinds.includes(kept) ? kept : null;
    if (!this.diagram) {
      // The status line doubles as the result banner.
      this.statusText.textContent = state.result ? sentence(state.result.text) : state.status;
      if (state.result) this.statusLine.dataset.result = state.result.winner || "draw";
      else delete this.statusLine.dataset.result;
    }
    if (this.badges) this.badges.innerHTML = state.badges_html;
    this.fig.dataset.toMove = state.to_move;
    this.renderMoveList();
    this.renderFree();
    this.renderHand();
    this.renderShortcuts();
    this.renderOptions();
    this.updateControls();
    this.drawMarks();
    this.emit("state", state, prev);
  }

  index() {
    this.svg = this.box.querySelector("svg");
    this.rects = new Map();
    this.at = new Map();
    for (const rect of this.box.querySelectorAll("rect[data-sq]")) {
      this.rects.set(rect.dataset.sq, rect);
      this.at.set(`${rect.dataset.x},${rect.dataset.y}`, rect.dataset.sq);
    }
    if (this.svg) {
      this.svg.setAttribute("focusable", "false");
      this.svg.classList.add("is-live");
    }
  }

  /** Show an SVG from the engine that is not the game's (the editor's
   *  draft); the next state, or showSvg(state.svg), puts the game back. */
  showSvg(svg) {
    this.box.innerHTML = svg;
    this.otherSvg = !this.state || svg !== this.state.svg;
    this.index();
    this.drawMarks();
  }

  pieceAt(sq) {
    if (this.interceptor && this.interceptor.pieceAt) return this.interceptor.pieceAt(sq);
    return this.state && this.state.pieces[sq];
  }

  // ---- marks: classes on the [data-sq] elements (board.css draws them)
  dests() {
    const out = [];
    if (this.interceptor) return out;    // an add-on's mode: no moves to show
    if (!this.sel) {
      for (const m of this.dropsOf(this.dropKind)) if (!out.includes(m.to)) out.push(m.to);
      return out;
    }
    for (const m of this.byFrom.get(this.sel) || []) {
      if (m.to && m.to !== this.sel && !out.includes(m.to)) out.push(m.to);
    }
    return out;
  }

  // The legal drops of one kind (no from-square; a target square).
  dropsOf(kind) {
    if (!kind || !this.state) return [];
    return this.state.moves.filter((m) => m.drop === kind && !m.from && m.to);
  }

  handItem(kind) {
    return ((this.state && this.state.hand) || []).find((h) => h.kind === kind) || null;
  }

  drawMarks() {
    if (!this.rects) return;
    for (const node of this.box.querySelectorAll(".is-selected, .is-dest, .is-cursor")) {
      node.classList.remove("is-selected", "is-dest", "is-cursor");
    }
    if (this.sel) {
      this.rects.get(this.sel)?.classList.add("is-selected");
      this.box.querySelector(`g.pc[data-sq="${this.sel}"]`)?.classList.add("is-selected");
    }
    for (const sq of this.dests()) this.rects.get(sq)?.classList.add("is-dest");
    if (this.diagram) {
      // the page's own destinations (show:) give way to the reader's choice
      if (this.sel) this.fig.dataset.exploring = "true";
      else delete this.fig.dataset.exploring;
    }
    const cursorOn = this.cursor && this.keyboard && document.activeElement === this.box;
    if (cursorOn) this.rects.get(this.cursor)?.classList.add("is-cursor");
    this.drawCursor(cursorOn ? this.cursor : null);
  }

  // The keyboard cursor: a thick two-tone frame inside the square, drawn
  // above the pieces so it shows on any square, empty or not (widget.css).
  drawCursor(sq) {
    if (!this.svg) return;
    let ring = this.svg.querySelector(":scope > g.sharah-cursor");
    const rect = sq && this.rects.get(sq);
    if (!rect) { ring?.remove(); return; }
    const num = (name) => parseFloat(rect.getAttribute(name));
    let [x, y, w, h] = ["x", "y", "width", "height"].map(num);
    if (![x, y, w, h].every(Number.isFinite)) {
      try { ({ x, y, width: w, height: h } = rect.getBBox()); } catch (_) { ring?.remove(); return; }
    }
    if (!ring) {
      ring = document.createElementNS(SVG_NS, "g");
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
    for (const [r, width] of [[ring.children[0], band + 2 * line], [ring.children[1], band]]) {
      r.setAttribute("x", x + inset);
      r.setAttribute("y", y + inset);
      r.setAttribute("width", Math.max(0, w - 2 * inset));
      r.setAttribute("height", Math.max(0, h - 2 * inset));
      r.setAttribute("rx", s * 0.04);
      r.setAttribute("stroke-width", width);
    }
    ring.dataset.sq = sq;
  }

  select(sq) {
    if (this.dropKind) this.unpickKind(false);
    this.sel = sq;
    this.clearChoices();
    this.drawMarks();
    const p = this.pieceAt(sq);
    // Moves that stay on the square or have no target (turn in place...).
    const inPlace = (this.byFrom.get(sq) || []).filter((m) => !m.to || m.to === sq);
    const dests = this.dests();
    if (this.diagram) {
      const what = p ? `The ${p.side ? `${p.side} ` : ""}${p.name.toLowerCase()} on ${sq}` : `The piece on ${sq}`;
      const parts = [];
      const sorted = [...dests].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
      if (dests.length) parts.push(`can go to ${sorted.join(", ")}`);
      if (inPlace.length) parts.push(`can ${inPlace.map((m) => m.label || m.n).join(" or ")}`);
      this.say(`${what} ${parts.join("; and ")}.`, "show");
      return;
    }
    if (inPlace.length) this.showChoices(inPlace, `The ${p ? p.name.toLowerCase() : "piece"} on ${sq}:`, false);
    this.announce(`${p ? `${cap(p.side || "")} ${p.name.toLowerCase()}` : "Piece"} on ${sq} selected: `
      + (dests.length ? `${dests.length} ${dests.length === 1 ? "square" : "squares"}: ${dests.join(", ")}.` : "no move."));
  }

  deselect() {
    if (!this.sel) return;
    this.sel = null;
    this.clearChoices();
    this.drawMarks();
    if (this.diagram) this.say(null);
  }

  // A diagram's status line: what the reader's click showed, or the page's sentence.
  say(text, kind) {
    if (!this.diagram || !this.statusText) return;
    this.statusText.textContent = text || this.pageStatus;
    if (text && kind) this.statusLine.dataset.kind = kind;
    else delete this.statusLine.dataset.kind;
  }

  // ---- the reader's intent: a square was picked (click, tap, Enter)
  canAct() {
    if (this.fig.dataset.state === "error") return false;   // no engine to play in
    if (this.diagram) return this.state && !this.busy && !this.dead;   // shows, never plays
    if (this.interceptor) return this.state && !this.busy && !this.dead;
    return this.state && !this.busy && !this.dead && !this.state.result && !this.locks.size
      && !(this.mode === "try" && this.answered);
  }

  // A diagram: a piece of the side to move shows its destinations; anything
  // else says (in the engine's words) why nothing is shown. Nothing is played.
  pickDiagram(sq) {
    if (this.sel) {
      if (sq === this.sel) { this.deselect(); return; }
      const moves = (this.byFrom.get(this.sel) || []).filter((m) => m.to === sq);
      if (moves.length) {
        this.say(`${moves.map((m) => m.n).join(" or ")} is a legal move; a diagram only shows it.`, "show");
        return;
      }
      if (this.byFrom.has(sq)) { this.select(sq); return; }
      const from = this.sel;
      this.deselect();
      // an empty square: why the selected piece cannot go there; a piece: why it shows nothing
      if (this.pieceAt(sq)) this.explain(sq, null); else this.explain(from, sq);
      return;
    }
    if (this.byFrom.has(sq)) { this.select(sq); return; }
    this.explain(sq, null);
  }

  pick(sq) {
    if (!this.canAct()) return;
    if (this.interceptor) { this.interceptor.pick(sq); return; }
    if (this.diagram) { this.pickDiagram(sq); return; }
    this.setHint("");
    if (this.sel) {
      if (sq === this.sel) { this.deselect(); return; }
      const moves = (this.byFrom.get(this.sel) || []).filter((m) => m.to === sq);
      if (moves.length === 1) { this.play(moves[0].n); return; }
      if (moves.length > 1) { this.showChoices(moves, `${this.sel} to ${sq}:`); return; }
      if (this.byFrom.has(sq)) { this.select(sq); return; }
      const from = this.sel;
      this.deselect();
      this.explain(from, sq);
      return;
    }
    if (this.dropKind) {
      const drops = this.dropsOf(this.dropKind).filter((m) => m.to === sq);
      if (drops.length === 1) { this.play(drops[0].n); return; }
      if (drops.length > 1) { this.showChoices(drops, `On ${sq}:`); return; }
      if (this.byFrom.has(sq)) { this.select(sq); return; }
      this.explain(null, sq, this.dropKind);
      return;
    }
    if (this.byFrom.has(sq)) { this.select(sq); return; }
    // an empty square and no kind picked: the kinds that may go there
    const drops = this.byTo.get(sq);
    if (drops && drops.length === 1) { this.play(drops[0].n); return; }
    if (drops && drops.length) { this.showChoices(drops, `On ${sq}:`); return; }
    if (this.pieceAt(sq)) this.explain(sq, null);
  }

  // ---- the hand: pick a kind, then a square
  pickKind(kind, viaKeyboard) {
    if (!this.canAct() || !this.state) return;
    if (this.dropKind === kind) { this.unpickKind(true); return; }
    const item = this.setKind(kind);
    if (!item) return;
    const dests = this.dests();
    if (!dests.includes(this.cursor)) this.cursor = dests[0] || this.cursor;
    if (viaKeyboard) this.keyboard = true;
    this.box.focus({ preventScroll: true });
    this.drawMarks();
    const name = item.name.toLowerCase();
    this.announce(`${item.name} picked: ${dests.length} ${dests.length === 1 ? "square" : "squares"} to place it.`
      + (viaKeyboard && this.cursor
        ? ` The cursor is on ${this.cursor}: move it with the arrow keys, then press Enter to place the ${name}.`
        : ""));
  }

  setKind(kind) {
    const item = this.handItem(kind);
    if (!item) return null;
    this.sel = null;
    this.clearChoices();
    this.setHint("");
    this.dropKind = kind;
    this.handPick[this.state.to_move] = kind;
    this.renderHand();
    this.drawMarks();
    return item;
  }

  // Drag a kind's button onto a square: a token follows the pointer.
  onHandDown(e) {
    const button = e.target.closest("button[data-kind]");
    this.handDragged = false;
    if (!button || button.disabled || e.button !== 0 || !this.canAct()) return;
    this.handDrag = { kind: button.dataset.kind, button, x: e.clientX, y: e.clientY, id: e.pointerId, ghost: null };
    try { button.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
  }

  onHandMove(e) {
    const d = this.handDrag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      const item = this.dropKind === d.kind ? this.handItem(d.kind) : this.setKind(d.kind);
      if (!item) { this.cancelHandDrag(); return; }
      const first = this.rects && this.rects.values().next().value;
      d.size = first ? first.getBoundingClientRect().width : 40;
      d.ghost = el("div", { class: "sharah-drag-token", "aria-hidden": "true" });
      d.ghost.innerHTML = item.svg || "";
      d.ghost.style.width = d.ghost.style.height = `${d.size}px`;
      document.body.appendChild(d.ghost);
      this.fig.dataset.dragging = "true";
    }
    d.ghost.style.transform = `translate(${e.clientX - d.size / 2}px, ${e.clientY - d.size / 2}px)`;
  }

  onHandUp(e) {
    const d = this.handDrag;
    if (!d || e.pointerId !== d.id) return;
    const dragged = !!d.ghost;
    this.cancelHandDrag();
    if (!dragged) return;               // a click: the click handler picks the kind
    this.handDragged = true;            // the click that follows is not a pick
    setTimeout(() => { this.handDragged = false; }, 0);
    const sq = this.squareAt(e.clientX, e.clientY);
    if (sq) { this.cursor = sq; this.pick(sq); }
  }

  cancelHandDrag() {
    const d = this.handDrag;
    if (!d) return;
    this.handDrag = null;
    d.ghost?.remove();
    delete this.fig.dataset.dragging;
    try { d.button.releasePointerCapture(d.id); } catch (_) { /* released */ }
  }

  unpickKind(say) {
    if (!this.dropKind) return;
    const item = this.handItem(this.dropKind);
    this.dropKind = null;
    if (this.state) delete this.handPick[this.state.to_move];
    this.renderHand();
    this.drawMarks();
    if (say && item) this.announce(`${item.name} put back.`);
  }

  renderHand() {
    const box = this.handBox;
    if (!box || !this.state) return;
    const usable = this.fig.dataset.state === "ready" && this.canAct();
    const html = this.state.hand_html;     // the engine's markup (sharah_web/markup.py)
    if (html !== this.handSig) {
      const hadFocus = box.contains(document.activeElement) ? document.activeElement.dataset.kind : null;
      this.handSig = html;
      adopt(box, html);
      if (hadFocus) box.querySelector(`button[data-kind="${hadFocus}"]`)?.focus({ preventScroll: true });
    }
    for (const b of box.querySelectorAll("button[data-kind]")) {
      b.disabled = !usable;
      b.setAttribute("aria-pressed", b.dataset.kind === this.dropKind ? "true" : "false");
    }
  }

  // ---- shortcuts: named sequences of moves the engine plays (ordinary moves)
  renderShortcuts() {
    const box = this.shortcutBox;
    if (!box || !this.state) return;
    const usable = this.fig.dataset.state === "ready" && this.canAct();
    const focused = box.contains(document.activeElement);
    box.innerHTML = this.state.shortcuts_html;     // the engine's buttons (sharah_web/markup.py)
    const buttons = [...box.querySelectorAll("button")];
    const ready = this.fig.dataset.state === "ready";
    // taking a shortcut back is an undo: allowed when the game is over too
    for (const b of buttons) b.disabled = b.dataset.undoShortcut ? !ready : !usable;
    box.hidden = !buttons.length;
    if (focused && buttons.length) buttons[0].focus({ preventScroll: true });
  }

  async runShortcut(name, button) {
    if (!this.canAct()) return;
    const label = button ? button.textContent : name;
    this.setHint("");
    this.clearChoices();
    const reply = await this.request({ cmd: "shortcut", name });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    this.announce(`${label}: ${reply.played} ${reply.played === 1 ? "move" : "moves"} played.`);
    this.box.focus({ preventScroll: true });
  }

  async undoShortcut(plies) {
    if (this.busy || !this.state) return;
    this.setHint("");
    const reply = await this.request({ cmd: "undo", plies });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    this.announce(`${plies} ${plies === 1 ? "move" : "moves"} taken back.`);
    const again = this.shortcutBox?.querySelector("button[data-shortcut]");
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else this.box.focus({ preventScroll: true });
  }

  async explain(from, to, drop) {
    const reply = await this.request({ cmd: "explain", from, to, drop });
    if (!reply || this.dead) return;
    const message = reply.message;
    if (this.mode === "try" && to) {
      // The page may explain this attempt itself; else the engine's reason.
      const own = reply.attempt && this.wrongTemplate(reply.attempt);
      this.showFeedback("illegal", null, message, own);
    } else if (this.diagram) {
      this.say(message, "explain");
    } else {
      this.setHint(message, "explain");
    }
  }

  wrongTemplate(move) {
    return [...this.fig.querySelectorAll('template.sharah-msg[data-msg="wrong"]')]
      .find((t) => t.dataset.move === move) || null;
  }

  async request(obj) {
    this.emit("request", obj);
    this.busy = true;
    this.fig.dataset.busy = "true";
    try {
      const reply = await getEngine().request({ ...obj, board: this.id });
      if (!reply.ok) {
        if (reply.fatal) this.fig.dataset.state = "error";
        if (this.diagram) this.say(reply.error, "error"); else this.setHint(reply.error, "error");
        if (reply.fatal) this.engineFailed(reply.error);
        return null;
      }
      return reply;
    } finally {
      this.busy = false;
      delete this.fig.dataset.busy;
    }
  }

  async play(notation) {
    if (!this.canAct()) return;
    const prev = this.state;
    this.clearChoices();
    const reply = await this.request({ cmd: "play", move: notation });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    const st = reply.state;
    const last = st.last;
    let text = last ? `${cap(last.side)} played ${last.name}` : `Played ${notation}`;
    if (last && last.captures.length) {
      const taken = last.captures.map((sq) => {
        const p = prev.pieces[sq];
        return p ? `the ${p.side ? `${p.side} ` : ""}${p.name.toLowerCase()} on ${sq}` : sq;
      });
      text += `, taking ${taken.join(" and ")}`;
    }
    text += ".";   // the status line (aria-live) says what comes next
    if (this.onlyFree()) text += ` The only move now: ${this.free.map((m) => m.label || m.n).join(" or ")}.`;
    if (reply.check) {
      this.answered = reply.check.correct ? "right" : "wrong";
      this.showFeedback(this.answered, reply.check.move);   // aria-live too
      this.updateControls();
      this.renderFree();
      this.renderHand();
    }
    this.announce(text);
  }

  async action(name, button) {
    if (this.busy || !this.state) return;
    this.setHint("");
    if (name === "retry") name = "undo";
    if (name === "restart" && this.mode === "game" && this.state.changed) {
      this.confirmDiscard(button, "Yes, start again", () => this.action("restart-now", button));
      return;
    }
    if (name === "restart-now") name = "restart";
    this.closeConfirm();
    const reply = await this.request(ACTIONS[name]());
    if (!reply || this.dead) return;
    if (name === "undo" || name === "restart") {
      this.answered = null;
      this.showFeedback(null);
    }
    if (name === "restart") this.handPick = {};      // a new start: nothing picked
    this.apply(reply.state);
    this.announce({ undo: "Move taken back.", redo: "Move replayed.", restart: "Back to the start.",
      flip: `The board is turned: ${reply.state.orientation} at the bottom.` }[name]);
    if (button && button.isConnected && !button.disabled) button.focus({ preventScroll: true });
    else this.box.focus({ preventScroll: true });
  }

  // ---- "Discard this game? Yes / No", in the page (not window.confirm)
  confirmDiscard(trigger, yesText, go) {
    this.closeConfirm();
    const box = el("div", { class: "sharah-confirm", role: "group", "aria-label": "Discard this game?" });
    const n = this.state.history.length;
    const question = el("span", { class: "sharah-confirm-text" },
      `Discard this game${n ? ` (${n} ${n === 1 ? "move" : "moves"})` : ""}?`);
    const yes = el("button", { type: "button", class: "md-button sharah-btn sharah-confirm-yes", "data-confirm": "yes" }, yesText);
    const no = el("button", { type: "button", class: "md-button md-button--primary sharah-btn sharah-confirm-no", "data-confirm": "no" }, "No, keep it");
    box.append(question, " ", yes, no);
    const back = () => {
      this.closeConfirm();
      if (trigger && trigger.isConnected) trigger.focus({ preventScroll: true });
      this.announce("The game is kept.");
    };
    yes.addEventListener("click", () => { this.closeConfirm(); go(); }, { signal: this.abort.signal });
    no.addEventListener("click", back, { signal: this.abort.signal });
    box.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); back(); } },
      { signal: this.abort.signal });
    const anchor = (trigger && trigger.closest(".sharah-controls, .sharah-options-form")) || this.controls;
    anchor.after(box);
    this.confirmBox = box;
    no.focus({ preventScroll: true });   // the safe answer first
  }

  closeConfirm() {
    this.confirmBox?.remove();
    this.confirmBox = null;
  }

  // ---- game options: the engine's list, as a small form
  renderOptions() {
    const box = this.optionsBox;
    if (!box) return;
    const specs = (this.state && this.state.options) || [];
    if (this.mode !== "game" || !specs.length) { box.hidden = true; return; }
    const sig = JSON.stringify(specs.map((o) => [o.name, o.value]));
    if (sig === this.optionsSig) return;
    this.optionsSig = sig;
    const form = el("form", { class: "sharah-options-form" });
    const base = `${this.cfg.uid}-${this.mountNo}-opt`;
    for (const o of specs) {
      const id = `${base}-${o.name}`;
      const row = el("div", { class: `sharah-option sharah-option-${o.type}`, "data-option": o.name });
      const docId = o.doc ? `${id}-doc` : null;
      const label = el("label", { for: id }, o.label);
      let input;
      if (o.type === "bool") {
        input = el("input", { type: "checkbox", id, name: o.name });
        input.checked = !!o.value;
        row.append(input, label);
      } else if (o.choices && o.choices.length) {
        input = el("select", { id, name: o.name });
        for (const c of o.choices) {
          const opt = el("option", { value: String(c) }, String(c) + (c === o.default ? " (default)" : ""));
          opt.selected = String(c) === String(o.value);
          input.appendChild(opt);
        }
        row.append(label, input);
      } else {
        input = el("input", { type: o.type === "int" ? "number" : "text", id, name: o.name,
          step: o.type === "int" ? "1" : null, value: String(o.value) });
        row.append(label, input);
      }
      if (docId) {
        input.setAttribute("aria-describedby", docId);
        row.appendChild(el("span", { class: "sharah-option-doc", id: docId }, sentence(cap(o.doc))));
      }
      form.appendChild(row);
    }
    const go = el("button", { type: "submit", class: "md-button md-button--primary sharah-btn", "data-action": "new-game" },
      "New game with these options");
    form.appendChild(el("div", { class: "sharah-options-actions" })).appendChild(go);
    form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(form, go); }, { signal: this.abort.signal });
    box.querySelector(".sharah-options-body").replaceChildren(form);
    box.hidden = false;
  }

  newGame(form, button) {
    if (this.busy || !this.state) return;
    const options = {};
    for (const o of this.state.options) {
      const input = form.elements.namedItem(o.name);
      if (input) options[o.name] = o.type === "bool" ? input.checked : input.value;
    }
    const start = async () => {
      this.setHint("");
      const reply = await this.request({ cmd: "restart", options });
      if (!reply || this.dead) return;
      this.answered = null;
      this.handPick = {};
      this.optionsSig = null;      // rebuild the form from the new game's values
      this.apply(reply.state);
      if (reply.note) this.setHint(reply.note, "explain");
      if (this.optionsBox) this.optionsBox.open = false;
      this.announce(`New game. ${reply.state.status}.`);
      this.box.focus({ preventScroll: true });
    };
    if (this.state.changed) this.confirmDiscard(button, "Yes, new game", start);
    else { this.closeConfirm(); start(); }
  }

  updateControls() {
    if (!this.state || this.fig.dataset.state !== "ready" || !this.controls) return;
    for (const b of this.controls.querySelectorAll("button[data-action]")) {
      const a = b.dataset.action;
      if (a === "undo") b.disabled = !this.state.can_undo;
      else if (a === "redo") b.disabled = !this.state.can_redo;
      else if (a === "retry") b.disabled = !this.answered;
      else b.disabled = false;
    }
  }

  // ---- choices and squareless moves
  showChoices(moves, title, focus = true) {
    const c = this.choices;
    c.replaceChildren(el("span", { class: "sharah-choices-title" }, title));
    for (const m of moves) {
      c.appendChild(el("button", { type: "button", class: "md-button sharah-choice", "data-move": m.n }, m.label || m.n));
    }
    c.appendChild(el("button", { type: "button", class: "md-button sharah-choice sharah-cancel", "data-cancel": "1" }, "Cancel"));
    c.hidden = false;
    if (focus && document.activeElement === this.box) c.querySelector("button").focus({ preventScroll: true });
  }

  clearChoices() {
    if (!this.choices || this.choices.hidden) return;
    this.choices.hidden = true;
    this.choices.replaceChildren();
  }

  // Square-less moves (pass) are the only moves left: the turn is lost.
  onlyFree() {
    return !!(this.state && this.free && this.free.length && this.free.length === this.state.moves.length
      && !this.state.result);
  }

  renderFree() {
    if (!this.controls || this.diagram) return;
    let row = this.controls.querySelector(".sharah-free");
    if (!this.free.length) { row?.remove(); return; }
    if (!row) {
      row = el("div", { class: "sharah-free" });
      this.controls.prepend(row);
    }
    const only = this.onlyFree();
    row.classList.toggle("is-only", only);
    const buttons = this.free.map((m) => el("button", {
      type: "button",
      class: `md-button ${only ? "md-button--primary " : ""}sharah-btn sharah-free-move`,
      "data-free": m.n, "data-kind": m.kind || "move",
    }, cap(m.label || m.n)));
    row.replaceChildren(...(only
      ? [el("span", { class: "sharah-free-lead" }, buttons.length === 1 ? "Your only move:" : "Your only moves:")]
      : []), ...buttons);
    for (const b of buttons) {
      b.disabled = !this.canAct() || this.fig.dataset.state !== "ready";
      b.addEventListener("click", () => this.play(b.dataset.free), { signal: this.abort.signal });
    }
  }

  renderMoveList() {
    const list = this.moveList;
    if (!list) return;
    const st = this.state;
    list.innerHTML = st.moves_html;     // the engine's items (sharah_web/markup.py)
    list.hidden = !st.ply;
    // Show the last move. Reading the list's height lays out the page, so do
    // it once per frame for every board (not once per board as each opens).
    if (st.ply && !this.scrollQueued) {
      this.scrollQueued = true;
      requestAnimationFrame(() => {
        this.scrollQueued = false;
        if (list.isConnected && !list.hidden) list.scrollTop = list.scrollHeight;
      });
    }
  }

  // ---- messages
  setHint(text, kind) {
    if (!this.hint) return;
    this.hint.textContent = text || "";
    if (kind) this.hint.dataset.kind = kind; else delete this.hint.dataset.kind;
  }

  showFeedback(kind, move, text, template) {
    const box = this.feedback;
    if (!box) return;
    if (!kind) { box.hidden = true; box.replaceChildren(); delete box.dataset.kind; return; }
    const tpl = (name) => this.fig.querySelector(`template.sharah-msg[data-msg="${name}"]`);
    let content = template || null;
    if (kind === "right") content = tpl("success");
    else if (kind === "wrong") content = this.wrongTemplate(move) || tpl("generic");
    box.replaceChildren();
    box.dataset.kind = kind;
    if (content) box.appendChild(content.content.cloneNode(true));
    else box.textContent = sentence(text || "");
    if (kind === "wrong") {
      const again = el("button", { type: "button", class: "md-button sharah-btn", "data-action": "retry" }, "Try again");
      again.addEventListener("click", () => this.action("retry"), { signal: this.abort.signal });
      box.append(" ", again);
    }
    box.hidden = false;
  }

  announce(text) {
    if (!this.announcer) return;
    // Re-set even the same text so it is read again.
    this.announcer.textContent = "";
    requestAnimationFrame(() => { this.announcer.textContent = text; });
  }

  // ---- pointer: click-click and drag
  squareAt(x, y) {
    for (const node of document.elementsFromPoint(x, y)) {
      if (node.matches && node.matches("rect[data-sq]") && this.box.contains(node)) return node.dataset.sq;
    }
    return null;
  }

  onPointerDown(e) {
    if (this.keyboard) { this.keyboard = false; this.drawMarks(); }
    if (e.button !== 0 || !this.canAct()) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    if (!sq) return;
    this.cursor = sq;
    if (this.diagram || this.interceptor) { this.pick(sq); return; }   // nothing to drag
    if (this.sel && this.dests().includes(sq)) { e.preventDefault(); this.pick(sq); return; }
    if (this.byFrom.has(sq)) {
      e.preventDefault();
      const wasSelected = this.sel === sq;
      if (!wasSelected) this.select(sq);
      const piece = this.box.querySelector(`g[data-sq="${sq}"]`);
      this.drag = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, wasSelected, piece,
        transform: piece ? piece.getAttribute("transform") : null };
      try { this.box.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
      return;
    }
    this.pick(sq);
  }

  onPointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
    d.moved = true;
    this.fig.dataset.dragging = "true";
    if (!d.piece || !d.piece.parentNode) return;
    const ctm = d.piece.parentNode.getScreenCTM();
    if (!ctm) return;
    const inv = ctm.inverse();
    const p0 = new DOMPoint(d.x, d.y).matrixTransform(inv);
    const p1 = new DOMPoint(e.clientX, e.clientY).matrixTransform(inv);
    if (d.piece.nextSibling) d.piece.parentNode.appendChild(d.piece);
    d.piece.classList.add("sharah-dragging");
    d.piece.setAttribute("transform", `translate(${p1.x - p0.x} ${p1.y - p0.y})${d.transform ? ` ${d.transform}` : ""}`);
  }

  onPointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.cancelDrag();
    if (d.moved) {
      const target = this.squareAt(e.clientX, e.clientY);
      if (target && target !== d.sq) this.pick(target);
    } else if (d.wasSelected) {
      this.deselect();
    }
  }

  cancelDrag() {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    delete this.fig.dataset.dragging;
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
    if (!this.cursor || !this.rects.has(this.cursor)) {
      this.cursor = this.sel || this.dests()[0] || [...this.byFrom.keys()][0]
        || [...this.byTo.keys()][0] || this.rects.keys().next().value || null;
    }
    this.drawMarks();
  }

  describe(sq) {
    const p = this.pieceAt(sq);
    let text = `${sq}, ${p ? `${p.side ? `${p.side} ` : ""}${p.name.toLowerCase()}` : "empty"}`;
    if (this.sel && this.dests().includes(sq)) text += ", a move";
    else if (this.dropKind && this.dests().includes(sq)) {
      text += `, a place for the ${(this.handItem(this.dropKind)?.name || "piece").toLowerCase()}`;
    }
    return text;
  }

  onKey(e) {
    if (!this.state || !this.rects || !this.rects.size) return;
    if (!this.keyboard && /^(Arrow|Enter| )/.test(e.key)) { this.keyboard = true; this.drawMarks(); }
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (steps[e.key]) {
      e.preventDefault();
      const rect = this.rects.get(this.cursor) || this.rects.values().next().value;
      const [dx, dy] = steps[e.key];
      const next = this.at.get(`${+rect.dataset.x + dx},${+rect.dataset.y + dy}`);
      if (next) this.cursor = next;
      else if (!this.cursor) this.cursor = rect.dataset.sq;
      this.drawMarks();
      this.announce(this.describe(this.cursor));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!this.cursor) this.onFocus();
      if (this.cursor) this.pick(this.cursor);
    } else if (e.key === "Escape") {
      if (this.sel) { e.preventDefault(); this.deselect(); if (!this.diagram) this.announce("Cancelled."); }
      else if (this.dropKind) { e.preventDefault(); this.unpickKind(true); }
      else if (this.diagram && this.statusLine?.dataset.kind) { e.preventDefault(); this.say(null); }
    }
  }
}
