// @ts-check
// Play before the runtime: a board answers the first tap before Pyodide
// has booted, from the answer the build asked the engine for
// (sharah_web/early.py: the open answer's moves and pieces, each move's
// atomic effects on the picture, who moves next). No rule lives here: the
// page narrows the baked move list as it narrows the live one (narrow.js),
// and draws a chosen move from its baked effects (answers.js).
//
// Each board holds one Early (board.early), which keeps its own data (a
// kept tap, the answer shown, a move made early) and changes the board
// only through the board's methods (showBuilt, dropBuilt, hold,
// pickSquare). board.js calls:
//   begin(req)             in start(), while the engine is booting (req: the open request)
//   play(n) -> bool        in play(): the move is drawn and kept
//   explain(from, to) -> bool  in explain(): what the list alone says
//   takeover()             in start(), once the engine has answered
//   handover(state, kept)  at the end of start(): the engine is up; its
//     answer wins. A kept move is played through the normal path (so the
//     computer add-on replies to it); a stale baked answer (a page built
//     before the engine changed) is said, and the move is played only if
//     the engine has it.
//   touched()              whether the reader has touched the board (urgency)
//
// The page's file (assets/sharah/early/<page>.json) is fetched after the
// first paint: by the page's head on the page loaded first, here on a page
// reached by instant navigation. It is data, checked as it is unpacked
// (answers.js): the squares and the pieces are built as elements from it,
// never inserted as markup. A tap made before that file (or the engine) is
// there is kept, and replayed on the board as soon as it can answer it.

import { engineReady } from "./engine.js";
import { SVG_NS } from "./dom.js";
import { unpack, pageKey, effectsOf, applyEffects, nextToMove, gridSquares, squareAt } from "./answers.js";
import { computerSides, pageStore, playersKey, readJSON } from "./store.js";
import { earlyWords } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./types.js").MoveEntry} MoveEntry */
/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").OpenRequest} OpenRequest */
/** @typedef {import("./answers.js").EarlyAnswer} EarlyAnswer */
/** @typedef {import("./answers.js").Look} Look */
/** What an early board kept for the engine: the answer shown, a move made, the piece selected.
 * @typedef {{ answer: EarlyAnswer | null, move: string | null, sel: string | null }} Kept */

/** @type {Map<string, Promise<Record<string, EarlyAnswer> | null>>} page key -> its answers */
const files = new Map();

export const earlyStats = { shown: 0, played: 0, stale: 0, replayedTaps: 0 };

/** @returns {Promise<void>} */
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** @param {string} uid @returns {Promise<Record<string, EarlyAnswer> | null>} */
function pageAnswers(uid) {
  const key = pageKey(uid);
  const known = files.get(key);
  if (known) return known;
  // the page's head asked for it once its first board was painted (the
  // page loaded first, not reached by instant navigation): that reply
  const asked = window.sharahEarlyFile && window.sharahEarlyFile.key === key ? window.sharahEarlyFile : null;
  if (asked) window.sharahEarlyFile = null;
  const reply = asked ? asked.reply
    : afterPaint().then(() => fetch(new URL(`../early/${key}.json`, import.meta.url)))
      .then((res) => (res.ok ? res.json() : null));
  const answers = reply.then(unpack).catch(() => null);
  files.set(key, answers);
  return answers;
}

/** The sides the visitor set to the computer on this board (computer.js's
 *  stored settings), read without the engine. @param {Board} board */
const computerSidesOf = (board) => computerSides(readJSON(pageStore(), playersKey(location.pathname, board.cfg.uid)));

/** The board's drawing (its svg, whose viewBox is exactly its squares: the
 *  box around it also holds the coordinates' gutter). @param {Board} board */
const drawing = (board) => board.box.querySelector("svg") || board.box;

// The boards whose baked answer is here wait until the reader can reach
// them: on or near the screen (within a screen's height), or tapped. They
// are shown one per task (a page may hold forty, and a large board takes
// a while to show), a tapped board first. The others stay as drawn until
// the engine is up: the first seconds of a page are busy enough, on the
// same cores as Pyodide's boot.
/** @type {Set<Early>} */
const waiting = new Set();
let pumping = false;
// the boards on or near the screen, as the observer last said (asking each
// board where it is would lay the page out again after each board shown)
/** @type {Set<Element>} */
const near = new Set();
const seen = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) near.add(e.target);
      else near.delete(e.target);
    }
    if (entries.some((e) => e.isIntersecting)) pump();
  }, { rootMargin: "100% 0px" })
  : null;

function pump() {
  if (pumping || !nextToShow()) return;
  pumping = true;
  setTimeout(() => {
    pumping = false;
    const early = nextToShow();
    if (early) early.showNow();
    pump();
  }, 0);
}

function nextToShow() {
  /** @type {Early | null} */
  let first = null;
  for (const early of waiting) {
    if (early.tap) return early;
    if (!first && (!seen || near.has(early.board.box))) first = early;
  }
  return first;
}

/** A board's early answers: its own data, and what it does on the board. */
export class Early {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    this.begun = false;
    /** @type {{ x: number, y: number } | null} a tap kept before anything could answer it */
    this.tap = null;
    /** @type {EarlyAnswer | null} the build's answer, shown */
    this.answer = null;
    /** @type {EarlyAnswer | null} the build's answer, waiting to be shown */
    this.waiting = null;
    /** @type {string | null} a move made early, for the engine */
    this.move = null;
  }

  /** Has the reader touched the board (a kept tap, a move made early)? */
  touched() {
    return !!(this.tap || this.move);
  }

  /** The engine is booting: the build's answer answers the board's taps.
   * @param {OpenRequest} req the board's open request */
  begin(req) {
    const board = this.board;
    if (this.begun) return;
    this.begun = true;
    // the baked answer is for the page's board as built: not for a board an
    // add-on opens otherwise (a saved game put back, a game from a link)
    // (or a kept game that is just the board as built: the baked save answer)
    const own = (/** @type {string} */ k) => k === "cmd" || k === "board" || k === "saved"
      || JSON.stringify(Object(req)[k]) === JSON.stringify(board.cfg[k]);
    const asBuilt = !req || Object.keys(req).every(own);
    const signal = board.abort.signal;
    // a tap before anything can answer it: kept as a place on the drawing
    board.box.addEventListener("pointerdown", (e) => {
      if (board.view || e.button !== 0) return;
      const r = drawing(board).getBoundingClientRect();
      if (!r.width || !r.height) return;
      this.tap = { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
    }, { signal });
    signal.addEventListener("abort", () => this.unwait());   // the board went away
    // a tap on a board whose answer waits: shown in the next task
    board.box.addEventListener("pointerdown", () => { if (waiting.has(this)) setTimeout(pump, 0); }, { signal });
    // a tap made before this module ran (the page's head keeps the last one)
    const taps = window.sharahEarlyTaps, before = taps && taps[board.fig.id];
    if (taps) delete taps[board.fig.id];
    if (before && !this.tap && performance.now() - before.t < 20000) this.tap = { x: before.x, y: before.y };
    if (!asBuilt || engineReady()) return;   // engine up: it answers at once (instant navigation)
    pageAnswers(board.cfg.uid).then((answers) => {
      const answer = answers && answers[board.cfg.uid];
      // not on a board the engine answered already, or that it failed under (its Retry is shown)
      if (!answer || board.dead || board.view || board.state || board.fig.dataset.state === "error") return;
      if (req && req.saved != null && req.saved !== answer.saved) return;
      this.waiting = answer;
      waiting.add(this);
      if (seen) seen.observe(board.box);
      pump();
    });
  }

  unwait() {
    waiting.delete(this);
    if (seen) seen.unobserve(this.board.box);
    near.delete(this.board.box);
    const answer = this.waiting;
    this.waiting = null;
    return answer;
  }

  showNow() {
    const board = this.board;
    const answer = this.unwait();
    if (!answer || board.dead || board.view || board.state || board.fig.dataset.state === "error") return;
    try { this.show(answer); } catch (err) { console.error("sharah early board:", err); }
  }

  /** @param {EarlyAnswer} answer */
  show(answer) {
    const board = this.board;
    const svg = board.box.querySelector("svg");
    if (!svg) return;
    const before = [...board.box.childNodes].map((n) => n.cloneNode(true));
    laySquares(svg, answer);
    this.answer = answer;
    board.showBuilt(answer.state);     // the page's drawing, with the squares laid over it
    board.fig.dataset.early = "shown";
    earlyStats.shown += 1;
    // the engine failed under the board (recover.js shows Retry): the page's
    // drawing comes back and nothing is live; a move made early stays kept
    // and is played when Retry has brought the engine up
    window.addEventListener("sharah:board-failed", (e) => {
      if (e.detail?.board !== board || !this.answer) return;
      board.dropBuilt(before);
      delete board.fig.dataset.early;
    }, { signal: board.abort.signal });
    const next = answer.state.to_move;
    if (!answer.state.result && computerSidesOf(board).includes(next) && board.mode === "game") {
      this.waking();     // the computer moves first here: it waits for the engine
      return;
    }
    this.replayTap();
  }

  /** A kept tap, on the board as it answers now (the build's grid, or the
   *  engine's drawing: never a hit test at the screen point, as the board
   *  may have moved, or left the screen). */
  replayTap() {
    const board = this.board;
    const tap = this.tap;
    this.tap = null;
    if (!tap || !board.view) return;
    const sq = this.answer ? squareAt(this.answer, tap) : board.view.squareAtFraction(tap.x, tap.y);
    if (!sq) return;
    earlyStats.replayedTaps += 1;
    board.pickSquare(sq);
  }

  /** @param {string} [played] */
  waking(played) {
    this.board.hold();
    this.board.fig.dataset.early = "waking";
    this.say(earlyWords.waking(played));
  }

  /** @param {string} text */
  say(text) {
    const line = this.board.fig.querySelector(".sharah-status-text");
    if (line) line.textContent = text;
    this.board.announce(text);
  }

  /** A move chosen before the engine is up: drawn from its effects, kept
   *  for the engine. @param {string} notation @returns {boolean} whether the early answer took it */
  play(notation) {
    const board = this.board;
    const answer = this.answer;
    const st = board.state;
    if (!st || !answer) return false;
    if (this.move || board.busy) return true;
    const i = st.moves.findIndex((m) => m.n === notation);
    if (i < 0) return true;
    drawMove(board, answer, i);
    this.move = notation;
    earlyStats.played += 1;
    board.hold();
    const next = nextToMove(answer, i);
    const played = earlyWords.playedEarly(st.moves[i].label || notation);
    if (board.mode === "game" && next && computerSidesOf(board).includes(next)) this.waking(played);
    else {
      board.fig.dataset.early = "played";
      this.say(earlyWords.waiting(played));
    }
    return true;
  }

  /** Why a pick is not a move, as far as the baked list alone says it.
   * @param {string | null} from @param {string | null} to @returns {boolean} whether the early answer took it */
  explain(from, to) {
    const board = this.board;
    if (!this.answer || !board.state) return false;
    const p = from && board.state.pieces[from];
    let text;
    if (from && to) text = earlyWords.notAMove(from, to);
    else if (p && from) text = earlyWords.noMove(p, from);
    else return true;
    if (board.diagram) board.messages.say(text, "explain"); else board.setHint(text, "explain");
    return true;
  }

  /** The engine has answered the board's open: the baked answer steps down
   *  (before the engine's state is shown). What it kept, for handover.
   * @returns {Kept} */
  takeover() {
    this.unwait();    // an answer never shown: the engine's is here
    const kept = { answer: this.answer, move: this.move, sel: this.answer && this.board.sel };
    this.answer = null;
    this.move = null;
    delete this.board.fig.dataset.early;
    return kept;
  }

  /** The engine's answer is shown and the add-ons mounted: play the kept
   *  move (or replay a kept tap, or select again the piece selected early);
   *  a stale baked answer is said.
   * @param {BoardState} state @param {Kept} kept */
  async handover(state, { answer, move, sel }) {
    const board = this.board;
    if (!answer) { this.replayTap(); return; }
    const stale = !same(answer.state, state);
    if (stale) earlyStats.stale += 1;
    if (!move) {
      if (stale) board.setHint(earlyWords.shownNow, "explain");
      else if (sel && !board.sel && board.index.canMove(sel)) board.select(sel);   // the piece stays selected
      return;
    }
    if (!stale) { await board.play(move); return; }
    if (state.moves.some((m) => m.n === move)) {
      await board.play(move);
      board.setHint(earlyWords.played(move), "explain");
    } else {
      board.setHint(earlyWords.refused(move), "error");
    }
  }
}

/** The live squares (what the view picks and marks) laid over the static
 *  drawing, built as elements from the answer's grid and hint shape: a
 *  square's size is the drawing's width over its columns.
 * @param {SVGSVGElement} svg @param {EarlyAnswer} answer */
function laySquares(svg, answer) {
  const [w] = answer.grid;
  const [hx, hy, hr] = answer.hint;
  const box = svg.viewBox && svg.viewBox.baseVal;
  const size = box && box.width ? box.width / w : 100;
  const occupied = new Set([...svg.querySelectorAll("g.pc[data-sq]")].map((p) => p.getAttribute("data-sq")));
  const g = document.createElementNS(SVG_NS, "g");
  g.setAttribute("class", "squares sharah-early-squares");
  g.setAttribute("fill", "transparent");
  gridSquares(answer).forEach((name, i) => {
    const col = i % w, row = Math.floor(i / w);
    g.append(svgElement("rect", { class: "sq", "data-sq": name, "data-x": String(col), "data-y": String(row),
      x: String(col * size), y: String(row * size), width: String(size), height: String(size) }));
    g.append(svgElement("circle", { class: occupied.has(name) ? "ht ht-occ" : "ht",
      cx: String((col + hx) * size), cy: String((row + hy) * size), r: String(hr * size) }));
  });
  const first = svg.querySelector("g.squares");
  if (first) first.after(g); else svg.prepend(g);
}

/** @param {string} tag @param {Record<string, string>} attrs */
function svgElement(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** A piece's drawing built from its data (checked by answers.js: only the
 *  renderer's tags and attributes). @param {Look} look @returns {SVGElement} */
function buildLook(look) {
  const [tag, attrs, ...children] = look;
  const node = /** @type {SVGElement} */ (svgElement(tag, attrs));
  for (const child of children) node.append(buildLook(child));
  return node;
}

/** Move ``i`` of the answer drawn on the board: its effects applied to the
 *  pieces on the drawing (answers.js: applyEffects), then the drawing made
 *  to match. @param {Board} board @param {EarlyAnswer} answer @param {number} i */
function drawMove(board, answer, i) {
  const view = board.ensureView();
  const svg = view.svg;
  const rects = view.rects;
  if (!svg || !rects) return;
  /** @type {Map<string, Element>} */
  const pieces = new Map();
  for (const p of svg.querySelectorAll("g.pc[data-sq]")) pieces.set(p.getAttribute("data-sq") || "", p);
  const after = applyEffects(pieces, effectsOf(answer, i), (look) => buildLook(answer.looks[look]));
  if (!after) return;     // the answer does not fit the drawing: the engine will draw the move
  let layer = svg.querySelector("g.pieces");
  if (!layer) { layer = svgElement("g", { class: "pieces" }); svg.append(layer); }
  const kept = new Set(after.values());
  for (const p of pieces.values()) if (!kept.has(p)) p.remove();
  for (const [sq, p] of after) {
    const r = rects.get(sq);
    if (!r) continue;
    p.setAttribute("data-sq", sq);
    p.setAttribute("transform", `translate(${r.getAttribute("x")} ${r.getAttribute("y")})`);
    if (!p.isConnected) layer.append(p);
  }
  // the page's marks (highlights, arrows, its own destinations) belong to the opening
  for (const node of svg.querySelectorAll("g.marks, g.over")) node.remove();
  for (const [sq, rect] of rects) {
    const ht = rect.nextElementSibling;
    if (ht && ht.classList.contains("ht")) ht.classList.toggle("ht-occ", after.has(sq));
  }
}

/** @param {MoveEntry} m */
const key = (m) => [m.n, m.from, m.to, m.drop || null, m.kind || null, (m.captures || []).join(",")].join("|");
/** @param {{ moves: MoveEntry[], position?: string, to_move: string }} a @param {BoardState} b */
const same = (a, b) => a.position === b.position && a.to_move === b.to_move && a.moves.length === b.moves.length
  && a.moves.every((m, i) => key(m) === key(b.moves[i]));
