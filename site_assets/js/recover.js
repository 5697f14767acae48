// @ts-check
// When the engine fails: say so on every board, offer Retry, keep the games.
//
// The engine fails when Pyodide or the engine cannot load, or its worker
// dies or breaks (engine.js drops it and dispatches "sharah:engine-failed";
// a board whose request met the failure dispatches "sharah:board-failed").
// Every board on the page then shows a plain message and a Retry button.
// Retry starts a new worker (restartEngine) and opens every board again in
// it: a game board with its game, from the saved game this module keeps in
// memory after every change (each state's ``saved``; it holds the moves,
// the die rolls, the options and the orientation), so nothing played
// is lost, even with the browser's storage off. Try boards and diagrams
// open as the page wrote them.

import { restartEngine } from "./engine.js";
import { registerAddon, widgets } from "./board.js";
import { el } from "./dom.js";
import { engineWords } from "./words.js";

/** @type {WeakMap<import("./board.js").Board, Record<string, unknown>>} */
const kept = new WeakMap();   // board -> its game as the engine's last state carried it

registerAddon({
  name: "recover",
  applies: (board) => board.mode === "game",
  openRequest(board, req) {
    const blob = kept.get(board);
    if (blob) req.saved = blob;     // the freshest copy: replaces any stored one
  },
  mount(board) {
    /** @param {import("./types.js").BoardState | null} state */
    const keep = (state) => { if (state && state.saved) kept.set(board, state.saved); };
    board.on("state", keep);
    keep(board.state);
    return { saved: () => kept.get(board) || null };   // what the tests read
  },
});

/** @param {import("./board.js").Board} board @returns {HTMLElement} */
function failureBox(board) {
  let box = /** @type {HTMLElement | null} */ (board.fig.querySelector(".sharah-failure"));
  if (box) return box;
  box = el("div", { class: "sharah-failure", role: "alert" });
  box.append(el("p", { class: "sharah-failure-text" }),
    el("button", { type: "button", class: "md-button sharah-btn sharah-retry" }, engineWords.retryButton));
  box.querySelector("button")?.addEventListener("click", retry);
  const side = board.fig.querySelector(".sharah-side");
  if (side) side.prepend(box); else board.fig.prepend(box);
  return box;
}

/** @param {import("./board.js").Board} board @param {string} message */
function showFailure(board, message) {
  if (board.dead || !board.fig.isConnected) return;
  board.markFailed();
  board.setHint("");            // the box says it, once
  const box = failureBox(board);
  // a game shown, or a saved game on its way to a board that did not open yet
  const game = board.mode === "game" && (board.state ? board.state.history.length || board.state.future.length
    : !!(board.openReq && board.openReq.saved != null));
  /** @type {HTMLElement} */ (box.querySelector(".sharah-failure-text")).textContent = engineWords.retry(message, !!game);
  const button = /** @type {HTMLButtonElement} */ (box.querySelector("button"));
  button.disabled = false;
  button.textContent = engineWords.retryButton;
}

function retry() {
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".sharah-failure button"))) {
    button.disabled = true;
    button.textContent = engineWords.starting;
  }
  restartEngine();
}

window.addEventListener("sharah:engine-failed", (event) => {
  for (const board of widgets) showFailure(board, event.detail.message);
});

window.addEventListener("sharah:board-failed", (event) => {
  showFailure(event.detail.board, event.detail.message);
});

window.addEventListener("sharah:engine-restarted", () => {
  for (const board of [...widgets]) {
    if (board.dead || !board.fig.isConnected) continue;
    board.fig.querySelector(".sharah-failure")?.remove();
    if (board.fig.dataset.state === "error") {
      board.setHint("");
      board.reopen();
    }
  }
});
