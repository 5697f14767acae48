// @ts-check
// Saved games, game records, share links and replay: an add-on for game
// boards (ADDONS.md). It knows no rules and no format: the engine writes and
// reads records, links and saved games (sharah_web/record.py, the bridge's
// record / link / save / load / goto commands); this module only moves text
// between the engine, the page, the clipboard and the browser's storage.
//
// - Saved games: after every change the board's game (every move, the moves
//   to redo, options, die rolls, orientation) is kept in localStorage under
//   the page's path and the board's uid, in the task that shows the change
//   (the engine's state carries the saved game: state.saved), so leaving the
//   page the moment a move shows keeps it; it is restored by the board's "open"
//   request, so a reload shows the game, not the start. An entry the engine
//   cannot read (damaged, from another version of the site) is set aside
//   under "<key>:set-aside" with a note, and the page's game is shown.
// - Records: "Copy the record" and "Import a record" (all or nothing; the
//   engine names the first bad move). Importing over a game in progress asks.
// - Links: "Copy a link" gives the page's address with #game=...; opening it
//   loads that game into the board it names (else the first game board of its
//   game). A link that continues the board's game (a correspondence move)
//   loads at once; one that would replace other moves asks first.
// - Replay: every move in the move list is clickable (while replaying, the
//   list shows the moves after the one shown too); |< < > >| buttons, and the arrow keys, Home and End while the
//   move list or those buttons have the focus (the board's own arrow keys
//   still move its cursor). While looking back, a move starts a variation
//   (the play request gets branch: the later moves stay, as the main line);
//   "Play from here" makes the next move replace them instead. A game with
//   variations shows the engine's tree (state.tree_html): every move of every
//   line is clickable (goto node), each variation can be promoted one
//   level, made the main line or deleted (the variation command).
//
// - Nothing lost: a stored entry longer than the engine keeps (MAX_SAVED)
//   is never sent to it; it is set aside at once, like one the engine could
//   not read. A move that cannot be saved (the storage is full or off, or
//   the game is too large to keep) is said in the board's hint line at once,
//   with the way out; the game on the board is never touched, and leaving
//   the page asks first. A link's game stays in the address until it is
//   saved.
// - Two tabs: a tab never saves a game older than the stored one unless the
//   player chose it. Each tab knows the stored text it last read or wrote;
//   before writing it reads the store again, and a text it does not know is
//   another tab's: a game that continues this tab's (a tab that opened while
//   another played on) is taken at once, any other is offered as a choice
//   (keep this tab's game, or take the other's), and nothing is written
//   until the player chooses. Another tab's saves are also heard as they
//   happen ("storage" events). Moves played here meanwhile are not saved, so
//   leaving or reloading the page asks first.
//
// Text from a record, a link or storage is only ever set with textContent.

import { registerAddon } from "./board.js";
import { el, sentence, closest } from "./dom.js";
import { gameKey, pageStore, readStored as readEntry, writeStored as writeEntry, setAside as moveAside } from "./store.js";
import { shareURL, linkIn, linkBoard, linkTarget, recordTags } from "./share.js";
import { notRestored, tooLargeToRestore, recordWords } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").Reply} Reply */

const MAX_RECORD = 200_000;   // characters; the engine refuses longer records too
// characters of a saved game the engine reads (sharah_web/record.py:
// MAX_SAVED; tests/test_contract.py checks that they are the same)
export const MAX_SAVED = 150_000;

/** @param {Board} board */
const storageKey = (board) => gameKey(location.pathname, board.cfg.uid);
/** @param {string} key */
const readStored = (key) => readEntry(pageStore(), key);
/** @param {string} key @param {string} text */
const writeStored = (key, text) => writeEntry(pageStore(), key, text);

/** Copy ``text``; false when the browser does not allow it (http, no focus). */
/** @param {string} text */
async function copyText(text) {
  if (!navigator.clipboard || !window.isSecureContext) return false;
  try {
    await Promise.race([
      navigator.clipboard.writeText(text),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 1500)),
    ]);
    return true;
  } catch (_) {
    return false;
  }
}

/** @type {Set<string>} */
const blocked = new Set();     // keys holding an entry that could not be set aside
/** @type {WeakMap<Board, string | null>} */
const readAtOpen = new WeakMap();   // board -> the stored text its open request restored

/** Set the entry under ``key`` aside (store.js: nothing is thrown away);
 *  when the store will not, this board does not save over it.
 * @param {string} key @returns {import("./words.js").Aside} */
function setAside(key) {
  const aside = moveAside(pageStore(), key);
  if (aside === "stuck") blocked.add(key);
  return aside;
}

/** The note said when a stored game was set aside before the board opened (openRequest).
 * @type {WeakMap<Board, string>} */
const asideNotes = new WeakMap();

class Records {
  /** @param {Board} board @param {Reply | null} openReply */
  constructor(board, openReply) {
    this.board = board;
    this.key = storageKey(board);
    /** @type {Promise<boolean>} */
    this.saving = Promise.resolve(true);
    /** @type {string | null} why the last change could not be saved */
    this.unsaved = null;
    /** @type {string | null} the stored text this tab last read or wrote */
    this.known = readAtOpen.get(board) ?? null;
    /** @type {string | null} another tab's game, while the visitor chooses */
    this.other = null;
    /** @type {string | null} this tab's game when the other tab's came */
    this.mine = null;
    this.held = false;         // moves played here since then: not saved
    /** @type {HTMLElement | null} */
    this.tabs = null;
    this.replaying = false;
    this.cutting = false;      // "Play from here": the next move replaces the later ones
    const panel = this.buildPanel();
    this.copyRecordButton = panel.copyRecordButton;
    this.copyLinkButton = panel.copyLinkButton;
    this.importButton = panel.importButton;
    this.message = panel.message;
    this.outLabel = panel.outLabel;
    this.output = panel.output;
    this.outBox = panel.outBox;
    this.input = panel.input;
    this.importForm = panel.importForm;
    this.details = panel.details;
    const replay = this.buildReplay();
    this.bar = replay.bar;
    this.steps = replay.steps;
    this.where = replay.where;
    this.paused = replay.paused;
    this.playHere = replay.playHere;
    const opts = { signal: board.abort.signal };
    board.on("state", (state) => this.onState(state));
    board.on("request", (req) => {
      // looking back, a move starts a variation; after "Play from here" it cuts, and
      // after Undo (not looking back) it replaces the move taken back
      if (req.cmd === "play" && this.replaying && board.state && board.state.future.length && !this.cutting) {
        req.branch = true;
      }
      if (req.cmd === "play") this.cutting = false;
    });
    window.addEventListener("hashchange", () => this.checkLink(), opts);
    window.addEventListener("storage", (e) => this.onStorage(e), opts);
    window.addEventListener("beforeunload", (e) => {
      // moves the storage did not take: leaving asks first
      if ((this.unsaved || this.held) && !board.dead) { e.preventDefault(); e.returnValue = ""; }
    }, opts);
    const aside = asideNotes.get(board);
    if (aside) {
      board.setHint(aside, "explain");
    } else if (board.refusedSaved != null || (openReply && openReply.ok && openReply.refused != null)) {
      // the engine could not read the stored game: keep it aside, say so
      const reason = openReply && openReply.ok && openReply.refused != null ? openReply.refused : board.refusedSaved;
      board.setHint(notRestored(String(reason), setAside(this.key)), "explain");
      this.known = null;
    } else if (openReply && openReply.ok && openReply.restored) {
      const st = board.state;
      if (st && (st.history.length || st.future.length)) board.setHint(recordWords.back, "explain");
    }
    this.onState(board.state);
    this.checkLink();
  }

  // ---- saved games
  /** @param {BoardState | null} state */
  onState(state) {
    if (!state) return;
    if (!state.future.length) this.replaying = false;
    this.renderMoves(state);
    this.renderReplay(state);
    // the engine's answer carries the game as it saves it: stored in this
    // task, so a page left the moment the move shows keeps it
    this.saving = Promise.resolve(this.keep(state.saved, state.unsaved));
  }

  /** Save the board's game as the engine has it now (with a review it
   *  keeps, which no state carries); resolves to true when the browser kept it. */
  save() {
    const board = this.board;
    this.saving = this.saving.then(async () => {
      if (board.dead) return false;
      const reply = await board.send({ cmd: "save" });
      if (board.dead || reply.fatal) return false;      // the engine failed: recover.js keeps the game
      return reply.ok ? this.keep(/** @type {Record<string, unknown>} */ (reply.saved), null)
        : this.keep(null, reply.error);
    }).catch(() => false);
    return this.saving;
  }

  /** Store ``saved`` (the engine's saved game), now; ``unsaved``: why the
   *  engine cannot keep the game (neither: nothing to keep, as in the
   *  answer that opens the board). True when the browser kept it; a promise
   *  when another tab's game was found first (``heard``).
   * @param {Record<string, unknown> | null} saved @param {string | null} unsaved
   * @returns {boolean | Promise<boolean>} */
  keep(saved, unsaved) {
    const board = this.board;
    if (board.dead) return false;
    if (saved == null && unsaved != null) return this.notSaved(recordWords.noLongerKept(unsaved), false);
    const text = saved == null ? null : JSON.stringify(saved);
    if (blocked.has(this.key)) return this.notSaved(recordWords.oldStuck);
    if (this.other != null) {                        // another tab's game: the visitor chooses first
      if (text != null) this.held = text !== this.mine && text !== this.other;
      return false;
    }
    const now = readStored(this.key);
    if (now != null && now !== this.known) return this.heard(now);   // another tab saved since
    if (text == null) return false;                  // nothing to keep
    if (text === now) return !this.unsaved;
    const why = writeStored(this.key, text);
    const st = board.state;
    if (why && st && !st.history.length && !st.future.length && !this.unsaved) return false;   // nothing played to lose
    if (why) {
      return this.notSaved(why === "full" ? recordWords.storageFull : recordWords.storageOff);
    }
    this.known = text;
    if (this.unsaved) {
      this.unsaved = null;
      delete board.fig.dataset.unsaved;
      board.setHint(recordWords.savedAgain, "explain");
    }
    return true;
  }

  /** A change that could not be saved: said at once under the board, with
   *  the way out; the game on the board stays as it is.
   * @param {string} why @returns {false} */
  notSaved(why, store = true) {
    this.unsaved = why;
    this.board.fig.dataset.unsaved = "true";
    this.board.setHint(recordWords.notSaved(why, store), "error");
    return false;
  }

  // ---- two tabs: another tab saved this board's game
  /** @param {StorageEvent} e */
  onStorage(e) {
    if (e.key !== this.key || e.newValue == null || e.newValue === this.known || this.board.dead) return;
    try { if (e.storageArea && e.storageArea !== pageStore()) return; } catch (_) { return; }
    this.otherTab(e.newValue);
  }

  /** Another tab's game (``text``), found in the store before a save (this
   *  tab missed its "storage" event: it was still opening). When it
   *  continues this tab's game, nothing here is lost: it goes on the board.
   *  Otherwise the player chooses. Resolves to false (nothing written).
   * @param {string} text */
  async heard(text) {
    const board = this.board;
    const reply = await board.send({ cmd: "load", saved: text, if_unchanged: true });
    if (board.dead || this.other != null) return false;
    if (reply.ok && reply.applied) {
      this.known = text;
      this.replaying = false;
      board.apply(reply.state);
      if (reply.state.history.length) board.setHint(recordWords.back, "explain");
      return true;
    }
    this.otherTab(text);
    return false;
  }

  /** Another tab saved ``text`` on this board: this tab stops saving and
   *  offers the choice. @param {string} text */
  otherTab(text) {
    if (this.other == null) this.mine = this.known;
    this.other = text;
    const box = this.tabsBox();
    box.hidden = false;
    this.board.setHint(recordWords.otherTab, "explain");
  }

  tabsBox() {
    if (this.tabs) return this.tabs;
    const board = this.board;
    const box = el("div", { class: "sharah-tabs", role: "group", "aria-label": recordWords.tabs, hidden: true });
    const keep = el("button", { type: "button", class: "md-button sharah-btn", "data-tabs": "keep" }, recordWords.keepThisTab);
    const take = el("button", { type: "button", class: "md-button sharah-btn", "data-tabs": "take" }, recordWords.takeOtherTab);
    box.append(el("p", {}, recordWords.whichTab), keep, take);
    board.slot("tabs", ".sharah-moves").appendChild(box);
    keep.addEventListener("click", async () => {
      box.hidden = true;
      // the player chose this tab's game: it is saved over the other one
      this.known = readStored(this.key);
      this.other = null;
      this.held = false;
      if (await this.save()) board.setHint(recordWords.keptThisTab, "explain");
    }, { signal: board.abort.signal });
    take.addEventListener("click", async () => {
      const text = this.other;
      if (text == null) return;
      const reply = await board.request({ cmd: "load", saved: text });
      if (!reply || board.dead) return;     // the engine's reason is in the hint line; nothing changed
      box.hidden = true;
      this.other = null;
      this.held = false;
      this.known = text;
      this.replaying = false;
      board.apply(reply.state);
      board.setHint(recordWords.tookOtherTab, "explain");
    }, { signal: board.abort.signal });
    this.tabs = box;
    return box;
  }

  // ---- the panel: record, link, import
  buildPanel() {
    const board = this.board;
    const opts = { signal: board.abort.signal };
    const box = board.slot("records");
    const details = el("details", { class: "sharah-records" });
    details.appendChild(el("summary", {}, recordWords.title));
    const body = el("div", { class: "sharah-records-body" });
    const actions = el("div", { class: "sharah-records-actions" });
    const button = (/** @type {string} */ name, /** @type {string} */ text) => el("button", { type: "button", class: "md-button sharah-btn", "data-records": name }, text);
    const copyRecordButton = button("copy-record", recordWords.copyRecord);
    const copyLinkButton = button("copy-link", recordWords.copyLink);
    const importButton = button("import", recordWords.importButton);
    actions.append(copyRecordButton, copyLinkButton, importButton);
    const message = el("p", { class: "sharah-records-msg", role: "status" });
    const outId = `${board.cfg.uid}-${board.mountNo}-records-out`;
    const outLabel = el("label", { class: "sharah-records-label", for: outId });
    const output = el("textarea", { id: outId, class: "sharah-records-text", readonly: true, rows: "4", spellcheck: "false" });
    const outBox = el("div", { class: "sharah-records-out", hidden: true });
    outBox.append(outLabel, output);
    const inId = `${board.cfg.uid}-${board.mountNo}-records-in`;
    const input = el("textarea", { id: inId, class: "sharah-records-text", rows: "6", spellcheck: "false",
      maxlength: String(MAX_RECORD), placeholder: '[Variant "..."]\n\n1. ...' });
    const importForm = el("form", { class: "sharah-records-import", hidden: true });
    const doImport = el("button", { type: "submit", class: "md-button md-button--primary sharah-btn", "data-records": "do-import" }, recordWords.doImport);
    const cancel = el("button", { type: "button", class: "md-button sharah-btn", "data-records": "cancel-import" }, recordWords.cancelImport);
    const importActions = el("div", { class: "sharah-records-actions" }, null);
    importForm.append(el("label", { class: "sharah-records-label", for: inId }, recordWords.pasteLabel),
      input, importActions);
    importActions.append(doImport, cancel);
    body.append(actions, message, outBox, importForm);
    details.appendChild(body);
    box.appendChild(details);

    copyRecordButton.addEventListener("click", () => this.copyRecord(), opts);
    copyLinkButton.addEventListener("click", () => this.copyLink(), opts);
    importButton.addEventListener("click", () => {
      importForm.hidden = false;
      outBox.hidden = true;
      input.focus();
    }, opts);
    cancel.addEventListener("click", () => { importForm.hidden = true; importButton.focus(); }, opts);
    importForm.addEventListener("submit", (e) => { e.preventDefault(); this.importRecord(doImport); }, opts);
    return { copyRecordButton, copyLinkButton, importButton, message, outLabel, output, outBox, input, importForm, details };
  }

  /** @param {string} text @param {string} [kind] */
  say(text, kind) {
    this.message.textContent = text ? sentence(text) : "";
    if (kind) this.message.dataset.kind = kind; else delete this.message.dataset.kind;
  }

  /** @param {string} label @param {string} text */
  async show(label, text) {
    this.importForm.hidden = true;
    this.outLabel.textContent = label;
    this.output.value = text;
    this.outBox.hidden = false;
    if (await copyText(text)) {
      this.say(recordWords.copied);
    } else {
      this.say(recordWords.notCopied);
      this.output.focus();
      this.output.select();
    }
  }

  async copyRecord() {
    const reply = await this.board.send({ cmd: "record", tags: recordTags(location, new Date()) });
    if (this.board.dead) return;
    if (!reply.ok) { this.say(recordWords.noRecord(reply.error), "error"); return; }
    this.show(recordWords.theRecord, reply.record);
  }

  async copyLink() {
    const reply = await this.board.send({ cmd: "link" });
    if (this.board.dead) return;
    if (!reply.ok) { this.say(recordWords.noLink(reply.error), "error"); return; }
    this.show(recordWords.theLink,
      shareURL(location, reply.link));
  }

  /** @param {HTMLButtonElement} button */
  async importRecord(button) {
    const text = this.input.value;
    if (!text.trim()) { this.say(recordWords.pasteFirst, "error"); return; }
    this.say(recordWords.reading);
    const reply = await this.board.send({ cmd: "load", record: text, if_unchanged: true });
    if (this.board.dead) return;
    if (!reply.ok) {
      this.say(recordWords.notImported(reply.error), "error");
      return;
    }
    if (reply.applied) { this.imported(/** @type {import("./types.js").StateReply} */ (reply)); return; }
    this.say(recordWords.importReplaces);
    this.board.confirmDiscard(button, recordWords.confirmImport, async () => {
      const again = await this.board.send({ cmd: "load", record: text });
      if (this.board.dead) return;
      if (!again.ok) this.say(recordWords.notImported(again.error), "error");
      else this.imported(/** @type {import("./types.js").StateReply} */ (again));
    });
  }

  /** @param {import("./types.js").StateReply} reply */
  imported(reply) {
    this.replaying = false;
    this.board.apply(reply.state);
    this.importForm.hidden = true;
    this.input.value = "";
    const n = reply.plies;
    this.say(recordWords.imported(n));
    this.board.announce(recordWords.importedSaid(reply.state.status));
  }

  // ---- links: #game=... in the address
  async checkLink() {
    const board = this.board;
    const fragment = linkIn(location);
    if (!fragment || !linkTarget(fragment)) return;
    if (!linkBoardKnown(fragment)) {   // the board it names may be further down: not parsed yet
      document.addEventListener("DOMContentLoaded", () => { if (!board.dead) this.checkLink(); }, { once: true });
      return;
    }
    if (linkBoard(fragment, gameBoards()) !== board.cfg.uid) return;
    // the link is read once: a reload later shows the saved game
    const address = (/** @type {string} */ hash) => history.replaceState(history.state, "", location.pathname + location.search + hash);
    address("");
    // ...once its game is saved: until then a reload follows the link again
    const loaded = async (/** @type {BoardState} */ state) => {
      this.replaying = false;
      board.apply(state);
      board.setHint(recordWords.linkLoaded, "explain");
      if (!(await this.save()) && !board.dead && !location.hash) address(fragment);
    };
    const reply = await board.send({ cmd: "load", link: fragment, if_unchanged: true });
    if (board.dead) return;
    showBoard(board.fig, fragment);   // in view since it was parsed, as a rule: then it stays where it is
    if (!reply.ok) {
      if (reply.fatal) address(fragment);    // the engine broke, not the link: a reload follows it again
      board.setHint(recordWords.linkNotLoaded(reply.error), "error");
      return;
    }
    if (reply.applied && reply.state) { loaded(reply.state); return; }
    board.setHint(recordWords.linkOther, "explain");
    board.confirmDiscard(null, recordWords.confirmLink, async () => {
      const again = await board.request({ cmd: "load", link: fragment });
      if (!again || board.dead) return;
      loaded(again.state);
    });
  }

  // ---- replay
  buildReplay() {
    const board = this.board;
    const opts = { signal: board.abort.signal };
    const bar = board.slot("replay", ".sharah-moves");
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", recordWords.replay);
    /** @param {string} name @param {string} text @param {string} label */
    const step = (name, text, label) => el("button", { type: "button", class: "md-button sharah-btn sharah-replay-btn",
      "data-replay": name, "aria-label": label, title: label }, text);
    /** @type {[HTMLButtonElement, HTMLButtonElement, HTMLButtonElement, HTMLButtonElement]} */
    const steps = [step("first", "|<", recordWords.toStart), step("back", "<", recordWords.backOne),
      step("forward", ">", recordWords.forwardOne), step("last", ">|", recordWords.toLast)];
    const where = el("span", { class: "sharah-replay-where" });
    const paused = el("div", { class: "sharah-replay-paused", hidden: true });
    const playHere = el("button", { type: "button", class: "md-button sharah-btn", "data-replay": "play-here" }, recordWords.playHere);
    paused.append(el("span", {}, recordWords.lookingBack), playHere);
    bar.append(...steps, where, paused);
    bar.addEventListener("click", (e) => {
      /** @type {HTMLButtonElement | null} */
      const b = closest(e, "button[data-replay]");
      if (!b || b.disabled) return;
      if (b.dataset.replay === "play-here") this.playFromHere();
      else this.stepTo(b.dataset.replay || "");
    }, opts);
    bar.addEventListener("keydown", (e) => this.onKey(e), opts);
    const list = board.moveList;
    if (list) {
      list.setAttribute("tabindex", "0");
      list.setAttribute("aria-label", recordWords.movesList);
      list.addEventListener("click", (e) => {
        /** @type {HTMLButtonElement | null} */
        const op = closest(e, "button[data-var-op]");
        if (op) { this.variation(op.dataset.varOp || "", Number(op.dataset.node)); return; }
        const node = closest(e, "li[data-node]");
        if (node) { this.gotoNode(Number(node.dataset.node)); return; }
        const li = closest(e, "li[data-ply]");
        if (li) this.goto(Number(li.dataset.ply));
      }, opts);
      list.addEventListener("keydown", (e) => this.onKey(e), opts);
    }
    return { bar, steps, where, paused, playHere };
  }

  /** @param {BoardState} state */
  renderMoves(state) {
    const list = this.board.moveList;
    if (!list) return;
    if (state.tree_html) {        // a game with variations: the engine's whole tree
      list.innerHTML = state.tree_html;
      list.hidden = false;
      /** @type {HTMLElement | null} */
      const current = list.querySelector("li[aria-current]");
      if (current) list.scrollTop = Math.max(0, current.offsetTop - list.offsetTop - list.clientHeight / 2);
      return;
    }
    // the board lists the moves played; while replaying, the engine's items
    // for the moves after the one shown follow (after a plain Undo only Redo shows them)
    if (!this.replaying || !state.future.length) return;
    list.insertAdjacentHTML("beforeend", state.future_html);
    list.hidden = false;
    /** @type {HTMLElement | null} */
    const current = list.querySelector("li[aria-current]");
    list.scrollTop = current ? Math.max(0, current.offsetTop - list.offsetTop - list.clientHeight / 2) : 0;
  }

  /** @param {BoardState} state */
  renderReplay(state) {
    const total = state.ply + state.future.length;
    this.bar.hidden = total === 0;
    const [first, back, forward, last] = this.steps;
    first.disabled = back.disabled = state.ply === 0;
    forward.disabled = last.disabled = state.future.length === 0;
    this.where.textContent = recordWords.where(state.ply, total);
    this.paused.hidden = !this.replaying;
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    /** @type {Record<string, string>} */
    const keys = { ArrowLeft: "back", ArrowUp: "back", ArrowRight: "forward", ArrowDown: "forward", Home: "first", End: "last" };
    if (!keys[e.key] || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    this.stepTo(keys[e.key]);
  }

  /** @param {string} name */
  stepTo(name) {
    const st = this.board.state;
    if (!st) return;
    const total = st.ply + st.future.length;
    /** @type {Record<string, number>} */
    const plies = { first: 0, back: st.ply - 1, forward: st.ply + 1, last: total };
    const ply = plies[name];
    if (ply >= 0 && ply <= total) this.goto(ply);
  }

  /** @param {number} ply */
  async goto(ply) {
    const board = this.board;
    const prev = board.state;
    if (!prev || board.busy || ply === prev.ply) return;
    const total = prev.ply + prev.future.length;
    this.replaying = ply < total;
    const reply = await board.request({ cmd: "goto", ply });
    if (!reply || board.dead) return;
    board.apply(reply.state);
    const st = reply.state;
    const name = st.ply ? st.history[st.ply - 1] : null;
    board.announce(recordWords.stepped(st.ply, total, name, name && st.result ? st.result.text : st.status));
  }

  /** Show the position after a move of any line (its index in the engine's tree). @param {number} node */
  async gotoNode(node) {
    const board = this.board;
    const prev = board.state;
    if (!prev || board.busy || node === prev.node) return;
    const reply = await board.request({ cmd: "goto", node });
    if (!reply || board.dead) return;
    this.replaying = reply.state.future.length > 0;
    board.apply(reply.state);
    const st = reply.state;
    const name = st.ply ? st.history[st.ply - 1] : null;
    board.announce(recordWords.went(name, st.result ? st.result.text : st.status, st.status));
  }

  /** Promote (one level), make the main line or delete the variation that starts at ``node``. @param {string} op @param {number} node */
  async variation(op, node) {
    const board = this.board;
    if (!board.state || board.busy) return;
    const reply = await board.request({ cmd: "variation", op, node });
    if (!reply || board.dead) return;
    board.apply(reply.state);
    board.announce(op === "promote" ? recordWords.promoted : op === "main" ? recordWords.madeMain : recordWords.deleted);
  }

  playFromHere() {
    const st = this.board.state;
    this.replaying = false;
    this.cutting = true;
    this.paused.hidden = true;
    const n = st ? st.future.length : 0;
    this.board.setHint(recordWords.replaces(n), "explain");
    this.board.box.focus({ preventScroll: true });
  }
}

// ---- a link's board, in view at once. The page reads which of its game
// boards a link is for (share.js, as the engine reads a link), so a friend
// who opens one sees that board from the moment it is parsed, long before
// the engine is up (seconds, on a phone's first visit); it comes alive where
// it is once the engine has read the game (checkLink). A link naming a board
// the parser has not reached yet waits for it, or for the page's end (then
// the first board of its game is the one).

const GAME_BOARDS = 'figure.sharah-board[data-mode="game"]';
/** @returns {HTMLElement[]} */
const gameFigures = () => [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(GAME_BOARDS))];
/** The page's game boards, in page order, as share.js's linkBoard takes them. */
const gameBoards = () => gameFigures().map((f) => ({ uid: f.dataset.sharahUid || "", variant: f.dataset.variant || "" }));

/** @type {string | null} the link whose board was put in view */
let linkShown = null;

/** Put ``fig`` in view for ``fragment``, once per link (the reader may scroll on meanwhile).
 * @param {HTMLElement} fig @param {string} fragment */
function showBoard(fig, fragment) {
  if (linkShown === fragment) return;
  linkShown = fragment;
  fig.scrollIntoView({ block: "start" });   // the board first (a figure may be taller than the screen)
}

/** Can the page tell yet which board ``fragment`` is for? Once it is
 *  parsed; before, when the board the link names is there (a board parsed
 *  so far would be a wrong guess for one further down: the engine can be
 *  up before a long page has arrived).
 * @param {string} fragment */
function linkBoardKnown(fragment) {
  if (document.readyState !== "loading") return true;
  const found = linkTarget(fragment);
  return !!found && gameFigures().some((f) => f.dataset.sharahUid === found.board);
}

/** The board the address's link is for, in view as soon as it is known. */
function showLinkedBoard() {
  const fragment = linkIn(location);
  if (!fragment || linkShown === fragment || !linkTarget(fragment) || !linkBoardKnown(fragment)) return;
  const uid = linkBoard(fragment, gameBoards());
  const fig = gameFigures().find((f) => f.dataset.sharahUid === uid);
  if (fig) showBoard(fig, fragment);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showLinkedBoard, { once: true });
window.addEventListener("hashchange", () => { linkShown = null; showLinkedBoard(); });

registerAddon({
  name: "records",
  applies: (board) => board.mode === "game",
  openRequest(board, req) {
    showLinkedBoard();      // while the page is parsed: each game board as it is mounted
    const fragment = linkIn(location);
    if (fragment && linkTarget(fragment) && linkBoardKnown(fragment) && linkBoard(fragment, gameBoards()) === board.cfg.uid) {
      board.setHint(recordWords.linkComing, "explain");   // its start is shown until then: the game is not lost
    }
    if (board.refusedSaved != null || asideNotes.has(board)) return;
    const key = storageKey(board);
    const saved = readStored(key);
    readAtOpen.set(board, saved);
    if (typeof saved !== "string" || !saved) return;
    if (saved.length > MAX_SAVED) {
      // never sent: the engine would refuse the whole request
      asideNotes.set(board, tooLargeToRestore(saved.length, MAX_SAVED, setAside(key)));
      return;
    }
    req.saved = saved;
  },
  mount(board, openReply) {
    return new Records(board, openReply);
  },
});
