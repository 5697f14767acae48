// A puzzle board (mode "puzzle"): the page's puzzles, one at a time, on one
// board. The page judges nothing: each move goes to the engine ("solve"),
// which answers right (and plays the most stubborn defence), solved, or
// wrong with its reason (the move is not kept). This add-on only picks the
// puzzle (previous, next, random, a depth, a link #puzzle=<id>), says the
// engine's verdict in words, and keeps the solved puzzles and the streak in
// the browser's storage (a damaged entry is set aside, never trusted).

import { registerAddon } from "./board.js";
import { el, cap } from "./dom.js";
import { puzzleWords } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** One puzzle's play data (sharah_web.puzzles.play_data).
 * @typedef {{ id: string, game: string, options: Record<string, unknown>, position: string, depth: number,
 *   hard: boolean, lines: Record<string, string[]>, refutations: Record<string, string[]>, themes: string[] }} Puzzle */
/** @typedef {{ v: number, solved: Record<string, string>, streak: number, best: number, current: Record<string, string> }} Progress */
/** The engine's verdict on a move (bridge.py: solve).
 * @typedef {{ verdict: string, move: string, name: string, reply?: string | null, reply_name?: string,
 *   reason?: string, refutation?: string | null, refutation_name?: string, result?: string,
 *   state: import("./contract.js").BoardState }} Verdict */

const KEY = "sharah-puzzles";     // {v: 1, solved: {id: "clean"|"helped"}, streak, best, current: {game: id}}
const HASH = /^#puzzle=([\w-]{1,80})$/;

/** The progress stored, or ``kept`` (this page's copy) when the storage
 *  holds none or cannot be read (blocked, or the writes failed: full).
 * @param {Progress} [kept] @returns {{ data: Progress, note: string | null }} */
function readProgress(kept) {
  let raw = null;
  try { raw = localStorage.getItem(KEY); } catch (err) { return { data: kept || fresh(), note: null }; }
  if (raw == null) return { data: kept || fresh(), note: null };
  try {
    const d = JSON.parse(raw);
    const ok = d && d.v === 1 && d.solved && typeof d.solved === "object" && !Array.isArray(d.solved)
      && Number.isInteger(d.streak) && d.streak >= 0 && Number.isInteger(d.best) && d.best >= 0
      && d.current && typeof d.current === "object" && !Array.isArray(d.current)
      && Object.values(d.solved).every((x) => x === "clean" || x === "helped")
      && Object.values(d.current).every((x) => typeof x === "string");
    if (ok) return { data: d, note: null };
  } catch (err) { /* damaged: set aside below */ }
  let aside = `${KEY}:set-aside`;
  try {
    for (let n = 2; n <= 9 && localStorage.getItem(aside) != null; n++) aside = `${KEY}:set-aside-${n}`;
    localStorage.setItem(aside, raw);
    localStorage.removeItem(KEY);
  } catch (err) { /* storage full or blocked: the page still works */ }
  return { data: fresh(), note: puzzleWords.progressLost };
}

/** @returns {Progress} */
function fresh() { return { v: 1, solved: {}, streak: 0, best: 0, current: {} }; }

/** @param {Progress} data */
function writeProgress(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); return true; } catch (err) { return false; }
}

registerAddon({
  name: "puzzles",
  applies: (board) => board.mode === "puzzle",
  /** @param {Board} board */
  mount(board) {
    /** @type {HTMLElement | null} */
    const data = board.fig.querySelector("template.sharah-puzzle-data");
    /** @type {Puzzle[]} */
    let all = [];
    try { all = JSON.parse((data && data.dataset.puzzles) || "[]"); } catch (err) { all = []; }
    if (!all.length) return {};
    const game = board.cfg.variant;
    let { data: progress, note } = readProgress();
    const depths = [...new Set(all.map((p) => p.depth))].sort();
    let depth = "any";
    const first = /** @type {{ puzzle?: { id?: string } }} */ (board.cfg).puzzle;
    let current = all.find((p) => p.id === (first && first.id)) || all[0];
    /** @type {string | null} */
    let solver = null;          // the side solving (the side to move at the puzzle's start)
    let counted = false;        // this puzzle's result is in the progress already

    // ---- the panel
    const box = board.slot("puzzles", ".sharah-moves");
    box.classList.add("sharah-puzzle-panel");
    const task = el("p", { class: "sharah-puzzle-task" });
    const where = el("p", { class: "sharah-puzzle-where" });
    const nav = el("div", { class: "sharah-puzzle-nav", role: "group", "aria-label": puzzleWords.nav });
    /** @param {string} action @param {string} text */
    const button = (action, text) => el("button", { type: "button", class: "md-button sharah-btn", "data-puzzle": action }, text);
    const back = button("prev", puzzleWords.previous);
    const random = button("random", puzzleWords.random);
    const forward = button("next", puzzleWords.next);
    const selectId = `${board.id.replace(/[^\w-]/g, "-")}-depth`;
    const select = el("select", { id: selectId, class: "sharah-puzzle-depth" });
    select.append(el("option", { value: "any" }, puzzleWords.anyDepth));
    for (const d of depths) select.append(el("option", { value: String(d) }, puzzleWords.moves(d)));
    const label = el("label", { for: selectId }, puzzleWords.winIn);
    const depthBox = el("span", { class: "sharah-puzzle-depth-box" });
    depthBox.append(label, select);
    nav.append(back, random, forward, depthBox);
    const link = el("a", { class: "sharah-puzzle-link" }, puzzleWords.link);
    const score = el("p", { class: "sharah-puzzle-score", "aria-live": "polite" });
    // the task first in the side column, right under the board on a phone
    // (above the game's own status and the buttons): what to do comes first
    board.slot("puzzle-task", ".sharah-badges").append(task);
    box.append(nav, where, score);
    const feedback = /** @type {HTMLElement | null} */ (board.fig.querySelector(".sharah-feedback"));

    const pool = () => all.filter((p) => depth === "any" || p.depth === Number(depth));
    /** @param {string | null} kind @param {string} text */
    const say = (kind, text) => {
      if (!feedback) return;
      feedback.hidden = !text;
      feedback.dataset.kind = kind || "";
      feedback.textContent = text || "";
    };
    // The progress as stored now: another tab of the site may have solved
    // puzzles since this page read it.
    const reread = () => {
      const now = readProgress(progress);
      progress = now.data;
      if (now.note) board.setHint(now.note, "explain");
    };
    /** Every change is made to the progress as stored now. @param {(p: Progress) => void} change */
    const update = (change) => {
      reread();
      change(progress);
      writeProgress(progress);
      showScore();
    };
    const showScore = () => {
      const solved = all.filter((p) => progress.solved[p.id]).length;
      score.textContent = puzzleWords.score(solved, all.length, progress.streak, progress.best);
    };
    const showTask = () => {
      const st = board.state;
      const pz = st && st.puzzle;
      if (!pz) return;
      const side = solver || st.to_move;
      // solved: the feedback says so and the status line the result, once each
      task.textContent = pz.solved ? ""
        : puzzleWords.task(cap(side), cap(st.sides.find((s) => s !== side) || ""), pz.moves_left, current.depth,
          !!current.hard, !!progress.solved[current.id]);
      task.hidden = !!pz.solved;
      const list = pool();
      const i = list.indexOf(current);
      where.replaceChildren(puzzleWords.where(i + 1, list.length, depth), link);
      link.href = `#puzzle=${current.id}`;
      board.setLock("solved", !!pz.solved);
    };

    /** A wrong move ends the streak; a solved puzzle counts once: "clean" without a wrong move.
     * @param {boolean} solved @param {boolean} clean */
    const count = (solved, clean) => {
      if (!solved) {
        update((p) => { p.streak = 0; });
        return;
      }
      if (counted) return;
      counted = true;
      const id = current.id;
      update((p) => {
        if (p.solved[id] !== "clean") p.solved[id] = clean ? "clean" : "helped";
        if (clean) {
          p.streak += 1;
          p.best = Math.max(p.best, p.streak);
        }
      });
    };

    /** A puzzle asked for while the board was busy (a link followed, Next
     * pressed, while the engine judges a move): opened once the board is free.
     * @type {Puzzle | null} */
    let wanted = null;
    /** @param {Puzzle | undefined} puzzle @param {HTMLElement} [focusAfter] */
    const choose = async (puzzle, focusAfter) => {
      if (!puzzle) return;
      if (board.busy) { wanted = puzzle; return; }
      wanted = null;
      const reply = await board.request({ cmd: "puzzle", puzzle });
      if (!reply || board.dead) return;
      current = puzzle;
      counted = false;
      solver = reply.state.to_move;
      update((p) => { p.current[game] = puzzle.id; });
      say(null, "");
      board.apply(reply.state);
      showTask();
      board.announce(task.textContent);
      if (focusAfter) focusAfter.focus({ preventScroll: true });
    };

    /** @param {number} delta @returns {Puzzle | undefined} */
    const step = (delta) => {
      const list = pool();
      if (!list.length) return;
      const i = list.indexOf(current);
      const j = i < 0 ? 0 : (i + delta + list.length) % list.length;
      return list[j];
    };
    back.addEventListener("click", () => choose(step(-1), back), { signal: board.abort.signal });
    forward.addEventListener("click", () => choose(step(1), forward), { signal: board.abort.signal });
    random.addEventListener("click", () => {
      const list = pool().filter((p) => p !== current);
      const unsolved = list.filter((p) => !progress.solved[p.id]);
      const from = unsolved.length ? unsolved : list;
      if (from.length) choose(from[Math.floor(Math.random() * from.length)], random);
    }, { signal: board.abort.signal });
    select.addEventListener("change", () => {
      depth = select.value;
      const list = pool();
      if (!list.includes(current)) choose(list.find((p) => !progress.solved[p.id]) || list[0], select);
      else showTask();
    }, { signal: board.abort.signal });

    // ---- the solver's moves: judged by the engine
    /** @param {Verdict} r */
    const words = (r) => {
      const sides = board.state ? board.state.sides : [];
      return puzzleWords.wrong(r, sides.find((s) => s !== solver) || "the other side");
    };
    board.setPlayHandler(async (notation) => {
      const reply = /** @type {Verdict | null} */ (await board.request({ cmd: "solve", move: notation }));
      if (!reply || board.dead) return;
      board.apply(reply.state);
      if (reply.verdict === "wrong") {
        say("wrong", words(reply));
        count(false, false);
        board.announce(feedback ? feedback.textContent : "");
      } else if (reply.verdict === "right") {
        say("right", puzzleWords.right(reply.name, reply.state.last ? reply.state.last.side : "", reply.reply_name));
        board.announce(feedback ? feedback.textContent : "");
      } else {
        say("right", puzzleWords.solved(reply.name));
        count(true, !(reply.state.puzzle && reply.state.puzzle.mistakes));
        board.announce(feedback ? feedback.textContent : "");
      }
      showTask();
    });
    board.on("state", (st, prevSt) => {
      if (prevSt && prevSt.ply > 0 && st.ply === 0 && st.puzzle && !st.puzzle.solved) say(null, "");  // started over
      showTask();
      // the board is free again: the puzzle asked for meanwhile, after this state's own words
      if (wanted && !board.busy) setTimeout(() => { if (wanted) choose(wanted); });
    });

    solver = board.state ? board.state.to_move : null;
    showScore();
    if (note) board.setHint(note, "explain");
    const m = HASH.exec(location.hash);
    const linked = m && all.find((p) => p.id === m[1]);
    if (m && !linked) board.setHint(puzzleWords.noSuchPuzzle(m[1]), "error");
    const stored = all.find((p) => p.id === progress.current[game]);
    const start = linked || stored || all.find((p) => !progress.solved[p.id]) || all[0];
    if (start !== current) choose(start);
    else showTask();
    // another tab of the site wrote its progress: the count shown here follows
    window.addEventListener("storage", (e) => {
      if (e.key !== KEY || e.newValue == null) return;
      reread();       // read only: a write here would echo between the tabs
      showScore();
      showTask();
    }, { signal: board.abort.signal });
    window.addEventListener("hashchange", () => {
      const h = HASH.exec(location.hash);
      const p = h && all.find((x) => x.id === h[1]);
      if (p && p !== current) { depth = "any"; select.value = "any"; choose(p); }
    }, { signal: board.abort.signal });
    return { choose, current: () => current };
  },
});
