// @ts-check
// The position editor, an add-on (ADDONS.md): on every game board an "Edit
// position" button. In edit mode the board shows a draft position; the
// visitor picks a piece from the palette (or the clear-square tool) and
// clicks squares (or moves the keyboard cursor and presses Enter) to put it
// there; clicking a square that holds the same piece takes it off. The
// fields after the side to move (die roll, Fisher control, phase, hands...),
// the position text (editable: Enter or "Apply text") and the engine's list
// of problems sit under the board. "Play from here" (only when there is no
// problem) starts a new game from the draft, asking first when a game in
// progress would be lost; "Cancel" goes back to the game untouched.
//
// Nothing here knows a rule: the palette, the fields and their allowed
// values, the problems and the drawing all come from the engine's "edit"
// command (sharah_web/editor.py). The engine keeps no draft: each edit sends
// the draft's position text and gets the new one back, so an edit the
// engine refuses changes nothing.

import { registerAddon } from "./board.js";
import { el, cap, sentence, closest } from "./dom.js";
import { editorWords } from "./words.js";

const CLEAR = "";   // the clear-square tool's token

/** @typedef {import("./board.js").Board} Board */
/** A piece in the palette (editor.py). @typedef {{ token: string, name: string, side: string | null, svg: string }} PaletteItem */
/** A field of the position after the pieces (editor.py: the variant's position fields).
 * @typedef {{ name: string, label: string, type: string, value: string, doc?: string, choices: [string, string][] }} Field */
/** The engine's "edit" answer (bridge.py: edit): the draft.
 * @typedef {{ position: string, problems: string[], fields: Field[], svg: string,
 *   pieces: Record<string, import("./contract.js").PieceEntry & { token?: string }>, palette?: PaletteItem[] }} Draft */

class Editor {
  /** @param {Board} board */
  constructor(board) {
    this.board = board;
    this.open = false;
    /** @type {Draft | null} the engine's last "edit" answer */
    this.draft = null;
    /** @type {string | null} the palette token picked (CLEAR: the clear-square tool) */
    this.tool = null;
    /** @type {PaletteItem[]} */
    this.palette = [];
    this.base = `${board.cfg.uid}-${board.mountNo}-edit`;
    const signal = board.abort.signal;

    this.toggle = el("button", { type: "button", class: "md-button sharah-btn sharah-edit-toggle",
      "aria-expanded": "false", "aria-controls": this.base }, editorWords.toggle);
    this.toggle.addEventListener("click", () => this.start(), { signal });
    board.slot("editor", ".sharah-moves").appendChild(this.toggle);

    this.paletteBox = el("div", { class: "sharah-editor-palette", role: "group", "aria-label": editorWords.palette });
    this.fieldsBox = el("div", { class: "sharah-editor-fields" });
    this.text = el("textarea", { id: `${this.base}-text`, class: "sharah-editor-text", rows: "2",
      spellcheck: "false", autocomplete: "off", "aria-describedby": `${this.base}-text-doc` });
    this.problemsBox = el("div", { class: "sharah-editor-problems", "aria-live": "polite" });
    this.playButton = el("button", { type: "button", class: "md-button md-button--primary sharah-btn sharah-editor-play" },
      editorWords.playButton);
    const cancel = el("button", { type: "button", class: "md-button sharah-btn sharah-editor-cancel" }, editorWords.cancel);
    const clearBoard = el("button", { type: "button", class: "md-button sharah-btn", "data-edit": "clear" }, editorWords.clearBoard);
    const startPos = el("button", { type: "button", class: "md-button sharah-btn", "data-edit": "start" }, editorWords.startPosition);
    const applyText = el("button", { type: "button", class: "md-button sharah-btn sharah-editor-apply" }, editorWords.applyText);
    this.panel = el("section", { class: "sharah-editor", id: this.base, "aria-label": editorWords.panel, hidden: true });
    this.panel.append(
      el("h3", { class: "sharah-editor-title" }, editorWords.title),
      el("p", { class: "sharah-editor-help" }, editorWords.help),
      this.paletteBox,
      el("div", { class: "sharah-editor-actions" }, null),
      this.fieldsBox,
      el("label", { for: this.text.id, class: "sharah-editor-text-label" }, editorWords.positionText),
      this.text,
      el("p", { id: `${this.base}-text-doc`, class: "sharah-editor-doc" }, editorWords.textHelp),
      el("div", { class: "sharah-editor-apply-row" }, null),
      this.problemsBox,
      el("div", { class: "sharah-editor-go" }, null));
    this.panel.querySelector(".sharah-editor-actions")?.append(clearBoard, startPos);
    this.panel.querySelector(".sharah-editor-apply-row")?.append(applyText);
    this.panel.querySelector(".sharah-editor-go")?.append(this.playButton, cancel);
    (board.fig.querySelector(".sharah-layout") || board.box).after(this.panel);

    this.paletteBox.addEventListener("click", (e) => {
      const b = closest(e, "button[data-token]");
      if (b) this.pickTool(b.dataset.token || "", e.detail === 0);
    }, { signal });
    clearBoard.addEventListener("click", () => this.edit({ op: "clear" }, editorWords.cleared), { signal });
    startPos.addEventListener("click", () => this.edit({ op: "start" }, editorWords.started), { signal });
    applyText.addEventListener("click", () => this.applyText(), { signal });
    this.text.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); this.applyText(); }
    }, { signal });
    this.playButton.addEventListener("click", () => this.playFromHere(), { signal });
    cancel.addEventListener("click", () => this.cancel(), { signal });
    this.panel.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && e.target !== this.text) { e.preventDefault(); this.cancel(); }
    }, { signal });
    // a state shown while editing (another add-on's work) must not hide the draft
    board.on("state", () => { if (this.open && this.draft) board.showSvg(this.draft.svg); });
  }

  // ---- entering and leaving edit mode
  async start() {
    const board = this.board;
    if (this.open || board.busy || !board.state) return;
    const reply = await board.request({ cmd: "edit", op: "show", palette: true });
    if (!reply || board.dead) return;
    this.open = true;
    this.palette = reply.edit.palette || [];
    this.tool = null;
    board.setLock("editor", true);
    board.setInterceptor({ name: "editor", pick: (sq) => this.pick(sq),
      pieceAt: (sq) => (this.draft && this.draft.pieces[sq]) || null });
    this.renderPalette();
    this.show(reply.edit);
    this.panel.hidden = false;
    this.toggle.hidden = true;
    this.toggle.setAttribute("aria-expanded", "true");
    board.setHint("");
    board.announce(editorWords.opened);
    this.paletteBox.querySelector("button")?.focus({ preventScroll: true });
  }

  close() {
    const board = this.board;
    this.open = false;
    this.draft = null;
    this.panel.hidden = true;
    this.toggle.hidden = false;
    this.toggle.setAttribute("aria-expanded", "false");
    board.setInterceptor(null);
    board.setLock("editor", false);
    if (board.state) board.showSvg(board.state.svg);
  }

  cancel() {
    if (!this.open) return;
    this.close();
    this.board.setHint("");
    this.board.announce(editorWords.closed);
    this.toggle.focus({ preventScroll: true });
  }

  playFromHere() {
    const board = this.board;
    if (!this.open || !this.draft || this.draft.problems.length || board.busy) return;
    const position = this.draft.position;
    const go = async () => {
      const reply = await board.request({ cmd: "edit", op: "play", position });
      if (!reply || board.dead) return;
      this.close();
      board.apply(reply.state);
      board.setHint("");
      board.announce(editorWords.newGame(reply.state.status));
      board.box.focus({ preventScroll: true });
      this.reveal();
    };
    if (board.state?.changed) board.confirmDiscard(this.playButton, editorWords.confirmPlay, go);
    else go();
  }

  // The panel's buttons are at its foot, under the board on a phone: once the
  // panel is gone, a reader who went down to them is below the board (or the
  // board's top under the site's header). The board is put back in view.
  reveal() {
    const drawing = this.board.fig.querySelector("svg.sh-board");
    const header = document.querySelector(".md-header");
    const top = header ? header.getBoundingClientRect().bottom : 0;
    if (drawing && drawing.getBoundingClientRect().top < top) this.board.fig.scrollIntoView({ block: "start" });
  }

  // ---- edits: each one goes to the engine with the draft's text
  /** @param {Record<string, unknown>} op @param {string} [said] */
  async edit(op, said) {
    const board = this.board;
    if (!this.open || board.busy || !this.draft) return false;
    const reply = await board.request({ cmd: "edit", position: this.draft.position, ...op });
    if (!this.open || board.dead) return false;
    if (!reply) { this.renderFields(); return false; }   // the engine said why (the hint line)
    board.setHint("");
    this.show(reply.edit);
    if (said) board.announce(said);
    return true;
  }

  applyText() {
    if (!this.open) return;
    const text = this.text.value;
    if (!this.draft || text.trim() === this.draft.position) return;
    this.edit({ op: "text", text }, editorWords.textRead);
  }

  /** @param {string} sq */
  pick(sq) {
    if (this.tool === null || !this.draft) {
      this.board.setHint(editorWords.pickFirst, "explain");
      return;
    }
    const had = this.draft.pieces[sq];
    if (this.tool === CLEAR) {
      if (had) this.edit({ op: "remove", square: sq }, `${sq} cleared.`);
      return;
    }
    const name = this.palette.find((p) => p.token === this.tool)?.name || "";
    const same = had && had.token === this.tool;
    this.edit({ op: "put", square: sq, piece: this.tool },
      editorWords.put(name, sq, !!same));
  }

  /** @param {string} token @param {boolean} viaKeyboard */
  pickTool(token, viaKeyboard) {
    this.tool = this.tool === token ? null : token;
    for (const b of this.paletteBox.querySelectorAll("button[data-token]")) {
      b.setAttribute("aria-pressed", b.getAttribute("data-token") === this.tool ? "true" : "false");
    }
    if (this.tool === null) { this.board.announce(editorWords.nothingPicked); return; }
    const name = this.tool === CLEAR ? editorWords.clearSquare : this.palette.find((p) => p.token === token)?.name;
    this.board.setHint("");
    if (viaKeyboard) {
      this.board.announce(editorWords.picked(name));
      this.board.box.focus({ preventScroll: true });
    } else {
      this.board.announce(`${name} picked.`);
    }
  }

  // ---- drawing the draft
  /** @param {Draft} draft */
  show(draft) {
    this.draft = draft;
    this.board.showSvg(draft.svg);
    this.text.value = draft.position;
    this.renderFields();
    this.renderProblems();
  }

  renderPalette() {
    /** @type {Map<string, HTMLButtonElement[]>} side (or "neutral") -> buttons */
    const groups = new Map();
    for (const p of this.palette) {
      const key = p.side || "neutral";
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      const b = el("button", { type: "button", class: "sharah-editor-piece", "data-token": p.token,
        "aria-label": p.name, title: p.name, "aria-pressed": "false" });
      b.innerHTML = p.svg;    // the engine's drawing of the piece
      group.push(b);
    }
    const rows = [...groups].map(([key, buttons]) => {
      const row = el("div", { class: "sharah-editor-row", "data-side": key });
      row.append(el("span", { class: "sharah-editor-row-title" }, key === "neutral" ? editorWords.neutral : cap(key)), ...buttons);
      return row;
    });
    const tools = el("div", { class: "sharah-editor-row" });
    tools.appendChild(el("button", { type: "button", class: "md-button sharah-btn sharah-editor-clear-tool",
      "data-token": CLEAR, "aria-pressed": "false" }, editorWords.clearSquare));
    this.paletteBox.replaceChildren(...rows, tools);
  }

  renderFields() {
    if (!this.draft) return;
    const rows = this.draft.fields.map((f) => {
      const id = `${this.base}-${f.name}`;
      const row = el("div", { class: `sharah-option sharah-option-${f.type}`, "data-field": f.name });
      /** @type {HTMLSelectElement | HTMLInputElement} */
      let input;
      if (f.type === "choice") {
        const select = input = el("select", { id, name: f.name });
        for (const [value, label] of f.choices) {
          const opt = el("option", { value }, value && value !== label ? `${label} (${value})` : label);
          opt.selected = value === f.value;
          select.appendChild(opt);
        }
        select.addEventListener("change", () => this.setField(f, select.value));
      } else {
        const text = input = el("input", { id, name: f.name, type: "text", value: f.value, spellcheck: "false",
          inputmode: f.type === "int" ? "numeric" : null, size: f.type === "int" ? "5" : "22" });
        text.addEventListener("change", () => this.setField(f, text.value));
        text.addEventListener("keydown", (e) => {
          if (e.key === "Enter") { e.preventDefault(); this.setField(f, text.value); }
        });
      }
      row.append(el("label", { for: id }, f.label), input);
      if (f.doc) {
        input.setAttribute("aria-describedby", `${id}-doc`);
        row.appendChild(el("span", { class: "sharah-option-doc", id: `${id}-doc` }, sentence(cap(f.doc))));
      }
      return row;
    });
    const active = document.activeElement;
    const focused = active && this.fieldsBox.contains(active) ? active.getAttribute("name") : null;
    this.fieldsBox.replaceChildren(...rows);
    if (focused) /** @type {HTMLElement | null} */ (this.fieldsBox.querySelector(`[name="${CSS.escape(focused)}"]`))?.focus({ preventScroll: true });
  }

  /** @param {Field} field @param {string} value */
  setField(field, value) {
    if (value === field.value) return;
    this.edit({ op: "set", field: field.name, value }, editorWords.field(field.label, value));
  }

  renderProblems() {
    const problems = this.draft ? this.draft.problems : [];
    this.playButton.disabled = problems.length > 0;
    if (!problems.length) {
      this.problemsBox.dataset.ok = "true";
      this.problemsBox.replaceChildren(el("p", { class: "sharah-editor-ok" }, editorWords.playable));
      return;
    }
    delete this.problemsBox.dataset.ok;
    const list = el("ul", { class: "sharah-editor-problem-list" });
    for (const p of problems) list.appendChild(el("li", {}, p));
    this.problemsBox.replaceChildren(el("p", { class: "sharah-editor-problem-title" }, editorWords.problems), list);
  }
}

registerAddon({
  name: "editor",
  applies: (board) => board.mode === "game",
  mount: (board) => new Editor(board),
});
