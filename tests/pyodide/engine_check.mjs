// Boot Pyodide under Node from node_modules/pyodide (offline), install the
// engine zip made by `python3 -m sitebuild.pack_engine OUT.zip`, run
// check_engine.py and print its JSON summary as the last line on stdout.
//
//   node tests/pyodide/engine_check.mjs ENGINE.zip [CONFIG_JSON] [--stdlib ZIP]
//
// --stdlib ZIP boots on that standard library instead of Pyodide's whole
// python_stdlib.zip (the site ships the lean one made by
// scripts/sitebuild/stdlib_zip.py, as the worker does: loadPyodide's stdLibURL).
// Besides the games, every module the engine's sources name is imported
// (also those imported inside functions, on paths the games may not take),
// and an error is raised through the runtime to JavaScript, as the worker's
// failure path does. The summary lists every module that came from the
// standard-library zip ("stdlib_modules", with "boot_modules": those
// loaded by Pyodide's own start-up); scripts/sitebuild/stdlib_zip.py builds the lean
// zip from that list.
//
// Nothing may come from the network: any fetch of a non-file URL is refused
// and recorded in the summary ("network"), and the test fails on it.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mountEngine, nodeRuntime, readZip, refuseNetwork, refused } from "../../scripts/devkit/pyodide_node.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

const args = process.argv.slice(2);
let stdlibPath = null;
const at = args.indexOf("--stdlib");
if (at >= 0) {
  stdlibPath = args[at + 1];
  args.splice(at, 2);
}
const [zipPath, configJson] = args;
if (!zipPath || (at >= 0 && !stdlibPath)) {
  console.error("usage: node tests/pyodide/engine_check.mjs ENGINE.zip [CONFIG_JSON] [--stdlib ZIP]");
  process.exit(2);
}

// Refuse (and record) any attempt to reach the network.
refuseNetwork("engine_check");

// Report failures briefly: a stack through pyodide.asm.mjs prints a huge
// minified line, which would bury the Python traceback.
function fail(stage, error) {
  const message = error && error.message ? error.message : String(error);
  console.error(`engine_check: ${stage} failed:\n${message}`);
  process.exit(1);
}
process.on("unhandledRejection", (error) => fail("an async step", error));
process.on("uncaughtException", (error) => fail("a step", error));

// booted as the site's worker boots it (site_assets/js/pyodide-boot.js)
const { pyodide, bootSeconds } = await nodeRuntime({ stdlib: stdlibPath });
// Where the standard library is (a zip on sys.path), and what the runtime's
// own start-up loaded from it.
const STDLIB_MODULES = `
import json, sys
def _stdlib_modules():
    zips = [p for p in sys.path if p.endswith(".zip") and "/lib/python" in p]
    out = {}
    for name, module in list(sys.modules.items()):
        where = getattr(getattr(module, "__spec__", None), "origin", None) or getattr(module, "__file__", None)
        for z in zips:
            if isinstance(where, str) and where.startswith(z + "/"):
                out[name] = where[len(z) + 1:]
    return json.dumps(out, sort_keys=True)
_stdlib_modules()
`;
const bootModules = JSON.parse(pyodide.runPython(STDLIB_MODULES));

const bytes = await readZip(zipPath);
mountEngine(pyodide, bytes);

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

// Every module the engine's sources import, wherever the import is: the
// games above may not take every path (an error message, a link read...).
// (the list comes with the config, "imports": scripts/sitebuild/stdlib_zip.py reads
// the sources' import statements)
const imports = JSON.parse(configJson ?? "{}").imports || [];
const named = { names: imports, failed: JSON.parse(pyodide.runPython(`
import json
failed = {}
for name in json.loads(${JSON.stringify(JSON.stringify(imports))}):
    try:
        __import__(name)
    except Exception as exc:
        failed[name] = f"{type(exc).__name__}: {exc}"
json.dumps(failed)
`)) };
// An error raised in Python reaches JavaScript with its traceback, as the
// worker's failure path gets it (the runtime formats it with its own modules).
let errorPath = null;
try {
  pyodide.runPython("def _fail():\n    raise ValueError('a deliberate error')\n_fail()");
} catch (error) {
  errorPath = /ValueError: a deliberate error/.test(String(error && error.message)) ? "ok" : String(error);
}
summary.engine_imports = named.names;
summary.engine_imports_failed = named.failed;
summary.error_path = errorPath;
summary.stdlib = stdlibPath ? path.basename(stdlibPath) : "python_stdlib.zip";
summary.boot_modules = bootModules;
summary.stdlib_modules = JSON.parse(pyodide.runPython(STDLIB_MODULES));
summary.pyodide_version = pyodide.version;
summary.boot_seconds = Number(bootSeconds.toFixed(3));
summary.check_seconds = Number(((performance.now() - t1) / 1000).toFixed(3));
summary.engine_zip_bytes = bytes.byteLength;
summary.engine_module = pyodide.runPython("import sharah_web; sharah_web.__file__");
summary.network = refused;
process.stdout.write(JSON.stringify(summary) + "\n");
