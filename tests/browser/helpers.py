"""What the browser tests do, in one place (no test module imports
another): find a board, click its squares, read its moves, status and
marks, wait for it, play a move; watch what the page asks the engine; the
pages of the site's nav. ``fig`` is a Playwright locator of one
``figure.sharah-board``."""

from __future__ import annotations

import json
import time
import weakref
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
ALL = "figure.sharah-board"
LONG = 60_000     # ms: a generous wait for the engine in a busy browser


def board(page, index=0):
    """The index-th board of the page."""
    return page.locator(ALL).nth(index)


def sq(fig, name):
    return fig.locator(f'rect[data-sq="{name}"]')


def click_sq(fig, name):
    """Click the middle of a square, as a reader would (the piece takes the click)."""
    rect = sq(fig, name)
    rect.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = rect.bounding_box()
    fig.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def dests(fig):
    """The squares marked as destinations, sorted."""
    return sorted(fig.locator("rect.is-dest").evaluate_all("els => els.map(e => e.dataset.sq)"))


def history(fig):
    """Every move of the move list, the ones to redo included."""
    return fig.locator("ol.sharah-moves li").evaluate_all(
        "els => els.map(e => e.lastChild.textContent)")


def played(fig):
    """The moves played, as the move list shows them (not the ones to redo)."""
    return fig.locator("ol.sharah-moves li:not(.sharah-future)").evaluate_all(
        "els => els.map(e => e.lastChild.textContent)")


def piece_on(fig, name):
    return fig.locator(f'g.pc[data-sq="{name}"]')


def status(fig):
    return fig.locator(".sharah-status-text").inner_text()


def hint(fig):
    return fig.locator(".sharah-hint").inner_text()


def wait_fig(fig, condition, timeout=LONG):
    """Wait until ``condition`` (JS, with ``f`` = the board) holds."""
    fig.page.wait_for_function(
        f"(f) => {{ return {condition}; }}", arg=fig.element_handle(), timeout=timeout)


def wait_js(page, index, condition):
    """Wait until ``condition`` (JS, with ``f`` = the index-th board) holds."""
    page.wait_for_function(
        f"() => {{ const f = document.querySelectorAll('{ALL}')[{index}]; return {condition}; }}")


def wait_moves(fig, n):
    """Wait until ``n`` moves are played (not counting those to redo) and the board is not busy."""
    fig.page.wait_for_function(
        "([f, n]) => f.querySelectorAll('ol.sharah-moves li:not(.sharah-future)').length === n "
        "&& !f.dataset.busy", arg=[fig.element_handle(), n])


def play(fig, frm, to):
    """Play a move with two clicks and wait until it is played."""
    n = len(played(fig))
    click_sq(fig, frm)
    click_sq(fig, to)
    wait_moves(fig, n + 1)


# ------------------------------------------------------ touch

def centre(locator):
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_sq(fig, name):
    """Tap a square; where the magnifier opens (squares under 40 px), tap it there too."""
    sq = fig.locator(f'.sharah-svg rect[data-sq="{name}"]')
    sq.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    # the tap's click (which opens the magnifier) comes after the touch
    fig.evaluate("f => { f.dataset.tapped = ''; f.addEventListener('click', () => { f.dataset.tapped = '1'; },"
                 " {once: true, capture: true}); }")
    fig.page.touchscreen.tap(*centre(sq))
    wait_fig(fig, "f.dataset.tapped === '1'", timeout=10_000)
    if fig.locator(".sharah-loupe").is_visible():
        fig.page.touchscreen.tap(*centre(fig.locator(f'.sharah-loupe rect[data-sq="{name}"]')))


def choice_on_board(fig, frm, to, shows, kind):
    """Tap ``frm`` then ``to``: the choice between the moves there is drawn on
    the board (``shows``: "facing" or "pieces"); its buttons."""
    tap_sq(fig, frm)
    tap_sq(fig, to)
    assert fig.locator(".sharah-onboard").get_attribute("data-shows") == shows
    return fig.locator(f".sharah-onboard button.sharah-onboard-{kind}")


# ------------------------------------------------------ stored games

# the hint line of the page's first board says h
SEEN = "(h) => document.querySelector('figure.sharah-board .sharah-hint').textContent.includes(h)"


def key(page, index=0):
    """The storage key of the index-th board's saved game."""
    uid = board(page, index).get_attribute("data-sharah-uid")
    return page.evaluate("u => `sharah-game:${location.pathname}#${u}`", uid)


def stored(page, k):
    return page.evaluate("k => localStorage.getItem(k)", k)


def stored_moves(page, k):
    raw = stored(page, k)
    return json.loads(raw)["moves"] if raw else None


def saved_after(page, fig, moves):
    """Wait until the board's game is saved with ``moves``."""
    page.wait_for_function("([k, n]) => { const t = localStorage.getItem(k); return t && JSON.parse(t).moves.length === n; }",
                           arg=[key(page), len(moves)])
    assert stored_moves(page, key(page)) == moves


# ------------------------------------------------------ the site's pages

def nav_pages(items) -> list[str]:
    """The Markdown paths in a ``nav`` (titles and sections unwrapped)."""
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            for value in item.values():
                out += nav_pages(value if isinstance(value, list) else [value])
        elif isinstance(item, list):
            out += nav_pages(item)
    return [p for p in out if p.endswith(".md") and "://" not in p]


def nav_urls() -> list[str]:
    """The address of every page of mkdocs.yml's ``nav``, relative to the site."""
    from mkdocs.utils.yaml import yaml_load
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return [page_url(p) for p in nav_pages(config["nav"])]


def page_url(md: str) -> str:
    """``games/x.md`` -> ``games/x/``; ``index.md`` -> ``""`` (directory URLs)."""
    path = md[:-3]
    if path == "index" or path.endswith("/index"):
        path = path[:-len("index")]
    else:
        path += "/"
    return path


# Every request the page posts to a worker, by its command, in order
# (window.sharahSent), from now (a page shared by several tests: the log
# the last test kept is emptied): installed on the running page, on the native
# Worker.prototype.postMessage that every engine worker ends in.
LOG_ENGINE_REQUESTS = """() => {
  if (window.sharahSent) { window.sharahSent.length = 0; return; }
  let proto = Worker.prototype;
  while (Object.prototype.hasOwnProperty.call(Object.getPrototypeOf(proto), "postMessage"))
    proto = Object.getPrototypeOf(proto);
  const post = proto.postMessage;
  window.sharahSent = [];
  proto.postMessage = function (message, ...rest) {
    try {
      const request = message && typeof message.request === "string" ? JSON.parse(message.request) : null;
      if (request) window.sharahSent.push(request.cmd);
    } catch (err) { /* not an engine request */ }
    return post.call(this, message, ...rest);
  };
}"""


def log_engine_requests(page) -> None:
    """Record the commands the page sends the engine from now (``engine_requests``)."""
    page.evaluate(LOG_ENGINE_REQUESTS)


def engine_requests(page) -> list[str]:
    """The commands sent since ``log_engine_requests``, in order."""
    return page.evaluate("window.sharahSent.slice()")


def engine_round_trip(fig) -> None:
    """One request to the engine and its answer: every request posted before
    it has been answered, and its answer handled, when this returns (the
    worker answers in order)."""
    fig.evaluate("async (f) => { await f.sharahWidget.send({ cmd: 'ping' }); }")


# every save the board's records add-on has begun has ended (records.js
# chains its saves on ``saving``, and a save may chain another)
SAVES_ENDED = """async (f) => {
  const records = f.sharahWidget.addons.get('records');
  for (;;) { const saving = records.saving; await saving; if (records.saving === saving) return; }
}"""


def tabs_settled(fig, other) -> None:
    """Whatever the tab of ``fig`` was to save is saved, and the ``other``
    tab has heard it: every answer to it in (``engine_round_trip``), every
    save it began ended (``SAVES_ENDED``), then a key it writes to the
    storage heard by ``other`` ("storage" events come in the order of the
    writes, so any save before it was heard first). What a test checks
    after this is what the tabs came to, not what they had done by then."""
    engine_round_trip(fig)
    fig.evaluate(SAVES_ENDED)
    other.evaluate("""() => { window.__settled = false; addEventListener('storage', function heard(e) {
        if (e.key === 'sharah-test-settled') { window.__settled = true; removeEventListener('storage', heard); } }); }""")
    fig.page.evaluate("() => { localStorage.setItem('sharah-test-settled', String(Date.now()));"
                      " localStorage.removeItem('sharah-test-settled'); }")
    other.wait_for_function("() => window.__settled")


def one_tab_warned(one, two):
    """Two tabs open on the records test page: the first plays a7a8 and it
    is saved, and the second hears it ("changed in another tab"): the two
    first boards and the game's storage key."""
    f1, f2 = board(one, 0), board(two, 0)
    play(f1, "a7", "a8")
    saved_after(one, f1, ["a7a8"])
    two.wait_for_function(SEEN, arg="changed in another tab")
    return f1, f2, key(one)


# ------------------------------------------------------ the engine held back

# The engine's worker keeps bytecode of the engine and the standard library
# in caches named so (site_assets/js/pyodide-boot.js); a warm profile keeps
# them from test to test (conftest.Warm). A worker that boots on them
# fetches neither zip.
BYTECODE_PREFIX = "pyc-"
SITE_ORIGINS: list[str] = []     # the site's origins (conftest's origin fixture notes them)
SEEDED = weakref.WeakSet()       # fresh contexts given a warm profile's bytecode (conftest.Warm.give_bytecode)


# the name of a kept bytecode cache whose two zips are both there, or null
KEPT_BYTECODE = f"""async () => {{
  for (const name of await caches.keys()) {{
    if (name.startsWith('{BYTECODE_PREFIX}') && (await (await caches.open(name)).keys()).length === 2) return name;
  }}
  return null;
}}"""


def kept_bytecode(page, timeout_s: float) -> str | None:
    """The kept bytecode cache's name once both its zips are there (polled:
    the worker tells the page nothing when it has kept them); None if it
    has not come within ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while (name := page.evaluate(KEPT_BYTECODE)) is None and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    return name


def forget_bytecode(context) -> None:
    """Delete the bytecode ``context`` keeps for the site: its next boot
    fetches the sources, as a first visit does. The caches are reached
    through a page of the context on the site (a warm profile keeps one;
    a fresh context given a profile's bytecode opens one for the while:
    ``SEEDED``); another context with none has kept nothing since its
    pages left the site (a fresh context: nothing at all)."""
    for url in SITE_ORIGINS:
        page = next((p for p in context.pages if p.url.startswith(url)), None)
        opened = None
        if page is None and context in SEEDED:
            page = opened = context.new_page()
            page.goto(url + "assets/sharah/csp.txt")
        if page is None:
            continue
        cdp = context.new_cdp_session(page)
        try:
            for cache in cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": url.rstrip("/")})["caches"]:
                if cache["cacheName"].startswith(BYTECODE_PREFIX):
                    cdp.send("CacheStorage.deleteCache", {"cacheId": cache["cacheId"]})
        finally:
            cdp.detach()
            if opened is not None:
                opened.close()
                SEEDED.discard(context)


def ENGINE(url: str) -> bool:
    """The engine zip (not the worker script, whose query names it)."""
    path = urlsplit(url).path
    return "/assets/sharah/engine-" in path and path.endswith(".zip")


# the engine's worker script (its query names the engine's zip): held, the
# page's engine does not start at all (nothing of the runtime or the engine
# is asked for) until it is released, as on a network that has not brought
# it yet; unlike a hold of the zip, the bytecode the profile keeps stays
# kept, and the boot after the release runs on it (a third of the
# processor time of a boot from source: conftest's module docstring)
WORKER = "**/assets/sharah/js/engine-worker.js*"

# the runtime's files (the worker's import of pyodide.mjs, then its wasm
# and standard library): held with the engine's zip, the worker waits
# without booting anything, as on a network that has not brought them yet
RUNTIME = "**/assets/pyodide/**"

# The process's test server (conftest's ``origin``, noted by it). Each
# process of a parallel run (xdist) has its own, and runs its tests one
# after another: the rules a test gives it (``alter``) are the only ones it
# applies until the test ends (conftest's ``rules_removed``).
SERVER: list = []


def alter(context, match, **how):
    """The site's requests whose address ``match`` accepts (a glob as
    Playwright writes them, a compiled regex, or a test of the address:
    ``ENGINE``) answered otherwise by the test server itself, until the
    end of the test: held until ``release()`` (``hold=True``), late
    (``delay`` seconds), failed (``status``, ``body``), the file's bytes
    edited (``edit``), the first request only (``once``); the rule
    (``devkit.server.Rule``: ``seen``, the addresses it took). Whatever
    happens, the rule is released and removed when the test ends
    (conftest's ``rules_removed``): no handler is left waiting, no rule
    reaches the next test.

    Not a Playwright route: a route turns the context's HTTP cache off,
    and with it Chromium's code cache, so that every boot under one
    compiled the runtime's 9.6 MB of WebAssembly again. For the server to
    see a request, the browser must ask: the test server sends
    ``Cache-Control: no-cache`` (conftest's ``Origin``), so the HTTP cache
    asks every time (a 304 keeps the cached file, and its compiled code);
    but the site's service worker answers what it stored without asking:
    a test whose page it may control takes it away first
    (``without_service_worker``). A held request keeps one of the six
    connections Chromium opens to a host: hold a few at a time, not every
    script of a page.

    A rule that takes the engine's zip or a file of the runtime forgets
    the bytecode ``context`` keeps first (``forget_bytecode``): a worker
    that booted on it would ask for neither zip, and nothing would wait."""
    server = SERVER[0]
    rule = server.alter(match, **how)
    folder = server.folder
    files = [*folder.glob("assets/sharah/engine-*.zip"), *folder.glob("assets/pyodide/*")]
    if any(rule.match(server.url + f.relative_to(folder).as_posix()) for f in files):
        forget_bytecode(context)
    return rule


def without_service_worker(page) -> None:
    """Unregister the site's service worker (registered once the engine
    was up): the page's next load is not answered from its store, and a
    rule of the test server (``alter``) sees its requests."""
    page.evaluate("() => navigator.serviceWorker.getRegistrations()"
                  ".then((rs) => Promise.all(rs.map((r) => r.unregister())))")


def hold(context, match):
    """``alter(context, match, hold=True)``: the requests held until the
    rule's ``release()`` (the test's end at the latest)."""
    return alter(context, match, hold=True)


# ------------------------------------------------------ instant navigation

BOARDS = "figure.sharah-board[data-mode]"


def walk_to(page, url: str) -> None:
    """Click the page's own link to ``url`` (Material navigates instantly)
    and wait until the new content is in."""
    page.evaluate("""() => document.querySelector('article.md-content__inner').dataset.walkOld = '1'""")
    clicked = page.evaluate("""(url) => {
        const a = [...document.querySelectorAll('a[href]')].find(a => a.href === url);
        if (a) a.click();
        return !!a;
    }""", url)
    assert clicked, f"no link to {url} on {page.url}"
    page.wait_for_url(url)
    page.wait_for_function("() => { const a = document.querySelector('article.md-content__inner');"
                           " return a && !a.dataset.walkOld; }")


# an instant navigation to a page of the site, as following a link makes
# one (mkdocs-material's location$: its own fetch and swap of the content,
# the address pushed first as its click handler does), without the site's
# own click handlers (a link clicked opens the next page's first board)
INSTANT = """(url) => {
  document.querySelector('article.md-content__inner').dataset.sharedOld = '1';
  history.pushState(null, '', url);
  window.location$.next(new URL(url));
}"""
SWAPPED = """() => { const a = document.querySelector('article.md-content__inner'); return a && !a.dataset.sharedOld; }"""


def instant_to(page, url: str, timeout=None) -> None:
    """Go to ``url`` by the theme's instant navigation, as a link followed
    (the page's engine and its worker live on), whether or not the page
    links to it, and wait until the new content is in."""
    page.evaluate(INSTANT, url)
    page.wait_for_function(SWAPPED, timeout=timeout)


# ------------------------------------------------------ axe-core

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def with_axe(page) -> None:
    """axe-core in the page (once per document), run from outside the page
    as the browser's developer tools run a script, so that the page's own
    Content-Security-Policy stays in force; and no colour transitions
    (Material fades colours over 0.25 s: measure the end state)."""
    assert AXE.is_file(), "axe-core is missing: run bash scripts/setup.sh (npm ci)"
    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    page.evaluate("""() => { const s = document.createElement('style');
        s.textContent = '*, ::before, ::after { transition: none !important; }';
        document.head.append(s); }""")
