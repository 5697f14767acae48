// The engine's worker: a module worker that boots Pyodide from this site's
// own copy (assets/pyodide/), unpacks the engine zip and answers the widget's
// requests with sharah_web.bridge.handle(json) -> json.
//
// Messages in:  {id, request: "<json>"}
// Messages out: {type: "ready", ms} | {type: "failed", error}
//               {type: "response", id, response: "<json>"}
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const here = new URL(self.location.href);
const INDEX_URL = new URL("../../pyodide/", here).href;
const ENGINE_URL = new URL(here.searchParams.get("engine") || "../engine.zip", here).href;

let handle = null;

const ready = (async () => {
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    stdout: (line) => console.log("[engine]", line),
    stderr: (line) => console.warn("[engine]", line),
  });
  const res = await fetch(ENGINE_URL);
  if (!res.ok) throw new Error(`the engine (${ENGINE_URL}) could not be loaded: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/sharah" });
  pyodide.runPython("import sys\nif '/sharah' not in sys.path:\n    sys.path.insert(0, '/sharah')");
  handle = pyodide.pyimport("sharah_web.bridge").handle;
  return performance.now() - t0;
})();

ready.then(
  (ms) => postMessage({ type: "ready", ms }),
  (err) => postMessage({ type: "failed", error: String((err && err.message) || err) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  let response;
  try {
    await ready;
    response = handle(request);
  } catch (err) {
    response = JSON.stringify({ ok: false, error: `the engine failed: ${(err && err.message) || err}` });
  }
  postMessage({ type: "response", id, response });
};
