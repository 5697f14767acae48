// @ts-check
// The site's service worker: the site works offline after one
// visit, and a new build replaces the old one whole.
//
// The build (scripts/sitebuild/offline.py) writes this file to the
// site's root as sw.js (its scope is the whole site) with:
//   VERSION  a hash of every file of the build: the cache's name, so a new
//            build is a new sw.js, which the browser installs beside the old;
//   BUILD    the widget's build stamp (the ?v= of its modules);
//   FILES    every file of the build: its path under the root -> its SHA-256
//            (base64), and whether it is stored at install ("pre") or when a
//            page is visited (pages).
//
// Every response it stores is checked against FILES (fetch's `integrity`):
// a cache holds only files of its own build, and it answers only from that
// cache, so a page never runs with files of another build. A page fetched
// from the network that is not of this build (the host has a newer one) is
// passed through, never stored, and its own requests go to the network too.
//
// Install: the runtime, the engine, the widget, the theme's files (most are
// in the browser's HTTP cache already: the page registers this worker only
// once its engine is up, so nothing competes with the first load), the
// offline page, the pages open at that moment, and this build's copy of
// every page an older build had stored (the pages visited before an update
// still work offline after it). Every one of them or none: a failed install
// deletes what it had stored, and the old build stays whole. A first
// install takes over at once; an update waits until the visitor accepts it
// (update-notice.js: "A new version of this site is ready"), or until every
// page of the old build is closed.
// Activate: every other cache of this site is deleted.
//
// Offline, a page of the site that is not stored (never visited) is
// answered with the offline page (offline/, a page of the site that says
// so and lists the pages that are stored), not the browser's error.

const VERSION = "__SHARAH_SW_VERSION__";
const BUILD = "__SHARAH_BUILD__";
/** @type {Record<string, { sha256: string, pre?: boolean }>} */
const FILES = /*__SHARAH_SW_FILES__*/ {};
const PREFIX = "sharah-";
const CACHE = PREFIX + VERSION;
/** This worker's global scope. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const ROOT = new URL("./", sw.location.href);
const OFFLINE = "offline/index.html";    // the offline page (docs/offline.md)

// Clients that show a page of another build (from the network): their
// requests are not answered from this build's cache.
/** @type {Set<string>} */
const foreign = new Set();

/** The entry of FILES a same-origin URL names (a folder's index.html for
 *  "games/x/"), or null.
 * @param {string} url @returns {{ path: string, sha256: string, pre?: boolean } | null} */
function entryOf(url) {
  const u = new URL(url);
  if (u.origin !== ROOT.origin || !u.pathname.startsWith(ROOT.pathname)) return null;
  let path = decodeURIComponent(u.pathname.slice(ROOT.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  const entry = FILES[path];
  return entry ? { path, ...entry } : null;
}

/** The request under which a file is kept: its plain URL (no query). */
/** @param {string} path */
function keyOf(path) {
  return new Request(new URL(path, ROOT).href);
}

/** @param {Cache} cache @param {string} path @param {{ sha256: string }} entry */
async function store(cache, path, entry) {
  // no-cache: revalidated with the host (a 304 when the HTTP cache has it);
  // integrity: the bytes must be this build's, or the fetch fails
  const res = await fetch(keyOf(path), { cache: "no-cache", integrity: `sha256-${entry.sha256}` });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  await cache.put(keyOf(path), res);
}

/** The pages an older build of this site had stored (visited pages). */
async function storedBefore() {
  const pages = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const entry = entryOf(request.url);
      if (entry && !entry.pre) pages.add(request.url);
    }
  }
  return [...pages];
}

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      const todo = Object.entries(FILES).filter(([, e]) => e.pre);
      // every file of the build or none: a failed install leaves the old one
      await Promise.all(todo.map(([path, entry]) => store(cache, path, entry)));
      // the pages stored before an update: this build's copies
      await Promise.all((await storedBefore()).map((url) => cachePage(cache, url)));
    } catch (err) {
      await caches.delete(CACHE);      // nothing half-stored is left behind
      throw err;
    }
    // the pages open now (the first one was loaded before this worker)
    const open = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
    await Promise.all(open.map((c) => cachePage(cache, c.url).catch(() => {})));
    if (!sw.registration.active) await sw.skipWaiting();   // a first install
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await sw.clients.claim();
  })());
});

/** Store a page of this build that is not stored yet (a visited page). */
/** @param {Cache} cache @param {string} url */
async function cachePage(cache, url) {
  const entry = entryOf(url);
  if (!entry || entry.pre) return;
  if (await cache.match(keyOf(entry.path))) return;
  await store(cache, entry.path, entry);
}

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    sw.skipWaiting();
  } else if (data.type === "visited" && Array.isArray(data.urls)) {
    // pages reached by instant navigation before this worker took over
    event.waitUntil(caches.open(CACHE).then((cache) =>
      Promise.all(data.urls.slice(0, 100).map((/** @type {string} */ u) => cachePage(cache, u).catch(() => {})))));
  } else if (data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, build: BUILD });
  }
});

/** @param {ArrayBuffer} buffer */
async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  let text = "";
  for (const b of new Uint8Array(digest)) text += String.fromCharCode(b);
  return btoa(text);
}

/** A page not stored yet: from the network; kept when it is of this build.
 *  One of another build is passed through, its client marked foreign.
 * @param {FetchEvent} event @param {{ path: string, sha256: string } | null} entry */
async function page(event, entry) {
  let res;
  try {
    res = await fetch(event.request);
  } catch (err) {
    if (event.request.mode === "navigate") {
      const offline = await offlinePage(event.request);
      if (offline) return offline;
    }
    throw err;
  }
  if (!res.ok || !entry) return res;
  const body = await res.clone().arrayBuffer();
  if ((await sha256(body)) === entry.sha256) {
    const cache = await caches.open(CACHE);
    await cache.put(keyOf(entry.path), res.clone());
    return res;
  }
  sw.registration.update().catch(() => {});
  if (event.request.mode === "navigate") {
    if (event.resultingClientId) foreign.add(event.resultingClientId);
    return res;
  }
  // mkdocs-material's instant navigation fetched it into a page of this
  // build: refuse, and it loads the page in full (a navigation, above)
  return new Response("This page is from another version of the site.", { status: 409 });
}

/** Offline, a page that is not stored: the offline page, which names it
 *  (?from=) and lists the pages that are stored. Null when even that one
 *  is not stored.
 * @param {Request} request @returns {Promise<Response | null>} */
async function offlinePage(request) {
  const cache = await caches.open(CACHE);
  if (!FILES[OFFLINE] || !(await cache.match(keyOf(OFFLINE)))) return null;
  const to = new URL("offline/", ROOT);
  const from = new URL(request.url);
  if (from.origin === ROOT.origin) to.searchParams.set("from", from.pathname + from.search);
  return Response.redirect(to.href, 302);
}

/** @param {FetchEvent} event */
async function answer(event) {
  const request = event.request;
  const url = new URL(request.url);
  const entry = entryOf(request.url);
  const v = url.searchParams.get("v");
  // not ours: another build's module (its ?v=), or a page of another build
  // (and the workers it starts)
  if ((v && v !== BUILD) || foreign.has(event.clientId)) {
    if (foreign.has(event.clientId) && event.resultingClientId) foreign.add(event.resultingClientId);
    return fetch(request);
  }
  if (!entry) {
    if (request.mode === "navigate") return page(event, null);
    return fetch(request);
  }
  const cache = await caches.open(CACHE);
  const hit = await cache.match(keyOf(entry.path));
  // kept under its plain URL: answered as the URL asked (a worker reads its
  // own query, engine-worker.js?...&engine=...)
  if (hit && hit.url !== request.url) {
    return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
  }
  if (hit) return hit;
  if (!entry.pre) return page(event, entry);
  return fetch(request);
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT.origin + "/")) return;
  if (request.headers.has("range")) return;     // media ranges: let the browser do them
  event.respondWith(answer(event));
});
