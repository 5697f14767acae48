// @ts-check
// The board widget's controller: engine requests, narrowing the engine's
// legal moves (from-square, then to-square, then a labelled choice), the
// locks and the add-on host. It knows no rules: the engine sends the state
// (sharah_web/session.py: BoardState). The picture, pointer and keys are
// the view's (view.js); the panels around it are panels.js's.
// A diagram shows where a clicked piece may go (never played); a try board
// checks the reader's move. Drops: pick a kind in the hand, then a square
// (or drag the kind there); a picked kind is for one placement: each turn
// starts with nothing picked (a kind kept from the last turn made a stray
// tap place a piece).
//
// Exports: registerAddon(addon) and expectAddons(order, loading)
// (ADDONS.md), widgets (the boards on the page), preopen(configText) and
// dropPreopened() (a page's first board opened ahead), Board (new
// Board(figure)).

import { getEngine, engineIfStarted, engineReady } from "./engine.js";
import { el, nearScreen } from "./dom.js";
import { BoardView } from "./view.js";
import { MoveIndex } from "./narrow.js";
import { boardWords } from "./words.js";
import { Early } from "./early.js";
import { Messages, Choices, Controls, HandPanel, Shortcuts, MoveList, OptionsPanel } from "./panels.js";
import { watchEarly, ready } from "./ready.js";

/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").MoveEntry} MoveEntry */
/** @typedef {import("./types.js").Request} Request */
/** @typedef {import("./types.js").Reply} Reply */
/** @typedef {import("./types.js").StateReply} StateReply */
/** @typedef {import("./types.js").Addon<any>} Addon */
/** @typedef {import("./types.js").Interceptor} Interceptor */
/** @typedef {import("./types.js").BoardEvents} BoardEvents */

let mountCounter = 0;
/** @type {Addon[]} the add-ons registered, in their order on a board */
const addons = [];
/** @type {string[]} the add-ons' names in the order they take their places on a board */
let addonOrder = [];
/** @type {Promise<void>} until every add-on the page imports has registered */
let addonsLoaded = Promise.resolve();

/** The page's add-ons (sharah.js): ``order``, their names in the order they
 *  mount on a board (their controls appear in that order, whichever
 *  module arrived first), and ``loading``, the modules still on their way.
 *  A board answers from the build's early answer meanwhile; it shows the
 *  engine's first answer, and mounts its add-ons, once they are all here
 *  (one that fails to load is left out, said on the console).
 * @param {string[]} order @param {Promise<unknown>} loading */
export function expectAddons(order, loading) {
  addonOrder = order;
  addonsLoaded = loading.then(() => {}, (err) => console.error("sharah add-ons:", err));
}

/** @param {Addon} addon */
const rank = (addon) => {
  const i = addonOrder.indexOf(addon.name);
  return i < 0 ? addonOrder.length : i;
};

/** @param {Addon} addon @param {Board} board */
const applies = (addon, board) => (addon.applies ? !!addon.applies(board) : board.mode === "game");

/** Register an add-on: {name, applies?(board) -> bool (default: game boards),
 *  openRequest?(board, req) (may add fields to the board's open request),
 *  mount(board, openReply) -> instance}. Boards already on the page get it too.
 * @template I @param {import("./types.js").Addon<I>} addon */
export function registerAddon(addon) {
  if (!addon || !addon.name || typeof addon.mount !== "function") throw new Error("an add-on needs a name and mount()");
  if (addons.some((a) => a.name === addon.name)) return;
  const at = addons.findIndex((a) => rank(a) > rank(addon));
  addons.splice(at < 0 ? addons.length : at, 0, addon);
  // boards that show the engine's state already (not the build's early answer) get it now
  for (const board of widgets) if (board.from === "engine" && !board.dead) board.mountAddons(null);
}

/** The boards on the page now. */
/** @type {Set<Board>} */
export const widgets = new Set();

// ---- a page's first board opened ahead (sharah.js calls preopen when the
// reader clicks, points at or focuses a link to it): the board takes that
// answer over when it mounts if its open request is the very same (else,
// e.g. with a saved game, it opens anew and the early one is closed).
/** @type {{ uid: string, id: string, key: string, reply: Promise<Reply> } | null} */
let preopened = null;
export const preopenStats = { sent: 0, taken: 0, dropped: 0 };

/** @param {Request} req */
const openKey = (req) => JSON.stringify({ ...req, board: null });

/** Open a board ahead from its config (the text of its data-config).
 * @param {string} configText */
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

/** @param {Request} req */
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
/** @type {Record<string, () => Request>} */
const ACTIONS = {
  undo: () => ({ cmd: "undo" }),
  redo: () => ({ cmd: "redo" }),
  restart: () => ({ cmd: "restart" }),
  flip: () => ({ cmd: "flip" }),
};


/** A fence's config (fence.py: BoardSpec.config): the board's data-config. */
/** @typedef {{ uid: string, variant: string, mode: string, [key: string]: unknown }} BoardConfig */

export class Board {
  /** @param {HTMLElement} fig the board's figure (figure.sharah-board, data-config) */
  constructor(fig) {
    this.fig = fig;
    /** @type {BoardConfig} */
    this.cfg = JSON.parse(fig.dataset.config || "{}");
    this.mode = this.cfg.mode;
    this.id = `${this.cfg.uid}~${++mountCounter}`;
    this.box = /** @type {HTMLElement} */ (fig.querySelector(".sharah-svg"));
    this.mountNo = mountCounter;
    this.diagram = this.mode === "diagram";
    /** @type {BoardState | null} */
    this.state = null;
    /** @type {string | null} the selected from-square */
    this.sel = null;
    /** @type {string | null} the kind picked from the hand (drops) */
    this.dropKind = null;
    this.busy = false;
    /** @type {"right" | "wrong" | null} try: the answer */
    this.answered = null;
    this.dead = false;
    /** @type {BoardView | null} the picture (view.js), once the engine is up */
    this.view = null;
    /** the state's legal moves, indexed for narrowing (narrow.js) */
    this.index = new MoveIndex([]);
    this.abort = new AbortController();
    /** @type {Map<string, any>} add-on name -> its instance on this board */
    this.addons = new Map();
    /** @type {Map<string, Set<Function>>} event -> its listeners (see on()) */
    this.listeners = new Map();
    /** @type {Set<string>} names of whatever holds the board (e.g. the computer thinking) */
    this.locks = new Set();
    /** @type {Interceptor | null} an add-on's mode (editor) */
    this.interceptor = null;
    /** @type {((notation: string) => Promise<void>) | null} an add-on's way to send a move (puzzles: "solve") */
    this.playHandler = null;
    /** @type {import("./types.js").OpenRequest | null} the last open request sent, after every openRequest */
    this.openReq = null;
    /** @type {string | null} the engine's error when the saved game in open made it fail */
    this.refusedSaved = null;
    /** @type {"build" | "engine" | null} where the state shown comes from: the
     *  build's early answer (early.js) until the engine's */
    this.from = null;
    /** the build's answers for this board, before the engine is up (early.js) */
    this.early = new Early(this);
    this.otherSvg = false;       // showSvg() shows something else than the game (the editor's draft)
    this.messages = new Messages(this);
    this.choices = new Choices(this);
    this.controls = new Controls(this);
    this.hand = new HandPanel(this);
    this.shortcutPanel = new Shortcuts(this);
    this.moveListPanel = new MoveList(this);
    this.optionsPanel = new OptionsPanel(this);
    fig.dataset.state = "loading";
    fig.sharahWidget = this;
    watchEarly(this);        // "ready" once per page (ready.js)
    this.start();
  }

  get rects() { return this.view && this.view.rects; }
  get cursor() { return this.view && this.view.cursor; }
  get hint() { return this.messages.hint; }
  get moveList() { return this.moveListPanel.list; }

  async start() {
    /** @type {import("./types.js").OpenRequest} */
    const req = { ...this.cfg, cmd: "open", board: this.id };
    for (const addon of addons) {
      try { if (addon.openRequest && applies(addon, this)) addon.openRequest(this, req); }
      catch (err) { console.error(`sharah add-on ${addon.name}:`, err); }
    }
    // opened already from the link to this page (preopen)
    const early = takePreopened(req);
    if (early) this.id = req.board = early.id;
    this.openReq = req;      // recover.js: whether a saved game was on its way
    const replied = early ? early.reply : getEngine().request(req, { rank: () => this.urgency() });
    this.early.begin(req); // early.js: the build's answer answers taps until the engine is up
    const reply = await replied;
    await addonsLoaded;     // the engine's answer is shown with every add-on
    if (this.dead) return;
    if (!reply.ok && !reply.fatal && req.saved != null && this.refusedSaved == null) {
      // the saved game made the board fail to open (the engine refused the
      // request itself): open it fresh; records.js sets the entry aside
      this.refusedSaved = reply.error || "";
      this.start();
      return;
    }
    if (!reply.ok) {
      this.fig.dataset.state = "error";
      this.setHint(reply.error, "error");
      if (reply.fatal) this.engineFailed(reply.detail || reply.error);
      return;
    }
    const opened = /** @type {StateReply} */ (reply);
    const kept = this.early.takeover();
    if (kept.answer) this.busy = false;
    this.ensureView();
    this.apply(opened.state);
    this.fig.dataset.state = "ready";
    for (const b of this.controls.box?.querySelectorAll("button") || []) b.disabled = false;
    this.controls.update();
    this.renderPanels();
    this.box.setAttribute("tabindex", "0");
    this.mountAddons(opened);
    // Once per page, not per board (ready.js); diagrams say nothing.
    ready(this, widgets);
    await this.early.handover(opened.state, kept);    // a move made early is played now
  }

  /** How soon this board's opening should reach an engine still booting:
   *  0 the reader has touched it (a kept tap, a move made early, a piece
   *  selected), 1 it is on or near the screen, 2 the others. */
  urgency() {
    if (this.early.touched() || this.sel) return 0;
    return nearScreen(this.box) ? 1 : 2;
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

  /** The board cannot play: its engine failed (recover.js shows Retry). */
  markFailed() {
    this.fig.dataset.state = "error";
  }

  /** The engine failed under this board: say so on window, for recover.js. */
  /** @param {string} message */
  engineFailed(message) {
    window.dispatchEvent(new CustomEvent("sharah:board-failed", { detail: { board: this, message } }));
  }

  destroy() {
    this.dead = true;
    this.emit("destroy");
    this.hand.cancelDrag();
    this.abort.abort();
    const engine = engineIfStarted();
    if (engine && this.fig.dataset.state === "ready") {
      engine.request({ cmd: "close", board: this.id }).catch(() => {});
    }
  }

  // ---- the view: configuration in, events out
  makeView() {
    const live = () => !this.diagram && !this.interceptor;   // a diagram shows, never drags
    return new BoardView(this.box, {
      root: this.fig,
      signal: this.abort.signal,
      label: this.diagram
        ? boardWords.diagramLabel : boardWords.boardLabel,
      canAct: () => this.canAct(),
      canDrag: (/** @type {string} */ sq) => live() && this.index.canMove(sq),
      isTarget: (/** @type {string} */ sq) => live() && !!this.sel && this.dests().includes(sq),
      firstCursor: () => this.sel || this.dests()[0] || [...this.index.byFrom.keys()][0]
        || [...this.index.byTo.keys()][0] || null,
      describe: (/** @type {string} */ sq) => this.describe(sq),
      on: {
        pick: (/** @type {string} */ sq) => this.pick(sq),
        select: (/** @type {string} */ sq) => this.select(sq),
        deselect: () => this.deselect(),
        announce: (/** @type {string} */ text) => this.announce(text),
        escape: (/** @type {KeyboardEvent} */ e) => {
          if (this.sel) { e.preventDefault(); this.deselect(); if (!this.diagram) this.announce(boardWords.cancelled); }
          else if (this.dropKind) { e.preventDefault(); this.unpickKind(true); }
          else if (this.diagram && this.messages.saying()) { e.preventDefault(); this.messages.say(null); }
        },
      },
    });
  }

  /** The picture, made once the board can answer. */
  ensureView() {
    if (!this.view) this.view = this.makeView();
    return this.view;
  }

  focus() {
    this.box.focus({ preventScroll: true });
  }

  // ---- add-ons (see ADDONS.md)
  /** @param {Reply | null} openReply */
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
   *  "destroy" () when the board's page goes away; "choices" (moves | null).
   * @template {keyof BoardEvents} E @param {E} event @param {(...args: BoardEvents[E]) => void} fn
   * @returns {() => void} */
  on(event, fn) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return () => this.listeners.get(event)?.delete(fn);
  }

  /** @template {keyof BoardEvents} E @param {E} event @param {BoardEvents[E]} args */
  emit(event, ...args) {
    for (const fn of [...(this.listeners.get(event) || [])]) {
      try { fn(...args); } catch (err) { console.error(`sharah ${event} listener:`, err); }
    }
  }

  /** A request for this board that does not mark the board busy and shows no
   *  error (an add-on's background work, e.g. a search slice).
   * @param {Request} obj @returns {Promise<StateReply>} */
  send(obj) {
    return /** @type {Promise<StateReply>} */ (getEngine().request({ ...obj, board: this.id }));
  }

  /** Hold (or release) the board: while any lock is held, the visitor cannot
   *  move (canAct() is false); Undo, Restart and the add-ons still work. */
  /** @param {string} name @param {boolean} on */
  setLock(name, on) {
    const had = this.locks.has(name);
    if (on) this.locks.add(name); else this.locks.delete(name);
    if (had === !!on) return;
    if (on) { this.sel = null; this.choices.clear(); this.view?.cancelDrag(); this.hand.cancelDrag(); }
    if (this.locks.size) this.fig.dataset.locked = [...this.locks].join(" ");
    else delete this.fig.dataset.locked;
    if (!this.state) return;
    this.renderPanels();
    this.drawMarks();
  }

  /** Send the moves the reader makes through an add-on (puzzles: "solve")
   *  instead of "play", or back to "play" with null.
   * @param {((notation: string) => Promise<void>) | null} handler */
  setPlayHandler(handler) {
    this.playHandler = handler;
  }

  /** Route square picks (click, tap, Enter) to an add-on's mode, or back to
   *  play with null. */
  /** @param {Interceptor | null} interceptor */
  setInterceptor(interceptor) {
    this.interceptor = interceptor;
    this.sel = null;
    this.choices.clear();
    if (interceptor) this.fig.dataset.interceptor = interceptor.name;
    else delete this.fig.dataset.interceptor;
    this.drawMarks();
  }

  /** A container for an add-on's controls in the board's side column,
   *  created once: ``before`` is a selector inside the side column to put it
   *  in front of (default: at the end).
   * @param {string} name @param {string} [before] @returns {HTMLElement} */
  slot(name, before) {
    let box = /** @type {HTMLElement | null} */ (this.fig.querySelector(`.sharah-addon[data-addon="${name}"]`));
    if (box) return box;
    box = el("div", { class: `sharah-addon sharah-addon-${name}`, "data-addon": name });
    const side = this.fig.querySelector(".sharah-side") || this.fig;
    const ref = before ? side.querySelector(before) : null;
    if (ref) ref.before(box); else side.appendChild(box);
    return box;
  }

  // ---- state from the engine
  /** Show the build's early answer (early.js), over the page's own drawing:
   *  no "state" event (add-ons only ever see the engine's states).
   * @param {import("./answers.js").EarlyState} state */
  showBuilt(state) {
    this.ensureView().show();
    this.state = /** @type {BoardState} */ ({ ...state, board: this.id });
    this.from = "build";
    this.index = new MoveIndex(state.moves);
    this.drawMarks();
  }

  /** The engine failed under a board showing the build's answer: the
   *  page's drawing (``nodes``) comes back and nothing is live. @param {Node[]} nodes */
  dropBuilt(nodes) {
    this.box.replaceChildren(...nodes);
    this.ensureView().show();
    this.state = null;
    this.from = null;
    this.sel = null;
    this.index = new MoveIndex([]);
    this.busy = false;
  }

  /** A move waits for the engine (made before it was up): nothing selected, nothing to pick. */
  hold() {
    this.sel = null;
    this.choices.clear();
    this.busy = true;
    this.drawMarks();
  }

  /** Pick ``sq`` as a tap on it would, the keyboard cursor put there. @param {string} sq */
  pickSquare(sq) {
    this.ensureView().cursor = sq;
    this.pick(sq);
  }

  /** Show a state from the engine (emits "state"). @param {BoardState} state */
  apply(state) {
    const prev = this.state;
    this.state = state;
    this.from = "engine";
    this.sel = null;
    this.choices.clear();
    if (!prev || prev.svg !== state.svg || this.otherSvg) {
      this.ensureView().show(state.svg);
      this.otherSvg = false;
    }
    this.index = new MoveIndex(state.moves);
    // a picked kind stays picked only while the position is the same one
    // (the state asked for again); a new turn starts with nothing picked
    const same = prev && prev.node === state.node && prev.position === state.position;
    const kept = same ? this.dropKind : null;
    this.dropKind = kept && (state.hand || []).some((h) => h.kind === kept) ? kept : null;
    this.messages.status(state);
    const badges = this.fig.querySelector(".sharah-badges");
    if (badges) badges.innerHTML = state.badges_html;    // the engine's markup (sharah_web/markup.py)
    this.fig.dataset.toMove = state.to_move;
    this.moveListPanel.render();
    this.renderPanels();
    this.optionsPanel.render();
    this.controls.update();
    this.drawMarks();
    this.emit("state", state, prev);
  }

  renderPanels() {
    this.choices.renderFree();
    this.hand.render();
    this.shortcutPanel.render();
  }

  /** Show an SVG from the engine that is not the game's (the editor's
   *  draft); the next state, or showSvg(state.svg), puts the game back. */
  /** @param {string} svg */
  showSvg(svg) {
    this.ensureView().show(svg);
    this.otherSvg = !this.state || svg !== this.state.svg;
    this.drawMarks();
  }

  /** @param {string} sq */
  pieceAt(sq) {
    if (this.interceptor && this.interceptor.pieceAt) return this.interceptor.pieceAt(sq);
    return this.state && this.state.pieces[sq];
  }

  // ---- marks: the selected square and where it (or the kind in hand) may go
  /** @returns {string[]} */
  dests() {
    if (this.interceptor) return [];    // an add-on's mode: no moves to show
    return this.sel ? this.index.targets(this.sel) : this.index.dropTargets(this.dropKind);
  }

  /** @param {string | null} kind */
  handItem(kind) {
    return ((this.state && this.state.hand) || []).find((h) => h.kind === kind) || null;
  }

  drawMarks() {
    if (!this.view) return;
    this.view.draw({ selected: this.sel, dests: this.dests() });
    if (this.diagram) {
      // the page's own destinations (show:) give way to the reader's choice
      if (this.sel) this.fig.dataset.exploring = "true";
      else delete this.fig.dataset.exploring;
    }
  }

  /** @param {string} sq */
  describe(sq) {
    const p = this.pieceAt(sq);
    if (this.sel && this.dests().includes(sq)) return boardWords.square(sq, p, boardWords.aMove);
    if (this.dropKind && this.dests().includes(sq)) {
      return boardWords.square(sq, p, boardWords.aPlace(this.handItem(this.dropKind)?.name || "piece"));
    }
    return boardWords.square(sq, p, null);
  }

  /** @param {string} sq */
  select(sq) {
    if (this.dropKind) this.unpickKind(false);
    this.sel = sq;
    this.choices.clear();
    this.drawMarks();
    const p = this.pieceAt(sq);
    // Moves that stay on the square or have no target (turn in place...).
    const inPlace = this.index.inPlace(sq);
    const dests = this.dests();
    if (this.diagram) {
      const sorted = [...dests].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
      this.messages.say(boardWords.diagramPiece(p, sq, sorted, inPlace.map((m) => m.label || m.n)), "show");
      return;
    }
    if (inPlace.length) this.choices.show(inPlace, boardWords.choicesOf(p, sq), false);
    this.announce(boardWords.selected(p, sq, dests));
  }

  deselect() {
    if (!this.sel) return;
    this.sel = null;
    this.choices.clear();
    this.drawMarks();
    if (this.diagram) this.messages.say(null);
  }

  // ---- the reader's intent: a square was picked (click, tap, Enter)
  /** @returns {boolean} */
  canAct() {
    if (this.fig.dataset.state === "error") return false;   // no engine to play in
    if (this.diagram) return !!this.state && !this.busy && !this.dead;   // shows, never plays
    if (this.interceptor) return !!this.state && !this.busy && !this.dead;
    return !!this.state && !this.busy && !this.dead && !this.state.result && !this.locks.size
      && !(this.mode === "try" && this.answered);
  }

  // A diagram: a piece of the side to move shows its destinations; anything
  // else says (in the engine's words) why nothing is shown. Nothing is played.
  /** @param {string} sq */
  pickDiagram(sq) {
    if (this.sel) {
      if (sq === this.sel) { this.deselect(); return; }
      const moves = this.index.between(this.sel, sq);
      if (moves.length) {
        this.messages.say(boardWords.diagramMove(moves.map((m) => m.n)), "show");
        return;
      }
      if (this.index.canMove(sq)) { this.select(sq); return; }
      const from = this.sel;
      this.deselect();
      // an empty square: why the selected piece cannot go there; a piece: why it shows nothing
      if (this.pieceAt(sq)) this.explain(sq, null); else this.explain(from, sq);
      return;
    }
    if (this.index.canMove(sq)) { this.select(sq); return; }
    this.explain(sq, null);
  }

  /** A square was picked (click, tap, Enter). @param {string} sq */
  pick(sq) {
    if (!this.canAct()) return;
    if (this.interceptor) { this.interceptor.pick(sq); return; }
    if (this.diagram) { this.pickDiagram(sq); return; }
    this.setHint("");
    if (this.sel) {
      if (sq === this.sel) { this.deselect(); return; }
      const moves = this.index.between(this.sel, sq);
      if (moves.length === 1) { this.play(moves[0].n); return; }
      if (moves.length > 1) { this.choices.show(moves, boardWords.choicesBetween(this.sel, sq)); return; }
      if (this.index.canMove(sq)) { this.select(sq); return; }
      const from = this.sel;
      this.deselect();
      this.explain(from, sq);
      return;
    }
    if (this.dropKind) {
      const drops = this.index.dropsAt(sq, this.dropKind);
      if (drops.length === 1) { this.play(drops[0].n); return; }
      if (drops.length > 1) { this.choices.show(drops, boardWords.choicesOn(sq)); return; }
      if (this.index.canMove(sq)) { this.select(sq); return; }
      this.explain(null, sq, this.dropKind);
      return;
    }
    if (this.index.canMove(sq)) { this.select(sq); return; }
    // an empty square and no kind picked: the kinds that may go there
    const drops = this.index.dropsAt(sq, null);
    if (drops.length === 1) { this.play(drops[0].n); return; }
    if (drops.length) { this.choices.show(drops, boardWords.choicesOn(sq)); return; }
    if (this.pieceAt(sq)) this.explain(sq, null);
  }

  // A kind dragged from the hand was let go at (x, y).
  /** @param {number} x @param {number} y */
  dropAt(x, y) {
    const sq = this.view && this.view.squareAt(x, y);
    if (sq && this.view) { this.view.cursor = sq; this.pick(sq); }
  }

  // ---- the hand: pick a kind, then a square
  /** @param {string} kind @param {boolean} [viaKeyboard] */
  pickKind(kind, viaKeyboard) {
    if (!this.canAct() || !this.state) return;
    if (this.dropKind === kind) { this.unpickKind(true); return; }
    const item = this.setKind(kind);
    if (!item) return;
    const dests = this.dests();
    const view = this.ensureView();
    if (!view.cursor || !dests.includes(view.cursor)) view.cursor = dests[0] || view.cursor;
    if (viaKeyboard) view.keyboard = true;
    this.focus();
    this.drawMarks();
    this.announce(boardWords.kindPicked(item.name, dests.length, viaKeyboard ? view.cursor : null));
  }

  /** @param {string} kind */
  setKind(kind) {
    const item = this.handItem(kind);
    if (!item) return null;
    this.sel = null;
    this.choices.clear();
    this.setHint("");
    this.dropKind = kind;
    this.hand.render();
    this.drawMarks();
    return item;
  }

  /** @param {boolean} say */
  unpickKind(say) {
    if (!this.dropKind) return;
    const item = this.handItem(this.dropKind);
    this.dropKind = null;
    this.hand.render();
    this.drawMarks();
    if (say && item) this.announce(boardWords.kindPutBack(item.name));
  }

  // ---- engine requests
  /** A command for this board: busy meanwhile; an error is shown and
   *  answers null. The reply's state is there for the commands that answer it.
   * @param {Request} obj @returns {Promise<StateReply | null>} */
  async request(obj) {
    this.emit("request", obj);
    this.busy = true;
    this.fig.dataset.busy = "true";
    try {
      const reply = await getEngine().request({ ...obj, board: this.id });
      if (!reply.ok) {
        if (reply.fatal) this.fig.dataset.state = "error";
        if (this.diagram) this.messages.say(reply.error, "error"); else this.setHint(reply.error, "error");
        if (reply.fatal) this.engineFailed(reply.detail || reply.error);
        return null;
      }
      return /** @type {StateReply} */ (reply);
    } finally {
      this.busy = false;
      delete this.fig.dataset.busy;
    }
  }

  /** Play a move the normal way (announced). @param {string} notation */
  async play(notation) {
    if (!this.canAct()) return;
    if (this.playHandler) { this.choices.clear(); await this.playHandler(notation); return; }
    if (this.early.play(notation)) return;     // before the engine: drawn, and played when it is up
    const prev = this.state;
    this.choices.clear();
    const reply = await this.request({ cmd: "play", move: notation });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    const last = reply.state.last;
    const taken = last ? last.captures.map((sq) => boardWords.taken(prev?.pieces[sq], sq)) : [];
    let text = boardWords.played(last, notation, taken);   // the status line (aria-live) says what comes next
    if (this.onlyFree() && !reply.check) text += boardWords.onlyMove(this.index.free.map((m) => m.label || m.n));
    if (reply.check) {
      this.answered = reply.check.correct ? "right" : "wrong";
      this.messages.showFeedback(this.answered, reply.check.move);   // aria-live too
      this.controls.update();
      this.choices.renderFree();
      this.hand.render();
    }
    this.announce(text);
  }

  /** A control button's action. @param {string} name @param {HTMLButtonElement | null} [button] */
  async action(name, button) {
    if (this.busy || !this.state) return;
    this.setHint("");
    if (name === "retry") name = "undo";
    if (name === "restart" && this.mode === "game" && this.state.changed) {
      this.confirmDiscard(button, boardWords.confirmRestart, () => this.action("restart-now", button));
      return;
    }
    if (name === "restart-now") name = "restart";
    this.controls.closeConfirm();
    const reply = await this.request(ACTIONS[name]());
    if (!reply || this.dead) return;
    if (name === "undo" || name === "restart") {
      this.answered = null;
      this.messages.showFeedback(null);
    }
    this.apply(reply.state);
    /** @type {Record<string, string>} */
    const said = { undo: boardWords.undone, redo: boardWords.redone, restart: boardWords.restarted,
      flip: boardWords.flipped(reply.state.orientation) };
    this.announce(said[name]);
    if (button && button.isConnected && !button.disabled) button.focus({ preventScroll: true });
    else this.focus();
  }

  /** A new game with ``options`` (the options panel's form), asking first
   *  when moves would be lost. */
  /** @param {Record<string, unknown>} options @param {HTMLButtonElement | null} [button] */
  newGame(options, button) {
    if (this.busy || !this.state) return;
    const start = async () => {
      this.setHint("");
      const reply = await this.request({ cmd: "restart", options });
      if (!reply || this.dead) return;
      this.answered = null;
      this.optionsPanel.reset();      // rebuild the form from the new game's values
      this.apply(reply.state);
      if (reply.note) this.setHint(reply.note, "explain");
      this.optionsPanel.close();
      this.announce(boardWords.newGame(reply.state.status));
      this.focus();
    };
    if (this.state.changed) this.confirmDiscard(button, boardWords.confirmNewGame, start);
    else { this.controls.closeConfirm(); start(); }
  }

  /** @param {string} name @param {HTMLButtonElement | null} [button] */
  async runShortcut(name, button) {
    if (!this.canAct()) return;
    const label = button ? button.textContent : name;
    this.setHint("");
    this.choices.clear();
    const reply = await this.request({ cmd: "shortcut", name });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    this.announce(boardWords.shortcutPlayed(label || name, reply.played));
    this.focus();
  }

  /** @param {number} plies */
  async undoShortcut(plies) {
    if (this.busy || !this.state) return;
    this.setHint("");
    const reply = await this.request({ cmd: "undo", plies });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    this.announce(boardWords.takenBack(plies));
    /** @type {HTMLButtonElement | null | undefined} */
    const again = this.shortcutPanel.box?.querySelector("button[data-shortcut]");
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else this.focus();
  }

  /** Why a pick is not a move, in the engine's words.
   * @param {string | null} from @param {string | null} to @param {string | null} [drop] */
  async explain(from, to, drop) {
    if (this.early.explain(from, to)) return;
    const reply = await this.request({ cmd: "explain", from, to, drop });
    if (!reply || this.dead) return;
    const message = reply.message;
    if (this.mode === "try" && to) {
      // The page may explain this attempt itself; else the engine's reason.
      const own = reply.attempt && this.messages.wrongTemplate(reply.attempt);
      this.messages.showFeedback("illegal", null, message, own);
    } else if (this.diagram) {
      this.messages.say(message, "explain");
    } else {
      this.setHint(message, "explain");
    }
  }

  // Square-less moves (pass) are the only moves left: the turn is lost.
  onlyFree() {
    return !!(this.state && this.index.onlyFree() && !this.state.result);
  }

  // ---- the panels, as add-ons call them (ADDONS.md)
  /** @param {string} text @param {"error" | "explain"} [kind] */
  setHint(text, kind) { this.messages.setHint(text, kind); }
  /** @param {string} text */
  announce(text) { this.messages.announce(text); }
  /** @param {HTMLElement | null | undefined} trigger @param {string} yesText @param {() => void} go */
  confirmDiscard(trigger, yesText, go) { this.controls.confirmDiscard(trigger, yesText, go); }
}
