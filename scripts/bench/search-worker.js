// scripts/bench.py: boot Pyodide, unpack the site's engine zip and run
// search-bench.py, which times best_move at its default level.
import { loadPyodide } from "../assets/pyodide/pyodide.mjs";

const here = new URL(self.location.href);
try {
  const pyodide = await loadPyodide({ indexURL: new URL("../assets/pyodide/", here).href,
                                     stdLibURL: new URL("python_stdlib.zip", here).href });
  const zip = await fetch(new URL(here.searchParams.get("engine"), here));
  if (!zip.ok) throw new Error(`engine zip: HTTP ${zip.status}`);
  pyodide.unpackArchive(new Uint8Array(await zip.arrayBuffer()), "zip", { extractDir: "/sharah" });
  pyodide.runPython("import sys; sys.path.insert(0, '/sharah')");
  const code = await (await fetch(new URL("search-bench.py", here))).text();
  const globals = pyodide.toPy({ CONFIG: here.searchParams.get("config") || "{}" });
  const out = pyodide.runPython(code, { globals });
  postMessage(JSON.parse(out));
} catch (err) {
  postMessage({ error: String((err && err.message) || err) });
}
