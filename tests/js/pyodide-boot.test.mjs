// The engine's boot (site_assets/js/pyodide-boot.js), which the site's
// worker, the benchmark's workers and the Node scripts share: what it asks
// of the runtime, the sentence a refused engine zip gets, and WebAssembly
// compile failures reported where they happen. (The real runtime boots
// through it in tests/pyodide/engine_check.mjs: tests/test_pyodide.py.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { BootError, ENGINE_DIR, bootEngine, fetchEngine, reportWasmFailures }
  from "../../site_assets/js/pyodide-boot.js";

/** A stand-in for loadPyodide that records what the boot asks of it. */
function fakeRuntime() {
  const calls = [];
  const pyodide = {
    FS: { mkdirTree: (dir) => calls.push(["mkdirTree", dir]) },
    unpackArchive: (bytes, format, opts) => calls.push(["unpackArchive", [...bytes], format, opts]),
    runPython: (code) => calls.push(["runPython", code]),
  };
  const loadPyodide = async (options) => { calls.push(["loadPyodide", options]); return pyodide; };
  return { calls, pyodide, loadPyodide };
}

test("a refused engine zip is a sentence for the visitor, naming the file and the status", async () => {
  const url = "https://example.org/assets/sharah/engine-ab12.zip";
  const refused = fetchEngine(url, async () => new Response("no", { status: 404 }));
  await assert.rejects(refused, (err) => err instanceof BootError
    && err.message === `the engine (${url}) could not be loaded: HTTP 404`);
  const bytes = await fetchEngine(url, async () => new Response(new Uint8Array([80, 75, 3, 4])));
  assert.deepEqual([...bytes], [80, 75, 3, 4]);
});

test("the boot loads the runtime from where it is told, then mounts the engine first on sys.path", async () => {
  const { calls, pyodide, loadPyodide } = fakeRuntime();
  const out = [];
  const booted = await bootEngine(loadPyodide, {
    indexURL: "https://example.org/assets/pyodide/", stdLibURL: "https://example.org/assets/pyodide/stdlib-1.zip",
    stdout: (line) => out.push(line),
  }, Promise.resolve(new Uint8Array([1, 2])));
  assert.equal(booted, pyodide);
  assert.equal(calls[0][0], "loadPyodide");
  const { stdout, ...options } = calls[0][1];
  assert.deepEqual(options, { indexURL: "https://example.org/assets/pyodide/",
                              stdLibURL: "https://example.org/assets/pyodide/stdlib-1.zip" });
  stdout("hello");
  assert.deepEqual(out, ["hello"]);
  assert.deepEqual(calls.slice(1), [
    ["mkdirTree", ENGINE_DIR],
    ["unpackArchive", [1, 2], "zip", { extractDir: ENGINE_DIR }],
    ["runPython", `import sys\nif "${ENGINE_DIR}" not in sys.path:\n    sys.path.insert(0, "${ENGINE_DIR}")`],
  ]);
  // no standard library named: the runtime's own (nothing undefined passed on)
  const plain = fakeRuntime();
  await bootEngine(plain.loadPyodide, { indexURL: "/p/" }, new Uint8Array([]));
  assert.deepEqual(plain.calls[0][1], { indexURL: "/p/" });
});

test("an engine zip refused while the runtime boots fails the boot once the runtime is up, unhandled by nobody", async () => {
  const { calls, loadPyodide } = fakeRuntime();
  const unhandled = [];
  const listen = (reason) => unhandled.push(reason);
  process.on("unhandledRejection", listen);
  try {
    const zip = fetchEngine("https://example.org/engine.zip", async () => new Response("", { status: 503 }));
    let release;
    const slow = (options) => new Promise((resolve) => { release = () => resolve(loadPyodide(options)); });
    const boot = bootEngine(slow, { indexURL: "/p/" }, zip);
    await new Promise((resolve) => setTimeout(resolve, 20));   // the zip has failed; the runtime is still booting
    release();
    await assert.rejects(boot, (err) => err instanceof BootError && /could not be loaded: HTTP 503$/.test(err.message));
    assert.deepEqual(calls.map((c) => c[0]), ["loadPyodide"]);   // nothing mounted
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off("unhandledRejection", listen);
  }
});

test("a WebAssembly module that does not compile is reported where it fails; a type error is left to Pyodide", async () => {
  const before = WebAssembly.compile;
  const failed = [];
  const restore = reportWasmFailures((err) => failed.push(err));
  try {
    assert.notEqual(WebAssembly.compile, before);
    // the magic number and the start of a truncated module
    await assert.rejects(WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1])), WebAssembly.CompileError);
    await assert.rejects(WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109])), WebAssembly.CompileError);
    await assert.rejects(WebAssembly.compile(/** not bytes */ 42), TypeError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(failed.length, 2);
    assert.ok(failed.every((err) => err instanceof WebAssembly.CompileError));
    // a module that compiles is untouched
    const empty = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    assert.ok(empty instanceof WebAssembly.Module);
  } finally {
    restore();
  }
  assert.equal(WebAssembly.compile, before);
});
