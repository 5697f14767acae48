"""Offline use and updates: the service worker (``sw.js``, written
by ``scripts/sitebuild/offline.py`` from ``site_assets/sw/sw.js``) and the
update notice (``site_assets/js/update-notice.js``).

These tests serve two builds of the site from one origin (the run's server,
whose folder can be switched from A to B or cut off: every connection is
closed unanswered): build A, the run's own, and build B, whose records test
page has one more sentence; in a phone-sized Chromium page:

- after one visit, a reload with the network cut shows the saved game and
  plays a move, on every visited page, and a puzzle page's puzzle is solved;
- when the host moves to build B, the open page stays on A and says that a
  new version is ready; its Reload button brings B whole: B's page, only B's
  cache left, every stored file B's, the saved game still there.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import shared_build
from sitebuild.offline import write_service_worker

from .conftest import TEST_DIR, wait_ready
from .helpers import board, click_sq, play, played, wait_fig, wait_moves


PAGE = f"{TEST_DIR}/records-test/"
OTHER = "games/oblong-shatranj/"
PUZZLES = "puzzles/scheherazade/"
MARK_B = "This is build B of the site."
PHONE = {"width": 390, "height": 844}


def build_b(a: Path, work: Path) -> Path:
    """Build B, made from A by what differs: a copy of A whose records
    test page has one more sentence at the end of its article, in the page
    and in the search's index (as ``mkdocs build`` writes a paragraph
    appended to the page's Markdown: the same bytes but for blank space),
    and whose service worker is written again as the build writes it
    (``write_service_worker``: every file's SHA-256, so a new version).
    The widget is A's (its build stamp kept): a new build that changes
    only a page's text. A whole second ``mkdocs build`` cost as much
    processor time as the run's own (about 30 s)."""
    site = work / "site"
    shutil.copytree(a, site)
    paragraph = f"<p>{MARK_B}</p>"
    page = site / PAGE / "index.html"
    html = page.read_text(encoding="utf-8")
    assert html.count("</article>") == 1, "the records test page has no single article"
    end = len(html[:html.index("</article>")].rstrip())
    page.write_text(f"{html[:end]}\n{paragraph}{html[end:]}", encoding="utf-8")
    index_file = site / "search" / "search_index.json"
    index = json.loads(index_file.read_text(encoding="utf-8"))
    last = [doc for doc in index["docs"] if doc["location"].startswith(PAGE)][-1]
    last["text"] += f" {paragraph}"
    index_file.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
    stamp = re.search(r'const BUILD = "([0-9a-f]+)";', (a / "sw.js").read_text(encoding="utf-8")).group(1)
    write_service_worker(site, stamp)
    return site


@pytest.fixture(scope="module")
def sites(origin, built_site, tmp_path_factory):
    """The run's server (``origin``) and two builds for it: A, the run's
    own, and B (``build_b``, made once for the run); the server serves A
    again afterwards."""
    b = shared_build(tmp_path_factory, "build-b", lambda work: build_b(built_site, work))
    origin.hits_while_down.clear()
    assert origin.cache_control == "no-cache"     # as a host should send it (README, "Deploying")
    yield origin, built_site, b
    origin.folder, origin.down = built_site, False


def sw_files(site: Path) -> tuple[str, dict]:
    """The version and file list a build wrote into its sw.js."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)
    files = json.loads(re.search(r"const FILES = (\{.*?\n\});", text, re.S).group(1))
    return version, files


def wait_offline_ready(page, version: str):
    """The service worker controls the page and has stored its build."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller",
                           timeout=60_000)
    eventually(page, """async (name) => { const keys = await caches.keys();
             if (!keys.includes(name)) return false;
             const c = await caches.open(name);
             return !!(await c.match(location.href.split('#')[0] + 'index.html')); }""",
               f"sharah-{version}", timeout=60)


# The service worker's caches (``sharah-<build>``); the engine's worker
# keeps its bytecode in a cache of its own (``pyc-…``), which no build's
# service worker touches.
SITE_CACHES_ARE = "async (n) => (await caches.keys()).filter((k) => k.startsWith('sharah-')).join() === n"


def site_caches(page) -> list[str]:
    return [k for k in page.evaluate("caches.keys()") if k.startswith("sharah-")]


def eventually(page, script: str, arg, timeout: float = 30):
    """Poll an (async) page function until it returns true, at most ``timeout`` s."""
    end = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        assert time.monotonic() < end, f"not true after {timeout} s: {script}"
        page.wait_for_timeout(200)


def cache_digests(page, name: str) -> dict:
    """Every stored file of a cache: its path under the root -> SHA-256 (base64)."""
    return page.evaluate("""async (name) => {
        const cache = await caches.open(name), out = {};
        for (const req of await cache.keys()) {
          const body = await (await cache.match(req)).arrayBuffer();
          const d = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
          out[new URL(req.url).pathname.slice(1)] = btoa(String.fromCharCode(...d));
        }
        return out; }""", name)


@contextmanager
def opened(browser, sites, folder=None):
    """The records test page in a new phone-sized context, the host serving
    ``folder`` (build A by default) with the network up, every board ready:
    the page and the context's web errors (a list). Afterwards the network
    is up again, the host serves build A, and the context is closed."""
    origin, a, _b = sites
    origin.folder, origin.down = folder or a, False
    # a first visit: the engine boots from source, the service worker
    # stores the zips it fetched, and offline they come from there
    context = browser.new_context(bytecode=False, viewport=PHONE)
    errors = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        page = context.new_page()
        page.goto(origin.url + PAGE)
        wait_ready(page)
        yield page, errors
    finally:
        context.set_offline(False)
        origin.folder, origin.down = a, False
        context.close()


def visit_stored(page, url: str, version: str):
    """Go to ``url`` (online) and wait until the worker has stored it."""
    page.goto(url)
    wait_ready(page)
    eventually(page, "async (n) => !!(await (await caches.open(n)).match(location.href + 'index.html'))",
               f"sharah-{version}")


def test_offline_after_one_visit(browser, sites):
    origin, a, _b = sites
    version, files = sw_files(a)
    with opened(browser, sites) as (page, errors):
        context = page.context
        play(board(page, 0), "a7", "a8")
        wait_offline_ready(page, version)
        # the runtime, the engine and the widget were stored at install
        stored = cache_digests(page, f"sharah-{version}")
        for path in ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.mjs", "sitemap.xml"):
            assert stored[path] == files[path]["sha256"], path
        assert any(p.startswith("assets/pyodide/stdlib-") for p in stored)
        assert any(p.startswith("assets/sharah/engine-") for p in stored)
        # a second page and a puzzle page, visited while online
        visit_stored(page, origin.url + OTHER, version)
        visit_stored(page, origin.url + PUZZLES, version)

        # the network is cut: the pages load, their boards work; the
        # puzzle page (the one open): its puzzle solved by the first move of its line
        origin.down = True
        context.set_offline(True)
        page.reload()
        wait_ready(page)              # every board of the page is up
        fig = board(page, 0)
        first = fig.evaluate("""f => { const id = f.sharahWidget.state.puzzle.id;
            const data = JSON.parse(f.querySelector('template.sharah-puzzle-data').dataset.puzzles);
            const p = data.find(x => x.id === id);
            return p.depth === 1 && f.sharahWidget.state.moves.find(m => m.n === Object.values(p.lines)[0][0]); }""")
        assert first, "the page's first puzzle is no win in 1 move with a move between two squares"
        click_sq(fig, first["from"])
        click_sq(fig, first["to"])
        wait_fig(fig, "!f.dataset.busy && f.sharahWidget.state.puzzle.solved")
        # the records page: the saved game, and a move
        page.goto(origin.url + PAGE)
        wait_ready(page)
        fig = board(page, 0)
        wait_moves(fig, 1)
        assert played(fig) == ["a7a8"]          # the saved game
        play(fig, "d10", "d9")
        assert played(fig) == ["a7a8", "d10d9"]
        # nothing but the browser's own update checks (sw.js) tried the host
        assert [h for h in origin.hits_while_down if not h.startswith("GET /sw.js ")] == []
        assert errors == []


def test_manifest_and_icons(sites):
    _origin, a, _b = sites
    manifest = json.loads((a / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = {i["sizes"]: i["src"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= set(sizes)
    for size in ("192", "512"):
        data = (a / sizes[f"{size}x{size}"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (width, height) == (int(size), int(size))
    page = (a / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    # every file the worker names is in the build, with that content
    _version, files = sw_files(a)
    for path, entry in files.items():
        digest = base64.b64encode(hashlib.sha256((a / path).read_bytes()).digest()).decode()
        assert digest == entry["sha256"], path
    assert not any(p.endswith(".map") for p in files)


def test_a_new_build_replaces_the_old_whole_and_pages_visited_before_work_offline(browser, sites):
    """Two pages visited on build A, a game saved on one; B is deployed:
    the open page reloads still A, from its cache, says that a new
    version is ready and keeps the game; its Reload button brings B whole
    (B's page, only B's cache left, every stored file B's, the pages
    visited before among them), the game still there and the engine
    playing on. Offline, both pages still load (B's copies), and a page
    never visited is the site's offline page, which lists them. (One
    visitor's context: the two scenarios shared their first half.)"""
    origin, a, b = sites
    version_a, _ = sw_files(a)
    version_b, files_b = sw_files(b)
    assert version_a != version_b
    with opened(browser, sites) as (page, errors):
        context = page.context
        wait_offline_ready(page, version_a)
        play(board(page, 0), "a7", "a8")
        visit_stored(page, origin.url + OTHER, version_a)
        page.goto(origin.url + PAGE)
        wait_ready(page)

        # the host now serves build B; the open page reloads: still A, from
        # its cache, and it says that a new version is ready
        origin.folder = b
        page.reload()
        wait_ready(page)
        notice = page.locator(".sharah-update")
        notice.wait_for(timeout=60_000)
        assert notice.locator("span").inner_text() == "A new version of this site is ready."
        assert MARK_B not in page.content()
        assert site_caches(page) == [f"sharah-{version_a}"] or \
            sorted(site_caches(page)) == sorted([f"sharah-{version_a}", f"sharah-{version_b}"])
        wait_moves(board(page, 0), 1)
        assert played(board(page, 0)) == ["a7a8"]

        # Reload: build B, whole
        with page.expect_navigation():
            notice.locator("button[data-update='reload']").click()
        wait_ready(page)
        page.wait_for_function("m => document.body.textContent.includes(m)", arg=MARK_B)
        eventually(page, SITE_CACHES_ARE, f"sharah-{version_b}")
        stored = cache_digests(page, f"sharah-{version_b}")
        assert stored, "nothing stored"
        for path, digest in stored.items():
            assert files_b[path]["sha256"] == digest, f"{path} is not build B's"
        for path in (PAGE + "index.html", OTHER + "index.html", "offline/index.html"):
            assert stored[path] == files_b[path]["sha256"], path
        # the saved game survived the update, and the engine plays on
        fig = board(page, 0)
        wait_moves(fig, 1)
        assert played(fig) == ["a7a8"]
        play(fig, "d10", "d9")
        assert page.locator(".sharah-update").count() == 0

        # offline: both pages visited before work, B's copies
        origin.down = True
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert MARK_B in page.content()
        page.goto(origin.url + OTHER)
        wait_ready(page)
        # a page never visited: the site's own offline page, with the stored ones
        page.goto(origin.url + "games/scheherazade/")
        page.wait_for_function("() => document.querySelectorAll('[data-sharah-offline=stored] a').length === 2")
        assert page.url == origin.url + "offline/?from=%2Fgames%2Fscheherazade%2F"
        assert page.locator("h1").inner_text().rstrip("¶") == "You are offline"
        links = page.locator("[data-sharah-offline=stored] a")
        assert sorted(links.evaluate_all("els => els.map(e => e.getAttribute('href'))")) == sorted(
            ["/" + OTHER, "/" + PAGE])
        assert "Oblong Shatranj" in page.locator("[data-sharah-offline=stored]").inner_text()
        asked = page.locator("[data-sharah-offline=from]")
        assert asked.is_visible()
        assert asked.locator("a").get_attribute("href") == origin.url + "games/scheherazade/"
        # the home page, never visited, says the same
        page.goto(origin.url)
        assert page.url == origin.url + "offline/?from=%2F"
        assert [h for h in origin.hits_while_down if not h.startswith("GET /sw.js ")] == []
        assert errors == []


def test_a_failed_install_leaves_nothing_stored(browser, sites, tmp_path):
    """One file of the build is not what sw.js says (an upload half done):
    the install fails, and no half-filled store is left behind."""
    origin, a, _b = sites
    broken = tmp_path / "broken"
    shutil.copytree(a, broken)
    icon = broken / "assets" / "sharah" / "img" / "icon-512.png"
    icon.write_bytes(icon.read_bytes() + b"\0")
    version, _ = sw_files(a)
    with opened(browser, sites, broken) as (page, _errors):
        page.wait_for_function("() => window.sharahOffline && window.sharahOffline.registered", timeout=60_000)
        # the install ends (the registration is then dropped, or left without a worker)
        state = page.evaluate("""async () => {
            for (;;) {
              const reg = await navigator.serviceWorker.getRegistration();
              const w = reg && (reg.installing || reg.waiting || reg.active);
              if (!w || w.state === "redundant") return "failed";
              if (w.state !== "installing") return w.state;
              await new Promise((resolve) => setTimeout(resolve, 200));
            } }""")
        assert state == "failed"
        # the install's own end: the worker is redundant only once its
        # install's promise has settled, after it emptied its store
        assert f"sharah-{version}" not in page.evaluate("caches.keys()")
        # the page plays on as before
        play(board(page, 0), "a7", "a8")


def rebuilt(site: Path, into: Path) -> tuple[str, str]:
    """A copy of ``site`` as a new build of its widget would be: every
    mention of its build's version (the ?v= of its modules, the boards'
    build, the engine's BUILD) changed. The old and the new version."""
    old = re.search(r'const BUILD = "([0-9a-f]+)";', (site / "sw.js").read_text(encoding="utf-8")).group(1)
    new = old[::-1] if old[::-1] != old else "0" * len(old)
    shutil.copytree(site, into)
    for path in into.rglob("*"):
        if path.suffix in (".html", ".js", ".mjs", ".json") and path.is_file():
            text = path.read_text(encoding="utf-8")
            if old in text:
                path.write_text(text.replace(old, new), encoding="utf-8")
    return old, new


def test_instant_navigation_to_a_page_of_a_new_build_without_a_service_worker(browser, sites, tmp_path):
    """No service worker (a first visit, or a browser without them): the
    host moves to a new build while the page is open, and the reader goes
    to another page by instant navigation. That page runs on its own
    build's widget and engine, not on the open page's."""
    origin, a, _b = sites
    old, new = rebuilt(a, tmp_path / "new")
    origin.folder, origin.down = a, False
    context = browser.new_context(bytecode=False, viewport={"width": 1366, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(origin.url + PAGE)
        wait_ready(page)
        assert page.evaluate("window.sharahDebug.build") == old
        origin.folder = tmp_path / "new"
        page.locator(f'nav a[href$="{OTHER}"]').first.click()
        page.wait_for_function("p => location.pathname.endsWith(p)", arg=OTHER)
        page.wait_for_function("b => window.sharahDebug && window.sharahDebug.build === b", arg=new, timeout=60_000)
        wait_ready(page)
        assert page.evaluate("[...document.querySelectorAll('figure.sharah-board')]"
                             ".every((f) => f.dataset.sharahBuild === window.sharahDebug.build)")
    finally:
        origin.folder = a
        context.close()
