"""The widget under stress: the engine failing (Pyodide or the engine not
loading, the worker dying) and coming back with the games kept; very fast
clicks and double clicks; resizing and switching the palette mid-move;
navigating away mid-move. After each, the board must still work: a legal
move plays, there is exactly one engine worker, and no console error.

The page is tests/browser/pages/robust-test.md: game R (board 0), try R
(board 1), diagram R (board 2).
"""

from __future__ import annotations

import re
import time

import pytest

from sharah_web.bridge import PROTOCOL

from .conftest import TEST_DIR, shared, wait_ready
from .helpers import ALL, alter, board, click_sq, dests, engine_round_trip, history, hold, piece_on


PAGE = f"{TEST_DIR}/robust-test/"
BOARDS = 3
WORKERS_CREATED = "() => window.sharahDebug.workersCreated"


def wait_move_count(page, n, index=0):
    page.wait_for_function(
        f"() => document.querySelectorAll('{ALL}')[{index}].querySelectorAll('ol.sharah-moves li').length === {n}")


def wait_idle(page, index=0):
    """The board has its answer: ready (or failed), not busy."""
    page.wait_for_function(
        f"() => {{ const f = document.querySelectorAll('{ALL}')[{index}];"
        " return f.dataset.state !== 'loading' && !f.dataset.busy; }")


def engine_workers(page) -> int:
    """Live engine workers, as Chromium lists them (Material's search has its own)."""
    return sum(1 for w in page.workers if "engine-worker" in w.url)


def no_engine_worker(page, timeout_s=30.0) -> None:
    """Wait until Chromium lists no engine worker: a terminated worker's end
    reaches Playwright a moment after the page has shown the failure (on a
    loaded machine, after the page's own check)."""
    deadline = time.monotonic() + timeout_s
    while engine_workers(page):
        assert time.monotonic() < deadline, f"an engine worker is still running {timeout_s:.0f} s after it was stopped"
        page.wait_for_timeout(50)


def play_move(page, frm, to, index=0, notation=None):
    """Play a move with two clicks (and its button when several moves share
    the squares) and wait until the move list grows."""
    fig = board(page, index)
    n = fig.locator("ol.sharah-moves li").count()
    click_sq(fig, frm)
    assert to in dests(fig), f"{to} is not a destination of {frm}: {dests(fig)}"
    click_sq(fig, to)
    if notation is not None and fig.locator(f".sharah-choices button[data-move='{notation}']").count():
        fig.locator(f".sharah-choices button[data-move='{notation}']").click()
    wait_move_count(page, n + 1, index)


def in_sync(page, index=0) -> bool:
    """The board shows what the engine holds (asked directly)."""
    return page.evaluate(f"""async () => {{
        const f = document.querySelectorAll('{ALL}')[{index}];
        const b = f.sharahWidget;
        const reply = await b.send({{cmd: 'state'}});
        return reply.ok && reply.state.position === b.state.position
            && JSON.stringify(reply.state.history) === JSON.stringify(b.state.history);
    }}""")


def a_move(page, index=0) -> tuple[str, str, str]:
    """A legal move of the board's game from one square to another."""
    return tuple(page.evaluate(f"""() => {{
        const moves = document.querySelectorAll('{ALL}')[{index}].sharahWidget.state.moves;
        const m = moves.find(m => m.from && m.to && !m.kind);   // a plain move: no other kind
        return [m.from, m.to, m.n];
    }}"""))


def still_works(page, index=0):
    """The closing check of every test: the board plays a legal move, one
    engine worker, no console error, nothing off localhost."""
    wait_idle(page, index)
    assert board(page, index).get_attribute("data-state") == "ready"
    assert in_sync(page, index)
    frm, to, notation = a_move(page, index)
    play_move(page, frm, to, index, notation)
    assert in_sync(page, index)
    assert engine_workers(page) == 1
    assert page.watch.errors == []
    assert page.watch.foreign == []


def fail_once(context, pattern):
    """Requests matching ``pattern`` fail (HTTP 503) the first time only
    (the kept bytecode forgotten: the worker fetches the sources); the
    addresses failed."""
    return alter(context, pattern, status=503, body="unavailable for the test", once=True).seen


def switch_palette(page, scheme):
    """Click Material's palette toggle until the page shows ``scheme``."""
    for _ in range(4):
        if page.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme:
            return
        page.locator("form[data-md-component='palette'] label:visible").first.click()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme


# ------------------------------------------------------------- failures

def test_engine_that_cannot_load_says_so_and_retry_works(new_page, base_url):
    page = new_page()
    seen = fail_once(page.context, "**/assets/sharah/engine-*.zip")
    page.goto(base_url + PAGE)
    page.wait_for_function("() => window.sharahDebug && window.sharahDebug.failed")
    page.wait_for_function(f"() => document.querySelectorAll('{ALL} .sharah-failure').length === {BOARDS}")
    assert seen, "the engine zip was never requested"
    for i in range(BOARDS):
        fig = board(page, i)
        assert fig.get_attribute("data-state") == "error"
        text = fig.locator(".sharah-failure-text").inner_text()
        assert text.startswith("The engine could not start: the engine (") and "HTTP 503" in text
        assert text.endswith("Retry starts the engine again.")
    # the board cannot be played meanwhile: its static drawing stays, a click
    # on a piece shows nothing
    knight = board(page).locator('g.pc[data-sq="b2"]')
    knight.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = knight.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert board(page).locator("rect[data-sq]").count() == 0
    assert board(page).locator(".is-selected, .is-dest").count() == 0
    board(page).locator(".sharah-failure button", has_text="Retry").click()
    wait_ready(page)
    assert page.locator(".sharah-failure").count() == 0
    assert page.evaluate(WORKERS_CREATED) == 2
    # the failed download is the one console error (Chromium logs the 503)
    page.watch.errors[:] = [e for e in page.watch.errors if "503" not in e]
    still_works(page)


def test_scripts_from_another_build_than_the_engine_say_so(new_page, base_url):
    """The page's scripts check the engine's protocol (its answer to "ping")
    when it starts: scripts from another build (an old copy in a cache) say
    so on every board and play nothing."""
    page = new_page()
    changed = []

    def stale(raw):
        raw, n = re.subn(rb"export const PROTOCOL = \d+;", b"export const PROTOCOL = 1;", raw)
        changed.append(n)
        return raw

    alter(page.context, "**/assets/sharah/js/engine.js*", edit=stale)
    page.goto(base_url + PAGE)
    page.wait_for_function(f"() => document.querySelectorAll('{ALL} .sharah-failure').length === {BOARDS}")
    for i in range(BOARDS):
        fig = board(page, i)
        assert fig.get_attribute("data-state") == "error"
        text = fig.locator(".sharah-failure-text").inner_text()
        assert text.startswith("This page and its engine are from different versions of the site "
                               f"(protocol 1, engine {PROTOCOL}): reload the page")
    assert board(page).locator("rect[data-sq]").count() == 0     # nothing became live
    assert changed and all(n == 1 for n in changed)


def test_pyodide_that_cannot_load_says_so_and_retry_works(new_page, base_url):
    page = new_page()
    fail_once(page.context, "**/assets/pyodide/stdlib-*.zip")   # the lean standard library
    page.goto(base_url + PAGE)
    page.wait_for_function("() => window.sharahDebug && window.sharahDebug.failed", timeout=60_000)
    fig = board(page)
    page.wait_for_function(f"() => document.querySelector('{ALL} .sharah-failure')")
    assert fig.locator(".sharah-failure-text").inner_text().startswith("The engine could not start")
    fig.locator(".sharah-failure button").click()
    wait_ready(page)
    # Pyodide reports the failed download itself (a console error, and an
    # uncaught error in the worker: the failed fetch, or the runtime's exit
    # that follows it, whichever comes first); nothing else may be reported
    expected = ("/assets/pyodide/stdlib-", "installing the standard library", "Program terminated with exit(1)")
    assert any(e for e in page.watch.errors if any(x in e for x in expected))
    page.watch.errors[:] = [e for e in page.watch.errors if not any(x in e for x in expected)]
    still_works(page)


def test_worker_death_keeps_the_game(new_page, base_url):
    page = new_page()
    page.goto(base_url + PAGE)
    wait_ready(page)
    fig = board(page)
    play_move(page, "b2", "c4")
    play_move(page, "c15", "d13")
    fig.locator("button[data-action='flip']").click()
    page.wait_for_function(f"() => document.querySelector('{ALL} svg').dataset.orientation === 'black'")
    page.wait_for_function(  # the game is kept after each change
        f"() => document.querySelector('{ALL}').sharahWidget.addons.get('recover').saved()"
        "?.moves?.length === 2")
    page.evaluate("window.sharahDebug.killWorker()")
    page.wait_for_function(f"() => document.querySelectorAll('{ALL} .sharah-failure').length === {BOARDS}")
    no_engine_worker(page)
    assert fig.get_attribute("data-state") == "error"
    assert fig.locator(".sharah-failure-text").inner_text() == (
        "The engine stopped working: its worker was stopped. "
        "Your game is kept: Retry starts the engine again and puts it back.")
    assert history(fig) == ["b2c4", "c15d13"]          # still shown
    click_sq(fig, "a5")
    assert dests(fig) == []                            # nothing to play it with
    fig.locator(".sharah-failure button").click()
    wait_ready(page)
    assert page.evaluate(WORKERS_CREATED) == 2
    assert history(fig) == ["b2c4", "c15d13"]
    assert piece_on(fig, "c4").count() == 1 and piece_on(fig, "d13").count() == 1
    assert fig.locator("svg").get_attribute("data-orientation") == "black"
    # undo reaches the moves played before the failure
    fig.locator("button[data-action='undo']").click()
    wait_move_count(page, 1)
    fig.locator("button[data-action='redo']").click()
    wait_move_count(page, 2)
    still_works(page)


# ------------------------------------------------------- fast hands

@pytest.fixture(scope="module")
def hands(browser, base_url):
    """The test page for the tests of hurried hands: one engine for them
    (``conftest.Shared``), each test given fresh boards."""
    with shared(browser, base_url, PAGE) as pages:
        yield pages


def test_fast_clicks_and_double_clicks(hands):
    page = hands.lend()
    fig = board(page)
    fig.locator("rect[data-sq='b2']").evaluate("e => e.scrollIntoView({block: 'center'})")
    centre = {}
    for name in ("b2", "c4", "a4", "b5", "b6", "c15", "d13", "a12", "a11", "b1"):
        box = fig.locator(f"rect[data-sq='{name}']").bounding_box()
        centre[name] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # A burst of clicks with no waiting: piece, target, double clicks on
    # pieces and on targets, the other side's pieces, Undo and Redo between.
    for name in ("b2", "c4", "c15", "d13", "b5", "b6", "b2", "a4", "a12", "a11"):
        page.mouse.click(*centre[name])
    for name in ("b5", "b6", "c4", "b1"):
        page.mouse.dblclick(*centre[name])
    # (force: no waiting for the buttons to be enabled, as a hurried hand)
    fig.locator("button[data-action='undo']").dblclick(force=True)
    fig.locator("button[data-action='redo']").click(force=True)
    for name in ("b2", "c4", "b2", "c4"):
        page.mouse.click(*centre[name], click_count=2, delay=0)
    wait_idle(page)
    engine_round_trip(fig)         # any answer still on its way has landed
    wait_idle(page)
    # whatever was played, the board and the engine agree and it plays on
    assert in_sync(page)
    assert len(history(fig)) == len(fig.evaluate("f => f.sharahWidget.state.history"))
    fig.locator("button[data-action='restart']").click()
    confirm = fig.locator(".sharah-confirm-yes")
    if confirm.count():
        confirm.click()
    wait_move_count(page, 0)
    still_works(page)


def test_resize_and_palette_switch_mid_move(hands):
    page = hands.lend()
    fig = board(page)
    click_sq(fig, "b2")                                 # a piece picked up...
    assert dests(fig) == ["a4", "c4"]
    for width, height in ((390, 700), (1400, 900), (800, 600), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
    switch_palette(page, "slate")
    assert dests(fig) == ["a4", "c4"]                   # ...is still held
    click_sq(fig, "c4")                                 # ...and put down
    wait_move_count(page, 1)
    assert history(fig) == ["b2c4"]
    # a drag that the window resizes under: let go anywhere, nothing breaks
    box = fig.locator("rect[data-sq='c15']").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 40, steps=3)
    page.set_viewport_size({"width": 600, "height": 800})
    page.mouse.up()
    page.set_viewport_size({"width": 1280, "height": 900})
    switch_palette(page, "default")
    wait_idle(page)
    if len(history(fig)) == 1:                          # the drag did not land on a move
        play_move(page, "c15", "d13")
    still_works(page)


def test_navigating_away_mid_move(new_page, base_url):
    page = new_page(cold=True)      # a first visit: the widget's modules come from the network
    page.goto(base_url + PAGE)
    wait_ready(page)
    # the worker was started by the page's head, before the widget's modules
    # ran, and taken over by them: one worker in all
    started = page.evaluate("""() => {
        const m = performance.getEntriesByName('sharah:engine-start')[0];
        const s = [...document.querySelectorAll('script[type=module]')].map(e => e.src).find(u => u.includes('sharah.js'));
        const entry = performance.getEntriesByName(s)[0];
        return {early: m.detail && m.detail.early, at: m.startTime, module: entry ? entry.responseEnd : null,
                left: window.sharahEarlyWorker, workers: window.sharahDebug.workersCreated};
    }""")
    assert started["early"] is True and started["left"] is None and started["workers"] == 1, started
    assert started["module"] is None or started["at"] < started["module"], started
    page.evaluate("window.__sameDocument = true")
    fig = board(page)
    click_sq(fig, "b2")
    # the move is sent, and the page left before its answer is shown
    box = fig.locator("rect[data-sq='c4']").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator("a[href$='games/scheherazade/']").first.click()
    page.wait_for_url("**/games/scheherazade/")
    # the address changes before the new content is in: wait for its boards
    page.wait_for_function("() => document.querySelector('figure.sharah-board[data-variant=scheherazade]')")
    wait_ready(page, timeout=20_000)
    assert page.evaluate("window.__sameDocument") is True, "instant navigation did not happen"
    # the new page's game board plays
    games = page.locator("figure.sharah-board[data-mode='game']")
    index = page.evaluate(f"() => [...document.querySelectorAll('{ALL}')].findIndex("
                          "f => f.dataset.mode === 'game' && !f.sharahWidget.state.result)")
    assert games.count() >= 1 and index >= 0
    still_works(page, index)
    # back, mid-selection again, and forward
    click_sq(board(page, index), "c3")
    page.go_back()
    page.wait_for_url(f"**/{PAGE}")
    page.wait_for_function(f"() => document.querySelectorAll('{ALL}').length === {BOARDS}"
                           f" && document.querySelectorAll('{ALL}[data-state=ready]').length === {BOARDS}")
    assert page.evaluate("window.sharahDebug.widgets.size") == BOARDS
    assert page.evaluate(WORKERS_CREATED) == 1
    still_works(page)


# ------------------------------------------------- Material's search waits

COUNT_SEARCH_POSTS = """(() => {
    window.__searchPosts = 0;     // messages that reached Material's search worker
    window.__searchTried = 0;     // messages Material posted to it (held or not)
    const native = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...args) {
        if (this.sharahHeld) window.__searchPosts += 1;
        return native.apply(this, args);
    };
    // the page's own Worker class (head.js) holds the search worker's messages
    let current = window.Worker;
    Object.defineProperty(window, "Worker", { configurable: true, writable: true, value: undefined });
    Object.defineProperty(window, "Worker", { configurable: true, get: () => current, set: (cls) => {
        const post = cls.prototype.postMessage;
        if (cls !== Worker && Object.prototype.hasOwnProperty.call(cls.prototype, "postMessage")) {
            cls.prototype.postMessage = function (...args) {
                if (this.sharahHeld) window.__searchTried += 1;
                return post.apply(this, args);
            };
        }
        current = cls;
    } });
    // the page lets the search go after 8 s whatever happens (head.js: for
    // an engine that never answers): not here, where a loaded machine may
    // take that long to get to the search at all
    const later = window.setTimeout;
    window.setTimeout = function (fn, ms, ...args) {
        return ms === 8000 ? 0 : later.call(this, fn, ms, ...args);
    };
})()"""


def test_the_search_index_waits_for_the_engine_or_the_reader(new_page, base_url):
    """Material's search worker builds its index on the same cores as Pyodide's
    boot: a page with boards holds its messages back until the engine is up,
    unless the reader goes to the search box first."""
    page = new_page()
    stalled = hold(page.context, "**/assets/sharah/engine-*.zip")
    page.add_init_script(COUNT_SEARCH_POSTS)
    page.goto(base_url + PAGE)
    # Material has fetched its index and made its worker; the engine waits for its zip
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some(e => e.name.includes('search_index.json') && e.responseEnd > 0)")
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some(e => e.name.includes('/workers/search.'))")
    # Material has posted its index to the worker (the message is held)
    page.wait_for_function("() => window.__searchTried >= 1")
    assert stalled.seen and page.evaluate("window.__searchPosts") == 0
    # the reader goes to the search box: the index is built at once
    page.locator("[data-md-component=search-query]").click()
    page.keyboard.type("elephant")
    page.wait_for_selector(".md-search-result__item a[href*='oblong-shatranj']", timeout=30_000)
    assert page.evaluate("window.__searchPosts") >= 1
    page.keyboard.press("Escape")
    stalled.release()
    wait_ready(page)
    still_works(page)


# ------------------------------------------------- security policy

def test_site_under_its_strict_content_security_policy(browser, csp_base_url, built_site):
    """Served with the site's policy as a header (on top of the <meta> in
    every page): a board boots and plays, the search works, no violation."""
    from .conftest import Watch
    policy = (built_site / "assets" / "sharah" / "csp.txt").read_text()
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy.split("style-src")[0]
    assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in policy
    # a first visit to that server's origin: the engine boots from source
    # under the policy (the bytecode given to fresh contexts is the site's origin's)
    context = browser.new_context(bytecode=False, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.watch = Watch(page, csp_base_url)
        page.watch.listen(context)
        page.add_init_script("""(() => {
            window.__csp = [];
            document.addEventListener('securitypolicyviolation', (e) =>
                window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
        })()""")
        response = page.goto(csp_base_url + PAGE)
        assert response.headers["content-security-policy"] == policy.strip()
        assert page.locator("meta[http-equiv='Content-Security-Policy']").count() == 1
        wait_ready(page)
        play_move(page, "b2", "c4")
        # Material's search (its own worker) under the same policy
        page.locator("[data-md-component=search-query]").click()
        page.keyboard.type("elephant")         # Material searches on keyup, in its worker
        page.wait_for_selector(".md-search-result__item a[href*='oblong-shatranj']", timeout=30_000)
        # a rules page, loaded in full
        page.goto(csp_base_url + "games/sharah-mittner/")
        wait_ready(page)
        assert page.evaluate("window.__csp") == []
        assert page.watch.errors == [] and page.watch.foreign == []
    finally:
        context.close()
