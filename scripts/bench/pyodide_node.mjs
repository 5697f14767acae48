// Boot the pinned Pyodide under Node from node_modules/pyodide (no network)
// and unpack an engine zip (scripts/sitebuild/pack_engine.py) onto its path: shared by
// perft_pyodide.mjs and search_pyodide.mjs (scripts/bench.py runs both).

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");

// Nothing from the network: the runtime and the engine are local files.
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (/^(file|data|blob):/.test(url)) return realFetch(input, init);
  throw new Error(`pyodide_node: network access refused: ${url}`);
};

// -> { pyodide, bootSeconds } with the engine importable as sharah_web
export async function bootEngine(zipPath) {
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + path.sep,
    stdout: (line) => console.error(`[python] ${line}`),
    stderr: (line) => console.error(`[python:err] ${line}`),
  });
  const bootSeconds = (performance.now() - t0) / 1000;
  const zip = await readFile(zipPath);
  const extractDir = "/home/pyodide/engine";
  pyodide.FS.mkdirTree(extractDir);
  pyodide.unpackArchive(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), "zip", { extractDir });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(extractDir)})`);
  return { pyodide, bootSeconds };
}
