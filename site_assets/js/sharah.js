// The entry module: starts the engine as soon as the page has a board and
// mounts every board (figure.sharah-board) on mkdocs-material's document$,
// which fires on the first load and after every instant navigation. This
// module stays alive from page to page, so the worker (engine.js) is created
// once; boards are dropped when their page goes away.
//
// The add-ons import board.js and register themselves; importing them here
// is all it takes to switch one on (ADDONS.md).

import { getEngine, debug } from "./engine.js?v=__SHARAH_BUILD__";
import { Board, widgets } from "./board.js?v=__SHARAH_BUILD__";

// add-ons: one line each
import "./computer.js?v=__SHARAH_BUILD__";
import "./editor.js?v=__SHARAH_BUILD__";
import "./records.js?v=__SHARAH_BUILD__";
import "./recover.js?v=__SHARAH_BUILD__";

const BOARDS = "figure.sharah-board[data-mode]";
debug.widgets = widgets;

function mountAll() {
  for (const w of [...widgets]) {
    if (!w.fig.isConnected) {
      w.destroy();
      widgets.delete(w);
    }
  }
  const figs = [...document.querySelectorAll(BOARDS)].filter((f) => !f.sharahWidget);
  if (!figs.length) return;
  getEngine();
  for (const fig of figs) {
    try {
      widgets.add(new Board(fig));
    } catch (err) {
      fig.dataset.state = "error";
      const hint = fig.querySelector(".sharah-hint");
      if (hint) hint.textContent = `This board could not start: ${err.message}`;
    }
  }
}

// Start the engine at once when this page has a board: booting takes seconds.
if (document.querySelector(BOARDS)) getEngine();

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mountAll());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}
