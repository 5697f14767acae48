"""Bad input from the address and the store, in Chromium: a link too long,
a link whose move holds a right-to-left override, a tenth damaged saved
game. Each is said in a sentence, changes nothing else, and loses nothing.

The records test page (tests/browser/pages/records-test.md): board 0 is
Oblong Shatranj without the die (set-up 1), board 1 Scheherazade.
"""

from __future__ import annotations

from .conftest import TEST_DIR, wait_ready
from .helpers import alter, board, hint, key, played, stored

PAGE = f"{TEST_DIR}/records-test/"

A = 0
START = "#game=1;v=oblong-shatranj;o=die:false;m="


def opened(new_page, url):
    page = new_page()
    page.goto(url)
    wait_ready(page)
    return page


def link_refused(page, fig):
    """Until the board says why the link's game was refused (not the early
    hint that the link's game comes once the engine is up, which also
    names the link, and may still be shown when the boards are ready)."""
    page.wait_for_function("f => f.querySelector('.sharah-hint').textContent.includes('could not be loaded')",
                           arg=fig.element_handle())


def test_a_link_too_long_is_refused_with_a_sentence(new_page, base_url):
    link = START + "a7a8," * 5_000
    page = opened(new_page, base_url + PAGE + link)
    fig = board(page, A)
    link_refused(page, fig)
    assert hint(fig) == (f"The game in the link could not be loaded: the link is too long ({len(link) - 1:,} "
                         "characters; at most 20,000). Your game here is unchanged.")
    assert played(fig) == []
    assert "#" not in page.url                     # read once: a reload shows the saved game
    assert page.watch.errors == []


def test_a_link_move_with_a_direction_override_is_shown_as_an_escape(new_page, base_url):
    page = opened(new_page, base_url + PAGE + START + "a7%E2%80%AEa8")
    fig = board(page, A)
    link_refused(page, fig)
    text = hint(fig)
    assert "\u202e" not in text
    assert text.startswith("The game in the link could not be loaded: move 1 (a7\\u202ea8): ")
    assert text.endswith("Your game here is unchanged.")
    assert page.watch.errors == []


def test_a_tenth_damaged_saved_game_is_set_aside_beside_the_nine(new_page, base_url):
    page = opened(new_page, base_url + PAGE)
    k = key(page)
    page.evaluate("""k => {
      localStorage.setItem(k, "{damaged 10");
      localStorage.setItem(k + ":set-aside", "{damaged 1");
      for (let n = 2; n <= 9; n++) localStorage.setItem(`${k}:set-aside-${n}`, `{damaged ${n}`);
    }""", k)
    page.reload()
    wait_ready(page)
    fig = board(page, A)
    assert "it was set aside" in hint(fig)
    assert stored(page, k + ":set-aside-10") == "{damaged 10"
    assert stored(page, k + ":set-aside") == "{damaged 1"
    assert [stored(page, f"{k}:set-aside-{n}") for n in range(2, 10)] == [f"{{damaged {n}" for n in range(2, 10)]
    assert page.watch.errors == []


DAMAGED = ("The engine could not start: its files are damaged or incomplete (the details are in the browser's "
           "console). Retry starts the engine again.")


def broken_runtime(new_page, base_url, pattern, **answer):
    """The records page with one runtime file answered with ``answer``
    (``status``, ``body``: ``helpers.alter``), once (the kept bytecode
    forgotten: the worker fetches the runtime's files), and a boot limit
    of two minutes: the failure must come from the runtime itself, long
    before that. Its first board's failure text."""
    page = new_page()
    page.add_init_script("window.sharahBootLimit = 120000;")
    served = alter(page.context, pattern, once=True, **answer).seen
    page.goto(base_url + PAGE)
    page.wait_for_function("() => document.querySelector('figure.sharah-board .sharah-failure')", timeout=60_000)
    assert served
    return page, board(page, A).locator(".sharah-failure-text").inner_text()


def test_a_truncated_runtime_says_so_at_once(new_page, base_url, built_site):
    wasm = (built_site / "assets" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    page, text = broken_runtime(new_page, base_url, "**/assets/pyodide/pyodide.asm.wasm",
                                status=200, body=wasm[: len(wasm) // 3])
    assert text == DAMAGED
    # Retry: the whole runtime this time, and the board plays
    board(page, A).locator(".sharah-failure button").click()
    wait_ready(page)
    assert played(board(page, A)) == []


def test_a_missing_standard_library_says_so_in_words(new_page, base_url):
    page, text = broken_runtime(new_page, base_url, "**/assets/pyodide/stdlib-*.zip", status=404, body="not found")
    assert text == DAMAGED
    assert "exit(" not in text
    board(page, A).locator(".sharah-failure button").click()
    wait_ready(page)
