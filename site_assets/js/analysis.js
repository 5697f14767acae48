// @ts-check
// Analysis and review: an add-on for game boards (ADDONS.md). It knows no
// rules and computes nothing: the engine analyses (the bridge's "analyse":
// sharah_web/analysis.py, AnalysisReply) and reviews ("review":
// ReviewReply), a slice at a time like the computer opponent; this module
// asks for slice after slice and shows what comes back.
//
// - "Analysis" (a toggle beside Hint): the evaluation from the first
//   player's side as a bar and a number, how deep the search has looked,
//   the expected line as text and as arrows on the board for its first
//   moves, and the best few moves, each a button that plays it. It starts
//   again for every position shown (a move, Undo, a click in the move list)
//   and deepens while the position stays; leaving, a new position or
//   turning it off stops it within one slice (the loop checks after each).
//   Nothing is announced on every update: "Read it" says the evaluation
//   and the line on request.
// - "Review the game": every position of the game, with a progress bar
//   (positions done of all, the time left, Cancel), then an evaluation
//   graph (click or arrow keys and Enter: go to that move) and the marked
//   moves with the engine's better move; the engine also writes each mark
//   beside its move in the move list (the state's moves_html/tree_html),
//   so the state is asked for again when the review stops. The engine keeps the review with
//   the saved game ("review" with look: what is done, no thinking).

import { registerAddon } from "./board.js";
import { el, cap, closest, SVG_NS } from "./dom.js";
import { analysisWords } from "./words.js";

const SLICE_MS = 60;          // as the computer opponent's slices
const ARROW_CLASS = "sharah-analysis-arrow";

// The replies' types are the engine's (analysis.py's TypedDicts, written
// into contract.d.ts by scripts/contract_types.py).
/** @typedef {import("./contract.js").AnalysisResult} AnalysisResult */
/** @typedef {import("./contract.js").AnalysisReply} AnalysisReply */
/** @typedef {import("./contract.js").ReviewReply} ReviewReply */
/** @typedef {import("./contract.js").AnalyseAnswer} AnalyseAnswer */
/** @typedef {import("./contract.js").ReviewAnswer} ReviewAnswer */

/** What a successful reply of ``analyse`` carries. @param {import("./types.js").Success} reply */
const analysisOf = (reply) => /** @type {AnalyseAnswer} */ (/** @type {unknown} */ (reply)).analysis;
/** What a successful reply of ``review`` carries. @param {import("./types.js").Success} reply */
const reviewOf = (reply) => /** @type {ReviewAnswer} */ (/** @type {unknown} */ (reply)).review;

/** @param {number} x */
const percent = (x) => `${Math.round(x * 1000) / 10}%`;

class Analysis {
  /** @param {any} board the Board widget (board.js) */
  constructor(board) {
    this.board = board;
    this.on = false;
    this.run = 0;              // the analysis loop's generation: a new one stops the old
    this.reviewRun = 0;
    /** @type {AnalysisResult|null} */
    this.result = null;
    /** @type {ReviewReply|null} */
    this.review = null;
    this.graphIndex = 0;
    /** @type {string} the position analysed (its node and text) */
    this.shownKey = "";
    const opts = { signal: board.abort.signal };
    const box = board.slot("analysis", ".sharah-moves");
    this.box = box;
    this.toggle = el("button", { type: "button", class: "md-button sharah-btn", "data-analysis": "toggle",
      "aria-pressed": "false" }, analysisWords.toggle);
    this.reviewButton = el("button", { type: "button", class: "md-button sharah-btn", "data-analysis": "review" },
      analysisWords.reviewButton);
    const bar = el("div", { class: "sharah-analysis-bar" });
    bar.append(this.toggle, this.reviewButton);
    // the analysis panel
    this.panel = el("div", { class: "sharah-analysis", hidden: true, role: "group", "aria-label": analysisWords.panel });
    this.meter = el("div", { class: "sharah-eval-meter", "aria-hidden": "true" });
    this.fill = el("div", { class: "sharah-eval-fill" });
    this.meter.append(this.fill);
    this.number = el("span", { class: "sharah-eval-number" }, "…");
    this.depth = el("span", { class: "sharah-eval-depth" });
    this.read = el("button", { type: "button", class: "sharah-analysis-read", "data-analysis": "read" }, analysisWords.readIt);
    const head = el("div", { class: "sharah-eval-head" });
    head.append(this.number, this.depth, this.read);
    this.lineText = el("p", { class: "sharah-analysis-line" });
    this.movesBox = el("div", { class: "sharah-analysis-moves", role: "group", "aria-label": analysisWords.bestMoves });
    this.panel.append(head, this.lineText, this.movesBox);
    // the bar goes beside the board, upright (as on lichess), when the
    // side column is beside the board; under it, across, when the column
    // went below (a square board on a phone): never over the board, and
    // the board keeps its size
    this.area = /** @type {HTMLElement} */ (board.box.closest(".sharah-board-area") || board.box.parentElement);
    this.meter.hidden = true;
    this.meter.dataset.place = "under";
    this.placing = 0;
    this.area.classList.add("sharah-eval-host");
    this.area.append(this.meter);
    this.layout = board.fig.querySelector(".sharah-layout");
    this.side = board.fig.querySelector(".sharah-side");
    if (this.layout && typeof ResizeObserver === "function") {
      const watch = new ResizeObserver(() => this.placeBar());
      watch.observe(this.layout);
      board.abort.signal.addEventListener("abort", () => watch.disconnect());
    }
    // the review panel
    this.reviewBox = el("div", { class: "sharah-review", hidden: true, role: "group", "aria-label": analysisWords.reviewPanel });
    this.progress = /** @type {HTMLProgressElement} */ (el("progress", { max: "1", value: "0", "aria-label": analysisWords.reviewProgress }));
    this.progressText = el("span", { class: "sharah-review-progress" });
    this.cancel = el("button", { type: "button", class: "md-button sharah-btn", "data-analysis": "cancel" }, analysisWords.cancel);
    this.progressRow = el("div", { class: "sharah-review-row" });
    this.progressRow.append(this.progress, this.progressText, this.cancel);
    this.graph = el("div", { class: "sharah-review-graph" });
    this.marks = el("ol", { class: "sharah-review-marks", "aria-label": analysisWords.markedMoves });
    this.reviewBox.append(this.progressRow, this.graph, this.marks);
    box.append(bar, this.panel, this.reviewBox);

    this.toggle.addEventListener("click", () => this.setOn(!this.on), opts);
    this.read.addEventListener("click", () => this.readOut(), opts);
    this.reviewButton.addEventListener("click", () => this.startReview(), opts);
    this.cancel.addEventListener("click", () => this.cancelReview(), opts);
    this.movesBox.addEventListener("click", (/** @type {MouseEvent} */ e) => {
      const b = closest(e, "button[data-move]");
      if (b && b.dataset.move && board.canAct()) board.play(b.dataset.move);
    }, opts);
    this.marks.addEventListener("click", (/** @type {MouseEvent} */ e) => {
      const b = closest(e, "button[data-ply]");
      if (b) this.gotoPly(Number(b.dataset.ply));
    }, opts);
    board.on("state", () => this.onState());
    board.on("destroy", () => { this.run += 1; this.reviewRun += 1; });
    this.onState();
    this.lookReview();
  }

  /** Upright beside the board when the side column is beside it (and
   * there is room in the gap), else across under the board. Only while
   * it is shown: a page's boards resize often while they mount, and
   * measuring each board's hidden bar laid the page out again each time. */
  placeBar() {
    if (this.placing || !this.on) return;   // once a frame, after the layout settled (never inside the observer)
    this.placing = requestAnimationFrame(() => {
      this.placing = 0;
      if (this.board.dead) return;
      const area = this.area.getBoundingClientRect();
      const side = this.side ? this.side.getBoundingClientRect() : null;
      const place = side && side.left >= area.right && side.top < area.bottom ? "beside" : "under";
      if (this.meter.dataset.place !== place) this.meter.dataset.place = place;
      // as tall as the drawing beside it; as wide as it, under it (the
      // coordinates' gutter left out)
      const drawing = (this.board.box.querySelector("svg") || this.board.box).getBoundingClientRect();
      const sizes = { "--sharah-board-h": `${drawing.height}px`, "--sharah-board-w": `${drawing.width}px`,
        "--sharah-board-x": `${drawing.left - area.left}px` };
      for (const [name, value] of Object.entries(sizes)) {
        if (this.meter.style.getPropertyValue(name) !== value) this.meter.style.setProperty(name, value);
      }
    });
  }

  /** @param {boolean} on */
  setOn(on) {
    this.on = on;
    this.toggle.setAttribute("aria-pressed", String(on));
    this.panel.hidden = !on;
    this.meter.hidden = !on;
    if (on) this.placeBar();
    this.board.fig.dataset.analysis = on ? "on" : "off";
    this.run += 1;
    this.result = null;
    // nothing shown is analysed yet (the page says so, as for a new position)
    delete this.board.fig.dataset.analysisPly;
    delete this.board.fig.dataset.analysisBest;
    if (on) this.analyse(); else this.clearArrows();
  }

  onState() {
    const st = this.board.state;
    this.reviewButton.disabled = !st || (st.ply + st.future.length) === 0;
    if (this.review && st) this.drawGraph();
    if (!this.on) return;
    const key = st ? `${st.node}:${st.position}` : "";
    if (key === this.shownKey && this.result) { this.drawArrows(); return; }
    this.shownKey = key;
    this.run += 1;             // a new position: the old loop stops after its slice
    this.result = null;
    this.clearArrows();
    this.analyse();
  }

  async analyse() {
    const board = this.board;
    const run = ++this.run;
    this.depth.textContent = analysisWords.thinking;
    for (;;) {
      if (board.dead || run !== this.run || !this.on) return;
      const reply = await board.send({ cmd: "analyse", slice_ms: SLICE_MS });
      if (board.dead || run !== this.run || !this.on) return;
      if (!reply.ok) { this.depth.textContent = ""; this.number.textContent = cap(reply.error); return; }
      const an = analysisOf(reply);
      if (an.result && an.result !== this.result) this.show(an.result);
      // an ended game: the board's status says how it ended; nothing to search
      this.depth.textContent = an.result && an.result.over ? "" : analysisWords.depth(an.result ? an.result.depth : 0, an.thinking);
      this.board.fig.dataset.analysisDepth = String(an.result ? an.result.depth : 0);
      if (!an.thinking) return;
      await new Promise((r) => setTimeout(r, 0));   // let the page breathe between slices
    }
  }

  /** @param {AnalysisResult} res */
  show(res) {
    this.result = res;
    const fig = this.board.fig;
    fig.dataset.analysisPly = String(res.ply);
    fig.dataset.analysisBest = res.best || "";
    // the first player's share, from the first player's edge of the board
    this.meter.style.setProperty("--sharah-eval", String(res.expected));
    this.meter.dataset.from = this.board.state && this.board.state.orientation !== res.side ? "top" : "bottom";
    this.meter.dataset.expected = percent(res.expected);
    this.number.textContent = analysisWords.evaluationText(res.text, res.chance);
    this.lineText.textContent = analysisWords.line(res.line_text, res.chance);
    this.movesBox.replaceChildren(...res.moves.map((mv) => {
      const text = `${mv.name} ${this.scoreText(mv.score, mv.win_in, res.side)}`;
      return el("button", { type: "button", class: "md-button sharah-btn sharah-analysis-move", "data-move": mv.n,
        "aria-label": analysisWords.play(text) }, text);
    }));
    this.drawArrows();
  }

  /** @param {number|null} score @param {number|null} winIn @param {string} side */
  scoreText(score, winIn, side) {
    if (winIn !== null) {
      return analysisWords.forced(side, winIn);
    }
    if (score === null) return "?";
    return `${score >= 0 ? "+" : ""}${score.toFixed(2)}`;
  }

  readOut() {
    const res = this.result;
    if (!res) { this.board.announce(analysisWords.stillThinking); return; }
    this.board.announce(res.over ? analysisWords.over : analysisWords.evaluation(res.side, res.text, res.depth, res.line_text));
  }

  // ---- arrows on the board for the line's first moves
  clearArrows() {
    for (const node of this.board.box.querySelectorAll(`.${ARROW_CLASS}`)) node.remove();
  }

  drawArrows() {
    this.clearArrows();
    const res = this.result;
    const board = this.board;
    const svg = board.box.querySelector("svg");
    if (!res || !svg || !board.rects) return;
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", ARROW_CLASS);
    g.setAttribute("aria-hidden", "true");
    g.setAttribute("pointer-events", "none");
    res.arrows.forEach(([from, to], i) => {
      const a = board.rects.get(from);
      const b = board.rects.get(to);
      if (!a || !b) return;
      const centre = (/** @type {SVGRectElement} */ r) => [r.x.baseVal.value + r.width.baseVal.value / 2,
        r.y.baseVal.value + r.height.baseVal.value / 2, r.width.baseVal.value];
      const [x1, y1, w] = centre(a);
      const [x2, y2] = centre(b);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / len;
      const uy = (y2 - y1) / len;
      const head = w * 0.32;
      const ex = x2 - ux * head;
      const ey = y2 - uy * head;
      const line = document.createElementNS(SVG_NS, "line");
      line.setAttribute("x1", String(x1));
      line.setAttribute("y1", String(y1));
      line.setAttribute("x2", String(ex));
      line.setAttribute("y2", String(ey));
      line.setAttribute("stroke-width", String(w * (i === 0 ? 0.16 : 0.1)));
      line.setAttribute("class", `sharah-arrow-line is-${i}`);
      const tip = document.createElementNS(SVG_NS, "polygon");
      const px = -uy * head * 0.6;
      const py = ux * head * 0.6;
      tip.setAttribute("points", `${x2},${y2} ${ex + px},${ey + py} ${ex - px},${ey - py}`);
      tip.setAttribute("class", `sharah-arrow-head is-${i}`);
      g.append(line, tip);
    });
    svg.append(g);
  }

  // ---- review
  async lookReview() {
    const reply = await this.board.send({ cmd: "review", look: true });
    if (this.board.dead || !reply.ok || !reviewOf(reply).done) return;
    this.review = reviewOf(reply);
    this.reviewBox.hidden = false;
    this.showReview(this.review);
  }

  async startReview() {
    const board = this.board;
    const run = ++this.reviewRun;
    this.reviewBox.hidden = false;
    this.progressRow.hidden = false;
    this.cancel.hidden = false;
    this.reviewButton.disabled = true;
    board.fig.dataset.review = "running";
    for (;;) {
      if (board.dead || run !== this.reviewRun) return;
      const reply = await board.send({ cmd: "review", slice_ms: SLICE_MS * 2 });
      if (board.dead || run !== this.reviewRun) return;
      if (!reply.ok) { this.progressText.textContent = cap(reply.error); break; }
      const rv = reviewOf(reply);
      this.review = rv;
      this.showReview(rv);
      if (rv.finished) break;
      await new Promise((r) => setTimeout(r, 0));
    }
    this.reviewButton.disabled = false;
    this.keep();
    await this.showMarks();           // done once the move list shows the marks (the board is free again)
    board.fig.dataset.review = "done";
    this.board.announce(analysisWords.reviewDone);
  }

  /** The marks in the move list: the engine writes them into the state's
   * move list (moves_html, tree_html); ask for the state once the review
   * has stopped. */
  async showMarks() {
    const board = this.board;
    while (board.busy && !board.dead) await new Promise((r) => setTimeout(r, 50));
    if (board.dead) return;
    const reply = await board.request({ cmd: "state" });
    if (reply && !board.dead) board.apply(reply.state);
    board.fig.dataset.reviewMarks = String(board.fig.querySelectorAll("ol.sharah-moves li[data-mark]").length);
  }

  async cancelReview() {
    this.reviewRun += 1;       // the loop stops after the slice in flight
    this.board.fig.dataset.review = "cancelled";
    this.reviewButton.disabled = false;
    const reply = await this.board.send({ cmd: "review", cancel: true });
    if (this.board.dead || !reply.ok) return;
    this.review = reviewOf(reply);
    this.showReview(this.review);
    this.progressText.textContent += analysisWords.cancelledSuffix;
    this.keep();
    await this.showMarks();
    this.board.announce(analysisWords.reviewCancelled);
  }

  /** The engine keeps the review with the saved game: have it saved now. */
  keep() {
    const records = this.board.addons.get("records");
    if (records && typeof records.save === "function") records.save();
  }

  /** @param {ReviewReply} rv */
  showReview(rv) {
    this.progress.max = rv.total;
    this.progress.value = rv.done;
    this.progressText.textContent = analysisWords.reviewed(rv.done, rv.total, rv.finished ? null : rv.left)
      + analysisWords.unjudged(rv.entries.filter((entry) => !entry.judged).length);
    this.board.fig.dataset.reviewDone = String(rv.done);
    this.cancel.hidden = rv.finished;
    this.drawGraph();
    const st = this.board.state;
    const names = st ? [...st.history, ...st.future.map((/** @type {{name: string}} */ f) => f.name)] : [];
    this.marks.replaceChildren(...rv.entries.filter((entry) => entry.mark).map((entry) => {
      const li = el("li", { "data-mark": entry.mark });
      const what = names[entry.ply] || entry.played || "";
      li.append(el("button", { type: "button", class: "sharah-review-mark", "data-ply": String(entry.ply + 1) },
        analysisWords.marked(entry.ply + 1, what, entry.mark, entry.best_name)));
      return li;
    }));
  }

  drawGraph() {
    const rv = this.review;
    const st = this.board.state;
    if (!rv || !rv.entries.length) { this.graph.replaceChildren(); return; }
    const n = Math.max(rv.total - 1, 1);
    const W = 300;
    const H = 80;
    const x = (/** @type {number} */ i) => (i / n) * W;
    const y = (/** @type {number} */ e) => H - e * H;
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("class", "sharah-review-chart");
    svg.setAttribute("role", "slider");
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("aria-label", analysisWords.graph);
    svg.setAttribute("aria-valuemin", "0");
    svg.setAttribute("aria-valuemax", String(rv.total - 1));
    const current = st ? st.ply : 0;
    this.graphIndex = Math.min(this.graphIndex || current, rv.entries.length - 1);
    const pts = rv.entries.map((entry, i) => `${x(i)},${y(entry.expected)}`).join(" ");
    const area = document.createElementNS(SVG_NS, "polygon");
    area.setAttribute("points", `0,${H} ${pts} ${x(rv.entries.length - 1)},${H}`);
    area.setAttribute("class", "sharah-chart-area");
    const mid = document.createElementNS(SVG_NS, "line");
    mid.setAttribute("x1", "0"); mid.setAttribute("x2", String(W));
    mid.setAttribute("y1", String(H / 2)); mid.setAttribute("y2", String(H / 2));
    mid.setAttribute("class", "sharah-chart-mid");
    svg.append(area, mid);
    rv.entries.forEach((entry, i) => {
      if (!entry.mark) return;
      const dot = document.createElementNS(SVG_NS, "circle");
      dot.setAttribute("cx", String(x(i + 1 <= n ? i + 1 : i)));
      const next = rv.entries[i + 1];
      dot.setAttribute("cy", String(y(next ? next.expected : entry.expected)));
      dot.setAttribute("r", "3");
      dot.setAttribute("class", `sharah-chart-mark is-${entry.mark}`);
      svg.append(dot);
    });
    const cursor = document.createElementNS(SVG_NS, "line");
    cursor.setAttribute("class", "sharah-chart-cursor");
    cursor.setAttribute("y1", "0"); cursor.setAttribute("y2", String(H));
    const place = (/** @type {number} */ i) => {
      cursor.setAttribute("x1", String(x(i))); cursor.setAttribute("x2", String(x(i)));
      svg.setAttribute("aria-valuenow", String(i));
      svg.setAttribute("aria-valuetext", analysisWords.graphAt(i));
    };
    place(current);
    svg.append(cursor);
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const i = Math.round(((e.clientX - box.left) / box.width) * n);
      this.gotoPly(Math.max(0, Math.min(rv.total - 1, i)));
    });
    svg.addEventListener("keydown", (e) => {
      const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[e.key];
      if (step) { e.preventDefault(); this.graphIndex = Math.max(0, Math.min(rv.total - 1, (this.graphIndex || 0) + step)); place(this.graphIndex); }
      else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.gotoPly(this.graphIndex || 0); }
    });
    this.graph.replaceChildren(svg);
  }

  /** @param {number} ply */
  async gotoPly(ply) {
    const board = this.board;
    const st = board.state;
    if (!st || board.busy || ply === st.ply || ply > st.ply + st.future.length) return;
    this.graphIndex = ply;
    const reply = await board.request({ cmd: "goto", ply });
    if (!reply || board.dead) return;
    board.apply(reply.state);
    const s = reply.state;
    board.announce(analysisWords.after(s.ply, s.history[s.ply - 1]));
  }
}

registerAddon({
  name: "analysis",
  applies: (/** @type {any} */ board) => board.mode === "game",
  mount(/** @type {any} */ board) {
    return new Analysis(board);
  },
});
