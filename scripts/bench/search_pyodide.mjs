// Run scripts/bench/search_job.py inside Pyodide under Node, for
// scripts/bench.py --search: boots the pinned runtime, unpacks the engine
// zip (this tree's or an older commit's), runs the job with CONFIG set to
// the config file's text and prints its JSON answer, with the processor
// time of the whole job ("cpu_seconds").
//
//   node scripts/bench/search_pyodide.mjs ENGINE.zip CONFIG.json

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bootEngine } from "../devkit/pyodide_node.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const [zipPath, configPath] = process.argv.slice(2);
if (!zipPath || !configPath) {
  console.error("usage: node scripts/bench/search_pyodide.mjs ENGINE.zip CONFIG.json");
  process.exit(2);
}
const { pyodide } = await bootEngine(zipPath);
const globals = pyodide.toPy({ CONFIG: await readFile(configPath, "utf8") });
// the processor time of this process (Pyodide's time.process_time is the wall clock)
globals.set("CPU_SECONDS", () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; });
const c0 = process.cpuUsage();
pyodide.runPython(await readFile(path.join(here, "search_job.py"), "utf8"), { globals });
const c1 = process.cpuUsage(c0);
const out = JSON.parse(globals.get("RESULT"));
out.cpu_seconds = (c1.user + c1.system) / 1e6;
process.stdout.write(JSON.stringify(out) + "\n");
