// The head script (site_assets/js/head.js), run as the page runs it, in a
// context with just what it touches: it starts the engine's worker with the
// build's facts from its element, keeps a tap on a board, asks for the
// page's early file once a board is painted, and holds back the messages
// to the search worker until the engine is up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../site_assets/js/head.js", import.meta.url), "utf-8");
const BASE = "https://example.org/games/oblong-shatranj/";

function page({ early = "sharah-ab12", painted = true } = {}) {
  const listeners = {};
  const workers = [];
  const frames = [];
  const timers = [];
  const fetched = [];
  class Worker {
    constructor(url, options) {
      this.url = String(url); this.options = options; this.posted = []; this.heard = {};
      workers.push(this);
    }
    addEventListener(type, fn) { (this.heard[type] ||= []).push(fn); }
    postMessage(...args) { this.posted.push(args); }
    say(type, data) { for (const fn of this.heard[type] || []) fn({ data, preventDefault() {} }); }
  }
  class Element {
    constructor(sel) { this.sel = sel; }
    closest(s) { return this.sel.includes(s.split(".").pop()) ? this : null; }
  }
  const window = {
    Worker, URL, Promise, performance: { now: () => 1234 },
    requestAnimationFrame: (fn) => frames.push(fn),
    setTimeout: (fn, ms) => timers.push([fn, ms]),
    fetch: (url) => { fetched.push(String(url)); return Promise.resolve({ ok: true, json: () => ({ boards: {} }) }); },
    document: {
      baseURI: BASE,
      currentScript: { dataset: { js: "../../assets/sharah/js/", zip: "engine-feed.zip", build: "0123abcd", early } },
      addEventListener: (type, fn) => { (listeners[type] ||= []).push(fn); },
      querySelector: () => (painted ? {} : null),
    },
    Element,
  };
  window.window = window;
  vm.runInNewContext(SOURCE, window);
  return { window, workers, listeners, frames, timers, fetched };
}

test("it starts the engine's worker at the URL engine.js makes, from the facts on its element", () => {
  const { window, workers } = page();
  assert.equal(workers.length, 1);
  const zip = "https://example.org/assets/sharah/engine-feed.zip";
  assert.equal(workers[0].url,
    `https://example.org/assets/sharah/js/engine-worker.js?v=0123abcd&engine=${encodeURIComponent(zip)}`);
  assert.deepEqual({ ...workers[0].options }, { type: "module", name: "sharah-engine" });
  assert.equal(window.sharahEarlyWorker.url, workers[0].url);
  assert.equal(window.sharahEarlyWorker.t, 1234);
});

test("nothing twice: when engine.js runs already, it does nothing", () => {
  const ctx = page();
  ctx.window.sharahEarlyWorker = null;
  ctx.window.sharahDebug = {};
  vm.runInNewContext(SOURCE, ctx.window);
  assert.equal(ctx.workers.length, 1);
});

test("the search worker's messages wait until the engine is up, then go in order", () => {
  const { window, workers } = page();
  const search = new window.Worker("https://example.org/assets/javascripts/workers/search.1e90e0fb.min.js");
  const other = new window.Worker("https://example.org/other-worker.js");
  search.postMessage({ type: 0, data: "index" });
  search.postMessage({ type: 1, data: "query" });
  other.postMessage("at once");
  assert.deepEqual(search.posted, []);
  assert.deepEqual(other.posted, [["at once"]]);
  workers[0].say("message", { type: "ready" });
  assert.deepEqual(JSON.parse(JSON.stringify(search.posted)), [[{ type: 0, data: "index" }], [{ type: 1, data: "query" }]]);
  search.postMessage("later");
  assert.deepEqual(search.posted.at(-1), ["later"]);
});

test("the search worker is let go after 8 s even if the engine never answers", () => {
  const { window, timers } = page();
  const search = new window.Worker("https://example.org/assets/javascripts/workers/search.js");
  search.postMessage("index");
  const [release, ms] = timers.find(([, t]) => t === 8000);
  assert.equal(ms, 8000);
  release();
  assert.deepEqual(search.posted, [["index"]]);
});

test("a tap on a board is kept as a place on its drawing", () => {
  const { window, listeners } = page();
  const svg = { getBoundingClientRect: () => ({ left: 100, top: 50, width: 400, height: 200 }) };
  const fig = new window.Element("figure.sharah-board");
  fig.id = "sharah-ab12-1";
  fig.querySelector = () => svg;
  const target = { closest: () => fig };
  Object.setPrototypeOf(target, window.Element.prototype);
  for (const fn of listeners.pointerdown) fn({ button: 0, target, clientX: 200, clientY: 100 });
  assert.deepEqual({ ...window.sharahEarlyTaps["sharah-ab12-1"] }, { x: 0.25, y: 0.25, t: 1234 });
});

test("the page's early file is asked for once a board is painted", async () => {
  const { window, frames, timers, fetched } = page();
  assert.equal(window.sharahEarlyFile.key, "sharah-ab12");
  assert.deepEqual(fetched, []);
  frames.shift()();
  timers.find(([, t]) => t === 0)[0]();
  assert.deepEqual(fetched, ["https://example.org/assets/sharah/early/sharah-ab12.json"]);
  assert.deepEqual(await window.sharahEarlyFile.reply, { boards: {} });
  assert.equal(page({ early: "" }).window.sharahEarlyFile, undefined);
});
