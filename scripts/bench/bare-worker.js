// scripts/bench.py: boot Pyodide and nothing else (no engine).
import { loadPyodide } from "../assets/pyodide/pyodide.mjs";

const t0 = performance.now();
try {
  const pyodide = await loadPyodide({ indexURL: new URL("../assets/pyodide/", self.location.href).href });
  pyodide.runPython("1 + 1");
  postMessage({ workerMs: performance.now() - t0 });
} catch (err) {
  postMessage({ error: String((err && err.message) || err) });
}
