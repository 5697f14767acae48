// The fixtures the Python engine wrote for these tests (tests/js/fixtures.py,
// run by scripts/test.sh before `node --test tests/js/`).
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = process.env.SHARAH_JS_FIXTURES || path.join(here, "fixtures");

/** The fixture ``name`` (JSON), or a clear failure when it was not written. */
export function fixture(name) {
  const file = path.join(folder, name);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run python tests/js/fixtures.py (scripts/test.sh does)`);
  }
  return JSON.parse(readFileSync(file, "utf-8"));
}
