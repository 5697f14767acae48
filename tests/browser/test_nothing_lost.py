"""Nothing lost, nothing poisoned, in Chromium: stored entries
that would break a board, a full store, two tabs, a worker that goes
silent and a damaged engine. Each case ends with the board usable and the
game (or the bad entry, set aside) still there.

The records test page (tests/browser/pages/records-test.md): board 0 is
Oblong Shatranj without the die (set-up 1), board 1 Scheherazade.
"""

from __future__ import annotations

import json

import pytest

from .conftest import TEST_DIR, shared, wait_ready
from .helpers import (SEEN, alter, board, click_sq, engine_round_trip, hint, key, one_tab_warned, play, played,
                      saved_after, stored, stored_moves, wait_fig, wait_moves, without_service_worker)


PAGE = f"{TEST_DIR}/records-test/"
A = 0

# localStorage.setItem throws as a full store does while window.__storeFull is set
FULL_STORE = """(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__storeFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return real.call(this, key, value);
  };
})();"""


@pytest.fixture(scope="module")
def records_page(browser, base_url):
    """The records test page for the tests that start on it as it loads
    (no script before the page's, no link): one engine for them
    (``conftest.Shared``), each given fresh boards and empty storage."""
    with shared(browser, base_url, PAGE) as pages:
        yield pages


def start(new_page, base_url, script=None, url=None):
    page = new_page()
    if script:
        page.add_init_script(script)
    page.goto(url or base_url + PAGE)
    wait_ready(page)
    return page


def too_large(raw):
    return (f"Your saved game on this board is too large to restore ({len(raw):,} characters; at most 150,000): "
            "it was set aside.")


def test_stored_entries_that_would_break_a_board_are_set_aside(records_page):
    """Two damaged entries, one for each way the page sets one aside: too
    large to send (the page's own check, said at once) and refused by the
    engine (its reason in the note). The engine's reasons for the other
    damaged entries (nested 5,000 deep, a number that overflows) are
    tests/test_inputs.py's, on the same saved game."""
    page = records_page.lend()
    fig = board(page, A)
    play(fig, "a7", "a8")
    k = key(page)
    saved_after(page, fig, ["a7a8"])
    good = stored(page, k)
    blob = json.loads(good)
    control = dict(blob, tags={"Event": "\x01" * 20_000})       # 120,000 characters as JSON
    cases = {
        "2 MB": good[:-1] + ',"pad":"' + "x" * 2_000_000 + '"}',
        "control-character tags": json.dumps(control),
    }
    expected = {
        "control-character tags": "Your saved game on this board could not be restored (the saved game is damaged "
                                  "(the tag Event is too long (20,000 characters; at most 4,000))): it was set aside.",
        "2 MB": too_large(cases["2 MB"]),
    }
    for name, raw in cases.items():
        page.evaluate("([k, v]) => { localStorage.setItem(k, v); localStorage.removeItem(k + ':set-aside'); }", [k, raw])
        page.reload()
        wait_ready(page)
        fig = board(page, A)
        said = hint(fig)
        assert said == expected[name], name
        # nothing destroyed: the entry is kept under another key, as it was
        assert stored(page, k + ":set-aside") == raw, name
        # the board opens fresh, plays and saves (the next case's entry
        # replaces that save; the last one comes back after a reload)
        assert played(fig) == [], name
        play(fig, "a7", "a8")
        saved_after(page, fig, ["a7a8"])
    page.reload()
    wait_ready(page)
    assert played(board(page, A)) == ["a7a8"]
    assert page.watch.errors == []


# every time the board's move list changes: how many moves it shows, and
# what the storage holds for the board at that moment
SNAPSHOTS = """([f, k]) => { window.__atShow = [];
  new MutationObserver(() => window.__atShow.push([
      f.querySelectorAll('ol.sharah-moves li:not(.sharah-future)').length, localStorage.getItem(k)]))
    .observe(f.querySelector('ol.sharah-moves'), { childList: true, subtree: true }); }"""


def test_a_move_is_stored_by_the_time_it_shows_so_leaving_at_once_keeps_it(records_page):
    """A visitor may leave the instant their move shows (a link tapped, the
    tab closed, a reload): the move is in the browser's storage by then,
    for the engine's answer to a move carries the game as it saves it
    (``state.saved``). Each time the move list changes, the storage already
    holds as many moves; a reload in the very task that shows a move keeps
    it. (The page once asked the engine for the saved game in a second
    round trip after the move showed: leaving within it lost the move.)"""
    page = records_page.lend()
    fig = board(page, A)
    k = key(page)
    page.evaluate(SNAPSHOTS, [fig.element_handle(), k])
    play(fig, "a7", "a8")
    play(fig, "d10", "d9")
    seen = page.evaluate("window.__atShow")
    assert [n for n, _ in seen if n] and all(n for n, _ in seen)
    for n, raw in seen:
        assert raw is not None and len(json.loads(raw)["moves"]) == n, (n, raw)
    # leave in the task that shows the third move
    fig.evaluate("""f => new MutationObserver((_, watch) => {
        if (f.querySelectorAll('ol.sharah-moves li:not(.sharah-future)').length === 3) { watch.disconnect(); location.reload(); }
      }).observe(f.querySelector('ol.sharah-moves'), { childList: true, subtree: true })""")
    with page.expect_navigation():
        click_sq(fig, "b7")
        click_sq(fig, "b8")
    wait_ready(page)
    fig = board(page, A)
    wait_moves(fig, 3)
    assert played(fig) == ["a7a8", "d10d9", "b7b8"]
    assert page.watch.errors == []


def test_two_tabs_hear_each_other_and_the_visitor_chooses(records_page, base_url):
    one = records_page.lend()
    two = one.context.new_page()
    two.goto(base_url + PAGE)
    wait_ready(two)
    # the other tab hears it and says so
    f1, f2, k = one_tab_warned(one, two)
    assert hint(f2) == "This game was changed in another tab: this tab no longer saves it until you choose."
    assert f2.locator(".sharah-tabs").is_visible()
    # a move here is not written over the other tab's game meanwhile
    play(f2, "b7", "b8")
    engine_round_trip(f2)
    assert stored_moves(two, k) == ["a7a8"]
    # keep this tab's game: saved, and the first tab is asked in turn
    f2.locator('button[data-tabs="keep"]').click()
    saved_after(two, f2, ["b7b8"])
    assert f2.locator(".sharah-tabs").is_hidden()
    one.wait_for_function(SEEN, arg="changed in another tab")
    assert played(f1) == ["a7a8"]                          # nothing changes before the choice
    f1.locator('button[data-tabs="take"]').click()
    wait_moves(f1, 1)
    one.wait_for_function("f => f.querySelector('.sharah-hint').textContent === \"The other tab's game is on the board.\"",
                          arg=f1.element_handle())
    assert played(f1) == ["b7b8"]
    # both tabs go on from the same game
    play(f1, "d10", "d9")
    saved_after(one, f1, ["b7b8", "d10d9"])
    assert one.watch.errors == []


def test_a_game_the_engine_will_not_keep_is_said_and_stays(records_page):
    """Past the engine's limits (5,000 moves, 150,000 characters) its state
    carries no saved game but the reason (``unsaved``): the page says so at
    once and keeps the game on the board; the copy saved before stays. (The
    engine's answer is stood in for here: reaching 5,000 moves in a browser
    test would take minutes; tests/test_bridge.py has the engine's side.)"""
    page = records_page.lend()
    fig = board(page, A)
    play(fig, "a7", "a8")
    saved_after(page, fig, ["a7a8"])
    fig.evaluate("""f => {
      const w = f.sharahWidget, apply = w.apply.bind(w);
      w.apply = (state) => apply(state.ply < 2 ? state
        : { ...state, saved: null, unsaved: "this game has too many moves to keep (5,001; at most 5,000)" });
    }""")
    play(fig, "d10", "d9")
    page.wait_for_function("f => f.dataset.unsaved === 'true'", arg=fig.element_handle())
    assert hint(fig) == ("This game can no longer be kept in this browser (this game has too many moves to keep "
                         "(5,001; at most 5,000)): your game stays on this board while the page is open; the copy "
                         "saved before stays in this browser.")
    assert played(fig) == ["a7a8", "d10d9"]
    assert stored_moves(page, key(page)) == ["a7a8"]
    assert page.watch.errors == []


def test_a_full_store_is_said_at_once_and_loses_nothing(new_page, base_url):
    page = start(new_page, base_url, FULL_STORE)
    fig = board(page, A)
    k = key(page)
    play(fig, "a7", "a8")
    play(fig, "d10", "d9")
    saved_after(page, fig, ["a7a8", "d10d9"])
    page.evaluate("window.__storeFull = true")
    play(fig, "b7", "b8")
    page.wait_for_function("f => f.dataset.unsaved === 'true'", arg=fig.element_handle())
    # said in the board's own line, with the way out; the panel stays closed
    assert hint(fig) == ("This browser's storage for the site is full, so this move is not saved: your game stays "
                         "on this board while the page is open; to keep it, copy the record (under Record and "
                         "link) or free some space (the browser's site data).")
    assert fig.locator(".sharah-hint").is_visible()
    assert not fig.locator("details.sharah-records").evaluate("d => d.open")
    play(fig, "c10", "c9")
    # said again for every move that is not saved: once the move's own save has failed (the
    # move's answer comes first, and with it a line of its own)
    wait_fig(fig, "f.querySelector('.sharah-hint').textContent.includes('is not saved')")
    assert played(fig) == ["a7a8", "d10d9", "b7b8", "c10c9"]      # nothing rolled back
    assert stored_moves(page, k) == ["a7a8", "d10d9"]              # the older copy is kept
    # leaving the page now asks first
    asked = []
    page.once("dialog", lambda d: (asked.append(d.type), d.dismiss()))
    fig.locator(".sharah-hint").click()                             # a user gesture
    with page.expect_event("dialog"):
        page.evaluate("() => { location.reload(); }")
    assert asked == ["beforeunload"]
    assert played(fig) == ["a7a8", "d10d9", "b7b8", "c10c9"]
    # space again: the next move saves everything
    page.evaluate("window.__storeFull = false")
    play(fig, "b8", "b9")
    saved_after(page, fig, ["a7a8", "d10d9", "b7b8", "c10c9", "b8b9"])
    assert hint(fig) == "Your game is saved again."
    assert fig.get_attribute("data-unsaved") is None
    assert page.watch.errors == []


def test_a_link_followed_with_the_store_full_stays_in_the_address(new_page, base_url):
    link = base_url + PAGE + "#game=1;v=oblong-shatranj;o=die:false;m=a7a8,d10d9,b7b8,c10c9"
    page = start(new_page, base_url, FULL_STORE + "window.__storeFull = true;", url=link)
    fig = board(page, A)
    wait_moves(fig, 4)
    page.wait_for_function("f => f.dataset.unsaved === 'true'", arg=fig.element_handle())
    assert "storage for the site is full" in hint(fig)
    assert "#game=" in page.url                    # not saved: a reload follows the link again
    page.reload()
    wait_ready(page)
    fig = board(page, A)
    wait_moves(fig, 4)
    assert played(fig) == ["a7a8", "d10d9", "b7b8", "c10c9"]
    page.evaluate("window.__storeFull = false")
    play(fig, "b8", "b9")
    saved_after(page, fig, ["a7a8", "d10d9", "b7b8", "c10c9", "b8b9"])
    assert page.watch.errors == []


SILENT = """(() => {
  window.sharahRequestLimit = 10000;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    if (window.__silent) return undefined;      // the worker never hears it, never answers
    return post.apply(this, args);
  };
})();"""


def test_a_worker_that_goes_silent_is_caught_and_retry_restores_the_game(new_page, base_url):
    page = start(new_page, base_url, SILENT)
    fig = board(page, A)
    play(fig, "a7", "a8")
    saved_after(page, fig, ["a7a8"])
    page.wait_for_function("f => f.sharahWidget.addons.get('recover').saved()?.moves?.length === 1",
                           arg=fig.element_handle())
    page.evaluate("window.__silent = true")
    click_sq(fig, "d10")
    click_sq(fig, "d9")
    page.wait_for_function("() => document.querySelector('figure.sharah-board .sharah-failure')", timeout=30_000)
    assert fig.locator(".sharah-failure-text").inner_text() == (
        "The engine stopped answering (nothing for 10 seconds). "
        "Your game is kept: Retry starts the engine again and puts it back.")
    page.evaluate("window.__silent = false")
    retry_restores_the_game(page)


def retry_restores_the_game(page):
    """Retry under the failure: the engine starts again with the game (a7a8)
    put back, play goes on and is saved."""
    fig = board(page, A)
    fig.locator(".sharah-failure button").click()
    wait_ready(page)
    fig = board(page, A)
    assert played(fig) == ["a7a8"]
    play(fig, "d10", "d9")
    saved_after(page, fig, ["a7a8", "d10d9"])
    assert page.watch.errors == []


def test_a_damaged_engine_says_so_in_one_sentence_and_keeps_the_saved_game(new_page, base_url):
    page = start(new_page, base_url)
    fig = board(page, A)
    play(fig, "a7", "a8")
    saved_after(page, fig, ["a7a8"])
    # the site's service worker would answer the reload from its store, never asking the server
    without_service_worker(page)
    # the first request of the zip answered with garbage (the kept bytecode forgotten: alter)
    served = alter(page.context, "**/assets/sharah/engine-*.zip", status=200, once=True,
                   body=b"PK\x03\x04 this is not the engine" * 50).seen
    page.reload()
    page.wait_for_function("() => window.sharahDebug && window.sharahDebug.failed", timeout=60_000)
    page.wait_for_function("() => document.querySelector('figure.sharah-board .sharah-failure')")
    assert served
    fig = board(page, A)
    text = fig.locator(".sharah-failure-text").inner_text()
    assert text == ("The engine could not start: its files are damaged or incomplete (the details are in the "
                    "browser's console). Your game is kept: Retry starts the engine again and puts it back.")
    assert "Traceback" not in fig.inner_text()
    assert "0 moves" not in fig.inner_text()
    # the details went to the console
    assert any("Traceback" in e or "zip" in e.lower() for e in page.watch.errors)
    page.watch.errors.clear()
    retry_restores_the_game(page)


# The worker answers a link's "load" as it answers when the engine itself
# breaks (bridge.handle raised past its own handler: engine-worker.js):
# fatal, with Python's traceback in the error.
FATAL_LINK_LOAD = r"""(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    let req = null;
    try { req = message && typeof message.request === "string" && JSON.parse(message.request); } catch (err) { req = null; }
    if (req && req.cmd === "load" && req.link) {
      const error = "the engine failed: Traceback (most recent call last):\n"
        + '  File "/lib/python3.14/site-packages/sharah_web/bridge.py", line 367, in handle\nRecursionError: boom';
      setTimeout(() => this.onmessage({ data: { type: "response", id: message.id,
        response: JSON.stringify({ ok: false, error, fatal: true }) } }), 0);
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
})();"""


def test_an_engine_that_breaks_on_a_link_says_a_sentence_and_the_box_the_rest(new_page, base_url):
    """The engine breaks while it reads a link: the board's line says in a
    sentence that the link's game could not be loaded, the failure box says
    that the engine stopped (with Retry), and Python's traceback is only in
    the console."""
    page = new_page()
    page.add_init_script(FATAL_LINK_LOAD)
    page.goto(base_url + PAGE + "#game=1;v=oblong-shatranj;o=die:false;m=a7a8,d10d9")
    fig = board(page, A)
    fig.locator(".sharah-failure").wait_for()
    page.wait_for_function("f => f.querySelector('.sharah-hint').textContent", arg=fig.element_handle())
    assert hint(fig) == ("The game in the link could not be loaded: the engine stopped working. "
                         "Your game here is unchanged.")
    assert fig.locator(".sharah-failure-text").inner_text() == (
        "The engine stopped working: it met an error of its own (the details are in the browser's console). "
        "Retry starts the engine again.")
    assert "Traceback" not in fig.inner_text()
    assert [e for e in page.watch.errors if "Traceback" in e]        # the details: in the console
    assert "#game=" in page.url                    # the link was not read: a reload follows it again


def test_storage_that_is_off_is_said_at_the_first_move(new_page, base_url):
    """Some private modes refuse the storage altogether (reading
    window.localStorage throws): the board opens as usual, says nothing
    until a move is played, then says that move is not saved."""
    page = start(new_page, base_url, """Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });""")
    fig = board(page, A)
    assert hint(fig) == ""
    assert fig.get_attribute("data-unsaved") is None
    play(fig, "a7", "a8")
    page.wait_for_function("f => f.dataset.unsaved === 'true'", arg=fig.element_handle())
    assert hint(fig) == ("This browser does not let the page save games (its storage is off), so this move is not "
                         "saved: your game stays on this board while the page is open; to keep it, copy the record "
                         "(under Record and link) or free some space (the browser's site data).")
    play(fig, "d10", "d9")
    assert played(fig) == ["a7a8", "d10d9"]
    # the theme's own scripts (mkdocs-material's palette and tabs) read the
    # storage unguarded: their errors are theirs; none other may appear
    assert [e for e in page.watch.errors if e != "pageerror: The operation is insecure."] == []
