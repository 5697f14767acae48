// The engine on Pyodide under Node, for the Pyodide tests
// (tests/pyodide/engine_check.mjs) and the benchmark's jobs
// (scripts/bench/perft_pyodide.mjs, search_pyodide.mjs): the pinned runtime
// from node_modules/pyodide, booted by the site's own boot module
// (site_assets/js/pyodide-boot.js, as the site's worker boots it), with
// nothing from the network.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ENGINE_DIR, loadRuntime, mountEngine } from "../../site_assets/js/pyodide-boot.js";

export { ENGINE_DIR, mountEngine };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYODIDE_DIR = path.join(root, "node_modules", "pyodide");

/** The URLs this process tried to fetch from the network (each refused). */
export const refused = [];

/** From now on, fetch reaches only local files (file:, data:, blob:): any
 * other URL is refused, recorded in ``refused`` and thrown, naming ``who``. */
export function refuseNetwork(who) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/^(file|data|blob):/.test(url)) return realFetch(input, init);
    refused.push(url);
    throw new Error(`${who}: network access refused: ${url}`);
  };
}

/** The pinned runtime, on its whole standard library or on ``stdlib`` (a
 * zip's path: the site's lean one); Python's output goes to stderr.
 * -> { pyodide, bootSeconds } */
export async function nodeRuntime({ stdlib = null } = {}) {
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const pyodide = await loadRuntime(loadPyodide, {
    indexURL: PYODIDE_DIR + path.sep,
    ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}),
    stdout: (line) => console.error(`[python] ${line}`),
    stderr: (line) => console.error(`[python:err] ${line}`),
  });
  return { pyodide, bootSeconds: (performance.now() - t0) / 1000 };
}

/** A zip file's bytes, as unpackArchive takes them (a Uint8Array, not a Buffer). */
export async function readZip(zipPath) {
  const data = await readFile(zipPath);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** The runtime with the engine zip at ``zipPath`` mounted (sharah_web
 * importable); the network refused. -> { pyodide, bootSeconds } (the runtime's boot) */
export async function bootEngine(zipPath, { stdlib = null } = {}) {
  refuseNetwork("pyodide_node");
  const { pyodide, bootSeconds } = await nodeRuntime({ stdlib });
  mountEngine(pyodide, await readZip(zipPath));
  return { pyodide, bootSeconds };
}
