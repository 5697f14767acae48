"""The site in Chromium: static boards, the live widget, the one worker,
no console errors, no foreign requests, phone width.

Most tests share one loaded test page (the engine boots once, ~3 s) and each
uses its own board on it: game A (clicks, drag), game B (keyboard), try C,
promotion D, die E, diagram F (see tests/browser/pages/widget-test.md).
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from .conftest import TEST_DIR, wait_ready

TEST_PAGE = f"{TEST_DIR}/widget-test/"
REAL_PAGES = ["", "games/oblong-shatranj/", "notation/"]


def board(page, index):
    return page.locator("figure.sharah-board").nth(index)


def sq(fig, name):
    return fig.locator(f'rect[data-sq="{name}"]')


def click_sq(fig, name):
    """Click the middle of a square, as a reader would (the piece takes the click)."""
    rect = sq(fig, name)
    rect.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = rect.bounding_box()
    fig.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def dests(fig):
    return sorted(fig.locator("rect.is-dest").evaluate_all("els => els.map(e => e.dataset.sq)"))


def history(fig):
    return fig.locator("ol.sharah-moves li").evaluate_all(
        "els => els.map(e => e.lastChild.textContent)")


def piece_on(fig, name):
    return fig.locator(f'g.pc[data-sq="{name}"]')


@pytest.fixture(scope="module")
def live(browser, base_url):
    """The test page, loaded once, with the engine ready."""
    from .conftest import Watch
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.watch = Watch(page, base_url)
    page.watch.route(context)
    page.goto(base_url + TEST_PAGE)
    wait_ready(page)
    yield page
    context.close()


# ------------------------------------------------------------- static HTML

def test_static_board_is_in_the_html(base_url):
    html = urllib.request.urlopen(base_url + TEST_PAGE).read().decode()
    figures = re.findall(r'<figure class="sharah-board[^"]*"[^>]*>', html)
    assert len(figures) == 7
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="sh-board') == 7
    assert html.count('data-sq="a1"') >= 7
    config = json.loads(re.search(r'data-config="([^"]*)"', html).group(1)
                        .replace("&quot;", '"').replace("&amp;", "&"))
    assert config["variant"] == "oblong-shatranj" and config["mode"] == "game"
    assert "Starting the engine" in html


def test_static_board_reads_without_javascript(new_page, base_url):
    page = new_page(js=False)
    page.goto(base_url + "games/oblong-shatranj/")
    svgs = page.locator("figure.sharah-board svg.sh-board")
    assert svgs.count() >= 10
    box = svgs.first.bounding_box()
    assert box and box["width"] > 50 and box["height"] > 50
    # the loading note is for script-enabled browsers only
    assert not page.locator(".sharah-loading").first.is_visible()
    assert page.locator("g.pc").count() > 32
    assert not page.watch.foreign


# --------------------------------------------------------------- the widget

def test_boards_become_interactive(live):
    for i in (0, 1, 2, 3, 4, 6):
        fig = board(live, i)
        assert fig.get_attribute("data-state") == "ready"
        assert fig.locator(".sharah-svg").get_attribute("tabindex") == "0"
        assert not fig.locator(".sharah-loading").is_visible()
    assert board(live, 5).get_attribute("data-state") is None  # the diagram stays static
    assert live.evaluate("window.sharahDebug.workersCreated") == 1


def test_click_shows_destinations_and_moves(live):
    fig = board(live, 0)
    click_sq(fig, "b2")
    assert dests(fig) == ["a4", "c4"]
    assert "is-selected" in sq(fig, "b2").get_attribute("class")
    click_sq(fig, "c4")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[0]"
                           ".querySelectorAll('ol.sharah-moves li').length === 1")
    assert history(fig) == ["b2c4"]
    assert piece_on(fig, "c4").count() == 1 and piece_on(fig, "b2").count() == 0
    assert dests(fig) == []
    assert fig.locator(".sharah-status-text").inner_text().startswith("Black to move")
    assert "hl-last" in fig.locator("svg").inner_html()
    assert "White played b2c4" in fig.locator(".sharah-announce").text_content()


def test_drag_and_undo_redo(live):
    fig = board(live, 0)
    assert history(fig) == ["b2c4"]
    sq(fig, "c14").evaluate("e => e.scrollIntoView({block: 'center'})")
    start = sq(fig, "c15").bounding_box()   # a black knight
    end = sq(fig, "d13").bounding_box()
    live.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    live.mouse.down()
    live.mouse.move(end["x"] + 5, end["y"] + 5, steps=6)
    live.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=3)
    live.mouse.up()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[0]"
                           ".querySelectorAll('ol.sharah-moves li').length === 2")
    assert history(fig) == ["b2c4", "c15d13"]
    fig.locator("button[data-action='undo']").click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[0]"
                           ".querySelectorAll('ol.sharah-moves li').length === 1")
    assert piece_on(fig, "c15").count() == 1 and piece_on(fig, "d13").count() == 0
    assert fig.locator("button[data-action='redo']").is_enabled()
    fig.locator("button[data-action='redo']").click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[0]"
                           ".querySelectorAll('ol.sharah-moves li').length === 2")
    fig.locator("button[data-action='flip']").click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[0]"
                           ".querySelector('svg').dataset.orientation === 'black'")
    # black at the bottom: a16 is now the bottom-right... of the display: d16 is bottom-left
    assert sq(fig, "d16").get_attribute("data-x") == "0"
    assert sq(fig, "d16").get_attribute("data-y") == "15"


def test_illegal_click_is_explained(live):
    fig = board(live, 0)   # white to move after b2c4 c15d13
    click_sq(fig, "c4")
    assert dests(fig)
    click_sq(fig, "c8")    # not a knight's move
    hint = fig.locator(".sharah-hint")
    hint.wait_for(state="visible")
    assert "cannot move to c8" in hint.inner_text()
    assert history(fig) == ["b2c4", "c15d13"]


def test_keyboard_move(live):
    fig = board(live, 1)
    box = fig.locator(".sharah-svg")
    box.focus()
    live.keyboard.press("ArrowDown")   # a1 is on the bottom edge: the cursor stays
    # the cursor starts on the first square with a legal move: a1
    assert fig.locator("rect.is-cursor").get_attribute("data-sq") == "a1"
    for key in ["ArrowUp"] * 4:      # a1 -> a5 (a pawn)
        live.keyboard.press(key)
    assert fig.locator("rect.is-cursor").get_attribute("data-sq") == "a5"
    live.keyboard.press("Enter")
    assert dests(fig) == ["a6"]
    live.keyboard.press("ArrowUp")
    live.keyboard.press("Space")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[1]"
                           ".querySelectorAll('ol.sharah-moves li').length === 1")
    assert history(fig) == ["a5a6"]
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[1]"
                           ".querySelector('.sharah-announce').textContent.includes('White played a5a6')")
    # focus stays on the board and the cursor on the target
    assert live.evaluate("document.activeElement.closest('figure') === document.querySelectorAll('figure.sharah-board')[1]")


def test_try_board(live):
    fig = board(live, 2)
    feedback = fig.locator(".sharah-feedback")
    # an illegal attempt: the engine's reason, board unchanged
    click_sq(fig, "a3")
    assert dests(fig) == ["c5"]
    click_sq(fig, "a5")
    feedback.wait_for(state="visible")
    assert "cannot move to a5" in feedback.inner_text()
    assert fig.get_attribute("data-state") == "ready" and history(fig) == []
    # an illegal attempt the page explains itself
    click_sq(fig, "b4")
    click_sq(fig, "b6")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[2]"
                           ".querySelector('.sharah-feedback').textContent.includes('one square at a time')")
    # a legal wrong move: played, explained, captures highlighted, try again
    click_sq(fig, "b4")
    click_sq(fig, "c5")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[2]"
                           ".querySelector('.sharah-feedback').dataset.kind === 'wrong'")
    assert "about the elephant" in feedback.inner_text()
    assert feedback.locator("em").inner_text() == "elephant"
    assert fig.locator("svg .hl-capture").count() == 1
    assert history(fig) == ["b4c5"]
    feedback.locator("button", has_text="Try again").click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[2]"
                           ".querySelector('.sharah-feedback').hidden")
    assert history(fig) == []
    # a generic wrong move
    click_sq(fig, "c1")
    click_sq(fig, "d1")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[2]"
                           ".querySelector('.sharah-feedback').dataset.kind === 'wrong'")
    assert "not the move this rule shows" in feedback.inner_text()
    feedback.locator("button", has_text="Try again").click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[2]"
                           ".querySelector('.sharah-feedback').hidden")
    # the right move
    click_sq(fig, "a3")
    click_sq(fig, "c5")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[2]"
                           ".querySelector('.sharah-feedback').dataset.kind === 'right'")
    assert "Right: the elephant jumps" in feedback.inner_text()
    # answered: the board takes no more moves
    click_sq(fig, "b16")
    assert dests(fig) == []


def test_promotion_choice(live):
    fig = board(live, 3)
    click_sq(fig, "a15")
    assert dests(fig) == ["a16"]
    click_sq(fig, "a16")
    choices = fig.locator(".sharah-choices")
    choices.wait_for(state="visible")
    labels = choices.locator("button[data-move]").all_inner_texts()
    assert labels == ["promote to General (firzan)", "promote to Elephant (fil)",
                      "promote to Knight", "promote to Rook (rukh)"]
    choices.locator("button", has_text="Knight").click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[3]"
                           ".querySelectorAll('ol.sharah-moves li').length === 1")
    assert history(fig) == ["a15a16=N"]
    assert piece_on(fig, "a16").get_attribute("class").split()[2] == "pc-knight"


def test_die_badge_and_pass_button(live):
    fig = board(live, 4)
    die = fig.locator(".sharah-badge-die")
    assert die.get_attribute("data-value") == "5"
    assert die.locator("svg.sharah-die circle").count() == 5
    assert "General" in die.inner_text()
    passes = fig.locator(".sharah-free button")
    assert passes.count() == 1 and "pass" in passes.first.inner_text()
    passes.first.click()
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[4]"
                           ".querySelectorAll('ol.sharah-moves li').length === 1")
    assert fig.locator(".sharah-status-text").inner_text().startswith("Black to move")


def test_result_banner(live):
    fig = board(live, 6)
    status = fig.locator(".sharah-status")
    assert status.get_attribute("data-result") is None
    click_sq(fig, "d5")
    click_sq(fig, "d12")
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[6]"
                           ".querySelector('.sharah-status').dataset.result === 'white'")
    assert status.inner_text() == "White wins: the black king is bare."
    assert fig.locator("button[data-action='undo']").is_enabled()
    click_sq(fig, "c9")          # the game is over: nothing to select
    assert dests(fig) == []
    fig.locator("button[data-action='undo']").click()
    live.wait_for_function("() => !document.querySelectorAll('figure.sharah-board')[6]"
                           ".querySelector('.sharah-status').dataset.result")
    assert status.inner_text().startswith("White to move")


def test_selection_is_fast(live):
    """Click to destinations drawn: well under the 50 ms budget (no engine call)."""
    fig = board(live, 0)
    ms = live.evaluate("""() => {
        const fig = document.querySelectorAll('figure.sharah-board')[0];
        const w = fig.sharahWidget;
        const from = [...w.byFrom.keys()][0];
        const t0 = performance.now();
        for (let i = 0; i < 20; i++) { w.deselect(); w.pick(from); }
        const t = (performance.now() - t0) / 20;
        w.deselect();
        return t;
    }""")
    assert ms < 50, ms


def test_no_console_errors_and_no_foreign_requests(live):
    assert live.watch.errors == []
    assert live.watch.foreign == []
    # the worker's own requests are seen (and routed) too
    for name in ("engine-worker.js", "pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", ".zip"):
        assert any(name in u for u in live.watch.requests), name


# ------------------------------------------------------------ navigation

def test_instant_navigation_keeps_one_worker(new_page, base_url):
    page = new_page()
    page.add_init_script("""(() => {
        // count the engine's workers (Material's search has its own)
        const W = window.Worker; window.__workers = 0;
        window.Worker = class extends W {
            constructor(url, ...rest) { super(url, ...rest); if (String(url).includes("engine-worker")) window.__workers++; }
        };
    })()""")
    page.goto(base_url + TEST_PAGE)
    wait_ready(page)
    page.evaluate("window.__sameDocument = true")
    # to the rules page (instant), then back to the test page (instant)
    page.locator("a[href$='games/oblong-shatranj/']").first.click()
    page.wait_for_url("**/games/oblong-shatranj/")
    wait_ready(page, timeout=10_000)
    assert page.evaluate("window.__sameDocument") is True, "instant navigation did not happen"
    page.go_back()
    page.wait_for_url(f"**/{TEST_PAGE}")
    page.wait_for_function("() => document.querySelectorAll('figure.sharah-board[data-state=ready]').length === 6")
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("window.__workers") == 1
    assert page.evaluate("window.sharahDebug.workersCreated") == 1
    # boards of pages left behind are dropped
    assert page.evaluate("window.sharahDebug.widgets.size") == 6
    # and the new boards play
    fig = board(page, 0)
    click_sq(fig, "b2")
    assert dests(fig) == ["a4", "c4"]
    assert page.watch.errors == [] and page.watch.foreign == []


def test_every_real_page_is_clean(new_page, base_url):
    page = new_page()
    for path in REAL_PAGES:
        page.goto(base_url + path)
        if page.locator("figure.sharah-board[data-mode='game'], figure.sharah-board[data-mode='try']").count():
            wait_ready(page)
        assert page.locator("figure.sharah-board svg.sh-board").count() == page.locator("figure.sharah-board").count()
    assert page.watch.errors == []
    assert page.watch.foreign == []


# ------------------------------------------------------------ phone width

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_width(new_page, base_url, scheme):
    page = new_page(width=390, height=844, color_scheme=scheme)
    for path in REAL_PAGES + [TEST_PAGE]:
        page.goto(base_url + path)
        if page.locator("figure.sharah-board[data-mode='game']").count():
            wait_ready(page)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path}: horizontal scroll of {overflow}px"
        figs = page.locator("figure.sharah-board")
        for i in range(figs.count()):
            fig = figs.nth(i)
            if not fig.is_visible():
                continue  # in an inactive tab
            box = fig.locator("svg.sh-board").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (path, i, box)
            assert box["height"] <= 844, (path, i, box)
            # a tall board keeps its status and buttons beside it, in view
            side = fig.locator(".sharah-side").bounding_box()
            if box["height"] > 2 * box["width"]:
                assert side["x"] >= box["x"] + box["width"], (path, i, side)
    assert page.watch.errors == []
