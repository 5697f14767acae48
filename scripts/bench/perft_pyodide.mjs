// Run `python -m sharah_web perft ... --json` inside Pyodide under Node, for
// scripts/bench.py: boots the pinned runtime from node_modules/pyodide (no
// network), unpacks the engine zip made by scripts/sitebuild/pack_engine.py, then runs
// each job's argument list through sharah_web.__main__.main and prints one
// JSON line per job (the perft record, or {"error": ...}), then a last line
// {"boot_seconds": ..., "import_seconds": ...} (loadPyodide; importing
// sharah_web.bridge, as the site's worker does).
//
//   node scripts/bench/perft_pyodide.mjs ENGINE.zip JOBS.json
//
// JOBS.json: a list of argument lists, e.g. [["perft", "scheherazade", "3", "--json"]].

import { readFile } from "node:fs/promises";
import { bootEngine } from "../devkit/pyodide_node.mjs";

const [zipPath, jobsPath] = process.argv.slice(2);
if (!zipPath || !jobsPath) {
  console.error("usage: node scripts/bench/perft_pyodide.mjs ENGINE.zip JOBS.json");
  process.exit(2);
}

const { pyodide, bootSeconds } = await bootEngine(zipPath);
// what the site's worker imports before the Oblong page's first board opens
// (sources only: compiled on import; the other games are imported later)
const t1 = performance.now();
pyodide.runPython("import sharah_web.bridge\nfrom sharah_web.variants import VARIANTS\nVARIANTS['oblong-shatranj']");
const importSeconds = (performance.now() - t1) / 1000;
pyodide.runPython("while VARIANTS.load_next(): pass");
const importAllSeconds = (performance.now() - t1) / 1000;

const run = pyodide.runPython(`
import contextlib, io, json
from sharah_web.__main__ import main

def run(argv_json):
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            code = main(json.loads(argv_json), out=out)
    except SystemExit as e:
        code = e.code
    except Exception as e:
        return json.dumps({"error": f"{type(e).__name__}: {e}"})
    if code:
        return json.dumps({"error": (err.getvalue().strip().splitlines() or ["?"])[-1] + f" (exit status {code})"})
    return out.getvalue().strip()
run
`);

const jobs = JSON.parse(await readFile(jobsPath, "utf8"));
for (const argv of jobs) {
  // the processor time of this process too: other programs on a shared
  // machine do not inflate it (a job times one depth: --from-depth)
  const c0 = process.cpuUsage();
  const out = run(JSON.stringify(argv));
  const c1 = process.cpuUsage(c0);
  let rec;
  try { rec = JSON.parse(out); } catch (err) { rec = null; }
  if (rec && rec.rows && rec.rows.length === 1) rec.rows[0].cpu_seconds = (c1.user + c1.system) / 1e6;
  process.stdout.write((rec ? JSON.stringify(rec) : out) + "\n");
}
run.destroy();
process.stdout.write(JSON.stringify({
  boot_seconds: Number(bootSeconds.toFixed(3)), import_seconds: Number(importSeconds.toFixed(3)),
  import_all_seconds: Number(importAllSeconds.toFixed(3)),
  version: pyodide.version,
}) + "\n");
