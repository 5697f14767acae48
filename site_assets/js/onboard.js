// @ts-check
// Choices on the board: when the reader must choose among moves
// that share their squares, and the engine said how the board may show them
// (session.MoveEntry: "face", the facing a move leaves, as an angle on the
// picture; "art", the piece it leaves, drawn by the engine), the choice is
// drawn over the board too: a compass of arrows around the square (a
// Troublemaker's facing) or a row of piece pictures beside it (a promotion,
// a merge). The text buttons in the side column stay: the fallback, the
// keyboard's and the screen reader's way (these buttons carry the same
// labels). No rule here: only the engine's moves, labels and hints.
//
// Board hook: the Choices panel (panels.js) emits "choices" (moves) when it
// shows a choice and "choices" (null) when it clears it.

import { registerAddon } from "./board.js";
import { el, SVG_NS } from "./dom.js";
import { boardWords } from "./words.js";

/** @typedef {import("./types.js").MoveEntry} MoveEntry */
/** @typedef {{ x: number, y: number, w: number, h: number, W: number, H: number }} Box */

const ARROW = "M12 3l7 9h-4.5v9h-5v-9H5z";   // an arrow pointing up, in a 24x24 box

registerAddon({
  name: "onboard",
  applies: (board) => board.mode !== "diagram",
  mount(board) {
    const area = /** @type {HTMLElement} */ (board.box.closest(".sharah-board-area") || board.box.parentElement);
    const layer = el("div", { class: "sharah-onboard", role: "group", hidden: true });
    area.classList.add("sharah-onboard-host");
    area.appendChild(layer);
    const signal = board.abort.signal;

    const hide = () => {
      layer.hidden = true;
      layer.replaceChildren();
      delete layer.dataset.shows;
    };

    // A button takes a click only from a press that began on it (or from the
    // keyboard): the tap that opened the choice must not land on an arrow
    // that appeared under the finger (a board's edge pulls arrows in).
    /** @param {HTMLElement} button @param {() => void} go */
    const onPress = (button, go) => {
      button.addEventListener("pointerdown", () => { button.dataset.armed = "1"; }, { signal });
      button.addEventListener("click", (e) => {
        if (e.detail !== 0 && !button.dataset.armed) return;
        go();
      }, { signal });
    };

    /** @param {MoveEntry[]} moves @param {string} title */
    const choose = (moves, title) => {
      if (moves.length === 1) board.play(moves[0].n);
      else board.choices.show(moves, title);   // the same face with extras: their words decide
    };

    // The square's box in the area's coordinates.
    /** @param {string} sq @returns {Box | null} */
    const squareBox = (sq) => {
      const rect = board.rects && board.rects.get(sq);
      if (!rect) return null;
      const r = rect.getBoundingClientRect();
      const a = area.getBoundingClientRect();
      return { x: r.left - a.left, y: r.top - a.top, w: r.width, h: r.height, W: a.width, H: board.box.offsetHeight };
    };

    // the squares' extent in the area (the coordinates' gutter is outside it)
    /** @returns {{x0: number, y0: number, x1: number, y1: number}} */
    const squaresBox = () => {
      const a = area.getBoundingClientRect();
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const rect of board.rects?.values() ?? []) {
        const r = rect.getBoundingClientRect();
        x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
      }
      return { x0: x0 - a.left, y0: y0 - a.top, x1: x1 - a.left, y1: y1 - a.top };
    };

    /** @param {MoveEntry[]} moves @param {Box} at */
    const compass = (moves, at) => {
      /** @type {Map<number, MoveEntry[]>} */
      const byFace = new Map();
      for (const m of moves) {
        const face = m.face ?? 0;
        const group = byFace.get(face);
        if (group) group.push(m); else byFace.set(face, [m]);
      }
      // round, and a fingertip wide on a touch screen
      const size = matchMedia("(pointer: coarse)").matches ? 44 : Math.max(32, Math.min(44, at.w * 1.6));
      // eight arrows on a ring that clear the square and one another
      const radius = Math.max(at.w * 0.5 + size * 0.55, size * 1.35);
      // kept on the squares, off the coordinates: at an edge the whole ring
      // moves in (the arrows still point their way)
      const reach = radius + size / 2;
      /** @param {number} c @param {number} lo @param {number} hi */
      const fit = (c, lo, hi) => (hi - lo < 2 * reach ? (lo + hi) / 2 : Math.min(Math.max(c, lo + reach), hi - reach));
      const squares = squaresBox();
      const cx = fit(at.x + at.w / 2, squares.x0, squares.x1);
      const cy = fit(at.y + at.h / 2, squares.y0, squares.y1);
      for (const [face, group] of byFace) {
        const rad = (face * Math.PI) / 180;
        const x = cx + Math.sin(rad) * radius;
        const y = cy - Math.cos(rad) * radius;
        const label = group.length === 1 ? group[0].label || group[0].n : group[0].facing || group[0].n;
        const button = el("button", {
          type: "button", class: "sharah-onboard-face", "data-face": String(face),
          "aria-label": label, title: label,
          style: `left:${x - size / 2}px;top:${y - size / 2}px;width:${size}px;height:${size}px`,
        });
        const svg = document.createElementNS(SVG_NS, "svg");
        svg.setAttribute("viewBox", "0 0 24 24");
        svg.setAttribute("aria-hidden", "true");
        const path = document.createElementNS(SVG_NS, "path");
        path.setAttribute("d", ARROW);
        path.setAttribute("transform", `rotate(${face} 12 12)`);
        svg.appendChild(path);
        button.appendChild(svg);
        onPress(button, () => choose(group, `${group[0].from} to ${group[0].to}, ${label}:`));
        layer.appendChild(button);
      }
      layer.dataset.shows = "facing";
    };

    /** @param {MoveEntry[]} moves @param {Box} at */
    const pictures = (moves, at) => {
      const size = 44;
      const cols = Math.max(1, Math.min(moves.length, Math.floor((at.W - 8) / size), 5));
      const rows = Math.ceil(moves.length / cols);
      const w = cols * size + 8;
      const h = rows * size + 8;
      // beside the square: below it when there is room, else above; kept inside the board
      let top = at.y + at.h + 4;
      if (top + h > at.H) top = Math.max(0, at.y - h - 4);
      const left = Math.min(Math.max(at.x + at.w / 2 - w / 2, 0), Math.max(0, at.W - w));
      const panel = el("div", {
        class: "sharah-onboard-art", style: `left:${left}px;top:${top}px;width:${w}px`,
      });
      for (const m of moves) {
        const label = m.label || m.n;
        const button = el("button", { type: "button", class: "sharah-onboard-piece", "data-move": m.n,
          "aria-label": label, title: label });
        button.innerHTML = m.art || "";        // the engine's drawing (svg.piece_svg)
        onPress(button, () => board.play(m.n));
        panel.appendChild(button);
      }
      layer.appendChild(panel);
      layer.dataset.shows = "pieces";
    };

    /** @param {MoveEntry[] | null} moves */
    const show = (moves) => {
      hide();
      if (!moves || moves.length < 2 || board.diagram) return;
      const faces = moves.every((m) => typeof m.face === "number");
      const art = !faces && moves.every((m) => typeof m.art === "string");
      if (!faces && !art) return;
      const m0 = moves[0];
      // a piece's moves in place (turns) come with its selection, while the
      // reader may still pick a target around it: they stay words
      if (!m0.from || !m0.to || m0.to === m0.from) return;
      const at = squareBox(m0.to);
      if (!at) return;
      layer.setAttribute("aria-label", boardWords.chooseOnBoard(m0.from, m0.to));
      layer.hidden = false;
      if (faces) compass(moves, at); else pictures(moves, at);
    };

    board.on("choices", show);
    board.on("state", hide);
    layer.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { board.choices.clear(); board.focus(); }
    }, { signal });
    return { show, hide, layer };
  },
});
