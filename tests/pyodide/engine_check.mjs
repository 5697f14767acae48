// Boot Pyodide under Node from node_modules/pyodide (offline), install the
// engine zip made by `python3 scripts/pack_engine.py OUT.zip`, run
// check_engine.py and print its JSON summary as the last line on stdout.
//
//   node tests/pyodide/engine_check.mjs ENGINE.zip [CONFIG_JSON]
//
// Nothing may come from the network: any fetch of a non-file URL is refused
// and recorded in the summary ("network"), and the test fails on it.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");

const [zipPath, configJson] = process.argv.slice(2);
if (!zipPath) {
  console.error("usage: node tests/pyodide/engine_check.mjs ENGINE.zip [CONFIG_JSON]");
  process.exit(2);
}

// Refuse (and record) any attempt to reach the network.
const network = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith("file:") || url.startsWith("data:") || url.startsWith("blob:")) {
    return realFetch(input, init);
  }
  network.push(url);
  throw new Error(`engine_check: network access refused: ${url}`);
};

// Report failures briefly: a stack through pyodide.asm.mjs prints a huge
// minified line, which would bury the Python traceback.
function fail(stage, error) {
  const message = error && error.message ? error.message : String(error);
  console.error(`engine_check: ${stage} failed:\n${message}`);
  process.exit(1);
}
process.on("unhandledRejection", (error) => fail("an async step", error));
process.on("uncaughtException", (error) => fail("a step", error));

const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  stdout: (line) => console.error(`[python] ${line}`),
  stderr: (line) => console.error(`[python:err] ${line}`),
});
const bootSeconds = (performance.now() - t0) / 1000;

const zip = await readFile(zipPath);
// In Node, unpackArchive wants a Uint8Array, not a Buffer.
const bytes = new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength);
const extractDir = "/home/pyodide/engine";
pyodide.FS.mkdirTree(extractDir);
pyodide.unpackArchive(bytes, "zip", { extractDir });
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(extractDir)})`);

const code = await readFile(path.join(here, "check_engine.py"), "utf8");
const globals = pyodide.toPy({ CHECK_CONFIG: configJson ?? "{}", __name__: "check_engine" });
const t1 = performance.now();
let summary;
try {
  summary = JSON.parse(await pyodide.runPythonAsync(code, { globals, filename: "check_engine.py" }));
} catch (error) {
  fail("check_engine.py", error);
} finally {
  globals.destroy();
}

summary.pyodide_version = pyodide.version;
summary.boot_seconds = Number(bootSeconds.toFixed(3));
summary.check_seconds = Number(((performance.now() - t1) / 1000).toFixed(3));
summary.engine_zip_bytes = bytes.byteLength;
summary.engine_module = pyodide.runPython("import sharah_web; sharah_web.__file__");
summary.network = network;
process.stdout.write(JSON.stringify(summary) + "\n");
