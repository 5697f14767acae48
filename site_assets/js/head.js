// @ts-check
// The head of a page with boards (a classic script, inlined by the build:
// scripts/sitebuild/head.py). It runs before the page's stylesheets and
// the rest of the page, and:
// - creates the engine's worker at once (a module script would wait for
//   its imports and for the parser) and keeps what it says until engine.js
//   adopts it (window.sharahEarlyWorker: the same URL engine.js makes);
// - keeps the last tap on a board before the widget has loaded
//   (window.sharahEarlyTaps: early.js replays it);
// - asks for the page's early answers once its first board is painted
//   (window.sharahEarlyFile: early.js takes the reply);
// - holds back the messages to mkdocs-material's search worker (the index
//   it would build at once, on the same cores as Pyodide's boot) until the
//   engine is up, the reader goes to the search box, or 8 s have passed
//   (what that buys: docs/about/benchmarks.md, "The search worker held back").
//
// What the build knows comes as data, on this script's element:
//   data-js     the widget's folder, relative to the page ("../../assets/sharah/js/")
//   data-zip    the engine's zip (engine-<hash>.zip, beside js/)
//   data-build  the build's version (the ?v= of the widget's modules)
//   data-early  the page's early file (its boards' page key), or ""
// The build strips this file's comment lines; nothing else changes.

(() => {
  // engine.js runs already (a page reached by instant navigation)
  if (window.sharahDebug || window.sharahEarlyWorker) return;
  const facts = document.currentScript ? document.currentScript.dataset : {};
  try {
    const js = new URL(facts.js || "", document.baseURI);
    const zip = new URL(`../${facts.zip}`, js).href;
    const url = new URL(`engine-worker.js?v=${facts.build}&engine=${encodeURIComponent(zip)}`, js);
    const worker = new Worker(url, { type: "module", name: "sharah-engine" });
    /** @type {["message" | "error", any][]} */
    const said = [];
    worker.onmessage = (e) => said.push(["message", e]);
    worker.onerror = (e) => { e.preventDefault(); said.push(["error", e]); };
    window.sharahEarlyWorker = { worker, url: url.href, said, t: performance.now() };

    const release = holdSearchWorker((u) => /\/workers\/search\.[^/]*\.js/.test(u));
    worker.addEventListener("message", (e) => {
      const type = e.data && e.data.type;
      if (type === "ready" || type === "failed") release();
    });
    worker.addEventListener("error", release);
    document.addEventListener("focusin", (e) => {
      if (e.target instanceof Element && e.target.closest(".md-search")) release();
    });
    document.addEventListener("change", (e) => { if (e.target instanceof Element && e.target.id === "__search") release(); });
    setTimeout(release, 8000);

    /** @type {Record<string, { x: number, y: number, t: number }>} */
    const taps = (window.sharahEarlyTaps = {});
    document.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || !(e.target instanceof Element)) return;
      const fig = e.target.closest("figure.sharah-board");
      const box = fig && fig.querySelector(".sharah-svg svg");
      if (!fig || !box) return;
      const r = box.getBoundingClientRect();
      if (!r.width || !r.height) return;
      taps[fig.id] = { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height, t: performance.now() };
    }, true);

    const key = facts.early;
    if (key) {
      window.sharahEarlyFile = {
        key,
        reply: new Promise((resolve) => {
          const go = () => {
            if (!document.querySelector("figure.sharah-board svg")) { requestAnimationFrame(go); return; }
            setTimeout(() => resolve(fetch(new URL(`../early/${key}.json`, js))
              .then((r) => (r.ok ? r.json() : null)).catch(() => null)), 0);
          };
          requestAnimationFrame(go);
        }),
      };
    }
  } catch (err) { /* engine.js starts the worker later */ }

  /** The seam that holds back a worker the page does not start itself
   *  (mkdocs-material's search worker has no option to wait): workers
   *  created from now on whose URL ``held`` matches keep the messages
   *  posted to them until the function returned is called.
   * @param {(url: string) => boolean} held @returns {() => void} release */
  function holdSearchWorker(held) {
    const Native = window.Worker;
    /** @type {[Worker, any[]][]} */
    const kept = [];
    let holding = true;
    window.Worker = class extends Native {
      /** @param {string | URL} u @param {WorkerOptions} [o] */
      constructor(u, o) { super(u, o); this.sharahHeld = held(String(u)); }
      /** @param {any[]} args */
      postMessage(...args) {
        if (holding && this.sharahHeld) kept.push([this, args]);
        else super.postMessage(.../** @type {[any, any]} */ (args));
      }
    };
    return () => {
      if (!holding) return;
      holding = false;
      for (const [w, args] of kept.splice(0)) Native.prototype.postMessage.apply(w, /** @type {[any, any]} */ (args));
    };
  }
})();
