"""Fixtures for the browser tests: build the site once, serve it on
127.0.0.1, drive the system Chromium with Playwright (sync API).

The site is built with ``mkdocs build --strict`` from a small config that
inherits ``mkdocs.yml`` and adds the test pages (``tests/browser/pages``,
published under ``widget-test/``). Its ``site_url`` is the test server's own
origin: mkdocs-material's instant navigation only follows links to the origin
of ``site_url`` (its sitemap).

Chromium: ``SHARAH_CHROMIUM`` or ``/usr/bin/chromium``. No browser is
downloaded; if none is found the browser tests are skipped with the reason
(``bash scripts/test.sh`` installs Debian's chromium when it can).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT, TEST_DIR  # noqa: F401  (tests/conftest.py: the site, built once)

from devkit.chromium import chromium_path
from devkit.server import StaticServer

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
]
BOOT_TIMEOUT = 240_000  # ms; Pyodide boots in ~3 s on a quiet machine; a loaded one, running
                        # the tests in parallel, may take many times that
WAIT_TIMEOUT = 90_000   # ms; any other wait or action by default (Playwright's own: 30 s)


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


class Origin(StaticServer):
    """The test server (devkit.server.StaticServer): one origin (``url``:
    127.0.0.1 and the site's port) whose files come from a folder that can
    be switched (``folder``), or from nowhere (``down``: connections closed
    unanswered, the requests kept in ``hits_while_down``), with a
    ``Cache-Control`` header when one is set (``cache_control``).

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
        """Chromium's switch sending the site's port to this server."""
        return f"--host-resolver-rules=MAP 127.0.0.1:{self.site_port} 127.0.0.1:{self.port}"


@pytest.fixture(scope="session")
def origin(built_site, port) -> Origin:
    """The server of the site the run built (``built_site``), reached at
    the address the site was built for. A test that switches its folder or
    cuts it off puts it back as it was."""
    server = Origin(port, built_site)
    yield server
    server.close()


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
def browser(origin):
    exe = chromium_path()
    if not exe:
        pytest.skip("no Chromium: install Debian's chromium (apt-get install chromium) "
                    "or set SHARAH_CHROMIUM to a Chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=[*CHROMIUM_ARGS, origin.host_rule],
                                     timeout=BOOT_TIMEOUT)
        yield Patient(browser)
        browser.close()


class Patient:
    """The session's Chromium, whose every context waits up to
    ``WAIT_TIMEOUT`` by default, and whose pages give the engine
    ``BOOT_TIMEOUT`` to start before they say it failed (engine.js: 60 s for
    a visitor; a test that checks the limit sets its own): a loaded
    machine, a parallel run."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        patient(context)
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


class Watch:
    """Console errors, page errors and requests of one page."""

    def __init__(self, page, base_url: str):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []
        self.base = base_url
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("requestfailed", self._failed)

    def _failed(self, request):
        # a navigation cancels the requests still in flight (the favicon...)
        if "ERR_ABORTED" not in (request.failure or "") or request.url in self.foreign:
            self.errors.append(f"request failed: {request.url} {request.failure}")

    def _console(self, msg):
        if msg.type == "error":
            self.errors.append(f"console.error: {msg.text}")

    def route(self, context):
        """Record every request (page and worker); refuse any other host."""
        def handle(route, request):
            url = request.url
            self.requests.append(url)
            if url.startswith(self.base) or url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                self.foreign.append(url)
                route.abort()
        context.route("**/*", handle)


@pytest.fixture
def new_page(browser, base_url):
    """Make pages in fresh contexts: ``new_page(width=390, height=844, js=True)``."""
    contexts = []

    def make(width=1280, height=900, js=True, color_scheme="light"):
        context = browser.new_context(viewport={"width": width, "height": height},
                                      java_script_enabled=js, color_scheme=color_scheme)
        contexts.append(context)
        page = context.new_page()
        page.watch = Watch(page, base_url)
        page.watch.route(context)
        return page

    yield make
    for c in contexts:
        c.close()


@pytest.fixture
def phone(browser, base_url):
    """Open pages on a phone: ``phone(path, color_scheme="light")``, 390x844,
    touch (a coarse pointer, no hover), every board ready."""
    contexts = []

    def make(path, width=390, height=844, color_scheme="light", ready=True):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                      is_mobile=True, device_scale_factor=2, color_scheme=color_scheme)
        contexts.append(context)
        page = context.new_page()
        page.watch = Watch(page, base_url)
        page.watch.route(context)
        page.goto(base_url + path)
        if ready:
            wait_ready(page)
        return page
    yield make
    for c in contexts:
        c.close()


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
    """A new browser context (``options``: more of its options, such as
    ``has_touch``) and page on ``path`` (relative to the site), with
    console errors and requests off localhost watched (``page.watch``) and
    every board ready. Close the returned context when done."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    page.watch = Watch(page, base_url)
    page.watch.route(context)
    page.goto(base_url + path)
    wait_ready(page)
    return context, page

