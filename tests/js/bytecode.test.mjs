// The bytecode the engine's worker keeps on the device (pyodide-boot.js):
// the cache's name, what is read back (whole and undamaged, or nothing),
// the standard library's fetch answered inside the worker, and the boot
// that prefers the kept bytecode and falls back to source in the same
// worker whenever any of it fails, deleting it. (The real thing, in
// Chromium: tests/browser/test_kept_bytecode.py.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { BYTECODE_PREFIX, DIGEST_HEADER, answerFetch, bootKept, bytecodeCacheName, forgetBytecode,
  keepBytecode, readBytecode } from "../../site_assets/js/pyodide-boot.js";

const SOURCES = {
  stdlib: "https://example.org/assets/pyodide/stdlib-0123456789ab.zip",
  engine: "https://example.org/assets/sharah/engine-ba9876543210.zip",
};
const NAME = "pyc-314.0.7-stdlib-0123456789ab.zip-engine-ba9876543210.zip";

/** Cache Storage in memory, as a worker's ``caches`` behaves for what the boot uses. */
function fakeCaches() {
  const stores = new Map();
  const open = async (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name);
    return {
      async put(url, res) { entries.set(String(url), { bytes: new Uint8Array(await res.arrayBuffer()), headers: [...res.headers] }); },
      async match(url) {
        const e = entries.get(String(url));
        return e ? new Response(e.bytes.slice(), { headers: e.headers }) : undefined;
      },
      async keys() { return [...entries.keys()].map((u) => new Request(u)); },
    };
  };
  return {
    stores,
    open,
    has: async (name) => stores.has(name),
    delete: async (name) => stores.delete(name),
    keys: async () => [...stores.keys()],
  };
}

const zips = () => ({ stdlib: new Uint8Array([80, 75, 1, 2, 3]), engine: new Uint8Array([80, 75, 9, 8]) });

test("the cache is named by the runtime's version and the two zips' file names, never sharah-", () => {
  assert.equal(bytecodeCacheName("314.0.7", SOURCES), NAME);
  assert.ok(NAME.startsWith(BYTECODE_PREFIX) && !NAME.startsWith("sharah-"));
  // another engine (its content, its name), another standard library, another runtime: another cache
  const names = new Set([NAME,
    bytecodeCacheName("314.0.7", { ...SOURCES, engine: SOURCES.engine.replace("ba98", "ba99") }),
    bytecodeCacheName("314.0.7", { ...SOURCES, stdlib: SOURCES.stdlib.replace("0123", "0124") }),
    bytecodeCacheName("314.0.8", SOURCES)]);
  assert.equal(names.size, 4);
});

test("kept bytecode is read back whole; none is null; a missing part or changed bytes is an error", async () => {
  const store = fakeCaches();
  assert.equal(await readBytecode(undefined, NAME, SOURCES), null);   // no Cache Storage at all
  assert.equal(await readBytecode(store, NAME, SOURCES), null);
  await keepBytecode(store, NAME, SOURCES, zips());
  const back = await readBytecode(store, NAME, SOURCES);
  assert.deepEqual([...back.stdlib], [...zips().stdlib]);
  assert.deepEqual([...back.engine], [...zips().engine]);
  // a byte changed, its digest kept
  const cache = await store.open(NAME);
  const kept = await cache.match(SOURCES.engine);
  const bytes = new Uint8Array(await kept.arrayBuffer());
  bytes[2] ^= 1;
  await cache.put(SOURCES.engine, new Response(bytes, { headers: kept.headers }));
  await assert.rejects(readBytecode(store, NAME, SOURCES), /the kept bytecode of the engine is damaged/);
  // no digest at all
  await cache.put(SOURCES.engine, new Response(zips().engine));
  await assert.rejects(readBytecode(store, NAME, SOURCES), /damaged/);
  // half kept (the worker stopped between the two)
  const half = fakeCaches();
  await keepBytecode(half, NAME, { ...SOURCES, engine: "https://example.org/elsewhere.zip" }, zips());
  await assert.rejects(readBytecode(half, NAME, SOURCES), /has no engine/);
});

test("forgetting deletes every bytecode cache but the one kept, and nothing else", async () => {
  const store = fakeCaches();
  for (const name of [NAME, "pyc-314.0.6-a-b", "sharah-abc", "other"]) await store.open(name);
  await forgetBytecode(store, NAME);
  assert.deepEqual(await store.keys(), [NAME, "sharah-abc", "other"]);
  await forgetBytecode(store);
  assert.deepEqual(await store.keys(), ["sharah-abc", "other"]);
  await forgetBytecode(undefined);   // no Cache Storage: nothing to do
});

test("the standard library's URL is answered inside the worker, anything else fetched, until put back", async () => {
  const asked = [];
  const scope = { fetch: async (input) => { asked.push(String(input)); return new Response("net"); } };
  const restore = answerFetch(scope, SOURCES.stdlib, new Uint8Array([1, 2, 3]));
  const res = await scope.fetch(new URL(SOURCES.stdlib));     // Pyodide asks with a URL object
  assert.deepEqual([...new Uint8Array(await res.arrayBuffer())], [1, 2, 3]);
  assert.equal(await (await scope.fetch(SOURCES.engine)).text(), "net");
  assert.deepEqual(asked, [SOURCES.engine]);
  restore();
  assert.equal(await (await scope.fetch(SOURCES.stdlib)).text(), "net");
});

/** A stand-in for loadPyodide: records each boot's standard library (as
 * fetched through ``scope``) and engine; ``fail`` makes a boot fail the way it says. */
function fakeBoots(scope, fail = () => null) {
  const boots = [];
  const loadPyodide = async ({ stdLibURL }) => {
    const stdlib = [...new Uint8Array(await (await scope.fetch(stdLibURL)).arrayBuffer())];
    const boot = { stdlib, engine: null };
    boots.push(boot);
    const how = fail(boots.length);
    if (how === "load") throw new Error("the runtime failed");
    if (how === "hang") return new Promise(() => {});   // it only printed its failure
    return {
      how,
      FS: { mkdirTree() {} },
      unpackArchive: (bytes) => { boot.engine = [...bytes]; },
      runPython() {},
    };
  };
  return { boots, loadPyodide };
}

// the worker's guard: a failure the runtime reports where no promise says so
// (an unhandled rejection, an error event) fails the boot on bytecode
const reported = (boot) => new Promise((resolve, reject) => {
  boot.then(resolve, reject);
  setTimeout(() => reject(new Error("exit(1)")), 20);
});

async function boot(store, fail, guard = undefined) {
  const scope = { fetch: async () => new Response(new Uint8Array([7, 7])) };   // the network: source
  const { boots, loadPyodide } = fakeBoots(scope, fail);
  const forgotten = [];
  const out = await bootKept(loadPyodide, { indexURL: "https://example.org/assets/pyodide/", stdLibURL: SOURCES.stdlib }, {
    kept: () => readBytecode(store, NAME, SOURCES),
    source: async () => new Uint8Array([6, 6]),
    check: (py) => { if (py.how === "import") throw new Error("No module named 'sharah_web.bridge'"); },
    forget: async (err) => { forgotten.push(String(err)); await forgetBytecode(store); },
    ...(guard ? { guard } : {}),
    scope,
  });
  assert.equal(scope.fetch.name, "fetch");   // the network's fetch is back
  return { python: out.python, boots, forgotten };
}

test("a boot runs on kept bytecode when there is some, else on source", async () => {
  const store = fakeCaches();
  let run = await boot(store);
  assert.equal(run.python, "source");
  assert.deepEqual(run.boots, [{ stdlib: [7, 7], engine: [6, 6] }]);
  assert.deepEqual(run.forgotten, []);
  await keepBytecode(store, NAME, SOURCES, zips());
  run = await boot(store);
  assert.equal(run.python, "bytecode");
  assert.deepEqual(run.boots, [{ stdlib: [...zips().stdlib], engine: [...zips().engine] }]);
  assert.ok(await store.has(NAME));
});

test("kept bytecode that is damaged, fails to boot or fails to import is deleted, and the same boot goes on from source", async () => {
  for (const [what, prepare, fail, guard] of [
    ["damaged", async (store) => {
      const cache = await store.open(NAME);
      await cache.put(SOURCES.stdlib, new Response(new Uint8Array([0]), { headers: { [DIGEST_HEADER]: "00" } }));
    }, undefined],
    ["the runtime fails", async () => {}, (n) => (n === 1 ? "load" : null)],
    ["the bridge does not import", async () => {}, (n) => (n === 1 ? "import" : null)],
    ["the runtime fails where no promise says so", async () => {}, (n) => (n === 1 ? "hang" : null), reported],
  ]) {
    const store = fakeCaches();
    await keepBytecode(store, NAME, SOURCES, zips());
    await store.open("pyc-314.0.6-old-old");
    await prepare(store);
    const run = await boot(store, fail, guard);
    assert.equal(run.python, "source", what);
    assert.deepEqual(run.boots.at(-1), { stdlib: [7, 7], engine: [6, 6] }, what);
    assert.equal(run.forgotten.length, 1, what);
    assert.deepEqual(await store.keys(), [], what);
  }
});

test("a boot from source that fails is the boot's failure (nothing kept to fall back from)", async () => {
  const store = fakeCaches();
  await assert.rejects(boot(store, () => "load"), /the runtime failed/);
  await assert.rejects(boot(store, () => "import"), /No module named/);
  await assert.rejects(boot(store, () => "hang", reported), /exit\(1\)/);
});
