// @ts-check
// Booting the engine on Pyodide, one way everywhere: the site's worker
// (engine-worker.js), the benchmark's browser workers (scripts/bench/) and
// the Node scripts (scripts/devkit/pyodide_node.mjs: the Pyodide tests, the
// benchmark's perft and search jobs) all boot through this module.
//
// It imports nothing: the caller passes loadPyodide, from the site's own copy
// of the runtime (assets/pyodide/pyodide.mjs, staged by the build) in a
// browser, from node_modules/pyodide under Node. The runtime loads from that
// folder (indexURL) and its standard library from the zip the caller names
// (stdLibURL: the site ships a lean one, scripts/sitebuild/stdlib_zip.py);
// the engine's zip (scripts/sitebuild/pack_engine.py) is unpacked into
// ENGINE_DIR, which goes first on sys.path, so `sharah_web` imports from it.

/** @typedef {import("pyodide").PyodideAPI} Pyodide */
/** @typedef {typeof import("pyodide").loadPyodide} LoadPyodide */
/**
 * Where the runtime comes from.
 * @typedef {object} Runtime
 * @property {string} indexURL the runtime's folder (ends with "/")
 * @property {string} [stdLibURL] its standard library's zip (default: the folder's python_stdlib.zip)
 * @property {(line: string) => void} [stdout] where Python's print goes
 * @property {(line: string) => void} [stderr] where Python's stderr goes
 */

/** Where the engine's zip is unpacked (and put first on sys.path). */
export const ENGINE_DIR = "/sharah";

/** An error the boot raises itself: its message is a sentence for the visitor. */
export class BootError extends Error {}

/** The runtime, loaded from where the caller says.
 * @param {LoadPyodide} loadPyodide @param {Runtime} runtime @returns {Promise<Pyodide>} */
export function loadRuntime(loadPyodide, { indexURL, stdLibURL, stdout, stderr }) {
  return loadPyodide({
    indexURL,
    ...(stdLibURL ? { stdLibURL } : {}),
    ...(stdout ? { stdout } : {}),
    ...(stderr ? { stderr } : {}),
  });
}

/** The engine's zip from ``url``; a refusal (an HTTP error) is a BootError.
 * @param {string} url @param {typeof fetch} [get] @returns {Promise<Uint8Array>} */
export async function fetchEngine(url, get = fetch) {
  const res = await get(url);
  if (!res.ok) throw new BootError(`the engine (${url}) could not be loaded: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Unpack the engine's zip into ``dir`` and put ``dir`` first on sys.path.
 * @param {Pyodide} pyodide @param {Uint8Array} zip @param {string} [dir] */
export function mountEngine(pyodide, zip, dir = ENGINE_DIR) {
  pyodide.FS.mkdirTree(dir);
  pyodide.unpackArchive(zip, "zip", { extractDir: dir });
  const where = JSON.stringify(dir);
  pyodide.runPython(`import sys\nif ${where} not in sys.path:\n    sys.path.insert(0, ${where})`);
}

/**
 * The runtime with the engine mounted. ``zip`` may still be on its way (it
 * downloads while the runtime boots): its failure is thrown once the runtime
 * is up, never reported as an unhandled rejection meanwhile.
 * ``step(name)`` is called as each step ends: "runtime" (loaded),
 * "unpacked" (the engine mounted).
 * @param {LoadPyodide} loadPyodide @param {Runtime} runtime
 * @param {Uint8Array | Promise<Uint8Array>} zip @param {(name: string) => void} [step]
 * @returns {Promise<Pyodide>}
 */
export async function bootEngine(loadPyodide, runtime, zip, step = () => {}) {
  const bytes = Promise.resolve(zip);
  bytes.catch(() => {});
  const pyodide = await loadRuntime(loadPyodide, runtime);
  step("runtime");
  mountEngine(pyodide, await bytes);
  step("unpacked");
  return pyodide;
}

/**
 * A runtime whose WebAssembly does not compile (a truncated pyodide.asm.wasm)
 * is only printed by Pyodide, which then waits for ever: from now on every
 * compile error (and link error) is also given to ``failed`` where it
 * happens. A TypeError (say a wrong content type for streaming) is left to
 * Pyodide, which retries without streaming. Returns a function that puts
 * WebAssembly back as it was.
 * @param {(err: Error) => void} failed @returns {() => void}
 */
export function reportWasmFailures(failed) {
  /** @type {Record<string, any>} */
  const wasm = WebAssembly;
  /** @type {[string, any][]} */
  const real = [];
  for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
    const fn = wasm[name];
    if (typeof fn !== "function") continue;
    real.push([name, fn]);
    wasm[name] = function (/** @type {any[]} */ ...args) {
      const out = fn.apply(this, args);
      out.catch((/** @type {unknown} */ err) => {
        if (err instanceof WebAssembly.CompileError || err instanceof WebAssembly.LinkError) failed(err);
      });
      return out;
    };
  }
  return () => { for (const [name, fn] of real) wasm[name] = fn; };
}
