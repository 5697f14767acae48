// @ts-check
// The engine's client: one module Web Worker for the whole visit (it
// survives mkdocs-material's instant navigation because this module does),
// booting Pyodide from this site's own copy. Requests are JSON; every
// request gets exactly one answer, also when the engine fails (then
// {ok: false, error, fatal: true}).
//
// When the engine fails (Pyodide cannot load, the worker dies or breaks) the
// worker is dropped and "sharah:engine-failed" is dispatched on window
// ({detail: {message}}); restartEngine() starts a new worker and dispatches
// "sharah:engine-restarted" (recover.js shows the message and the Retry
// button, and reopens every board with its game).
//
// Every request has a time limit (LIMITS: the computer's thinking and the
// commands that read a whole game have longer ones). The worker answers in
// the order it was asked, so the clock runs for the oldest request still
// waiting, from when the one before it was answered: past its limit the
// engine has stopped answering, and it fails as above (Retry restores every
// game). Failure messages are one sentence; details (a Python traceback)
// go to the console only. A request met by the failure is answered with a
// short clause (``error``: "the engine stopped working", for the line that
// says why the request failed) and the failure's sentence (``detail``: what
// the failure box says), never with the engine's raw words.

import { engineWords } from "./words.js";

/** @typedef {import("./types.js").Request} Request */
/** @typedef {import("./types.js").Reply} Reply */
/** @typedef {{ changes: boolean, fields: string[] }} CommandSpec */
/**
 * @typedef {object} Engine
 * @property {Promise<void>} ready settled when the engine is up (rejected when it failed)
 * @property {(message: string) => void} kill stop this engine as if it had died
 * @property {(obj: Request, opts?: { rank?: () => number }) => Promise<Reply>} request
 *   the engine's answer to ``obj``; ``rank``: how urgent it is while the engine boots (lower first)
 */
/**
 * @typedef {object} Debug what tests and scripts/bench.py read (window.sharahDebug)
 * @property {number} workersCreated
 * @property {boolean} ready
 * @property {number | null} bootMs
 * @property {Record<string, number>} [bootSteps] when each step of the boot ended (engine-worker.js)
 * @property {"bytecode" | "source"} [python] what the engine booted on: bytecode kept on this device, or source
 * @property {string | null} failed
 * @property {string} build
 * @property {Set<import("./board.js").Board> | null} widgets
 * @property {number} [protocol]
 * @property {() => void} [killWorker]
 * @property {unknown} [preopen]
 * @property {unknown} [places] places.js: the places noted for Back and Forward, and gone back to
 * @property {unknown} [early]
 * @property {Record<string, unknown>} [extra]
 */

export const ENGINE_ZIP = "__SHARAH_ENGINE_ZIP__";
// The wire's version (bridge.py: PROTOCOL); another in "ping": an old copy in a cache.
/** @type {import("./contract.js").Protocol} */
export const PROTOCOL = 4;
export const BUILD = "__SHARAH_BUILD__";
const BOOT_LIMIT = window.sharahBootLimit || 60_000;  // ms; tests may lower it
// ms an engine request may take once the worker is on it; window.sharahRequestLimit
// (tests) replaces them all
/** @type {Record<string, number>} */
const LIMITS = { default: 20_000, open: 45_000, load: 45_000, think: 45_000, hint: 45_000, edit: 30_000,
  record: 45_000, link: 45_000, shortcut: 45_000 };
/** @param {string | undefined} cmd */
const limitOf = (cmd) => window.sharahRequestLimit || (cmd && LIMITS[cmd]) || LIMITS.default;

/** One sentence for the visitor: a long or many-line message from the
 *  engine (a Python traceback) goes to the console, and a plain one replaces it.
 * @param {unknown} message @returns {string} */
export function plainFailure(message) {
  const text = String(message || "");
  if (text.length <= 300 && !/\n|Traceback|File "/.test(text)) return text;
  console.error("sharah engine:", text);
  return text.startsWith(engineWords.stoppedStart) ? engineWords.stopped : engineWords.damaged;
}

/** @type {Debug} */
export const debug = (window.sharahDebug = window.sharahDebug || {
  workersCreated: 0, ready: false, bootMs: null, failed: null, build: BUILD, widgets: null,
});

/** @type {Engine | null} */
let engine = null;
/** @type {{ commands: Record<string, CommandSpec>, protocol: number } | null} */
let contract = null;   // the engine's answer to "ping"

/** The engine's command table (bridge.py: COMMANDS): name -> {changes, fields}. */
export function engineCommands() {
  return contract && contract.commands;
}

/** The engine if it was started, else null (does not start it). */
export function engineIfStarted() {
  return engine;
}

/** True once the engine answers (it is up and has not failed). */
export function engineReady() {
  return !!engine && debug.ready && !debug.failed;
}

/** The engine, started on the first call. @returns {Engine} */
export function getEngine() {
  if (engine) return engine;
  const zip = new URL(`../${ENGINE_ZIP}`, import.meta.url).href;
  const url = new URL(`engine-worker.js?v=${BUILD}&engine=${encodeURIComponent(zip)}`, import.meta.url);
  // The page's head may have started this very worker already
  // (scripts/sitebuild/head.py): take it over, with what it said meanwhile.
  const early = window.sharahEarlyWorker;
  window.sharahEarlyWorker = null;
  const adopt = early && early.url === url.href && !debug.failed ? early : null;
  if (early && !adopt) early.worker.terminate();
  const worker = adopt ? adopt.worker : new Worker(url, { type: "module", name: "sharah-engine" });
  debug.workersCreated += 1;
  mark("sharah:engine-start", adopt ? { early: true } : undefined, adopt ? adopt.t : undefined);
  /** @type {Map<number, { resolve: (reply: Reply) => void, limit: number }>} */
  const pending = new Map();
  let nextId = 1;
  /** @type {{ resolve: () => void, reject: (err: Error) => void }} */
  let settle = { resolve: () => {}, reject: () => {} };
  /** @type {Promise<void>} */
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  /** @type {string | null} */
  let dead = null;   // the failure's message, once this engine has failed
  /** @type {import("./types.js").Failure} what a request met by the failure is answered (set by fail) */
  let deadReply = { ok: false, error: "", fatal: true };
  // the requests still waiting, in the order sent (the worker answers them in
  // that order); the clock runs for the first one
  /** @type {number[]} */
  const order = [];
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let watch;
  const watchdog = () => {
    clearTimeout(watch);
    watch = undefined;
    if (dead || !debug.ready || !order.length) return;
    const id = order[0];
    const limit = pending.get(id)?.limit ?? LIMITS.default;
    watch = setTimeout(() => {
      if (!dead && order[0] === id) fail(engineWords.silent(Math.round(limit / 1000)));
    }, limit);
  };
  /** @param {unknown} raw */
  const fail = (raw) => {
    if (dead) return;
    const message = plainFailure(raw);
    dead = message;
    deadReply = { ok: false, error: engineWords.brief(debug.ready), detail: message, fatal: true };
    clearTimeout(watch);
    worker.terminate();
    debug.failed = message;
    debug.ready = false;
    settle.reject(new Error(message));
    for (const { resolve } of pending.values()) resolve({ ...deadReply });
    pending.clear();
    order.length = 0;
    held = null;
    window.dispatchEvent(new CustomEvent("sharah:engine-failed", { detail: { message } }));
  };
  // Requests made while the engine boots wait here, and go to the worker
  // once it is up, the most urgent first: each request's rank() (lower
  // first; board.js ranks a board the reader touched, then the boards on
  // the screen), asked at that moment; equal ranks keep their order.
  /** @type {{ id: number, obj: Request, rank?: () => number }[] | null} */
  let held = [];
  /** @param {number} id @param {Request} obj */
  const post = (id, obj) => {
    order.push(id);
    if (order.length === 1) watchdog();
    worker.postMessage({ id, request: JSON.stringify(obj) });
  };
  /** @param {(() => number) | undefined} rank */
  const rankOf = (rank) => { try { return rank ? rank() : 0; } catch (err) { return 0; } };
  /** @param {MessageEvent} event */
  const onMessage = (event) => {
    const msg = event.data || {};
    if (msg.type === "ready") {
      debug.ready = true;
      debug.bootMs = msg.ms;
      debug.bootSteps = msg.steps;
      debug.python = msg.python;
      mark("sharah:engine-ready", { bootMs: msg.ms, steps: msg.steps });
      const waiting = (held || []).map((h, i) => ({ ...h, i, r: rankOf(h.rank) }));
      held = null;
      waiting.sort((a, b) => a.r - b.r || a.i - b.i);
      for (const h of waiting) if (pending.has(h.id)) post(h.id, h.obj);
      settle.resolve();
      watchdog();
    } else if (msg.type === "failed") {
      if (msg.error == null) {
        // the runtime's own words (an exit code, a compile error): the console has them
        console.error("sharah engine:", msg.detail);
        fail(debug.ready ? engineWords.stopped : engineWords.damaged);
      } else {
        fail(engineWords.failed(debug.ready, msg.error));
      }
    } else if (msg.type === "response") {
      const entry = pending.get(msg.id);
      if (!entry) return;
      pending.delete(msg.id);
      const at = order.indexOf(msg.id);
      if (at >= 0) order.splice(at, 1);
      if (at === 0) watchdog();
      const resolve = entry.resolve;
      let reply;
      try { reply = JSON.parse(msg.response); }
      catch (err) { reply = { ok: false, error: `bad answer from the engine: ${/** @type {Error} */ (err).message}` }; }
      if (reply.fatal) {
        // the engine broke answering it (a Python traceback, perhaps):
        // the failure box says so, the request's answer in a clause
        fail(engineWords.failed(true, reply.error));
        reply = { ...deadReply };
      }
      resolve(reply);
    }
  };
  worker.onmessage = onMessage;
  /** @param {ErrorEvent} event */
  const onError = (event) => {
    event.preventDefault();
    const why = event.message || "the worker failed to load";
    fail(engineWords.failed(debug.ready, why));
  };
  worker.onerror = onError;
  if (adopt) {
    for (const [kind, event] of adopt.said) (kind === "message" ? onMessage : onError)(event);
  }
  ready.catch(() => {});
  // Pyodide never gives up on its own when a runtime file is unreachable.
  const limit = setTimeout(() => {
    if (dead) return;
    fail(engineWords.slowBoot(BOOT_LIMIT / 1000));
  }, BOOT_LIMIT);
  ready.then(() => clearTimeout(limit), () => clearTimeout(limit));
  engine = {
    ready,
    /** Stop this engine as if it had died (the test hook killWorker). */
    kill(message) { fail(message); },
    /** The engine's answer to ``obj``; ``rank``: how urgent it is, asked
     *  when the engine comes up, if it is not up yet (lower first). */
    request(obj, { rank } = {}) {
      if (dead) return Promise.resolve({ ...deadReply });
      return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, { resolve, limit: limitOf(obj && obj.cmd) });
        if (held) held.push({ id, obj, rank });
        else post(id, obj);
      });
    },
  };
  engine.request({ cmd: "ping" }).then((reply) => {
    if (!reply.ok) return;     // the engine failed: said already
    if (reply.protocol !== PROTOCOL) {
      fail(engineWords.otherVersion(PROTOCOL, reply.protocol ?? "without one"));
      return;
    }
    contract = { commands: reply.commands, protocol: reply.protocol };
    debug.protocol = reply.protocol;
  });
  return engine;
}

/** A new engine after a failure (the Retry button); the same one while it works. */
export function restartEngine() {
  if (engine && !debug.failed) return engine;
  engine = null;
  debug.failed = null;
  const fresh = getEngine();
  window.dispatchEvent(new CustomEvent("sharah:engine-restarted"));
  return fresh;
}

/** Test hook: the worker dies (as after a crash); boards offer Retry. */
debug.killWorker = () => {
  if (engine) engine.kill(engineWords.workerStopped);
};

// ------------------------------------------------------------------ helpers

/** A performance mark (scripts/bench.py reads them): "sharah:engine-start"
 *  when the worker is created, "sharah:engine-ready" when it answers. */
/** @param {string} name @param {unknown} [detail] @param {number} [startTime] */
export function mark(name, detail, startTime) {
  /** @type {PerformanceMarkOptions} */
  const options = {};
  if (detail) options.detail = detail;
  if (startTime !== undefined) options.startTime = startTime;
  try { performance.mark(name, options); } catch (err) { /* old browsers */ }
}