// The widget's shared types for the type checker (tsc, tsconfig.json):
// the engine's replies, the add-on interface (ADDONS.md) and what the page
// keeps on window. Never shipped. The board state itself is generated
// from sharah_web/session.py: contract.d.ts.

import type { BoardState, MoveEntry, Request, OpenRequest } from "./contract.js";
import type { Board } from "./board.js";

export type { BoardState, MoveEntry, Request, OpenRequest };

/** The engine's answer to a request that failed: its message; ``fatal``
 *  when the engine itself failed (not the request): Retry. Then ``error``
 *  is a short clause ("the engine stopped working") and ``detail`` the
 *  failure's sentence, as the failure box says it (engine.js). */
export interface Failure {
  ok: false;
  error: string;
  fatal?: boolean;
  detail?: string;
}

/** The engine's answer to a request that succeeded. ``state`` comes with
 *  the commands that answer the board's state; the other fields are the
 *  command's own (bridge.py: each handler's reply). */
export interface Success {
  ok: true;
  state?: BoardState;
  [field: string]: any;
}

export type Reply = Success | Failure;

/** A reply that carries the board's state. */
export interface StateReply extends Success {
  state: BoardState;
}

/** An add-on (ADDONS.md): registered once with registerAddon. */
export interface Addon<I = unknown> {
  name: string;
  /** whether it applies to a board (default: game boards) */
  applies?(board: Board): boolean;
  /** add fields to the board's open request */
  openRequest?(board: Board, req: OpenRequest): void;
  /** once per board, after "open" succeeded (null: registered after the board was mounted) */
  mount(board: Board, openReply: Reply | null): I;
}

/** An add-on's mode that takes the board's square picks (the editor). */
export interface Interceptor {
  name: string;
  pick(sq: string): void;
  pieceAt?(sq: string): import("./contract.js").PieceEntry | null | undefined;
}

/** The board's events and their arguments (board.on). */
export interface BoardEvents {
  state: [state: BoardState, prev: BoardState | null];
  request: [obj: Request];
  destroy: [];
  choices: [moves: MoveEntry[] | null];
}

/** What the page's head started before the widget's modules ran. */
export interface EarlyWorker {
  worker: Worker;
  url: string;
  said: ["message" | "error", any][];
  t: number;
}

declare global {
  interface Window {
    sharahDebug?: import("./engine.js").Debug;
    sharahEarlyWorker?: EarlyWorker | null;
    sharahEarlyTaps?: Record<string, { x: number; y: number; t: number }>;
    sharahEarlyFile?: { key: string; reply: Promise<unknown> } | null;
    sharahBootLimit?: number;
    sharahRequestLimit?: number;
    sharahOffline?: { registered: boolean; updateReady: boolean; notice: string | null };
    /** mkdocs-material's page observable: a new page (first load, instant navigation) */
    document$?: { subscribe(fn: () => void): unknown };
    /** mkdocs-material's location subject: every address its instant navigation goes to (inpage.js) */
    location$?: { next(url: URL): void };
  }
  interface WindowEventMap {
    /** the engine failed (engine.js) */
    "sharah:engine-failed": CustomEvent<{ message: string }>;
    /** a board's request met the engine's failure (board.js) */
    "sharah:board-failed": CustomEvent<{ board: Board; message: string }>;
    /** Retry started a new engine (engine.js: restartEngine) */
    "sharah:engine-restarted": Event;
  }
  interface HTMLElement {
    /** the board widget on a figure (board.js) */
    sharahWidget?: Board;
  }
}
