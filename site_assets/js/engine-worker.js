// @ts-check
// The engine's worker: a module worker that boots Pyodide from this site's
// own copy (assets/pyodide/), unpacks the engine zip and answers the widget's
// requests with sharah_web.bridge.handle(json) -> json.
//
// Messages in:  {id, request: "<json>"}
// Messages out: {type: "ready", ms, steps, python} | {type: "failed", error, detail}
//               {type: "response", id, response: "<json>", began, ms}
//
// "ready": ``ms`` since this script started; ``steps``, when each step of
// the boot ended (ms since the same start: the kept bytecode read, the
// runtime loaded, the engine unpacked, the engine imported), for
// scripts/bench.py's timeline; ``python``, what the boot ran: "bytecode"
// (kept on this device, below) or "source".
//
// Bytecode kept on the device: once the worker is up from source and the
// visitor is reading, it compiles the engine and the lean standard library
// to bytecode a few files at a time (sharah_web/bytecode.py) and keeps the
// two zips in a cache of their own (pyodide-boot.js: bootKept); later boots
// on this device start on them, a third of the processor time. Kept
// bytecode that fails in any way is deleted and the boot goes on from
// source, with nothing said to the visitor.
// "failed": ``error`` is a sentence for the visitor when this worker knows
// what went wrong (a file it fetched itself was refused), else null, and
// ``detail`` is what the runtime said (for the console). A runtime that
// fails while it boots (a damaged pyodide.asm.wasm, a missing standard
// library) often only prints it, rejects a promise nobody waits for, or
// exits: those are caught too, so the page says so at once instead of at
// its boot limit. The boot itself (the runtime, the engine's zip, the
// failures it names) is pyodide-boot.js, which the Node scripts share.
// @ts-ignore: the site's copy of the runtime (assets/pyodide/, staged by the build); typed from its npm package
import { loadPyodide as load, version as RUNTIME_VERSION } from "../../pyodide/pyodide.mjs";
import { BootError, ENGINE_DIR, bootKept, bytecodeCacheName, fetchEngine, forgetBytecode, keepBytecode,
  readBytecode, reportWasmFailures } from "./pyodide-boot.js";

/** @type {typeof import("pyodide").loadPyodide} */
const loadPyodide = load;

const here = new URL(self.location.href);
const INDEX_URL = new URL("../../pyodide/", here).href;
const ENGINE_URL = new URL(here.searchParams.get("engine") || "../engine.zip", here).href;
// The lean standard library the build made (scripts/sitebuild/stdlib_zip.py): only the
// modules the engine and Pyodide's start-up import, 0.48 MB instead of 2.5.
const STDLIB_URL = new URL("__SHARAH_STDLIB_ZIP__", INDEX_URL).href;
const SOURCES = { stdlib: STDLIB_URL, engine: ENGINE_URL };
/** @type {CacheStorage | undefined} none where the browser keeps no caches (no secure context) */
const STORE = self.caches;
const BYTECODE = bytecodeCacheName(/** @type {string} */ (RUNTIME_VERSION), SOURCES);

/** @type {((request: string) => string) | null} */
let handle = null;
/** @type {import("pyodide").PyodideAPI | null} */
let python = null;
let lastRequest = 0;
let booting = true;
/** While the first boot runs (bootKept's guard): what makes it fail; bootKept
 * then boots again from source if it ran on kept bytecode, else the boot fails.
 * @type {((err: any) => void) | null} */
let trap = null;

/** The boot failed: said once (the page drops this worker).
 * @param {any} err what failed @param {boolean} [own] a BootError: its message is for the visitor */
function bootFailed(err, own = false) {
  if (trap) return trap(err);
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
/** @type {"bytecode" | "source"} */
let ran = "source";
const ready = (async () => {
  const t0 = performance.now();
  const step = (/** @type {string} */ name) => { steps[name] = Math.round(performance.now() - t0); };
  const booted = await bootKept(loadPyodide, {
    indexURL: INDEX_URL,
    stdLibURL: STDLIB_URL,
    stdout: (line) => console.log("[engine]", line),
    stderr: (line) => console.warn("[engine]", line),
  }, {
    kept: () => readBytecode(STORE, BYTECODE, SOURCES),
    source: () => fetchEngine(ENGINE_URL),   // the engine's zip downloads while Pyodide boots
    check: (pyodide) => { pyodide.pyimport("sharah_web.bridge"); },
    forget: async (err) => {
      console.warn("[engine] the bytecode kept on this device is not used:", err);
      await forgetBytecode(STORE);
    },
    guard: (boot) => new Promise((resolve, reject) => {
      trap = reject;
      boot.then(resolve, reject);
    }).finally(() => { trap = null; }),
    step,
  });
  handle = booted.pyodide.pyimport("sharah_web.bridge").handle;
  step("imported");
  python = booted.pyodide;
  ran = booted.python;
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

// The bytecode is compiled after IDLE_MS of quiet too, a few files a step
// (STEP_S of compiling, one file at least: about 30 steps of 30-75 ms under
// Node, the longest file's alone), each step only while no request came
// for IDLE_MS: a request waits for one step at most, never for the whole
// (1.2 processor-seconds under Node). The other games are warmed after it
// (from bytecode they load at once on later visits).
const STEP_S = 0.03;
const PYC_DIR = "/tmp/sharah-pyc";
/** @type {any} sharah_web.bytecode.Compiler (a PyProxy) */
let compiler = null;
function compileLater() { setTimeout(compileStep, IDLE_MS + 100); }
function compileStep() {
  const wait = IDLE_MS - (performance.now() - lastRequest);
  if (wait > 0) return void setTimeout(compileStep, wait + 100);
  if (!python) return;
  try {
    if (!compiler) {
      const bytecode = python.pyimport("sharah_web.bytecode");
      compiler = bytecode.Compiler(bytecode.stdlib_zip(), ENGINE_DIR);
      bytecode.destroy();
    }
    if (!compiler.step(STEP_S)) return void setTimeout(compileStep, 0);
    const paths = compiler.write(PYC_DIR);
    const [stdlib, engine] = paths.toJs().map((/** @type {string} */ path) => {
      const bytes = /** @type {Uint8Array<ArrayBuffer>} */ (python?.FS.readFile(path));
      python?.FS.unlink(path);
      return bytes;
    });
    paths.destroy();
    compiler.destroy();
    compiler = null;
    keepBytecode(/** @type {CacheStorage} */ (STORE), BYTECODE, SOURCES, { stdlib, engine })
      .catch((err) => {
        console.warn("[engine] the bytecode could not be kept:", err);
        return forgetBytecode(STORE);
      })
      .catch(() => {})    // a store that refuses everything
      .finally(warmLater);
  } catch (err) {
    console.warn("[engine] the bytecode could not be made:", err);
    compiler = null;
    warmLater();
  }
}

ready.then(
  (ms) => {
    if (!booting) return;       // failed meanwhile: the page has dropped this worker
    booting = false;
    postMessage({ type: "ready", ms, steps, python: ran });
    forgetBytecode(STORE, BYTECODE).catch(() => {});   // another build's, another runtime's
    if (ran === "source" && STORE) compileLater();
    else warmLater();
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
