// @ts-check
// Play before the runtime: a board answers the first tap before
// Pyodide has booted, from the answer the build asked the engine for
// (sharah_web/early.py: the open answer's moves and pieces, each move's
// atomic effects on the picture, who moves next). No rule lives here: the
// page narrows the baked move list as it narrows the live one, and draws a
// chosen move from its baked effects.
//
// board.js calls three hooks:
//   earlyBegin(board, req)      in start(), while the engine is booting (req: the open request)
//   earlyPlay(board, n) -> bool in play(): the move is drawn and kept
//   earlyExplain(board, ...) -> bool in explain(): what the list alone says
//   earlyTakeover(board)        in start(), once the engine has answered
//   earlyHandover(board, state, kept) at the end of start(): the engine is up; its
//     answer wins. A kept move is played through the normal path (so the
//     computer add-on replies to it); a stale baked answer (a page built
//     before the engine changed) is said, and the move is played only if the
//     engine has it.
//
// The page's file (assets/sharah/early/<page>.json) is fetched after the
// first paint: by the page's head (scripts/sitebuild/head.py) on the page
// loaded first, by pageAnswers on a page reached by instant navigation.
// A tap made before that file (or the engine) is there is kept, and
// replayed on the board as soon as it can answer it.

import { engineReady } from "./engine.js";
import { nearScreen } from "./dom.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./types.js").MoveEntry} MoveEntry */
/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").OpenRequest} OpenRequest */
/** An effect on the picture (early.py): ["s", from, to] a piece shifts,
 *  ["r", sq] one goes, ["p", sq, look] one is placed, ["c", sq, look] one changes.
 * @typedef {["s", string, string] | ["r", string] | ["p" | "c", string, number | undefined]} Effect */
/** A move's effects: 0 a plain move, [1, ...effects] a plain move and more, else the effects.
 * @typedef {0 | [1, ...Effect[]] | Effect[]} Effects */
/** The open answer's keys the page needs before the engine is up (early.py: EARLY_STATE_KEYS).
 * @typedef {Pick<BoardState, "moves" | "pieces" | "to_move"> & Partial<BoardState>} EarlyState */
/**
 * A board's early answer (early.py: early_answer), unpacked.
 * @typedef {object} EarlyAnswer
 * @property {EarlyState} state
 * @property {Effects[]} fx each move's effects, in the order of state.moves
 * @property {[number, number, string]} grid columns, rows, the squares' names (row by row, as drawn)
 * @property {[string, string][]} looks the piece drawings the effects place: [attributes, body]
 * @property {Record<string, number>} [drops] a dropped kind -> its look
 * @property {[string, Record<string, string>]} [next] who moves next: usually, and after the moves that differ
 * @property {string} [saved] the saved game of the board as built
 */

const SQ = 100;   // sharah_web/svg.py: a square's size in the drawing
/** @type {Map<string, Promise<Record<string, EarlyAnswer> | null>>} */
const files = new Map();   // page key -> Promise of {uid: answer} or null
const STORE_PREFIX = "sharah-players:";   // computer.js keeps a board's players there

export const earlyStats = { shown: 0, played: 0, stale: 0, replayedTaps: 0 };

/** @param {string} uid */
const pageKey = (uid) => uid.replace(/-\d+$/, "");
/** @returns {Promise<void>} */
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** @param {string} uid @returns {Promise<Record<string, EarlyAnswer> | null>} */
function pageAnswers(uid) {
  const key = pageKey(uid);
  if (!files.has(key)) {
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
  return /** @type {Promise<Record<string, EarlyAnswer> | null>} */ (files.get(key));
}

/** A page's file (sharah_web/early.py, page_file) -> {uid: answer}: each
 *  board's looks from the page's, "from to" move entries made whole.
 * @param {any} file @returns {Record<string, EarlyAnswer> | null} */
export function unpack(file) {
  if (!file || !file.boards || !Array.isArray(file.looks)) return null;
  /** @type {Record<string, EarlyAnswer>} */
  const out = {};
  for (const [uid, answer] of Object.entries(/** @type {Record<string, any>} */ (file.boards))) {
    if (!answer || !answer.state || !Array.isArray(answer.state.moves) || !Array.isArray(answer.looks)) continue;
    const moves = answer.state.moves.map((/** @type {MoveEntry | string} */ m) => {
      if (typeof m !== "string") return m;
      const [from, to] = m.split(" ");
      return { n: from + to, from, to };
    });
    out[uid] = { ...answer, looks: answer.looks.map((/** @type {number} */ i) => file.looks[i]), state: { ...answer.state, moves } };
  }
  return out;
}

/** The sides the visitor set to the computer on this board (computer.js's
 *  stored settings), read without the engine.
 * @param {Board} board @returns {string[]} */
function computerSides(board) {
  try {
    const s = JSON.parse(window.localStorage.getItem(`${STORE_PREFIX}${location.pathname}#${board.cfg.uid}`) || "null");
    return Object.keys(s?.sides || {}).filter((side) => s.sides[side]?.player === "computer" && s.sides[side].level);
  } catch (_) {
    return [];
  }
}

/** @param {EarlyAnswer | undefined | null} answer @returns {answer is EarlyAnswer} */
function valid(answer) {
  const st = answer && answer.state;
  return !!(st && Array.isArray(st.moves) && Array.isArray(answer.fx) && answer.fx.length === st.moves.length
    && st.pieces && Array.isArray(answer.grid) && Array.isArray(answer.looks));
}

/** The engine is booting: the build's answer answers the board's taps.
 * @param {Board} board @param {OpenRequest} req the board's open request */
export function earlyBegin(board, req) {
  if (board.earlyBegun) return;
  board.earlyBegun = true;
  // the baked answer is for the page's board as built: not for a board an
  // add-on opens otherwise (a saved game put back, a game from a link)
  // (or a kept game that is just the board as built: the baked save answer)
  const own = (/** @type {string} */ k) => k === "cmd" || k === "board" || k === "saved"
    || JSON.stringify(Object(req)[k]) === JSON.stringify(board.cfg[k]);
  const asBuilt = !req || Object.keys(req).every(own);
  const box = board.box;
  // a tap before anything can answer it: kept as a place on the drawing
  // (the board's svg, whose viewBox is exactly its squares: the box
  // around it also holds the coordinates' gutter)
  const keep = (/** @type {PointerEvent} */ e) => {
    if (board.view || e.button !== 0) return;
    const r = drawing(board).getBoundingClientRect();
    if (!r.width || !r.height) return;
    board.earlyTap = { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  box.addEventListener("pointerdown", keep, { signal: board.abort.signal });
  board.abort.signal.addEventListener("abort", () => unwait(board));   // the board went away
  // a tap on a board whose answer waits: shown in the next task
  box.addEventListener("pointerdown", () => { if (waiting.has(board)) setTimeout(pump, 0); },
    { signal: board.abort.signal });
  // a tap made before this module ran (the page's head keeps the last one)
  const taps = window.sharahEarlyTaps, before = taps && taps[board.fig.id];
  if (taps) delete taps[board.fig.id];
  if (before && !board.earlyTap && performance.now() - before.t < 20000) board.earlyTap = { x: before.x, y: before.y };
  if (!asBuilt || engineReady()) return;   // engine up: it answers at once (instant navigation)
  pageAnswers(board.cfg.uid).then((answers) => {
    const answer = answers && answers[board.cfg.uid];
    // not on a board the engine answered already, or that it failed under (its Retry is shown)
    if (board.dead || board.view || board.state || board.fig.dataset.state === "error" || !valid(answer)) return;
    if (req && req.saved != null && req.saved !== answer.saved) return;
    wait(board, answer);
  });
}

// The boards whose baked answer is here wait until the reader can reach
// them: on or near the screen (within a screen's height), or tapped. They
// are shown one per task (a page may hold forty, and a large board takes
// a while to show), a tapped board first. The others stay as drawn until
// the engine is up: the first seconds of a page are busy enough, on the
// same cores as Pyodide's boot.
/** @type {Set<Board>} */
const waiting = new Set();
let pumping = false;
const seen = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) pump(); },
    { rootMargin: "100% 0px" })
  : null;

/** @param {Board} board @param {EarlyAnswer} answer */
function wait(board, answer) {
  board.earlyWaiting = answer;
  waiting.add(board);
  if (seen) seen.observe(board.box);
  pump();
}

function pump() {
  if (pumping || !nextToShow()) return;
  pumping = true;
  setTimeout(() => {
    pumping = false;
    const board = nextToShow();
    if (board) showNow(board);
    pump();
  }, 0);
}

function nextToShow() {
  let near = null;
  for (const board of waiting) {
    if (board.earlyTap) return board;
    if (!near && (!seen || nearScreen(board.box))) near = board;
  }
  return near;
}

/** @param {Board} board */
function unwait(board) {
  waiting.delete(board);
  if (seen) seen.unobserve(board.box);
  const answer = board.earlyWaiting;
  board.earlyWaiting = null;
  return answer;
}

/** @param {Board} board */
function showNow(board) {
  const answer = unwait(board);
  if (!answer || board.dead || board.view || board.state || board.fig.dataset.state === "error") return;
  try { show(board, answer); } catch (err) { console.error("sharah early board:", err); }
}

/** @param {Board} board @param {EarlyAnswer} answer */
function show(board, answer) {
  const svg = board.box.querySelector("svg");
  if (!svg) return;
  const [w, h, names] = answer.grid;
  const squares = names.split(" ");
  // the live squares (what the view picks and marks) over the static drawing
  const g = document.createElementNS(svg.namespaceURI, "g");
  g.setAttribute("class", "squares sharah-early-squares");
  g.setAttribute("fill", "transparent");
  const occupied = new Set([...svg.querySelectorAll("g.pc[data-sq]")].map((p) => p.getAttribute("data-sq")));
  let markup = "";
  squares.forEach((name, i) => {
    const col = i % w, row = Math.floor(i / w);
    markup += `<rect class="sq" data-sq="${name}" data-x="${col}" data-y="${row}" x="${col * SQ}" y="${row * SQ}" `
      + `width="${SQ}" height="${SQ}"/><circle class="ht${occupied.has(name) ? " ht-occ" : ""}" `
      + `cx="${col * SQ + 50}" cy="${row * SQ + 50}" r="15"/>`;
  });
  g.innerHTML = markup;
  const before = board.box.innerHTML;
  const first = svg.querySelector("g.squares");
  if (first) first.after(g); else svg.prepend(g);
  board.earlyAnswer = answer;
  const view = board.ensureView();
  view.show();      // the page's drawing, with the squares laid over it
  board.state = /** @type {BoardState} */ ({ ...answer.state, board: board.id });   // while board.earlyAnswer is set
  board.indexMoves(board.state);
  board.fig.dataset.early = "shown";
  earlyStats.shown += 1;
  // the engine failed under the board (recover.js shows Retry): the page's
  // drawing comes back and nothing is live; a move made early stays kept
  // (board.earlyMove) and is played when Retry has brought the engine up
  window.addEventListener("sharah:board-failed", (e) => {
    if (e.detail?.board !== board || !board.earlyAnswer) return;
    view.show(before);
    board.state = null;
    board.sel = null;
    board.indexMoves({ moves: [] });
    board.busy = false;
    delete board.fig.dataset.early;
  }, { signal: board.abort.signal });
  board.drawMarks();
  const next = answer.state.to_move;
  if (!answer.state.result && computerSides(board).includes(next) && board.mode === "game") {
    waking(board);     // the computer moves first here: it waits for the engine
    return;
  }
  replayTap(board);
}

/** @param {Board} board */
const drawing = (board) => board.box.querySelector("svg") || board.box;

/** @param {Board} board */
function replayTap(board) {
  const tap = board.earlyTap;
  board.earlyTap = null;
  const answer = board.earlyAnswer;
  const view = board.view;
  if (!tap || !view) return;
  let sq = null;
  if (answer) {
    const [w, h, names] = answer.grid;
    const col = Math.floor(tap.x * w), row = Math.floor(tap.y * h);
    if (col >= 0 && col < w && row >= 0 && row < h) sq = names.split(" ")[row * w + col];
  } else {
    // the engine's drawing: the square at that place of its grid (not a hit
    // test at the screen point: the board may have moved, or left the screen)
    const box = view.svg && view.svg.viewBox && view.svg.viewBox.baseVal;
    if (box && box.width && box.height) {
      sq = view.at.get(`${Math.floor((tap.x * box.width) / SQ)},${Math.floor((tap.y * box.height) / SQ)}`) || null;
    }
  }
  if (!sq) return;
  earlyStats.replayedTaps += 1;
  view.cursor = sq;
  board.pick(sq);
}

/** @param {Board} board @param {string} [played] */
function waking(board, played) {
  board.busy = true;
  board.fig.dataset.early = "waking";
  const text = `${played ? `${played}. ` : ""}The computer is waking up…`;
  setStatus(board, text);
}

/** @param {Board} board @param {string} text */
function setStatus(board, text) {
  const line = board.fig.querySelector(".sharah-status-text");
  if (line) line.textContent = text;
  board.announce(text);
}

/** A move chosen before the engine is up: drawn from its effects, kept for the engine.
 * @param {Board} board @param {string} notation @returns {boolean} whether it was the early answer's */
export function earlyPlay(board, notation) {
  const st = board.state;
  if (!st || !board.earlyAnswer) return false;
  if (board.earlyMove || board.busy) return true;
  const i = st.moves.findIndex((m) => m.n === notation);
  if (i < 0) return true;
  const answer = board.earlyAnswer;
  draw(board, st.moves[i], answer.fx[i], answer.looks);
  board.earlyMove = notation;
  earlyStats.played += 1;
  board.sel = null;
  board.choices.clear();
  board.busy = true;
  board.drawMarks();
  const [usual, other] = answer.next || [];
  const next = (other && other[String(i)]) || usual;
  const played = `${st.moves[i].label || notation} played`;
  if (board.mode === "game" && next && computerSides(board).includes(next)) waking(board, played);
  else {
    board.fig.dataset.early = "played";
    setStatus(board, `${played}. Waiting for the engine…`);
  }
  return true;
}

// A move's effects on the picture (sharah_web/early.py): 0 a plain move,
// [1, ...] a plain move and more, else the effects.
/** @param {Board} board @param {MoveEntry} move @param {Effects} fx @param {[string, string][]} looks */
function draw(board, move, fx, looks) {
  const view = board.ensureView();
  const svg = view.svg;
  const rects = view.rects;
  if (!svg || !rects) return;
  /** @type {Effect[]} */
  let effects = [];
  if (fx === 0 || (Array.isArray(fx) && fx[0] === 1)) {
    if (move.from && move.to) {
      for (const sq of move.captures || []) effects.push(["r", sq]);
      effects.push(["s", move.from, move.to]);
    } else if (move.to && move.drop) {
      effects.push(["p", move.to, dropLook(board, move)]);
    }
    if (fx !== 0) effects = effects.concat(/** @type {Effect[]} */ (fx.slice(1)));
  } else if (Array.isArray(fx)) {
    effects = /** @type {Effect[]} */ (fx);
  }
  let layer = svg.querySelector("g.pieces");
  if (!layer) { layer = document.createElementNS(svg.namespaceURI, "g"); layer.setAttribute("class", "pieces"); svg.append(layer); }
  const at = (/** @type {string} */ sq) => svg.querySelector(`g.pc[data-sq="${sq}"]`);
  const where = (/** @type {string} */ sq) => { const r = rects.get(sq); return r ? `translate(${r.getAttribute("x")} ${r.getAttribute("y")})` : null; };
  const put = (/** @type {string} */ sq, /** @type {number | undefined} */ look) => {
    const [cls, body] = (look !== undefined && looks[look]) || [];
    const pos = where(sq);
    if (cls && pos) layer.insertAdjacentHTML("beforeend", `<g ${cls} data-sq="${sq}" transform="${pos}" ${body}`);
  };
  for (const effect of effects) {
    const a = effect[1];
    if (effect[0] === "s") {
      const p = at(a), pos = where(effect[2]);
      if (p && pos) { p.setAttribute("data-sq", effect[2]); p.setAttribute("transform", pos); }
    } else if (effect[0] === "r") at(a)?.remove();
    else if (effect[0] === "p") put(a, effect[2]);
    else if (effect[0] === "c") { at(a)?.remove(); put(a, effect[2]); }
  }
  // the page's marks (highlights, arrows, its own destinations) belong to the opening
  for (const node of svg.querySelectorAll("g.marks, g.over")) node.remove();
  for (const [sq, rect] of rects) {
    const ht = rect.nextElementSibling;
    if (ht && ht.classList.contains("ht")) ht.classList.toggle("ht-occ", !!at(sq));
  }
}

// The baked drawing of a dropped kind: the look the plain drop uses.
/** @param {Board} board @param {MoveEntry} move */
function dropLook(board, move) {
  const answer = board.earlyAnswer;
  return answer && answer.drops && move.drop ? answer.drops[move.drop] : undefined;
}

/** Why a pick is not a move, as far as the baked list alone says it.
 * @param {Board} board @param {string | null} from @param {string | null} to @returns {boolean} */
export function earlyExplain(board, from, to) {
  if (!board.earlyAnswer || !board.state) return false;
  const p = from && board.state.pieces[from];
  let text;
  if (from && to) text = `${from} to ${to} is not a move here.`;
  else if (p) text = `The ${p.side ? `${p.side} ` : ""}${p.name.toLowerCase()} on ${from} has no move here.`;
  else return true;
  if (board.diagram) board.messages.say(text, "explain"); else board.setHint(text, "explain");
  return true;
}

/** @param {MoveEntry} m */
const key = (m) => [m.n, m.from, m.to, m.drop || null, m.kind || null, (m.captures || []).join(",")].join("|");
/** @param {{ moves: MoveEntry[], position?: string, to_move: string }} a @param {BoardState} b */
const same = (a, b) => a.position === b.position && a.to_move === b.to_move && a.moves.length === b.moves.length
  && a.moves.every((m, i) => key(m) === key(b.moves[i]));

/** The engine has answered the board's open: the baked answer steps down
 *  (before the engine's state is shown). What it kept, for earlyHandover.
 * @param {Board} board */
export function earlyTakeover(board) {
  unwait(board);    // an answer never shown: the engine's is here
  const kept = { answer: board.earlyAnswer, move: board.earlyMove, sel: board.earlyAnswer && board.sel };
  board.earlyAnswer = null;
  board.earlyMove = null;
  if (kept.answer) board.busy = false;
  delete board.fig.dataset.early;
  return kept;
}

/** The engine's answer is shown and the add-ons mounted: play the kept
 *  move (or replay a kept tap, or select again the piece selected early);
 *  a stale baked answer is said.
 * @param {Board} board @param {BoardState} state @param {ReturnType<typeof earlyTakeover>} kept */
export async function earlyHandover(board, state, { answer, move, sel }) {
  if (!answer) { replayTap(board); return; }
  const stale = !same(answer.state, state);
  if (stale) earlyStats.stale += 1;
  if (!move) {
    if (stale) board.setHint("This page was built with older rules: the engine's answer is shown now.", "explain");
    else if (sel && !board.sel && board.byFrom.has(sel)) board.select(sel);   // the piece stays selected
    return;
  }
  if (!stale) { await board.play(move); return; }
  if (state.moves.some((m) => m.n === move)) {
    await board.play(move);
    board.setHint(`This page was built with older rules: the engine checked your move ${move} and played it.`, "explain");
  } else {
    board.setHint(`This page was built with older rules: the engine does not allow ${move} here. `
      + "Its board is shown: make your move again.", "error");
  }
}
