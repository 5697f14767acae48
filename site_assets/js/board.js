// The board widget's controller: engine requests, narrowing the engine's
// legal moves (from-square, then to-square, then a labelled choice), the
// locks and the add-on host. It knows no rules: the engine sends the state
// (sharah_web/session.py: BoardState). The picture, pointer and keys are
// the view's (view.js); the panels around it are panels.js's.
// A diagram shows where a clicked piece may go (never played); a try board
// checks the reader's move. Drops: pick a kind in the hand, then a square
// (or drag the kind there); it stays picked for that player's next turn.
//
// Exports: registerAddon(addon) (ADDONS.md), widgets (the boards on the
// page), preopen(configText) and dropPreopened() (a page's first board
// opened ahead), Board (new Board(figure)).

import { getEngine, engineIfStarted, engineReady } from "./engine.js?v=__SHARAH_BUILD__";
import { el, cap, nearScreen } from "./dom.js?v=__SHARAH_BUILD__";
import { BoardView } from "./view.js?v=__SHARAH_BUILD__";
import { earlyBegin, earlyTakeover, earlyHandover, earlyPlay, earlyExplain } from "./early.js?v=__SHARAH_BUILD__";
import { Messages, Choices, Controls, HandPanel, Shortcuts, MoveList, OptionsPanel } from "./panels.js?v=__SHARAH_BUILD__";
import { watchEarly, ready } from "./ready.js?v=__SHARAH_BUILD__";

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

// ---- a page's first board opened ahead (sharah.js calls preopen when the
// reader clicks, points at or focuses a link to it): the board takes that
// answer over when it mounts if its open request is the very same (else,
// e.g. with a saved game, it opens anew and the early one is closed).
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

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export class Board {
  constructor(fig) {
    this.fig = fig;
    this.cfg = JSON.parse(fig.dataset.config);
    this.mode = this.cfg.mode;
    this.id = `${this.cfg.uid}~${++mountCounter}`;
    this.box = fig.querySelector(".sharah-svg");
    this.mountNo = mountCounter;
    this.diagram = this.mode === "diagram";
    this.state = null;
    this.sel = null;         // selected from-square
    this.dropKind = null;    // the kind picked from the hand (drops)
    this.handPick = {};      // side -> the kind that side picked last (kept for its next turn)
    this.busy = false;
    this.answered = null;    // try: "right" | "wrong"
    this.dead = false;
    this.view = null;        // the picture (view.js), once the engine is up
    this.byFrom = new Map();
    this.byTo = new Map();   // drops: no from-square
    this.free = [];          // no squares at all (pass)
    this.abort = new AbortController();
    this.addons = new Map();     // add-on name -> its instance on this board
    this.listeners = new Map();  // event -> Set of functions (see on())
    this.locks = new Set();      // names of whatever holds the board (e.g. the computer thinking)
    this.interceptor = null;     // {name, pick(sq), pieceAt?(sq)}: an add-on's mode (editor)
    this.playHandler = null;     // async (notation): an add-on's way to send a move (puzzles: "solve")
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
    earlyBegin(this, req); // early.js: the build's answer answers taps until the engine is up
    const reply = await replied;
    if (this.dead) return;
    if (!reply.ok && !reply.fatal && req.saved != null && this.refusedSaved == null) {
      // the saved game made the board fail to open (the engine refused the
      // request itself): open it fresh; records.js sets the entry aside
      this.refusedSaved = reply.error;
      this.start();
      return;
    }
    if (!reply.ok) {
      this.fig.dataset.state = "error";
      this.setHint(reply.error, "error");
      if (reply.fatal) this.engineFailed(reply.error);
      return;
    }
    const kept = earlyTakeover(this);
    if (!this.view) this.view = this.makeView();
    this.apply(reply.state);
    this.fig.dataset.state = "ready";
    for (const b of this.controls.box?.querySelectorAll("button") || []) b.disabled = false;
    this.controls.update();
    this.renderPanels();
    this.box.setAttribute("tabindex", "0");
    this.mountAddons(reply);
    // Once per page, not per board (ready.js); diagrams say nothing.
    ready(this, widgets);
    await earlyHandover(this, reply.state, kept);    // a move made early is played now
  }

  /** How soon this board's opening should reach an engine still booting:
   *  0 the reader has touched it (a kept tap, a move made early, a piece
   *  selected), 1 it is on or near the screen, 2 the others. */
  urgency() {
    if (this.earlyTap || this.earlyMove || this.sel) return 0;
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

  /** The engine failed under this board: say so on window, for recover.js. */
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
        ? "Diagram. Arrow keys move the cursor; Enter or Space shows where the piece there can go; Escape lets go. The position does not change."
        : "Board. Arrow keys move the cursor; Enter or Space picks up a piece and puts it down; Escape cancels.",
      canAct: () => this.canAct(),
      canDrag: (sq) => live() && this.byFrom.has(sq),
      isTarget: (sq) => live() && !!this.sel && this.dests().includes(sq),
      firstCursor: () => this.sel || this.dests()[0] || [...this.byFrom.keys()][0]
        || [...this.byTo.keys()][0] || null,
      describe: (sq) => this.describe(sq),
      on: {
        pick: (sq) => this.pick(sq),
        select: (sq) => this.select(sq),
        deselect: () => this.deselect(),
        announce: (text) => this.announce(text),
        escape: (e) => {
          if (this.sel) { e.preventDefault(); this.deselect(); if (!this.diagram) this.announce("Cancelled."); }
          else if (this.dropKind) { e.preventDefault(); this.unpickKind(true); }
          else if (this.diagram && this.messages.saying()) { e.preventDefault(); this.messages.say(null); }
        },
      },
    });
  }

  focus() {
    this.box.focus({ preventScroll: true });
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
    if (on) { this.sel = null; this.choices.clear(); this.view?.cancelDrag(); this.hand.cancelDrag(); }
    if (this.locks.size) this.fig.dataset.locked = [...this.locks].join(" ");
    else delete this.fig.dataset.locked;
    if (!this.state) return;
    this.renderPanels();
    this.drawMarks();
  }

  /** Route square picks (click, tap, Enter) to an add-on's mode, or back to
   *  play with null. */
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

  // ---- state from the engine
  apply(state) {
    const prev = this.state;
    this.state = state;
    this.sel = null;
    this.choices.clear();
    if (!prev || prev.svg !== state.svg || this.otherSvg) {
      this.view.show(state.svg);
      this.otherSvg = false;
    }
    this.indexMoves(state);
    // the kind this player picked last stays picked while they still hold it
    const kinds = (state.hand || []).map((h) => h.kind);
    const kept = this.handPick[state.to_move];
    this.dropKind = kept && kinds.includes(kept) ? kept : null;
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

  /** The moves by from-square, by to-square (drops) and square-less. */
  indexMoves(state) {
    this.byFrom = new Map();
    this.byTo = new Map();
    this.free = [];
    // each move (session.MoveEntry): {n, from, to} and, only when they say
    // something, drop, label, kind (when not "move") and captures
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
  }

  renderPanels() {
    this.choices.renderFree();
    this.hand.render();
    this.shortcutPanel.render();
  }

  /** Show an SVG from the engine that is not the game's (the editor's
   *  draft); the next state, or showSvg(state.svg), puts the game back. */
  showSvg(svg) {
    this.view.show(svg);
    this.otherSvg = !this.state || svg !== this.state.svg;
    this.drawMarks();
  }

  pieceAt(sq) {
    if (this.interceptor && this.interceptor.pieceAt) return this.interceptor.pieceAt(sq);
    return this.state && this.state.pieces[sq];
  }

  // ---- marks: the selected square and where it (or the kind in hand) may go
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
    if (!this.view) return;
    this.view.draw({ selected: this.sel, dests: this.dests() });
    if (this.diagram) {
      // the page's own destinations (show:) give way to the reader's choice
      if (this.sel) this.fig.dataset.exploring = "true";
      else delete this.fig.dataset.exploring;
    }
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

  select(sq) {
    if (this.dropKind) this.unpickKind(false);
    this.sel = sq;
    this.choices.clear();
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
      this.messages.say(`${what} ${parts.join("; and ")}.`, "show");
      return;
    }
    if (inPlace.length) this.choices.show(inPlace, `The ${p ? p.name.toLowerCase() : "piece"} on ${sq}:`, false);
    this.announce(`${p ? `${cap(p.side || "")} ${p.name.toLowerCase()}` : "Piece"} on ${sq} selected: `
      + (dests.length ? `${plural(dests.length, "square", "squares")}: ${dests.join(", ")}.` : "no move."));
  }

  deselect() {
    if (!this.sel) return;
    this.sel = null;
    this.choices.clear();
    this.drawMarks();
    if (this.diagram) this.messages.say(null);
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
        this.messages.say(`${moves.map((m) => m.n).join(" or ")} is a legal move; a diagram only shows it.`, "show");
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
      if (moves.length > 1) { this.choices.show(moves, `${this.sel} to ${sq}:`); return; }
      if (this.byFrom.has(sq)) { this.select(sq); return; }
      const from = this.sel;
      this.deselect();
      this.explain(from, sq);
      return;
    }
    if (this.dropKind) {
      const drops = this.dropsOf(this.dropKind).filter((m) => m.to === sq);
      if (drops.length === 1) { this.play(drops[0].n); return; }
      if (drops.length > 1) { this.choices.show(drops, `On ${sq}:`); return; }
      if (this.byFrom.has(sq)) { this.select(sq); return; }
      this.explain(null, sq, this.dropKind);
      return;
    }
    if (this.byFrom.has(sq)) { this.select(sq); return; }
    // an empty square and no kind picked: the kinds that may go there
    const drops = this.byTo.get(sq);
    if (drops && drops.length === 1) { this.play(drops[0].n); return; }
    if (drops && drops.length) { this.choices.show(drops, `On ${sq}:`); return; }
    if (this.pieceAt(sq)) this.explain(sq, null);
  }

  // A kind dragged from the hand was let go at (x, y).
  dropAt(x, y) {
    const sq = this.view && this.view.squareAt(x, y);
    if (sq) { this.view.cursor = sq; this.pick(sq); }
  }

  // ---- the hand: pick a kind, then a square
  pickKind(kind, viaKeyboard) {
    if (!this.canAct() || !this.state) return;
    if (this.dropKind === kind) { this.unpickKind(true); return; }
    const item = this.setKind(kind);
    if (!item) return;
    const dests = this.dests();
    const view = this.view;
    if (!dests.includes(view.cursor)) view.cursor = dests[0] || view.cursor;
    if (viaKeyboard) view.keyboard = true;
    this.focus();
    this.drawMarks();
    const name = item.name.toLowerCase();
    this.announce(`${item.name} picked: ${plural(dests.length, "square", "squares")} to place it.`
      + (viaKeyboard && view.cursor
        ? ` The cursor is on ${view.cursor}: move it with the arrow keys, then press Enter to place the ${name}.`
        : ""));
  }

  setKind(kind) {
    const item = this.handItem(kind);
    if (!item) return null;
    this.sel = null;
    this.choices.clear();
    this.setHint("");
    this.dropKind = kind;
    this.handPick[this.state.to_move] = kind;
    this.hand.render();
    this.drawMarks();
    return item;
  }

  unpickKind(say) {
    if (!this.dropKind) return;
    const item = this.handItem(this.dropKind);
    this.dropKind = null;
    if (this.state) delete this.handPick[this.state.to_move];
    this.hand.render();
    this.drawMarks();
    if (say && item) this.announce(`${item.name} put back.`);
  }

  // ---- engine requests
  async request(obj) {
    this.emit("request", obj);
    this.busy = true;
    this.fig.dataset.busy = "true";
    try {
      const reply = await getEngine().request({ ...obj, board: this.id });
      if (!reply.ok) {
        if (reply.fatal) this.fig.dataset.state = "error";
        if (this.diagram) this.messages.say(reply.error, "error"); else this.setHint(reply.error, "error");
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
    if (this.playHandler) { this.choices.clear(); await this.playHandler(notation); return; }
    if (earlyPlay(this, notation)) return;     // before the engine: drawn, and played when it is up
    const prev = this.state;
    this.choices.clear();
    const reply = await this.request({ cmd: "play", move: notation });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    const last = reply.state.last;
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
      this.messages.showFeedback(this.answered, reply.check.move);   // aria-live too
      this.controls.update();
      this.choices.renderFree();
      this.hand.render();
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
    this.controls.closeConfirm();
    const reply = await this.request(ACTIONS[name]());
    if (!reply || this.dead) return;
    if (name === "undo" || name === "restart") {
      this.answered = null;
      this.messages.showFeedback(null);
    }
    if (name === "restart") this.handPick = {};      // a new start: nothing picked
    this.apply(reply.state);
    this.announce({ undo: "Move taken back.", redo: "Move replayed.", restart: "Back to the start.",
      flip: `The board is turned: ${reply.state.orientation} at the bottom.` }[name]);
    if (button && button.isConnected && !button.disabled) button.focus({ preventScroll: true });
    else this.focus();
  }

  /** A new game with ``options`` (the options panel's form), asking first
   *  when moves would be lost. */
  newGame(options, button) {
    if (this.busy || !this.state) return;
    const start = async () => {
      this.setHint("");
      const reply = await this.request({ cmd: "restart", options });
      if (!reply || this.dead) return;
      this.answered = null;
      this.handPick = {};
      this.optionsPanel.reset();      // rebuild the form from the new game's values
      this.apply(reply.state);
      if (reply.note) this.setHint(reply.note, "explain");
      this.optionsPanel.close();
      this.announce(`New game. ${reply.state.status}.`);
      this.focus();
    };
    if (this.state.changed) this.confirmDiscard(button, "Yes, new game", start);
    else { this.controls.closeConfirm(); start(); }
  }

  async runShortcut(name, button) {
    if (!this.canAct()) return;
    const label = button ? button.textContent : name;
    this.setHint("");
    this.choices.clear();
    const reply = await this.request({ cmd: "shortcut", name });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    this.announce(`${label}: ${plural(reply.played, "move", "moves")} played.`);
    this.focus();
  }

  async undoShortcut(plies) {
    if (this.busy || !this.state) return;
    this.setHint("");
    const reply = await this.request({ cmd: "undo", plies });
    if (!reply || this.dead) return;
    this.apply(reply.state);
    this.announce(`${plural(plies, "move", "moves")} taken back.`);
    const again = this.shortcutPanel.box?.querySelector("button[data-shortcut]");
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else this.focus();
  }

  async explain(from, to, drop) {
    if (earlyExplain(this, from, to, drop)) return;
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
    return !!(this.state && this.free && this.free.length && this.free.length === this.state.moves.length
      && !this.state.result);
  }

  // ---- the panels, as add-ons call them (ADDONS.md)
  setHint(text, kind) { this.messages.setHint(text, kind); }
  announce(text) { this.messages.announce(text); }
  confirmDiscard(trigger, yesText, go) { this.controls.confirmDiscard(trigger, yesText, go); }
}
