// @ts-check
// The panels around the board's picture, each a part of the figure the
// build wrote (sharah_web/fence.py), filled from the engine's state and
// wired to the board (board.js) through its public API (ADDONS.md). The
// hand, move list, shortcuts, square-less moves and options form arrive as
// markup (sharah_web/markup.py): they are only put in place and enabled here.
//
//   Messages(board)     setHint(text, kind), say(text, kind) (a diagram's status),
//                       showFeedback(kind, move, text, template) (a try board),
//                       announce(text), status(state) (also the result banner)
//   Choices(board)      show(moves, title, focus), clear(), renderFree()
//   Controls(board)     update(), confirmDiscard(trigger, yesText, go), closeConfirm()
//   HandPanel(board)    render(); pick a kind (click, Enter) or drag it onto a square
//   Shortcuts(board)    render()
//   MoveList(board)     render()
//   OptionsPanel(board) render(), reset(), close()
//
// A panel whose element the figure lacks (a diagram has no hand) does nothing.

import { el, sentence, adopt, closest } from "./dom.js";
import { boardWords, confirmWords } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").MoveEntry} MoveEntry */

/** @param {Board} board */
const opts = (board) => ({ signal: board.abort.signal });

// ---- the status line, the hint line, a try board's feedback, screen readers
export class Messages {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    const fig = board.fig;
    /** @type {HTMLElement | null} */
    this.statusLine = fig.querySelector(".sharah-status");
    /** @type {HTMLElement | null} */
    this.statusText = fig.querySelector(".sharah-status-text");
    /** @type {HTMLElement | null} */
    this.hint = fig.querySelector(".sharah-hint");
    /** @type {HTMLElement | null} */
    this.announcer = fig.querySelector(".sharah-announce");
    /** @type {HTMLElement | null} */
    this.feedback = fig.querySelector(".sharah-feedback");
    // a diagram's own sentence, shown again when the reader lets go of a piece
    this.pageStatus = this.statusText ? this.statusText.textContent : "";
  }

  /** A playable board's status line doubles as the result banner. */
  /** @param {BoardState} state */
  status(state) {
    if (this.board.diagram || !this.statusText || !this.statusLine) return;
    this.statusText.textContent = state.result ? sentence(state.result.text) : state.status;
    if (state.result) this.statusLine.dataset.result = state.result.winner || "draw";
    else delete this.statusLine.dataset.result;
  }

  /** @param {string} text @param {string} [kind] */
  setHint(text, kind) {
    if (!this.hint) return;
    this.hint.textContent = text || "";
    if (kind) this.hint.dataset.kind = kind; else delete this.hint.dataset.kind;
  }

  // A diagram's status line: what the reader's click showed, or the page's sentence.
  /** @param {string | null} text @param {string} [kind] */
  say(text, kind) {
    if (!this.board.diagram || !this.statusText || !this.statusLine) return;
    this.statusText.textContent = text || this.pageStatus;
    if (text && kind) this.statusLine.dataset.kind = kind;
    else delete this.statusLine.dataset.kind;
  }

  saying() {
    return !!this.statusLine?.dataset.kind;
  }

  /** @param {string} move @returns {HTMLTemplateElement | null} */
  wrongTemplate(move) {
    return [.../** @type {NodeListOf<HTMLTemplateElement>} */ (this.board.fig.querySelectorAll('template.sharah-msg[data-msg="wrong"]'))]
      .find((t) => t.dataset.move === move) || null;
  }

  /** @param {string | null} kind @param {string | null} [move] @param {string} [text]
   *  @param {HTMLTemplateElement | null} [template] */
  showFeedback(kind, move, text, template) {
    const box = this.feedback;
    if (!box) return;
    if (!kind) { box.hidden = true; box.replaceChildren(); delete box.dataset.kind; return; }
    const tpl = (/** @type {string} */ name) =>
      /** @type {HTMLTemplateElement | null} */ (this.board.fig.querySelector(`template.sharah-msg[data-msg="${name}"]`));
    let content = template || null;
    if (kind === "right") content = tpl("success");
    else if (kind === "wrong") content = (move && this.wrongTemplate(move)) || tpl("generic");
    box.replaceChildren();
    box.dataset.kind = kind;
    if (content) box.appendChild(content.content.cloneNode(true));
    else box.textContent = sentence(text || "");
    if (kind === "wrong") {
      const again = el("button", { type: "button", class: "md-button sharah-btn", "data-action": "retry" }, boardWords.tryAgain);
      again.addEventListener("click", () => this.board.action("retry"), opts(this.board));
      box.append(" ", again);
    }
    box.hidden = false;
  }

  /** @param {string} text */
  announce(text) {
    const line = this.announcer;
    if (!line) return;
    // Re-set even the same text so it is read again.
    line.textContent = "";
    requestAnimationFrame(() => { line.textContent = text; });
  }
}

// ---- a labelled choice between moves, and the square-less moves (pass)
export class Choices {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {HTMLElement | null} */
    this.box = board.fig.querySelector(".sharah-choices");
    /** @type {HTMLElement | null} */
    this.controls = board.fig.querySelector(".sharah-controls");
    this.box?.addEventListener("click", (e) => {
      const button = closest(e, "button[data-move]");
      if (button) board.play(button.dataset.move || "");
      else if (closest(e, "button[data-cancel]")) { this.clear(); board.focus(); }
    }, opts(board));
    this.box?.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { this.clear(); board.focus(); }
    }, opts(board));
  }

  /** A labelled choice among ``moves``. @param {MoveEntry[]} moves @param {string} title */
  show(moves, title, focus = true) {
    const c = this.box;
    if (!c) return;
    c.replaceChildren(el("span", { class: "sharah-choices-title" }, title));
    for (const m of moves) {
      c.appendChild(el("button", { type: "button", class: "md-button sharah-choice", "data-move": m.n }, m.label || m.n));
    }
    c.appendChild(el("button", { type: "button", class: "md-button sharah-choice sharah-cancel", "data-cancel": "1" }, boardWords.cancelChoice));
    c.hidden = false;
    if (focus && document.activeElement === this.board.box) c.querySelector("button")?.focus({ preventScroll: true });
    this.board.emit("choices", moves);       // drawn on the board too, where it can be (onboard.js)
  }

  clear() {
    if (!this.box || this.box.hidden) return;
    this.box.hidden = true;
    this.box.replaceChildren();
    this.board.emit("choices", null);
  }

  // The engine's row of square-less moves (state.free_html), first in the controls.
  renderFree() {
    const board = this.board;
    if (!this.controls || board.diagram || !board.state) return;
    this.controls.querySelector(".sharah-free")?.remove();
    if (board.mode === "try" && board.answered) return;   // an exercise answered: no prompt for the next turn
    this.controls.insertAdjacentHTML("afterbegin", board.state.free_html);
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (this.controls.querySelectorAll(".sharah-free button"))) {
      b.disabled = !board.canAct() || board.fig.dataset.state !== "ready";
    }
  }
}

// ---- Undo, Redo, Restart, Flip; "Discard this game? Yes / No" in the page
export class Controls {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {HTMLElement | null} */
    this.box = board.fig.querySelector(".sharah-controls");
    /** @type {HTMLElement | null} */
    this.confirmBox = null;
    this.box?.addEventListener("click", (e) => {
      /** @type {HTMLButtonElement | null} */
      const button = closest(e, "button[data-action], button[data-free]");
      if (!button || button.disabled) return;
      // a tap's explanation ("... has no legal move here") is about the turn this button ends
      if (button.dataset.free) { board.setHint(""); board.play(button.dataset.free); }
      else board.action(button.dataset.action || "", button);
    }, opts(board));
  }

  update() {
    const board = this.board;
    const st = board.state;
    if (!st || board.fig.dataset.state !== "ready" || !this.box) return;
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (this.box.querySelectorAll("button[data-action]"))) {
      const a = b.dataset.action;
      if (a === "undo") b.disabled = !st.can_undo;
      else if (a === "redo") b.disabled = !st.can_redo;
      else if (a === "retry") b.disabled = !board.answered;
      else b.disabled = false;
    }
  }

  /** @param {HTMLElement | null | undefined} trigger @param {string} yesText @param {() => void} go */
  confirmDiscard(trigger, yesText, go) {
    const board = this.board;
    this.closeConfirm();
    const box = el("div", { class: "sharah-confirm", role: "group", "aria-label": confirmWords.label });
    const n = board.state ? board.state.history.length : 0;
    const question = el("span", { class: "sharah-confirm-text" },
      confirmWords.question(n));
    const yes = el("button", { type: "button", class: "md-button sharah-btn sharah-confirm-yes", "data-confirm": "yes" }, yesText);
    const no = el("button", { type: "button", class: "md-button md-button--primary sharah-btn sharah-confirm-no", "data-confirm": "no" }, confirmWords.keep);
    box.append(question, " ", yes, no);
    const back = () => {
      this.closeConfirm();
      if (trigger && trigger.isConnected) trigger.focus({ preventScroll: true });
      board.announce(confirmWords.kept);
    };
    yes.addEventListener("click", () => { this.closeConfirm(); go(); }, opts(board));
    no.addEventListener("click", back, opts(board));
    box.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); back(); } }, opts(board));
    const anchor = (trigger && trigger.closest(".sharah-controls, .sharah-options-form")) || this.box;
    if (anchor) anchor.after(box); else board.fig.append(box);
    this.confirmBox = box;
    no.focus({ preventScroll: true });   // the safe answer first
  }

  closeConfirm() {
    this.confirmBox?.remove();
    this.confirmBox = null;
  }
}

// ---- the hand under the board: pick a kind (click, or Enter), or drag it onto a square
export class HandPanel {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {HTMLElement | null} */
    this.box = board.fig.querySelector(".sharah-hand");
    /** @type {string | null} the engine's markup shown now */
    this.shown = null;
    /** @type {{ kind: string, button: HTMLButtonElement, x: number, y: number, id: number,
     *   ghost: HTMLElement | null, size: number } | null} a kind dragged from the hand */
    this.drag = null;
    this.dragged = false;
    const box = this.box;
    if (!box) return;
    box.addEventListener("click", (e) => {
      if (this.dragged) { this.dragged = false; return; }   // the end of a drag
      /** @type {HTMLButtonElement | null} */
      const button = closest(e, "button[data-kind]");
      // a click from the keyboard (Enter, Space) has no pointer: detail 0
      if (button && !button.disabled) board.pickKind(button.dataset.kind || "", e.detail === 0);
    }, opts(board));
    box.addEventListener("pointerdown", (e) => this.onDown(e), opts(board));
    box.addEventListener("pointermove", (e) => this.onMove(e), opts(board));
    box.addEventListener("pointerup", (e) => this.onUp(e), opts(board));
    box.addEventListener("pointercancel", () => this.cancelDrag(), opts(board));
    box.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && board.dropKind) { e.preventDefault(); board.unpickKind(true); }
    }, opts(board));
  }

  render() {
    const board = this.board;
    const box = this.box;
    if (!box || !board.state) return;
    const usable = board.fig.dataset.state === "ready" && board.canAct();
    const html = board.state.hand_html;     // the engine's markup (sharah_web/markup.py)
    if (html !== this.shown) {
      const active = document.activeElement;
      const hadFocus = active && box.contains(active) ? active.getAttribute("data-kind") : null;
      this.shown = html;
      adopt(box, html);
      if (hadFocus) /** @type {HTMLElement | null} */ (box.querySelector(`button[data-kind="${hadFocus}"]`))?.focus({ preventScroll: true });
    }
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (box.querySelectorAll("button[data-kind]"))) {
      b.disabled = !usable;
      b.setAttribute("aria-pressed", b.dataset.kind === board.dropKind ? "true" : "false");
    }
  }

  // Drag a kind's button onto a square: a token follows the pointer.
  /** @param {PointerEvent} e */
  onDown(e) {
    /** @type {HTMLButtonElement | null} */
    const button = closest(e, "button[data-kind]");
    this.dragged = false;
    if (!button || button.disabled || e.button !== 0 || !this.board.canAct()) return;
    this.drag = { kind: button.dataset.kind || "", button, x: e.clientX, y: e.clientY, id: e.pointerId, ghost: null,
      size: 40 };
    try { button.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
  }

  /** @param {PointerEvent} e */
  onMove(e) {
    const board = this.board;
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      const item = board.dropKind === d.kind ? board.handItem(d.kind) : board.setKind(d.kind);
      if (!item) { this.cancelDrag(); return; }
      const first = board.rects && board.rects.values().next().value;
      d.size = first ? first.getBoundingClientRect().width : 40;
      const ghost = el("div", { class: "sharah-drag-token", "aria-hidden": "true" });
      ghost.innerHTML = item.svg || "";
      ghost.style.width = ghost.style.height = `${d.size}px`;
      document.body.appendChild(ghost);
      d.ghost = ghost;
      board.fig.dataset.dragging = "true";
    }
    d.ghost.style.transform = `translate(${e.clientX - d.size / 2}px, ${e.clientY - d.size / 2}px)`;
  }

  /** @param {PointerEvent} e */
  onUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const dragged = !!d.ghost;
    this.cancelDrag();
    if (!dragged) return;               // a click: the click handler picks the kind
    this.dragged = true;                // the click that follows is not a pick
    setTimeout(() => { this.dragged = false; }, 0);
    this.board.dropAt(e.clientX, e.clientY);
  }

  cancelDrag() {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    d.ghost?.remove();
    delete this.board.fig.dataset.dragging;
    try { d.button.releasePointerCapture(d.id); } catch (_) { /* released */ }
  }
}

// ---- shortcuts: named sequences of moves the engine plays (ordinary moves)
export class Shortcuts {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {HTMLElement | null} */
    this.box = board.fig.querySelector(".sharah-shortcuts");
    this.box?.addEventListener("click", (e) => {
      /** @type {HTMLButtonElement | null} */
      const button = closest(e, "button");
      if (!button || button.disabled) return;
      if (button.dataset.shortcut) board.runShortcut(button.dataset.shortcut, button);
      else if (button.dataset.undoShortcut) board.undoShortcut(+button.dataset.undoShortcut);
    }, opts(board));
  }

  render() {
    const board = this.board;
    const box = this.box;
    if (!box || !board.state) return;
    const usable = board.fig.dataset.state === "ready" && board.canAct();
    const focused = box.contains(document.activeElement);
    box.innerHTML = board.state.shortcuts_html;     // the engine's buttons (sharah_web/markup.py)
    const buttons = [...box.querySelectorAll("button")];
    const ready = board.fig.dataset.state === "ready";
    // taking a shortcut back is an undo: allowed when the game is over too
    for (const b of buttons) b.disabled = b.dataset.undoShortcut ? !ready : !usable;
    box.hidden = !buttons.length;
    if (focused && buttons.length) buttons[0].focus({ preventScroll: true });
  }
}

// ---- the move list (records.js makes it a replay control)
export class MoveList {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {HTMLElement | null} */
    this.list = board.fig.querySelector(".sharah-moves");
    this.scrollQueued = false;
  }

  render() {
    const list = this.list;
    const st = this.board.state;
    if (!list || !st) return;
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
}

// ---- game options: the engine's form (state.options_html), "New game with these options"
export class OptionsPanel {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    /** @type {HTMLDetailsElement | null} */
    this.box = board.fig.querySelector(".sharah-options");
    /** @type {string | null} */
    this.shown = null;
    this.box?.addEventListener("submit", (e) => {
      e.preventDefault();
      const form = /** @type {HTMLFormElement} */ (e.target);
      /** @type {Record<string, unknown>} */
      const options = {};
      for (const o of board.state ? board.state.options : []) {
        const name = String(o.name);
        const input = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
        if (input) options[name] = o.type === "bool" ? input.checked : input.value;
      }
      board.newGame(options, form.querySelector("button[type=submit]"));
    }, opts(board));
  }

  reset() {
    this.shown = null;
  }

  close() {
    if (this.box) this.box.open = false;
  }

  render() {
    const box = this.box;
    const html = this.board.state?.options_html;
    if (!box) return;
    if (!html) { box.hidden = true; return; }
    if (html === this.shown) return;    // keep what the reader set in the form meanwhile
    this.shown = html;
    const body = box.querySelector(".sharah-options-body");
    if (body) body.innerHTML = html;
    box.hidden = false;
  }
}
