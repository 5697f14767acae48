"""Fixtures for the browser tests: build the site once, serve it on
127.0.0.1, drive the system Chromium with Playwright (sync API).

The site is built with ``mkdocs build --strict`` from a small config that
inherits ``mkdocs.yml`` and adds the test pages (``tests/browser/pages``,
published under ``widget-test/``). Its ``site_url`` is the test server's own
origin: mkdocs-material's instant navigation only follows links to the origin
of ``site_url`` (its sitemap).

Chromium: ``SHARAH_CHROMIUM``, else Debian's headless shell
(``/usr/bin/chromium-headless-shell``), else its ``/usr/bin/chromium``
(``devkit.chromium``: why the shell), launched with ``TEST_ARGS`` (V8's
baseline WebAssembly compiler only: why, there too). No
browser is downloaded; if none is found the browser tests are skipped with
the reason (``bash scripts/test.sh`` installs the shell when it can).

Warm pages. Most of a page's processor time in these tests is Pyodide's
boot, and about half of that is Chromium compiling the runtime's
WebAssembly (9.6 MB): on the parse test page, a fresh context (nothing
cached) took 6.9 processor seconds of Chromium to every board ready, a page
whose compiled WebAssembly came from Chromium's code cache 3.5 s
(docs/about/benchmarks.md, "The test run"). That cache lives beside the
HTTP cache of a profile on disk: a fresh context (in memory, empty) never
has it, nor a page whose requests are routed (Playwright turns the HTTP
cache off for a context while it has a route). So the tests do not route: a test that holds a request back (the engine's zip, the early answers, a
script), fails it or changes its bytes asks the test server to
(``helpers.alter``, ``helpers.hold``: ``devkit.server.Rule``), every rule
released and removed at the test's end (``rules_removed``); the server
sends ``Cache-Control: no-cache``, so the browser asks it every time and
a 304 keeps the cached file and its compiled code (the ``origin``
fixture): under a route the worker fetched the 9.6 MB whole every boot,
under a server's hold a 304 (the processor time of a boot was not
measurably different, on a loaded machine: docs/about/benchmarks.md,
"The test run", 2026-11-28 afternoon). So ``new_page``, ``phone`` and ``open_watched`` lend a
test one of two profiles kept for the process (``Warm``: the desktop one;
the phone one, touch, 390x844, scale 2), the origin's storage cleared
first (``Storage.clearDataForOrigin``: local storage, IndexedDB, service
workers, caches, cookies) and its pages, routes and request listener
removed after the test (a route left would turn the cache off): the
test sees a first visit's storage, and only
the HTTP cache (with the compiled code) and the bytecode the engine's
worker made (its ``pyc-`` cache: a boot on it costs about a third) are
kept; the process's first profile makes that bytecode, on a page left
alone until the worker has kept it, and the other is given it. A test
that needs the engine's zips fetched forgets that bytecode
(``helpers.forget_bytecode``; ``helpers.alter`` does it) for itself: the profile
has it back when it is next lent (``Warm._keep_bytecode``). Requests are watched
through events, not routes; a request to any host but 127.0.0.1 fails in
Chromium's resolver (``Origin.host_rule``). A second page of a test (a
second visitor), JavaScript off, another policy, service workers blocked,
a cold HTTP cache (the offline and update tests): a fresh context from
``browser``, given the bytecode a warm profile made (``Warm.give_bytecode``:
a device that has been on the site before; a boot on it cost 6.3-8.1
processor seconds against 7.9-8.9 from source, side by side) unless it asks
for none (``bytecode=False``) or forgets it. Of the V8 switches tried for a
cheaper boot, one is set: ``--liftoff-only`` (``devkit.chromium.TEST_ARGS``),
measured side by side on 2026-12-02 (docs/about/benchmarks.md, "The test
run"); lazy compilation is V8's default already, and ``--no-wasm-tier-up``
or a tiering budget ten times V8's did not pay (2026-11-28).
"""

from __future__ import annotations

import os
import weakref
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import ROOT, TEST_DIR  # noqa: F401  (tests/conftest.py: the site, built once)

from devkit.chromium import TEST_ARGS as CHROMIUM_ARGS
from devkit.chromium import TESTS, chromium_path
from devkit.hangs import descendants
from devkit.server import StaticServer

from .helpers import BYTECODE_PREFIX, SEEDED, SERVER, SITE_ORIGINS, instant_to, kept_bytecode

BOOT_TIMEOUT = 240_000  # ms; Pyodide boots in ~3 s on a quiet machine; a loaded one, running
                        # the tests in parallel, may take many times that
WAIT_TIMEOUT = 90_000   # ms; any other wait or action by default (Playwright's own: 30 s)


# A module's page for all its tests (``open_watched`` in a module-scoped
# fixture) holds the warm desktop profile from its first test to the end
# of the module: a test of the module that asks for a page of its own
# meanwhile is given a fresh context, which boots the engine at more than
# twice the processor time of a warm profile's page. So such a module runs
# the tests that do not use its page first (then they get the profile).
MODULE_PAGES = ("live",)


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
    # each module where it was, its tests in their order but for that
    first: dict[str, int] = {}
    for n, item in enumerate(items):
        first.setdefault(str(item.fspath), n)
    order = {id(item): n for n, item in enumerate(items)}
    items.sort(key=lambda item: (first[str(item.fspath)],
                                 any(name in getattr(item, "fixturenames", ()) for name in MODULE_PAGES),
                                 order[id(item)]))


class Origin(StaticServer):
    """The test server (devkit.server.StaticServer): one origin (``url``:
    127.0.0.1 and the site's port) whose files come from a folder that can
    be switched (``folder``), or from nowhere (``down``: connections closed
    unanswered, the requests kept in ``hits_while_down``), with a
    ``Cache-Control`` header when one is set (``cache_control``; the
    ``origin`` fixture's: ``no-cache``), and the requests a test holds or
    alters (``alter``, ``helpers.alter``).

    It listens on a port of its own (``address``): the browser is told to
    reach the site's port there (``host_rule``), so that each process of a
    parallel run has its own server for the one shared build. Anything that
    fetches without the browser (urllib, Playwright's ``page.request`` and
    ``route.fetch``) uses ``address`` (``local(url)``)."""

    def __init__(self, site_port: int, folder: Path, **options):
        super().__init__(folder, **options)
        self.site_port = site_port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.site_port}/"

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def local(self, url: str) -> str:
        """``url`` on the site, at this server's own address: for a fetch
        made outside the browser (``route.fetch(url=origin.local(...))``)."""
        return self.address + url[len(self.url):] if url.startswith(self.url) else url

    @property
    def host_rule(self) -> str:
        """Chromium's switch sending the site's port to this server, any other
        port of 127.0.0.1 to itself, and every other host nowhere (a request
        off this machine fails, and ``Watch`` reports it)."""
        return (f"--host-resolver-rules=MAP 127.0.0.1:{self.site_port} 127.0.0.1:{self.port}, "
                "MAP 127.0.0.1 127.0.0.1, MAP * ~NOTFOUND")


@pytest.fixture(scope="session")
def origin(built_site, port) -> Origin:
    """The server of the site the run built (``built_site``), reached at
    the address the site was built for: the process's own (each process
    of a parallel run has one), noted for the helpers (``helpers.SERVER``).
    A test that switches its folder or cuts it off puts it back as it was.
    ``Cache-Control: no-cache`` on every answer, as the README's
    "Deploying" asks of a host: the browser asks the server every time (a
    304 keeps its cached file, and the code compiled from it), so a rule
    of a test (``helpers.alter``) sees every request the browser makes;
    without it, Chromium answers from its cache for a while (a heuristic
    freshness: a tenth of the file's age), and a hold may hold nothing."""
    server = Origin(port, built_site, cache_control="no-cache")
    SITE_ORIGINS[:] = [server.url, server.address]
    SERVER[:] = [server]
    yield server
    server.close()


@pytest.fixture(autouse=True)
def rules_removed(origin):
    """At the end of every test, passed or failed, every rule it gave the
    server (``helpers.alter``, ``hold``) released and removed: no request
    is left waiting in a handler's thread, and the next test of the
    process (they run one after another, on the process's own server)
    meets none. An autouse fixture is set up first and torn down last:
    the test's pages are closed by then (a held request they still had
    was given up by the browser). A hold that took no request held
    nothing, and the test tested nothing: an error (the request went
    elsewhere: the service worker's store, a kept bytecode)."""
    yield
    idle = [rule.pattern for rule in origin.restore() if rule.hold and not rule.seen]
    if idle:
        pytest.fail(f"held, but never asked for: {idle}")


@pytest.fixture(scope="session")
def base_url(origin) -> str:
    return origin.url


@pytest.fixture(scope="session")
def csp_base_url(built_site) -> str:
    """The same site from a second server that sends the site's
    Content-Security-Policy (``assets/sharah/csp.txt``, written by the
    build) as a header on every response, the worker's files included."""
    policy = (built_site / "assets" / "sharah" / "csp.txt").read_text(encoding="utf-8").strip()
    with StaticServer(built_site, headers={"Content-Security-Policy": policy}) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser(origin, tmp_path_factory):
    exe = chromium_path(defaults=TESTS)
    if not exe:
        pytest.skip("no Chromium: install Debian's chromium-headless-shell (or chromium) "
                    "or set SHARAH_CHROMIUM to a Chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=[*CHROMIUM_ARGS, origin.host_rule],
                                     timeout=BOOT_TIMEOUT)
        browser.warm = Warm(pw, exe, origin, tmp_path_factory.mktemp("warm-profiles"))
        yield Patient(browser)
        browser.warm.close()
        browser.close()


ANCHOR = "assets/sharah/csp.txt"    # where a warm profile's kept page stays (Warm.context)
BYTECODE_PAGE = f"{TEST_DIR}/phone-test/"     # where a new warm profile makes its bytecode
# Storage.clearDataForOrigin's kinds of storage, all but Cache Storage
# (Warm._clear deletes the caches itself, but the kept bytecode's)
ALL_BUT_CACHES = ("cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,"
                  "interest_groups,shared_storage,storage_buckets")

# a cache's entries (url, headers, body in base64), read by a page of the
# site; whether a cache of that name is there with as many entries; and
# the entries written again into a cache of that name
READ_CACHE = """async (name) => {
  const cache = await caches.open(name), out = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    out.push({ url: request.url, headers: [...response.headers], body: btoa(text) });
  }
  return out;
}"""
KEPT_WHOLE = """async ([name, count]) => await caches.has(name) && (await (await caches.open(name)).keys()).length === count"""
WRITE_CACHE = """async ([name, entries]) => {
  const cache = await caches.open(name);
  for (const entry of entries) {
    const text = atob(entry.body), bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    await cache.put(entry.url, new Response(bytes, { headers: entry.headers }));
  }
}"""

WARM_KINDS = {
    "desktop": dict(viewport={"width": 1280, "height": 900}),
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                  device_scale_factor=2),
}


class Warm:
    """The process's warm profiles (the module's docstring): one persistent
    context per kind (``WARM_KINDS``), launched when first asked for. A
    profile is lent to one page at a time (``page``; with the pages that
    page's test opens beside it, a second tab), its origin's storage
    cleared first, and given back by ``release``: its pages closed, its
    routes and request listener removed. A profile already lent gives
    None: the caller makes a fresh context, as two visitors have two."""

    def __init__(self, pw, exe, origin, folder: Path):
        self.pw, self.exe, self.origin, self.folder = pw, exe, origin, folder
        self.contexts: dict[str, object] = {}
        self.anchors: dict[str, object] = {}   # a page kept open per profile: its CDP session
        self.watches: dict[str, "Watch"] = {}
        self.bytecode = None    # (cache name, entries) of the bytecode a profile made (give_bytecode)
        self.holders: dict[str, "Shared"] = {}     # a module's shared page holding a profile (Shared)

    def context(self, kind):
        if kind not in self.contexts:
            context = self.pw.chromium.launch_persistent_context(
                self.folder / kind, executable_path=self.exe, args=[*CHROMIUM_ARGS, self.origin.host_rule],
                timeout=BOOT_TIMEOUT, **WARM_KINDS[kind])
            patient(context)
            anchor = self.anchors[kind] = context.pages[0] if context.pages else context.new_page()
            # on the site (a plain text file): the caches of an origin are
            # reached through a frame of that origin (CacheStorage, _clear)
            anchor.goto(self.origin.url + ANCHOR)
            self.contexts[kind] = context
            if self.bytecode is None:
                self._make_bytecode(context)
            else:       # the other profile made it: the same origin's, the same bytes
                self._keep_bytecode(kind)
        return self.contexts[kind]

    def _keep_bytecode(self, kind) -> None:
        """The bytecode a profile made (``self.bytecode``) back in the
        ``kind`` profile's Cache Storage if it is not there whole: a test
        before forgot it (``helpers.forget_bytecode``: it held, broke or
        counted the zips), or the worker deleted it (damaged). It is the
        device's, like the compiled WebAssembly: without this, every later
        test of the process booted from source until a page of its own
        had stayed idle long enough to make it again (most tests of
        ``test_early.py``, ``test_nothing_lost.py``, ``test_robust.py``)."""
        if self.bytecode is None:
            return
        name, entries = self.bytecode
        if not self.anchors[kind].evaluate(KEPT_WHOLE, [name, len(entries)]):
            self.anchors[kind].evaluate(WRITE_CACHE, [name, entries])

    def _make_bytecode(self, context) -> None:
        """A page of the new profile left alone until the engine's worker
        has kept its bytecode (as a reader's first page does): every later
        page of the profile boots on it, a third of a boot's processor
        time, and so does every fresh context (``give_bytecode``). Past
        BOOT_TIMEOUT the tests go on without it (they boot from source
        until a page of theirs has made it)."""
        page = context.new_page()
        try:
            page.goto(self.origin.url + BYTECODE_PAGE)
            name = kept_bytecode(page, BOOT_TIMEOUT / 1000)
            if name and self.bytecode is None:
                self.bytecode = (name, page.evaluate(READ_CACHE, name))
        finally:
            page.close()

    def give_bytecode(self, context) -> None:
        """Put the bytecode a warm profile made into the Cache Storage of
        the fresh ``context``, as a device that has visited the site
        before keeps it: the context's first boot on the site runs on it
        (a third of the processor time of a boot from source). Written by
        a page of the context on a plain file of the site (caches are
        reached only from the origin), closed before the test sees the
        context. A test about a boot from source or the zips asks for a
        context without it (``Patient.new_context(bytecode=False)``) or
        forgets it (``helpers.forget_bytecode``)."""
        if self.bytecode is None:
            self.context("desktop")     # makes it (the desktop profile is lent to most tests anyway)
        if self.bytecode is None:
            return
        page = context.new_page()
        try:
            page.goto(self.origin.url + ANCHOR)
            page.evaluate(WRITE_CACHE, list(self.bytecode))
        finally:
            page.close()
        SEEDED.add(context)

    def page(self, kind, width=None, height=None, color_scheme="light"):
        """A page of the ``kind`` profile, if it is free, at ``width`` x
        ``height`` if given, in ``color_scheme``, watched (``page.watch``);
        else None. A module's shared page that no test is using gives
        the profile back first (``Shared``: it opens a page again when it
        is next lent)."""
        context = self.context(kind)
        holder = self.holders.get(kind)
        if holder is not None and not holder.busy:
            holder.close()
        if kind in self.watches or len(context.pages) > 1:
            return None
        self._clear(kind)
        self._keep_bytecode(kind)
        watch = self.watches[kind] = Watch(None, self.origin.url)
        watch.listen(context)
        page = context.new_page()
        if width and height:
            page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=color_scheme)
        page.watch = watch.on(page)
        return page

    def _clear(self, kind) -> None:
        """Clear the site's storage (every kind) in the ``kind`` profile,
        but the bytecode the engine's worker keeps (``pyc-`` caches): like
        the compiled WebAssembly, it is the device's, not the visit's, and
        it makes a boot a third of its cost. A test that needs the sources
        fetched (their zips held, broken or counted) forgets it
        (``helpers.forget_bytecode``)."""
        cdp = self.contexts[kind].new_cdp_session(self.anchors[kind])
        site = self.origin.url.rstrip("/")
        cdp.send("Storage.clearDataForOrigin", {"origin": site, "storageTypes": ALL_BUT_CACHES})
        for cache in cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": site})["caches"]:
            if not cache["cacheName"].startswith(BYTECODE_PREFIX):
                cdp.send("CacheStorage.deleteCache", {"cacheId": cache["cacheId"]})
        # the server's own address (fetches made outside the browser): everything
        cdp.send("Storage.clearDataForOrigin", {"origin": self.origin.address.rstrip("/"), "storageTypes": "all"})
        cdp.detach()

    def release(self, context) -> None:
        """Give back the profile of ``context`` (a no-op for any other): its
        pages closed, then the site's storage cleared, as it is again when
        the profile is next lent. Twice, because a page's last save can
        still be on its way to the storage when the page is closed: with a
        clear only at the next lend, such a save once landed after it, and
        the next test met the previous test's game; a clear after the
        close too leaves it far less time (the cause is not proven: the
        tests that met it use boards of their own now)."""
        kind = next((k for k, c in self.contexts.items() if c is context), None)
        if kind is None or kind not in self.watches:
            return
        for page in context.pages:
            if page is not self.anchors[kind]:
                page.close()
        context.unroute_all(behavior="ignoreErrors")
        self.watches.pop(kind).stop(context)
        self._clear(kind)

    def close(self):
        for context in self.contexts.values():
            context.close()


class Lease:
    """A warm profile lent to code that was given a context of its own:
    ``close()`` gives it back (``Warm.release``); anything else is the
    context's."""

    def __init__(self, warm, context):
        self._warm, self._context = warm, context

    def close(self):
        self._warm.release(self._context)

    def __getattr__(self, name):
        return getattr(self._context, name)


class Patient:
    """The session's Chromium, whose every context waits up to
    ``WAIT_TIMEOUT`` by default, and whose pages give the engine
    ``BOOT_TIMEOUT`` to start before they say it failed (engine.js: 60 s for
    a visitor; a test that checks the limit sets its own): a loaded
    machine, a parallel run."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, bytecode=True, **options):
        """A fresh context, given the bytecode a warm profile made
        (``Warm.give_bytecode``) unless ``bytecode=False`` or JavaScript
        is off."""
        context = self._browser.new_context(**options)
        patient(context)
        if bytecode and options.get("java_script_enabled", True):
            self._browser.warm.give_bytecode(context)
        return context

    def new_page(self, **options):
        page = self._browser.new_page(**options)
        patient(page.context)
        return page

    def __getattr__(self, name):
        return getattr(self._browser, name)


def patient(context) -> None:
    context.set_default_timeout(WAIT_TIMEOUT)
    context.add_init_script(f"window.sharahBootLimit = {BOOT_TIMEOUT};")
    count_boots(context)


# ------------------------------------------------------ what a test costs

BOOTS = [0]     # engine workers started by this process's pages (count_boots)
if os.environ.get("SHARAH_TEST_COST"):
    # orphans come to this process (a browser's children outliving it):
    # their processor time stays in its tree (``_tree_seconds``), not lost
    # to init's
    import ctypes
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)     # PR_SET_CHILD_SUBREAPER


def count_boots(context) -> None:
    """Count every engine worker a page of ``context`` starts (``BOOTS``):
    each is a boot of Pyodide, most of a browser test's processor time."""
    def on_page(page):
        page.on("worker", lambda worker: "engine-worker" in worker.url and BOOTS.__setitem__(0, BOOTS[0] + 1))
    for page in context.pages:
        on_page(page)
    context.on("page", on_page)


def _tree_seconds(pid: int) -> float:
    """Processor seconds of ``pid`` and every live descendant, the children
    each reaped included (/proc: utime, stime, cutime, cstime)."""
    total = 0.0
    for p in [pid, *descendants(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(f) for f in fields[11:15])
        except (OSError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Note each test's engine boots and processor seconds (its fixtures'
    setup and teardown included), for ``pytest_terminal_summary``."""
    item._cost = (BOOTS[0], _tree_seconds(os.getpid()))
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if call.when == "teardown" and hasattr(item, "_cost"):
        boots, seconds = item._cost
        outcome.get_result().user_properties.append(
            ("cost", (BOOTS[0] - boots, round(_tree_seconds(os.getpid()) - seconds, 2))))


class Watch:
    """Console errors, page errors and requests of a test's pages: ``on(page)``
    for each page, ``listen(context)`` for the requests (the workers' too)."""

    def __init__(self, page, base_url: str):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []
        self.base = base_url
        if page is not None:
            self.on(page)

    def on(self, page):
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("requestfailed", self._failed)
        return self

    def _failed(self, request):
        # a navigation cancels the requests still in flight (the favicon...)
        if "ERR_ABORTED" not in (request.failure or "") or request.url in self.foreign:
            self.errors.append(f"request failed: {request.url} {request.failure}")

    def _console(self, msg):
        if msg.type == "error":
            self.errors.append(f"console.error: {msg.text}")

    def _request(self, request):
        url = request.url
        self.requests.append(url)
        if not url.startswith((self.base, "data:", "blob:")):
            self.foreign.append(url)

    def listen(self, context):
        """Record every request of ``context`` (pages and workers). A request
        to another host fails in Chromium (``Origin.host_rule``), unrouted:
        a route would turn the HTTP cache off."""
        context.on("request", self._request)

    def stop(self, context):
        context.remove_listener("request", self._request)


def fresh_page(browser, base_url, width, height, **options):
    """A page in a new context of its own, watched (``page.watch``)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    page.watch = Watch(page, base_url)
    page.watch.listen(context)
    return page


def give_back(browser, context) -> None:
    """The end of a test's page: its warm profile given back, or its own
    context closed."""
    if context in browser.warm.contexts.values():
        browser.warm.release(context)
    else:
        context.close()


@contextmanager
def page_at(browser, base_url, width, height, warm=True, **options):
    """A watched page at ``width`` x ``height`` for a ``with`` block: the
    warm desktop profile's when it is free and neither ``warm=False`` nor
    context ``options`` (``has_touch``...) are asked for, else a fresh
    context's; given back (or closed) at the end of the block."""
    page = browser.warm.page("desktop", width, height) if warm and not options else None
    if page is None:
        page = fresh_page(browser, base_url, width, height, **options)
    try:
        yield page
    finally:
        give_back(browser, page.context)


@pytest.fixture
def new_page(browser, base_url):
    """Make pages on the desktop: ``new_page(width=390, height=844, js=True)``:
    the warm profile's, or a fresh context's (JavaScript off, the profile
    already lent: a second page of the test; ``cold=True``: a first visit's
    empty HTTP cache too)."""
    contexts = []

    def make(width=1280, height=900, js=True, color_scheme="light", cold=False):
        page = browser.warm.page("desktop", width, height, color_scheme) if js and not cold else None
        if page is None:
            page = fresh_page(browser, base_url, width, height, java_script_enabled=js,
                              color_scheme=color_scheme)
        contexts.append(page.context)
        return page

    yield make
    for c in contexts:
        give_back(browser, c)


@pytest.fixture
def phone(browser, base_url):
    """Open pages on a phone: ``phone(path, color_scheme="light")``, 390x844
    (or ``width`` x ``height``), touch (a coarse pointer, no hover), every
    board ready: the warm phone profile's page, or a fresh context's."""
    contexts = []

    def make(path, width=390, height=844, color_scheme="light", ready=True):
        page = phone_page(browser, base_url, width, height, color_scheme)
        contexts.append(page.context)
        page.goto(base_url + path)
        if ready:
            wait_ready(page)
        return page
    yield make
    for c in contexts:
        give_back(browser, c)


def phone_page(browser, base_url, width=390, height=844, color_scheme="light"):
    """A page on a phone (touch, scale 2) at ``width`` x ``height``: the
    warm phone profile's when it is free, else a fresh context's."""
    page = browser.warm.page("phone", width, height, color_scheme)
    if page is None:
        page = fresh_page(browser, base_url, width, height, has_touch=True, is_mobile=True,
                          device_scale_factor=2, color_scheme=color_scheme)
    return page


@contextmanager
def on_a_phone(browser, base_url, path):
    """``phone``'s page on ``path``, every board ready, for a ``with``
    block (a module's page that several tests share): given back (or
    closed) at the end of the block."""
    page = phone_page(browser, base_url)
    try:
        page.goto(base_url + path)
        wait_ready(page)
        yield page
    finally:
        give_back(browser, page.context)


# ------------------------------------------------------ one page for a module's tests

AWAY = "about/saving/"      # a page without boards: where a shared page goes between two tests
# the palette Material chose for the page (body's data-md-color-*): a test
# may set another; the next test has the page's own again
PALETTE = """() => Object.fromEntries(document.body.getAttributeNames()
  .filter((n) => n.startsWith('data-md-color-')).map((n) => [n, document.body.getAttribute(n)]))"""
REPAINT = """(palette) => {
  for (const n of document.body.getAttributeNames()) if (n.startsWith('data-md-color-')) document.body.removeAttribute(n);
  for (const [n, v] of Object.entries(palette)) document.body.setAttribute(n, v);
}"""
# every board's requests answered and its saves ended (a save still on its
# way would land in the next test's storage); false if the boards are not
# all there to ask, or take longer than the time given
SETTLED = """async (ms) => {
  const figs = [...document.querySelectorAll('figure.sharah-board[data-mode]')];
  if (!window.sharahDebug || !window.sharahDebug.ready || window.sharahDebug.failed) return false;
  if (figs.some((f) => !f.sharahWidget || f.dataset.state !== 'ready' || f.querySelector('.sharah-failure'))) return false;
  const settle = async (f) => {
    await f.sharahWidget.send({ cmd: 'ping' });
    const records = f.sharahWidget.addons.get('records');
    for (;;) { const saving = records && records.saving; await saving; if (!records || records.saving === saving) return; }
  };
  const late = new Promise((done) => setTimeout(() => done(false), ms));
  return await Promise.race([Promise.all(figs.map(settle)).then(() => true), late]);
}"""


SHARED: "weakref.WeakSet[Shared]" = weakref.WeakSet()     # every module's shared pages (shared_pages_idle)


class Shared:
    """One page on ``path`` for the tests of a module, each given it with
    fresh boards as a first visit has them (``lend``): the engine's worker
    (and its Pyodide) is the page's, one boot for the module instead of one
    a test. Between two tests the page's boards are settled (every request
    answered, every save ended), the page goes to a page without boards by
    the theme's instant navigation (the engine's worker lives on across
    it), the site's storage of the visit is emptied (local and session
    storage: the saved games, the players, the puzzles solved), and the
    page comes back the same way: its boards mount anew, as after a link
    followed. A test that breaks the page (the engine failed, a board
    did not settle, the page closed or went elsewhere) costs only the
    next test a fresh page (a test failing does not fail the next). Not
    for tests about the first boot, the worker, storage between tabs or
    a first visit: those keep pages of their own."""

    def __init__(self, browser, base_url, path, kind="desktop", width=None, height=None):
        self.browser, self.base_url, self.path, self.kind = browser, base_url, path, kind
        SHARED.add(self)
        self.size = (width, height) if width else None
        self.page = self.scheme = None
        self.busy = False   # a test has the page (a test's end sets it false: shared_pages_idle)
        self.opened = 0     # pages opened (the first, and one for each page found broken)

    def lend(self, path=None, width=None, height=None, color_scheme="light"):
        """The page on ``path`` (else the module's), its boards ready and
        fresh, at ``width`` x ``height`` (else the module's size), its
        errors and requests noted anew. In another ``color_scheme`` than
        the page's, a page of its own (the theme reads the system's palette
        as a page loads)."""
        self.busy = True
        path = self.path if path is None else path
        if self.page is None or self.scheme != color_scheme or not self._renew(path):
            self.close()
            self._open(path, color_scheme)
        page = self.page
        size = (width, height) if width else self._size()
        if (page.viewport_size["width"], page.viewport_size["height"]) != size:
            page.set_viewport_size({"width": size[0], "height": size[1]})
        page.watch.errors.clear()
        page.watch.foreign.clear()
        page.watch.requests.clear()
        return page

    def _size(self):
        return self.size or ((390, 844) if self.kind == "phone" else (1280, 900))

    def _open(self, path, color_scheme):
        self.opened += 1
        width, height = self._size()
        if self.kind == "phone":
            page = phone_page(self.browser, self.base_url, width, height, color_scheme)
        else:
            page = self.browser.warm.page("desktop", width, height, color_scheme)
            if page is None:
                page = fresh_page(self.browser, self.base_url, width, height, color_scheme=color_scheme)
        self.page, self.scheme = page, color_scheme
        if page.context in self.browser.warm.contexts.values():
            self.browser.warm.holders[self.kind] = self
        page.goto(self.base_url + path)
        wait_ready(page)
        self.palette = page.evaluate(PALETTE)

    def _renew(self, path) -> bool:
        page = self.page
        try:
            if page.is_closed() or not page.url.startswith(self.base_url):
                return False
            # nothing of the last test's is left to the next: its routes,
            # the other tabs it opened beside the page
            page.unroute_all(behavior="ignoreErrors")
            page.context.unroute_all(behavior="ignoreErrors")
            for other in page.context.pages:
                if other is not page and other not in self.browser.warm.anchors.values():
                    other.close()
            if not page.evaluate(SETTLED, 30_000):
                return False
            instant_to(page, self.base_url + AWAY, timeout=30_000)
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            page.evaluate(REPAINT, self.palette)
            instant_to(page, self.base_url + path, timeout=30_000)
            wait_ready(page, timeout=60_000)
            return page.evaluate("() => window.sharahDebug.widgets.size"
                                 " === document.querySelectorAll('figure.sharah-board[data-mode]').length")
        except Exception:       # a page the last test broke: the next has a fresh one
            return False

    def close(self):
        if self.browser.warm.holders.get(self.kind) is self:
            del self.browser.warm.holders[self.kind]
        if self.page is not None:
            give_back(self.browser, self.page.context)
            self.page = None


@pytest.fixture(autouse=True)
def shared_pages_idle():
    """At a test's end, the shared pages it used are free: a later test of
    the module that wants their warm profile for a page of its own gets
    it (``Warm.page``), rather than a cold context."""
    yield
    for pages in list(SHARED):
        pages.busy = False


@contextmanager
def shared(browser, base_url, path, **options):
    """A module's ``Shared`` page on ``path``, given back at the end."""
    pages = Shared(browser, base_url, path, **options)
    try:
        yield pages
    finally:
        pages.close()


def wait_ready(page, timeout=BOOT_TIMEOUT):
    """Wait until the engine is up and every board on the page (diagrams
    too: a reader may click their pieces) is mounted."""
    page.wait_for_function(
        "() => window.sharahDebug && (window.sharahDebug.ready || window.sharahDebug.failed)",
        timeout=timeout)
    failed = page.evaluate("window.sharahDebug.failed")
    assert not failed, failed
    page.wait_for_function(
        "() => [...document.querySelectorAll('figure.sharah-board[data-mode]')]"
        ".every(f => f.dataset.state === 'ready')",
        timeout=timeout)


def boards_ready(page, timeout=BOOT_TIMEOUT) -> None:
    """Scroll through the page (boards may open as they come into view),
    then every board is ready and none failed."""
    boards = "figure.sharah-board[data-mode]"
    if not page.locator(boards).count():
        return
    height = page.evaluate("document.body.scrollHeight")
    for y in range(0, height, 800):
        page.evaluate(f"window.scrollTo(0, {y})")
    wait_ready(page, timeout=timeout)
    assert page.locator(f"{boards}[data-state=error]").count() == 0


def open_watched(browser, base_url, path, width=1280, height=900, **options):
    """A page on ``path`` (relative to the site) at ``width`` x ``height``,
    with console errors and requests off localhost watched (``page.watch``)
    and every board ready, and its context: the warm desktop profile's
    (a ``Lease``), or with ``options`` (more of a context's options, such as
    ``has_touch``) a new one. Close the returned context when done."""
    page = None if options else browser.warm.page("desktop", width, height)
    if page is None:
        page = fresh_page(browser, base_url, width, height, **options)
        context = page.context
    else:
        context = Lease(browser.warm, page.context)
    page.goto(base_url + path)
    wait_ready(page)
    return context, page

