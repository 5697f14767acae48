// scripts/bench.py: boot Pyodide with the site's engine zip (as the site's
// worker does: assets/sharah/js/pyodide-boot.js) and run search-bench.py,
// which times best_move at its default level.
import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
import { bootEngine, fetchEngine } from "../assets/sharah/js/pyodide-boot.js";

const here = new URL(self.location.href);
try {
  const pyodide = await bootEngine(loadPyodide, { indexURL: new URL("../assets/pyodide/", here).href,
                                                  stdLibURL: new URL("python_stdlib.zip", here).href },
                                   fetchEngine(new URL(here.searchParams.get("engine"), here).href));
  const code = await (await fetch(new URL("search-bench.py", here))).text();
  const globals = pyodide.toPy({ CONFIG: here.searchParams.get("config") || "{}" });
  const out = pyodide.runPython(code, { globals });
  postMessage(JSON.parse(out));
} catch (err) {
  postMessage({ error: String((err && err.message) || err) });
}
