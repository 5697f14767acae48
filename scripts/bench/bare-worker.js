// scripts/bench.py: boot Pyodide and nothing else (no engine), on its whole
// standard library (python_stdlib.zip, copied here by the benchmark: the
// site itself ships only the lean one, scripts/sitebuild/stdlib_zip.py),
// through the site's boot module (assets/sharah/js/pyodide-boot.js).
import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
import { loadRuntime } from "../assets/sharah/js/pyodide-boot.js";

const t0 = performance.now();
try {
  const pyodide = await loadRuntime(loadPyodide, {
    indexURL: new URL("../assets/pyodide/", self.location.href).href,
    stdLibURL: new URL("python_stdlib.zip", self.location.href).href,
  });
  pyodide.runPython("1 + 1");
  postMessage({ workerMs: performance.now() - t0 });
} catch (err) {
  postMessage({ error: String((err && err.message) || err) });
}
