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

// ---------------------------------------------------------------- bytecode
//
// The worker compiles the engine and the lean standard library to bytecode
// once it is idle (sharah_web/bytecode.py) and keeps the two zips in a
// Cache Storage cache of their own; every later boot on the device starts
// on them. Kept bytecode that is missing a part, damaged (its SHA-256 is
// kept beside it) or that fails to boot is deleted, and the boot goes on
// from source in the same worker: nothing kept can break a page.

/** The kept bytecode's caches are named ``pyc-…`` (never ``sharah-…``: the
 * service worker deletes those of other builds). */
export const BYTECODE_PREFIX = "pyc-";
/** The response header that holds a kept zip's SHA-256 (hex). */
export const DIGEST_HEADER = "x-sharah-sha256";

/**
 * @typedef {object} Bytecode the kept zips, as loadPyodide and mountEngine take them
 * @property {Uint8Array<ArrayBuffer>} stdlib the standard library's zip, its modules as .pyc
 * @property {Uint8Array<ArrayBuffer>} engine the engine's zip, its modules as .pyc
 */
/** @typedef {{ stdlib: string, engine: string }} Sources the source zips' URLs */

/** The cache for the bytecode of these sources on this runtime: the
 * runtime's version and the zips' file names (the build names them by
 * their content: another engine, another name).
 * @param {string} version @param {Sources} sources @returns {string} */
export function bytecodeCacheName(version, sources) {
  const file = (/** @type {string} */ url) => new URL(url).pathname.split("/").pop();
  return `${BYTECODE_PREFIX}${version}-${file(sources.stdlib)}-${file(sources.engine)}`;
}

/** @param {Uint8Array<ArrayBuffer>} bytes @returns {Promise<string>} */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The bytecode kept in the cache ``name`` of ``store`` (the worker's
 * ``caches``; none: null), each zip under its source's URL; null when
 * there is none. Throws when the cache is there but not whole or a zip's
 * bytes are not the ones kept.
 * @param {CacheStorage | undefined} store @param {string} name @param {Sources} sources
 * @returns {Promise<Bytecode | null>}
 */
export async function readBytecode(store, name, sources) {
  if (!store || !(await store.has(name))) return null;
  const cache = await store.open(name);
  /** @type {Record<string, Uint8Array<ArrayBuffer>>} */
  const out = {};
  for (const [part, url] of Object.entries(sources)) {
    const res = await cache.match(url);
    if (!res) throw new Error(`the kept bytecode has no ${part}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (await sha256(bytes) !== res.headers.get(DIGEST_HEADER)) throw new Error(`the kept bytecode of the ${part} is damaged`);
    out[part] = bytes;
  }
  return { stdlib: out.stdlib, engine: out.engine };
}

/** Keep ``zips`` in the cache ``name``, each under its source's URL with its SHA-256.
 * @param {CacheStorage} store @param {string} name @param {Sources} sources @param {Bytecode} zips */
export async function keepBytecode(store, name, sources, zips) {
  const cache = await store.open(name);
  for (const part of /** @type {(keyof Sources)[]} */ (["stdlib", "engine"])) {
    const bytes = zips[part];
    await cache.put(sources[part], new Response(bytes, {
      headers: { "content-type": "application/zip", [DIGEST_HEADER]: await sha256(bytes) } }));
  }
}

/** Delete every bytecode cache but ``keep``.
 * @param {CacheStorage | undefined} store @param {string | null} [keep] */
export async function forgetBytecode(store, keep = null) {
  if (!store) return;
  for (const name of await store.keys()) {
    if (name.startsWith(BYTECODE_PREFIX) && name !== keep) await store.delete(name);
  }
}

/** From now on ``scope.fetch`` answers ``url`` itself with ``bytes`` (the
 * runtime fetches its standard library by URL; a blob: URL may be refused
 * by the site's policy), or, when they come to null, from the network as
 * before; everything else goes on as before. Returns a function that puts
 * fetch back.
 * @param {{ fetch: typeof fetch }} scope @param {string} url
 * @param {Uint8Array<ArrayBuffer> | null | Promise<Uint8Array<ArrayBuffer> | null>} bytes
 * @returns {() => void} */
export function answerFetch(scope, url, bytes) {
  const real = scope.fetch;
  const href = new URL(url).href;
  /** @type {typeof fetch} */
  const answering = async function (input, init) {
    const asked = input instanceof Request ? input.url : String(input);
    const answer = asked === href ? await bytes : null;
    return answer ? new Response(answer) : real.call(scope, input, init);
  };
  scope.fetch = answering;
  return () => { if (scope.fetch === answering) scope.fetch = real; };
}

/**
 * The engine booted on kept bytecode when there is some that works, else
 * from source. ``kept()`` reads the bytecode (null: none; a throw: it is
 * damaged, and forgotten), while the runtime starts loading;
 * ``source()`` fetches the engine's source zip, when it is needed. The
 * boot runs inside ``guard`` (which rejects it when the runtime fails where
 * no promise says so) and must pass ``check`` (the bridge imported). When a
 * boot on bytecode fails in any way, ``forget(err)`` deletes the bytecode
 * and the runtime is loaded again from source, in the same worker; a boot
 * from source that fails throws. ``step`` as for bootEngine, and "kept"
 * once the bytecode has been read.
 * @param {LoadPyodide} loadPyodide @param {Runtime & { stdLibURL: string }} runtime
 * @param {object} how
 * @param {() => Promise<Bytecode | null>} how.kept
 * @param {() => Promise<Uint8Array>} how.source
 * @param {(pyodide: Pyodide) => void} how.check
 * @param {(err: unknown) => Promise<void>} how.forget
 * @param {<T>(boot: Promise<T>) => Promise<T>} [how.guard]
 * @param {(name: string) => void} [how.step]
 * @param {{ fetch: typeof fetch }} [how.scope] whose fetch answers the standard library's URL
 * @returns {Promise<{ pyodide: Pyodide, python: "bytecode" | "source" }>}
 */
export async function bootKept(loadPyodide, runtime, { kept, source, check, forget, guard = (boot) => boot,
                                                       step = () => {}, scope = globalThis }) {
  const drop = async (/** @type {unknown} */ err) => { try { await forget(err); } catch (_) { /* nothing more to do */ } };
  /** @type {Promise<Bytecode | null>} */
  const zips = Promise.resolve().then(kept).catch(async (err) => { await drop(err); return null; });
  zips.then(() => step("kept"));
  const restore = answerFetch(scope, runtime.stdLibURL, zips.then((z) => z && z.stdlib));
  try {
    const pyodide = await guard((async () => {
      try {
        return await bootEngine(loadPyodide, runtime, zips.then((z) => (z ? z.engine : source())), step);
      } finally {
        restore();
      }
    })().then((py) => { check(py); return py; }));
    return { pyodide, python: (await zips) ? "bytecode" : "source" };
  } catch (err) {
    restore();
    if (!(await zips)) throw err;     // from source: the boot's own failure
    await drop(err);
  }
  const pyodide = await bootEngine(loadPyodide, runtime, source(), step);
  check(pyodide);
  return { pyodide, python: "source" };
}
