// @ts-check
// The computer opponent on game boards (an add-on, see ADDONS.md): for each
// side a human or the computer at one of the engine's levels; computer
// against computer as a game to watch, with a pause between moves and
// Pause/Resume; a Hint button; a "thinking…" line while the engine searches.
//
// The search runs in the engine's worker, in short slices (the "think"
// command, one slice per request, sent one after another), so the worker
// hears an Undo, a new game or the page going away between two slices: each
// thinking job has a number, and a reply for an older job is dropped. The
// engine chooses the move without playing it; it is played here with the
// board's normal play(), so history, undo and saved games see one kind of
// move. No game rule lives here: whose turn it is, the moves, the die (the
// engine rolls it after every move) and the result all come from the engine.
//
// Undo against the computer takes back to the human's last turn: the
// computer's reply and the human's move (two moves), or only the human's
// move while the computer is still thinking about it. With the computer on
// both sides, Undo pauses the game and takes back one move. While there are
// moves to redo (after an Undo, or stepping through a game), the computer
// does not move by itself, which would throw them away: it waits for Redo,
// or for "Play on".
//
// The settings of a board are one plain object (``settings`` on the add-on's
// instance: board.addons.get("computer")), kept in memory for the page's
// board while the visitor stays on the site, and can be replaced with
// ``setSettings(obj)`` (saved games).

import { registerAddon } from "./board.js";
import { el, cap, sentence } from "./dom.js";
import { engineCommands } from "./engine.js";
import { playersKey, pageStore, readJSON, writeStored } from "./store.js";
import { computerWords } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").Request} Request */
/** A level of the computer (bridge.py: levels). @typedef {{ level: number, label: string, about: string }} Level */
/** @typedef {{ player: "human" | "computer", level: number | null }} Player */
/** A board's settings, kept in storage. @typedef {{ sides: Record<string, Player>, delay: number, paused: boolean, seed: number }} Settings */

const SLICE_MS = 60;                 // thinking per request: the longest an Undo waits
const DELAYS = [0, 500, 1000, 2000, 4000];   // ms: the pause between moves when the computer plays itself
const DEFAULT_DELAY = 1000;
// A request that does not change the game (the engine's command table):
// the computer goes on thinking. Unknown: it may, so the computer stops.
/** @param {string} cmd */
const harmless = (cmd) => engineCommands()?.[cmd]?.changes === false;

/** @type {Map<string, Settings>} */
const remembered = new Map();        // page path + board uid -> settings (this visit)
/** @type {Promise<Level[] | null> | null} */
let levelsPromise = null;            // the engine's levels, asked for once

/** @param {Board} board @returns {Promise<Level[] | null>} */
function getLevels(board) {
  if (!levelsPromise) {
    const asked = board.send({ cmd: "levels" }).then((r) => (r && r.ok ? /** @type {Level[]} */ (r.levels) : null));
    levelsPromise = asked;
    asked.then((levels) => { if (!levels) levelsPromise = null; });   // ask again next time
    return asked;
  }
  return levelsPromise;
}

/** The settings of a board with nobody set to the computer. */
/** @param {string[]} sides @returns {Settings} */
function freshSettings(sides) {
  return {
    sides: Object.fromEntries(sides.map((s) => [s, /** @type {Player} */ ({ player: "human", level: null })])),
    delay: DEFAULT_DELAY,
    paused: false,
    seed: Math.floor(Math.random() * 2 ** 30),   // the search's seed is this plus the move number
  };
}

/** The settings kept for a board (storage: store.js), or null. @param {string} key */
const readSettings = (key) => readJSON(pageStore(), key);

/** @param {string} key @param {Settings} settings */
const writeSettings = (key, settings) => { writeStored(pageStore(), key, JSON.stringify(settings)); };

class Computer {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    this.key = playersKey(location.pathname, board.cfg.uid);   // in storage (the settings come back after a reload)
    /** @type {Level[] | null} */
    this.levels = null;
    /** @type {{ id: number, ply: number, side: string, level: number | null } | null} the thinking in progress */
    this.job = null;
    this.jobs = 0;             // the number of the latest job (older replies are dropped)
    this.hints = 0;            // the same for hints
    this.hinting = false;      // a hint is being looked for
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** @type {string | null} the hint shown */
    this.hintText = null;
    this.playing = false;      // true while this add-on plays the computer's move
    /** @type {number | null} */
    this.playOn = null;        // the ply at which the visitor let the computer play over moves to redo
    const sides = board.state ? board.state.sides : [];
    const known = remembered.get(this.key);
    this.settings = known || freshSettings(sides);
    remembered.set(this.key, this.settings);
    // after a reload: the players the visitor chose last time, applied (and
    // checked like any input) once the levels are known; nothing is stored before
    this.stored = known ? null : readSettings(this.key);
    const ui = this.build();
    this.hintButton = ui.hintButton;
    this.pauseButton = ui.pauseButton;
    this.delaySelect = ui.delaySelect;
    this.speed = ui.speed;
    this.thinking = ui.thinking;
    this.progress = ui.progress;
    this.summary = ui.summary;
    this.details = ui.details;
    this.selects = ui.selects;
    this.about = ui.about;
    this.note = ui.note;
    this.fillSelects();
    this.listen();
    this.update();
    board.on("state", (state, prev) => this.onState(state, prev));
    board.on("request", (obj) => this.onRequest(obj));
    board.on("destroy", () => { this.stop(); this.cancelHint(); });
    getLevels(board).then((levels) => {
      if (board.dead) return;
      this.levels = levels;
      this.fillSelects();
      this.update();
      const stored = this.stored;
      this.stored = null;
      if (stored) this.setSettings(stored);
    });
  }

  // ---- the panel
  build() {
    const board = this.board;
    const signal = board.abort.signal;
    const base = `${board.cfg.uid}-${board.mountNo}-cpu`;
    const box = board.slot("computer", ".sharah-moves");
    const hintButton = el("button", { type: "button", class: "md-button sharah-btn", "data-computer": "hint",
      disabled: true }, computerWords.hintButton);
    const pauseButton = el("button", { type: "button", class: "md-button sharah-btn", "data-computer": "pause",
      hidden: true }, computerWords.pause);
    const delaySelect = el("select", { id: `${base}-delay`, "data-computer": "delay" });
    for (const ms of DELAYS) delaySelect.appendChild(el("option", { value: String(ms) }, computerWords.delay(ms)));
    const speed = el("span", { class: "sharah-computer-speed", hidden: true });
    speed.append(el("label", { for: delaySelect.id }, computerWords.between), " ", delaySelect);
    const thinking = el("p", { class: "sharah-thinking", role: "status", "aria-live": "polite" });
    const progress = el("span", { class: "sharah-thinking-progress", "aria-hidden": "true" });
    const bar = el("div", { class: "sharah-computer-bar" });
    bar.append(hintButton, pauseButton, speed);
    const summary = el("summary", {}, computerWords.playersTitle);
    const details = el("details", { class: "sharah-players" });
    const body = el("div", { class: "sharah-players-body" });
    /** @type {Record<string, HTMLSelectElement>} */
    const selects = {};
    for (const side of board.state ? board.state.sides : []) {
      const id = `${base}-${side}`;
      const select = el("select", { id, "data-side": side });
      selects[side] = select;
      const row = el("div", { class: "sharah-player", "data-side": side });
      row.append(el("label", { for: id }, cap(side)), select);
      body.appendChild(row);
      select.addEventListener("change", () => this.choose(side, select.value), { signal });
    }
    const about = el("ul", { class: "sharah-level-about" });
    const note = el("p", { class: "sharah-players-note" });
    body.append(about, note);
    details.append(summary, body);
    box.replaceChildren(thinking, bar, details);
    return { hintButton, pauseButton, delaySelect, speed, thinking, progress, summary, details, selects, about, note };
  }

  listen() {
    const signal = this.board.abort.signal;
    this.hintButton.addEventListener("click", () => this.hint(), { signal });
    this.pauseButton.addEventListener("click", () => this.togglePause(), { signal });
    this.delaySelect.addEventListener("change", () => {
      this.settings.delay = Math.max(0, Number(this.delaySelect.value) || 0);
      this.persist();
    }, { signal });
  }

  fillSelects() {
    const levels = this.levels || [];
    for (const [side, select] of Object.entries(this.selects)) {
      const options = [el("option", { value: "human" }, computerWords.human)];
      for (const lv of levels) {
        options.push(el("option", { value: String(lv.level) }, computerWords.level(lv.label)));
      }
      select.replaceChildren(...options);
      select.disabled = !levels.length;
      select.value = this.valueOf(side);
    }
    this.about.replaceChildren(...levels.map((lv) => el("li", {}, `${lv.label}: ${lv.about}`)));
  }

  /** @param {string} side */
  valueOf(side) {
    const s = this.settings.sides[side];
    return s && s.player === "computer" && s.level ? String(s.level) : "human";
  }

  /** @param {string} side @param {string} value */
  choose(side, value) {
    const s = this.settings.sides[side] || (this.settings.sides[side] = { player: "human", level: null });
    if (value === "human") s.player = "human";
    else { s.player = "computer"; s.level = Number(value); }
    this.board.announce(computerWords.chosen(side, value === "human" ? null : this.levelName(s.level)));
    this.evaluate();
  }

  /** Replace the settings (e.g. from a saved game); unknown sides are ignored.
   * @param {unknown} obj */
  setSettings(obj) {
    const fresh = freshSettings(this.board.state ? this.board.state.sides : []);
    /** @type {any} */
    const given = obj && typeof obj === "object" ? obj : {};
    for (const side of Object.keys(fresh.sides)) {
      const s = given.sides && given.sides[side];
      const level = s && Number(s.level);
      if (s && s.player === "computer" && (this.levels || []).some((lv) => lv.level === level)) {
        fresh.sides[side] = { player: "computer", level };
      }
    }
    if (DELAYS.includes(given.delay)) fresh.delay = given.delay;
    if (Number.isInteger(given.seed)) fresh.seed = given.seed;
    fresh.paused = !!given.paused;
    this.settings = fresh;
    remembered.set(this.key, fresh);
    for (const side of Object.keys(this.selects)) this.selects[side].value = this.valueOf(side);
    this.evaluate();
  }

  /** @param {number | null} level */
  levelName(level) {
    const lv = (this.levels || []).find((l) => l.level === level);
    return lv ? lv.label.toLowerCase() : `level ${level}`;
  }

  /** @param {string} side */
  isComputer(side) {
    const s = this.settings.sides[side];
    return !!(s && s.player === "computer" && s.level);
  }

  watching() {
    return Object.keys(this.settings.sides).every((side) => this.isComputer(side));
  }

  // ---- what to do now
  /** @param {BoardState} state @param {BoardState | null} prev */
  onState(state, prev) {
    if (this.playOn !== null && state.ply !== this.playOn) this.playOn = null;
    this.clearHintMarks();
    if (this.hintText && this.board.hint?.textContent === this.hintText) this.board.setHint("");
    this.hintText = null;
    if (this.job && (state.ply !== this.job.ply || state.to_move !== this.job.side)) this.stop();
    if (!prev || prev.ply !== state.ply || prev.position !== state.position) this.cancelHint();
    this.evaluate();
  }

  /** @param {Request} obj */
  onRequest(obj) {
    if (this.playing || harmless(obj.cmd)) return;
    if (obj.cmd === "undo" && obj.plies === undefined) {
      const plies = this.undoPlies();
      if (plies > 1) obj.plies = plies;
      if (this.watching()) this.settings.paused = true;
    }
    this.stop();                  // a change of the game: stop thinking at once
    this.whenIdle(() => this.evaluate());   // the new state comes with a "state" event; a failed request has none
  }

  /** How many moves Undo takes back: to the last turn of a human (one move
   *  when nobody or everybody is the computer). */
  undoPlies() {
    const st = this.board.state;
    if (!st || this.watching() || !Object.keys(this.settings.sides).some((s) => this.isComputer(s))) return 1;
    const sides = st.history_sides || [];
    const undoable = st.ply - (st.min_ply || 0);
    let n = 1;
    // after taking back n moves, the side to move is the side that played move len - n
    while (n < undoable && this.isComputer(sides[sides.length - n])) n += 1;
    return this.isComputer(sides[sides.length - n]) ? 1 : n;
  }

  persist() {
    if (!this.stored) writeSettings(this.key, this.settings);
  }

  evaluate() {
    this.persist();
    const board = this.board;
    const st = board.state;
    if (board.dead || !st || !this.levels) { this.update(); return; }
    const side = st.to_move;
    const mine = !st.result && this.isComputer(side);
    board.setLock("computer", mine);
    if (!mine) { this.stop(); this.update(); return; }
    if (this.waiting()) { this.stop(); this.update(); return; }
    // Paused: the move being computed is dropped too (it is computed again on Resume).
    if (this.watching() && this.settings.paused) { this.stop(); this.update(); return; }
    const level = this.settings.sides[side].level;
    const job = this.job;
    if (job && job.ply === st.ply && job.side === side && job.level === level) { this.update(); return; }
    this.stop();
    this.start(side, level, st.ply);
  }

  /** The computer is to move but there are moves to redo: it waits. */
  waiting() {
    const st = this.board.state;
    return !!(st && st.can_redo && !st.result && this.isComputer(st.to_move) && this.playOn !== st.ply);
  }

  /** @param {string} side @param {number | null} level @param {number} ply */
  start(side, level, ply) {
    const id = ++this.jobs;
    this.job = { id, ply, side, level };
    this.update();
    // A game between computers goes at the pace the visitor chose.
    const delay = this.watching() ? this.settings.delay : 0;
    this.timer = setTimeout(() => { this.timer = null; this.think(id); }, delay);
  }

  stop() {
    this.jobs += 1;
    this.job = null;
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.progress.textContent = "";
    this.update();
  }

  /** @param {number} id */
  current(id) {
    return this.job && this.job.id === id && !this.board.dead;
  }

  /** @param {number} id */
  async think(id) {
    const board = this.board;
    if (!this.job) return;
    const { level, ply } = this.job;
    const seed = (this.settings.seed + ply) % 2 ** 30;
    let reply;
    for (;;) {
      reply = await board.send({ cmd: "think", level, seed, slice_ms: SLICE_MS });
      if (!this.current(id)) return;             // undone, restarted, left: dropped
      if (!reply.ok) {
        this.stop();
        board.setHint(sentence(cap(reply.error)), "error");
        return;
      }
      if (!reply.thinking) break;
      this.progress.textContent = computerWords.progress(reply.depth, reply.nodes);
    }
    if (!reply.move) { this.stop(); return; }
    await this.idle();
    if (!this.current(id) || board.state?.ply !== ply) return;
    this.job = null;
    board.setLock("computer", false);           // the normal play path, for the computer's move
    this.playing = true;
    try {
      await board.play(reply.move);
    } finally {
      this.playing = false;
    }
    this.evaluate();                            // a failed play leaves the lock on and says why
  }

  togglePause() {
    if (this.waiting()) {
      this.playOn = this.board.state ? this.board.state.ply : null;
      this.settings.paused = false;
      this.board.announce(computerWords.playsOn);
    } else {
      this.settings.paused = !this.settings.paused;
      this.board.announce(this.settings.paused ? computerWords.paused : computerWords.resumed);
    }
    this.evaluate();
  }

  // ---- hint
  async hint() {
    const board = this.board;
    const st = board.state;
    if (!st || st.result || this.isComputer(st.to_move) || board.dead) return;
    const id = ++this.hints;
    const ply = st.ply;
    this.clearHintMarks();
    this.hinting = true;
    this.update();
    let reply;
    for (;;) {
      reply = await board.send({ cmd: "hint", slice_ms: SLICE_MS });
      if (id !== this.hints || board.dead || board.state?.ply !== ply) return;   // the game moved on
      if (!reply.ok || !reply.thinking) break;
    }
    this.hinting = false;
    this.update();
    if (!reply.ok) { board.setHint(sentence(cap(reply.error)), "error"); return; }
    if (!reply.move) return;
    for (const sq of [reply.from, reply.to]) if (sq) board.rects?.get(sq)?.classList.add("is-hint");
    board.fig.dataset.hint = reply.move;
    const text = computerWords.hint(reply.side, this.describe(reply));
    board.setHint(text, "explain");
    this.hintText = text;
    board.announce(text);
  }

  /** A hint's move in words. @param {Record<string, any>} m the hint reply */
  describe(m) {
    const st = this.board.state;
    const chosen = { name: String(m.name), drop: m.drop, from: m.from, to: m.to, label: m.label };
    return st ? computerWords.chosenMove(chosen, st.pieces, st.hand || []) : chosen.name;
  }

  cancelHint() {
    this.hints += 1;
    if (this.hinting) { this.hinting = false; this.update(); }
  }

  clearHintMarks() {
    for (const node of this.board.box.querySelectorAll(".is-hint")) node.classList.remove("is-hint");
    delete this.board.fig.dataset.hint;
  }

  // ---- waiting for the board
  /** @returns {Promise<void>} */
  idle() {
    return new Promise((resolve) => this.whenIdle(resolve));
  }

  /** @param {() => void} fn */
  whenIdle(fn) {
    const check = () => {
      if (this.board.dead) return;
      if (this.board.busy) setTimeout(check, 30); else fn();
    };
    setTimeout(check, 0);
  }

  // ---- what the panel shows
  update() {
    const board = this.board;
    const st = board.state;
    if (!st || !this.thinking) return;
    const watching = this.watching();
    const job = this.job;
    const fig = board.fig;
    if (job) fig.dataset.thinking = job.side; else delete fig.dataset.thinking;
    let text = "";
    if (job) text = computerWords.thinking(job.side, this.levelName(job.level));
    else if (this.hinting) text = computerWords.lookingForHint;
    else if (this.waiting()) text = computerWords.waits;
    else if (watching && this.settings.paused && !st.result) text = computerWords.paused;
    if (this.thinking.firstChild?.textContent !== text) {
      this.thinking.replaceChildren(document.createTextNode(text));
      if (text) this.thinking.append(this.progress);
    }
    this.thinking.hidden = !text;
    const humanToMove = !st.result && !this.isComputer(st.to_move);
    this.hintButton.hidden = watching;
    this.hintButton.disabled = !this.levels || !humanToMove || !!this.hinting || board.fig.dataset.state !== "ready";
    const waiting = this.waiting();
    this.pauseButton.hidden = !watching && !waiting;
    this.pauseButton.textContent = waiting ? computerWords.playOn : this.settings.paused ? computerWords.resume : computerWords.pause;
    this.pauseButton.disabled = !!st.result;
    this.speed.hidden = !watching;
    this.note.textContent = watching ? computerWords.undoWatching : computerWords.undoPlaying;
    this.delaySelect.value = String(this.settings.delay);
    const who = Object.keys(this.settings.sides).map((side) => computerWords.player(side,
      this.isComputer(side) ? this.levelName(this.settings.sides[side].level) : null));
    this.summary.textContent = computerWords.players(who);
    fig.dataset.players = Object.keys(this.settings.sides)
      .map((side) => (this.isComputer(side) ? `computer${this.settings.sides[side].level}` : "human")).join(" ");
  }
}

registerAddon({
  name: "computer",
  applies: (board) => board.mode === "game",
  mount(board) {
    return new Computer(board);
  },
});
