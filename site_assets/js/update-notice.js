// @ts-check
// Offline and updates: registers the site's service worker
// (sw.js at the site's root, written by the build) and tells the visitor,
// in words, when a new version of the site is ready.
//
// - The worker is registered only once the page is quiet: on a page with
//   boards when its engine is up (or has failed), on any page after its
//   load event, so that storing the runtime never competes with the first
//   load (most of it then comes from the browser's HTTP cache).
// - The pages the visitor reached by instant navigation before the worker
//   took over are sent to it ("visited"): it stores them for offline use.
// - A new build installs beside the old one and waits; this module then
//   shows "A new version of this site is ready" with a Reload button, which
//   lets the new worker take over (it deletes the old caches) and reloads.
//   A page of the old build that another tab updated says so and offers to
//   reload; nothing reloads by itself (a game in progress is saved anyway,
//   records.js).

const ROOT = new URL("../../../", import.meta.url);      // assets/sharah/js/ -> the site's root
const SW_URL = new URL("sw.js", ROOT);
const QUIET_LIMIT = 60_000;       // ms: register by then even if the engine never says
const CHECK_EVERY = 30 * 60_000;  // ms: at most one update check per half hour of instant navigation

const visited = new Set([pageURL()]);
/** @type {ServiceWorkerRegistration | null} */
let registration = null;
let lastCheck = Date.now();
let reloading = false;
/** @type {HTMLElement | null} */
let notice = null;

/** What the tests read: registered, an update waiting, the notice shown. */
export const offline = (window.sharahOffline = window.sharahOffline || {
  registered: false, updateReady: false, notice: null,
});

function pageURL() {
  return location.href.split("#")[0];
}

/** @returns {Promise<void>} */
function whenQuiet() {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const loaded = () => document.readyState === "complete";
    const engineSettled = () => {
      if (!document.querySelector("figure.sharah-board[data-mode]")) return true;
      const d = window.sharahDebug;
      return !!(d && (d.ready || d.failed));
    };
    const poll = () => {
      if ((loaded() && engineSettled()) || Date.now() - t0 > QUIET_LIMIT) resolve();
      else setTimeout(poll, 250);
    };
    poll();
  });
}

function tellVisited() {
  const active = registration && registration.active;
  if (active) active.postMessage({ type: "visited", urls: [...visited] });
}

/** @param {string} text @param {() => void} action */
function showNotice(text, action) {
  if (!notice) {
    notice = document.createElement("div");
    notice.className = "sharah-update";
    notice.setAttribute("role", "status");
    notice.setAttribute("aria-live", "polite");
    Object.assign(notice.style, {
      position: "fixed", left: "50%", bottom: "1rem", transform: "translateX(-50%)", zIndex: "10",
      maxWidth: "calc(100% - 2rem)", boxSizing: "border-box", padding: ".6rem .8rem",
      display: "flex", gap: ".6rem", alignItems: "center", flexWrap: "wrap",
      background: "var(--md-default-fg-color, #222)", color: "var(--md-default-bg-color, #fff)",
      borderRadius: ".3rem", boxShadow: "0 .2rem .6rem rgba(0,0,0,.3)", fontSize: ".75rem",
    });
    document.body.append(notice);
  }
  const box = notice;
  box.replaceChildren();
  const words = document.createElement("span");
  words.textContent = text;
  box.append(words);
  /** @param {string} label @param {() => void} onClick */
  const button = (label, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    Object.assign(b.style, { font: "inherit", color: "inherit", background: "transparent", cursor: "pointer",
                             border: "1px solid currentColor", borderRadius: ".2rem", padding: ".1rem .5rem" });
    b.addEventListener("click", onClick);
    box.append(b);
    return b;
  };
  button("Reload", action).dataset.update = "reload";
  button("Later", () => { box.remove(); notice = null; offline.notice = null; }).dataset.update = "later";
  offline.notice = text;
}

/** @param {ServiceWorker} worker */
function updateReady(worker) {
  offline.updateReady = true;
  showNotice("A new version of this site is ready.", () => {
    reloading = true;
    worker.postMessage({ type: "skip-waiting" });
    // if it had taken over already (another tab), just reload
    setTimeout(() => { if (reloading) location.reload(); }, 3000);
  });
}

/** @param {ServiceWorkerRegistration} reg */
function watch(reg) {
  if (reg.waiting && navigator.serviceWorker.controller) updateReady(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // "installed" with a controller: an update, waiting for the visitor
      if (worker.state === "installed" && navigator.serviceWorker.controller) updateReady(worker);
    });
  });
}

async function start() {
  let hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController) {            // the first install took this page over
      hadController = true;
      tellVisited();
      return;
    }
    if (reloading) {
      reloading = false;
      location.reload();
      return;
    }
    showNotice("This site was updated in another tab.", () => location.reload());
  });
  const pages = window.document$;
  if (pages && typeof pages.subscribe === "function") {
    pages.subscribe(() => {
      visited.add(pageURL());
      tellVisited();
      if (registration && Date.now() - lastCheck > CHECK_EVERY) {
        lastCheck = Date.now();
        registration.update().catch(() => {});
      }
    });
  }
  await whenQuiet();
  try {
    registration = await navigator.serviceWorker.register(SW_URL.href, { scope: ROOT.href });
  } catch (err) {
    return;     // no offline use (a host without sw.js, storage off...): the site works as before
  }
  offline.registered = true;
  watch(/** @type {ServiceWorkerRegistration} */ (registration));
  navigator.serviceWorker.ready.then(tellVisited, () => {});
}

/** The offline page (docs/offline.md; sw.js answers a page that is not
 *  stored with it, offline): it names the page asked for (?from=, a path of
 *  this site) and lists the pages this build's store holds, by title. */
async function fillOfflinePage() {
  const list = document.querySelector('[data-sharah-offline="stored"]');
  if (!list) return;
  const from = new URLSearchParams(location.search).get("from");
  const asked = /** @type {HTMLElement | null} */ (document.querySelector('[data-sharah-offline="from"]'));
  const link = asked && asked.querySelector("a");
  if (asked && link && from && from.startsWith("/") && !from.startsWith("//")) {
    link.href = new URL(from, location.origin).href;
    link.textContent = from;
    asked.hidden = false;
  }
  const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!controller || !window.caches) return;
  const version = await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data && e.data.version);
    controller.postMessage({ type: "version" }, [channel.port2]);
    setTimeout(() => resolve(null), 3000);
  });
  if (!version) return;
  const cache = await caches.open(`sharah-${version}`);
  const pages = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (!url.pathname.endsWith("/index.html") || url.pathname.endsWith("/offline/index.html")) continue;
    const hit = await cache.match(request);
    if (!hit) continue;
    const text = await hit.text();
    const title = /<title>([^<]*)<\/title>/.exec(text);
    const name = title ? new DOMParser().parseFromString(title[1], "text/html").documentElement.textContent : "";
    pages.push({ href: url.pathname.slice(0, -"index.html".length), name: name || url.pathname });
  }
  if (!pages.length) return;
  pages.sort((a, b) => a.href.localeCompare(b.href));
  list.replaceChildren(...pages.map(({ href, name }) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = href;
    a.textContent = name;
    li.append(a);
    return li;
  }));
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => { fillOfflinePage().catch(() => {}); });
} else {
  fillOfflinePage().catch(() => {});
}

if ("serviceWorker" in navigator && (location.protocol === "https:" || location.protocol === "http:")) {
  start();
}
