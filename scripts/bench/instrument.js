// Injected by scripts/bench.py (Playwright add_init_script) before any page
// script runs. It records, in window.__bench, times in ms since the page's
// navigation start (performance.now()):
// - boardPainted: the first frame in which the page's first board's SVG is
//   laid out, taken just after that frame (a task queued from
//   requestAnimationFrame runs after the paint);
// - firstMounted: when the widget first marked a board (data-state set:
//   sharah.js has run);
// - mounted, ready: [{t, id}] when a board is first marked by the widget
//   (data-state set) and when it reaches data-state="ready";
// - workers: [{t, url, ready}] when the page creates a Web Worker, and
//   when its first {type: "ready"} message arrives;
// - clicks: for each pointerdown, the input's timestamp and the time just
//   after the next frame, with the number of destination marks drawn;
// - navClick: the last click on a link (instant navigation starts there);
// - opens: [{id, t, board}] "open" requests sent to the engine's worker;
//   answers: [{id, t, began, ms}] its answers (began: when the worker took
//   the request; ms: how long the engine worked on it); swaps: each
//   document$ (mkdocs-material swapped a new page in).
(() => {
  const B = (window.__bench = {
    boardPainted: null, boardRect: null, firstMounted: null,
    mounted: [], ready: [], workers: [], clicks: [], navClick: null, marker: Math.random(),
    opens: [], answers: [], swaps: [],
  });
  const RealWorker = window.Worker;
  if (RealWorker) {
    window.Worker = class extends RealWorker {
      constructor(url, options) {
        const rec = { t: performance.now(), url: String(url), ready: null };
        B.workers.push(rec);
        super(url, options);
        this.addEventListener("message", (e) => {
          if (rec.ready === null && e.data && e.data.type === "ready") rec.ready = performance.now();
          // (c) the engine's answers: when the worker took each request, how
          // long it worked on it, and when the page got the answer
          if (e.data && e.data.type === "response") {
            B.answers.push({ id: e.data.id, t: performance.now(), ms: e.data.ms,
                             began: e.data.began == null ? null : e.data.began - performance.timeOrigin });
          }
        });
      }

      postMessage(message, ...rest) {
        try {
          if (message && typeof message.request === "string" && message.request.includes('"cmd":"open"')) {
            B.opens.push({ id: message.id, t: performance.now(), board: JSON.parse(message.request).board });
          }
        } catch (err) { /* not a request */ }
        return super.postMessage(message, ...rest);
      }
    };
  }
  // (c) mkdocs-material's document$ (after it swapped the new page in)
  const hookDocument = () => {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(() => B.swaps.push(performance.now()));
    } else if (document.readyState !== "complete") {
      setTimeout(hookDocument, 5);
    }
  };
  hookDocument();
  const afterPaint = (fn) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => fn(performance.now());
    ch.port2.postMessage(0);
  });

  // (a) the static board
  const look = () => {
    const svg = document.querySelector("figure.sharah-board svg");
    const r = svg && svg.getBoundingClientRect();
    if (r && r.width > 0 && r.height > 0) {
      B.boardRect = { top: r.top, height: r.height, inViewport: r.top < innerHeight };
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { B.boardPainted = performance.now(); };
      ch.port2.postMessage(0);
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);

  // (b), (c) boards becoming ready
  const seen = new WeakSet();
  const marked = new WeakSet();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      const el = r.target;
      if (!(el instanceof Element) || !el.matches("figure.sharah-board")) continue;
      if (B.firstMounted === null && el.dataset.state) B.firstMounted = now;
      if (el.dataset.state && !marked.has(el)) {
        marked.add(el);
        B.mounted.push({ t: now, id: el.id });
      }
      if (el.dataset.state === "ready" && !seen.has(el)) {
        seen.add(el);
        B.ready.push({ t: now, id: el.id });
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });

  // (c) the click that starts an instant navigation
  addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.closest("a[href]")) B.navClick = e.timeStamp;
  }, true);

  // (d) a click on a board: input time -> the frame that shows the marks
  addEventListener("pointerdown", (e) => {
    if (!(e.target instanceof Element) || !e.target.closest(".sharah-svg")) return;
    const down = e.timeStamp;
    afterPaint((t) => {
      B.clicks.push({ down, painted: t, dests: document.querySelectorAll(".sharah-svg .is-dest").length });
    });
  }, true);
})();
