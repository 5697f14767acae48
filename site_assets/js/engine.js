// The engine's client: one module Web Worker for the whole visit (it
// survives mkdocs-material's instant navigation because this module does),
// booting Pyodide from this site's own copy. Requests are JSON; every
// request gets exactly one answer, also when the engine fails (then
// {ok: false, error, fatal: true}).

export const ENGINE_ZIP = "__SHARAH_ENGINE_ZIP__";
export const BUILD = "__SHARAH_BUILD__";
const BOOT_LIMIT = window.sharahBootLimit || 60_000;  // ms; tests may lower it

export const debug = (window.sharahDebug = window.sharahDebug || {
  workersCreated: 0, ready: false, bootMs: null, failed: null, build: BUILD, widgets: null,
});

let engine = null;

/** The engine if it was started, else null (does not start it). */
export function engineIfStarted() {
  return engine;
}

export function getEngine() {
  if (engine) return engine;
  const zip = new URL(`../${ENGINE_ZIP}`, import.meta.url).href;
  const url = new URL(`engine-worker.js?v=${BUILD}&engine=${encodeURIComponent(zip)}`, import.meta.url);
  const worker = new Worker(url, { type: "module", name: "sharah-engine" });
  debug.workersCreated += 1;
  const pending = new Map();
  let nextId = 1;
  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  const fail = (message) => {
    debug.failed = message;
    settle.reject(new Error(message));
    for (const resolve of pending.values()) resolve({ ok: false, error: message, fatal: true });
    pending.clear();
  };
  worker.onmessage = (event) => {
    const msg = event.data || {};
    if (msg.type === "ready") {
      debug.ready = true;
      debug.bootMs = msg.ms;
      settle.resolve();
    } else if (msg.type === "failed") {
      fail(`The engine could not start: ${msg.error}`);
    } else if (msg.type === "response") {
      const resolve = pending.get(msg.id);
      if (!resolve) return;
      pending.delete(msg.id);
      try { resolve(JSON.parse(msg.response)); }
      catch (err) { resolve({ ok: false, error: `bad answer from the engine: ${err.message}` }); }
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(`The engine could not start: ${event.message || "the worker failed to load"}`);
  };
  ready.catch(() => {});
  // Pyodide never gives up on its own when a runtime file is unreachable.
  const limit = setTimeout(() => {
    if (debug.ready || debug.failed) return;
    worker.terminate();
    fail(`The engine did not start within ${BOOT_LIMIT / 1000} seconds: reload the page to try again.`);
  }, BOOT_LIMIT);
  ready.then(() => clearTimeout(limit), () => clearTimeout(limit));
  engine = {
    ready,
    request(obj) {
      if (debug.failed) return Promise.resolve({ ok: false, error: debug.failed, fatal: true });
      return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        worker.postMessage({ id, request: JSON.stringify(obj) });
      });
    },
  };
  return engine;
}

// ------------------------------------------------------------------ helpers