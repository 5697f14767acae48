// @ts-check
// The engine's worker: a module worker that boots Pyodide from this site's
// own copy (assets/pyodide/), unpacks the engine zip and answers the widget's
// requests with sharah_web.bridge.handle(json) -> json.
//
// Messages in:  {id, request: "<json>"}
// Messages out: {type: "ready", ms, steps} | {type: "failed", error, detail}
//               {type: "response", id, response: "<json>", began, ms}
//
// "ready": ``ms`` since this script started; ``steps``, when each step of
// the boot ended (ms since the same start: the runtime loaded, the engine
// unpacked, the engine imported), for scripts/bench.py's timeline.
// "failed": ``error`` is a sentence for the visitor when this worker knows
// what went wrong (a file it fetched itself was refused), else null, and
// ``detail`` is what the runtime said (for the console). A runtime that
// fails while it boots (a damaged pyodide.asm.wasm, a missing standard
// library) often only prints it, rejects a promise nobody waits for, or
// exits: those are caught too, so the page says so at once instead of at
// its boot limit. The boot itself (the runtime, the engine's zip, the
// failures it names) is pyodide-boot.js, which the Node scripts share.
// @ts-ignore: the site's copy of the runtime (assets/pyodide/, staged by the build); typed from its npm package
import { loadPyodide as load } from "../../pyodide/pyodide.mjs";
import { BootError, bootEngine, fetchEngine, reportWasmFailures } from "./pyodide-boot.js";

/** @type {typeof import("pyodide").loadPyodide} */
const loadPyodide = load;

const here = new URL(self.location.href);
const INDEX_URL = new URL("../../pyodide/", here).href;
const ENGINE_URL = new URL(here.searchParams.get("engine") || "../engine.zip", here).href;
// The lean standard library the build made (scripts/sitebuild/stdlib_zip.py): only the
// modules the engine and Pyodide's start-up import, 0.48 MB instead of 2.5.
const STDLIB_URL = new URL("__SHARAH_STDLIB_ZIP__", INDEX_URL).href;

/** @type {((request: string) => string) | null} */
let handle = null;
/** @type {import("pyodide").PyodideAPI | null} */
let python = null;
let lastRequest = 0;
let booting = true;

/** The boot failed: said once (the page drops this worker).
 * @param {any} err what failed @param {boolean} [own] a BootError: its message is for the visitor */
function bootFailed(err, own = false) {
  if (!booting) return;
  booting = false;
  const detail = String((err && (err.stack || err.message)) || err);
  postMessage({ type: "failed", error: own ? String(err.message || err) : null, detail });
}

// the runtime's own failures while it boots, which loadPyodide may never report
self.addEventListener("unhandledrejection", (event) => {
  if (!booting) return;
  event.preventDefault();
  bootFailed(event.reason);
});
self.addEventListener("error", (event) => {
  if (!booting) return;
  event.preventDefault();
  bootFailed(event.error || event.message);
});
reportWasmFailures(bootFailed);

/** @type {Record<string, number>} */
const steps = {};
const ready = (async () => {
  const t0 = performance.now();
  const step = (/** @type {string} */ name) => { steps[name] = Math.round(performance.now() - t0); };
  const pyodide = await bootEngine(loadPyodide, {
    indexURL: INDEX_URL,
    stdLibURL: STDLIB_URL,
    stdout: (line) => console.log("[engine]", line),
    stderr: (line) => console.warn("[engine]", line),
  }, fetchEngine(ENGINE_URL), step);   // the engine's zip downloads while Pyodide boots
  handle = pyodide.pyimport("sharah_web.bridge").handle;
  step("imported");
  python = pyodide;
  return performance.now() - t0;
})();

// Only the games a page shows are compiled before its boards open; the
// others are compiled afterwards, one at a time once the worker has been idle
// for IDLE_MS (the visitor reading), so that the next page (instant
// navigation) opens its boards at once. Not sooner: a visitor who plays at
// once (a move, the computer's first move) never waits behind a game the
// page does not show, and a page left within seconds compiles nothing more.
const IDLE_MS = 2000;
function warmLater() { setTimeout(warm, IDLE_MS + 100); }
function warm() {
  if (performance.now() - lastRequest < IDLE_MS) return warmLater();
  let more = false;
  if (!python) return;
  try { more = python.runPython("from sharah_web.variants import VARIANTS\nVARIANTS.load_next()"); }
  catch (err) { return; }   // not needed: a board imports its game when it opens
  if (more) warmLater();
}

ready.then(
  (ms) => {
    if (!booting) return;       // failed meanwhile: the page has dropped this worker
    booting = false;
    postMessage({ type: "ready", ms, steps });
    warmLater();
  },
  (err) => bootFailed(err, err instanceof BootError),
);

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  lastRequest = performance.now();
  let response;
  let began = null;
  try {
    await ready;
    began = performance.now();
    if (!handle) throw new Error("the engine has no handler");
    response = handle(request);
  } catch (err) {
    // bridge.handle answers every request itself: a throw means the engine
    // (or Pyodide) is broken for good, so the page offers a fresh one.
    response = JSON.stringify({ ok: false, error: `the engine failed: ${/** @type {Error} */ (err)?.message || err}`, fatal: true });
  }
  lastRequest = performance.now();
  // when the engine took the request and how long it took (ms since the
  // epoch, and ms): for scripts/bench.py, which splits a board's opening
  postMessage({ type: "response", id, response, began: began === null ? null : performance.timeOrigin + began,
                ms: began === null ? null : lastRequest - began });
};
