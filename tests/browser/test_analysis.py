"""Analysis, review and variations in Chromium
(tests/browser/pages/analysis-test.md): the toggle shows the bar, the
number, the line and its arrows, and stepping through the game updates
them, the bar upright beside the board; a best move plays by a click; a
review ends with its graph and is kept over a reload, its marks and the
engine's better moves beside their moves in the move list; Cancel stops a review within a slice; a
move made while looking back starts a variation; the phone layout shows
the bar beside or under the board, never over it, and the board keeps its
size; axe-core finds nothing on the new controls, light and dark (one page, both palettes). Screenshots go to $SHARAH_SHOTS when it is set."""

from __future__ import annotations

import os

import pytest

from .conftest import TEST_DIR, shared, wait_ready
from .helpers import board, click_sq, engine_round_trip, wait_fig, with_axe

PAGE = f"{TEST_DIR}/analysis-test/"
# each test changes only boards no later test needs as built: what a test
# plays is saved, and a save may still reach the storage of the next
# test's page (E is A's game, for the review alone)
A, B, C, D, E = range(5)
SHOTS = os.environ.get("SHARAH_SHOTS")


@pytest.fixture(scope="module")
def desktop(browser, base_url):
    """The analysis page on the desktop, one engine for the module's tests
    (``conftest.Shared``: each test has fresh boards)."""
    with shared(browser, base_url, PAGE) as pages:
        yield pages


@pytest.fixture(scope="module")
def on_phone(browser, base_url):
    with shared(browser, base_url, PAGE, kind="phone") as pages:
        yield pages


@pytest.fixture
def page(desktop):
    page = desktop.lend()
    yield page
    assert not page.watch.errors, page.watch.errors


def analysed_at(fig, ply):
    """Wait until the analysis shows a result for the position after ``ply`` moves."""
    wait_fig(fig, f"f.dataset.analysisPly === '{ply}' && !!f.dataset.analysisBest")


def goto(fig, ply):
    fig.locator(f'ol.sharah-moves li[data-ply="{ply}"]').click()
    wait_fig(fig, f"f.querySelector('ol.sharah-moves li[aria-current]')?.dataset.ply === '{ply}'")


def test_the_toggle_shows_the_bar_the_line_and_arrows_and_stepping_updates_them(page):
    fig = board(page, A)
    toggle = fig.locator('button[data-analysis="toggle"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    assert fig.locator(".sharah-analysis").is_hidden()
    toggle.click()
    analysed_at(fig, 4)
    assert toggle.get_attribute("aria-pressed") == "true"
    meter = fig.locator(".sharah-eval-meter")
    share = float(meter.evaluate("e => e.style.getPropertyValue('--sharah-eval')"))
    assert 0 < share < 1
    # upright beside the board, in the gap before the side column, as tall as the board
    assert meter.get_attribute("data-place") == "beside" and meter.get_attribute("data-from") == "bottom"
    bar, svg = meter.bounding_box(), fig.locator(".sharah-svg svg").bounding_box()
    side = fig.locator(".sharah-side").bounding_box()
    assert svg["x"] + svg["width"] <= bar["x"] and bar["x"] + bar["width"] <= side["x"]
    assert abs(bar["height"] - svg["height"]) < 2 and bar["height"] > 4 * bar["width"]
    fill = fig.locator(".sharah-eval-fill").bounding_box()
    assert abs(fill["height"] - share * bar["height"]) < 3 and abs(fill["y"] + fill["height"] - bar["y"] - bar["height"]) < 2
    number = fig.locator(".sharah-eval-number").inner_text()
    assert number[0] in "+-0" or "wins" in number
    line = fig.locator(".sharah-analysis-line").inner_text()
    best = fig.get_attribute("data-analysis-best")
    assert line.startswith("Line: 3. ") and best in line
    assert fig.locator("g.sharah-analysis-arrow line").count() >= 2
    # the best few moves (a later stage may list more than the first)
    wait_fig(fig, "f.querySelectorAll('.sharah-analysis-moves button[data-move]').length >= 2")
    assert "depth" in fig.locator(".sharah-eval-depth").inner_text()
    # stepping back: a new analysis for that position, arrows again
    goto(fig, 2)
    analysed_at(fig, 2)
    assert fig.locator(".sharah-analysis-line").inner_text().startswith("Line: 2. ")
    assert fig.locator("g.sharah-analysis-arrow line").count() >= 1
    # it deepens while the position stays
    wait_fig(fig, "+f.dataset.analysisDepth >= 1")
    # off: the panel, the bar and the arrows go
    toggle.click()
    assert fig.locator(".sharah-analysis").is_hidden() and meter.is_hidden()
    assert fig.locator("g.sharah-analysis-arrow").count() == 0
    # on request, the evaluation is read out (the status line)
    toggle.click()
    analysed_at(fig, 2)
    fig.locator('button[data-analysis="read"]').click()
    wait_fig(fig, "[...f.querySelectorAll('[aria-live]')].some(n => n.textContent.includes('Evaluation for white'))")


def test_a_best_move_plays_by_a_click_and_a_move_looking_back_starts_a_variation(page):
    fig = board(page, A)
    goto(fig, 2)
    fig.locator('button[data-analysis="toggle"]').click()
    analysed_at(fig, 2)
    # a best move other than the main line's next (a busy machine's time cap may rank that first)
    first = fig.locator('.sharah-analysis-moves button[data-move]:not([data-move="a5a6"])').first
    move = first.get_attribute("data-move")
    first.click()
    # the main line (a5a6 d12d11) is kept: the move made looking back starts a variation
    wait_fig(fig, "!!f.querySelector('ol.sharah-moves li.sharah-variation')")
    moves = fig.locator("ol.sharah-moves")
    current = moves.locator("li[aria-current]")
    assert move != "a5a6" and current.inner_text().endswith(move)
    assert moves.locator("li.sharah-variation li[aria-current]").count() == 1
    analysed_at(fig, 3)
    # promote it, then go back to the old line and delete it
    fig.locator('li.sharah-variation button[data-var-op="promote"]').click()
    wait_fig(fig, "!f.querySelector('ol.sharah-moves > li.sharah-variation li[aria-current]')")
    fig.locator('li.sharah-variation button[data-var-op="delete"]').click()
    wait_fig(fig, "!f.querySelector('ol.sharah-moves li.sharah-variation')")
    if SHOTS:
        fig.screenshot(path=f"{SHOTS}/analysis-desktop-variation.png")


def test_a_review_marks_its_moves_in_the_move_list_shows_its_graph_and_is_kept_over_a_reload(page):
    # a blunder: its sign and the engine's better move beside it in the move list
    fig = board(page, C)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "f.dataset.review === 'done' && f.dataset.reviewMarks !== undefined")
    marked = fig.locator("ol.sharah-moves li[data-mark]")
    assert marked.count() == int(fig.get_attribute("data-review-marks")) >= 1
    blunder = fig.locator('ol.sharah-moves li[data-ply="2"]')
    assert blunder.get_attribute("data-mark") == "blunder"
    sign = blunder.locator(".sharah-move-mark")
    assert sign.locator('[aria-hidden="true"]').first.inner_text() == "??"
    shown = sign.locator(".sharah-move-better")
    assert shown.is_visible() and shown.inner_text().startswith("better ")
    better = shown.inner_text().removeprefix("better ")
    assert blunder.inner_text().startswith(f"2.c8b9??better {better}")     # the margins make the spaces
    # beside the sign, on its line, inside the move's item
    item, glyph, box = (x.bounding_box() for x in (blunder, sign.locator('[aria-hidden="true"]').first, shown))
    assert glyph["x"] + glyph["width"] <= box["x"] and abs(glyph["y"] - box["y"]) < glyph["height"] / 2
    assert item["x"] <= box["x"] and box["x"] + box["width"] <= item["x"] + item["width"] + 1
    # screen readers hear the word and the better move (once: the shown move is hidden from them);
    # the list under the graph says it too, a button to the move
    said = sign.locator(".sharah-visually-hidden").text_content()
    assert said == f" (blunder, better {better})" and shown.get_attribute("aria-hidden") == "true"
    listed = fig.locator('.sharah-review-marks li[data-mark="blunder"]').inner_text()
    assert listed == f"2. c8b9: blunder (better: {better})"
    assert sign.evaluate("e => getComputedStyle(e).color") != blunder.evaluate("e => getComputedStyle(e).color")
    if SHOTS:
        fig.screenshot(path=f"{SHOTS}/analysis-desktop-marks.png")
    # the graph: a click on it goes to that move; keys too
    fig = board(page, E)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "f.dataset.review === 'done'")
    assert fig.locator(".sharah-review-progress").inner_text() == "5 of 5 positions"
    chart = fig.locator("svg.sharah-review-chart")
    assert chart.count() == 1 and chart.locator("polygon.sharah-chart-area").count() == 1
    box = chart.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
    wait_fig(fig, "f.querySelector('ol.sharah-moves li[aria-current]')?.dataset.ply === '2'")
    chart.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_fig(fig, "f.querySelector('ol.sharah-moves li[aria-current]')?.dataset.ply === '3'")
    # kept over a reload: the graph, and the marks in the move list, without thinking again
    page.reload()
    wait_ready(page)
    fig = board(page, E)
    wait_fig(fig, "f.dataset.reviewDone === '5'")
    assert fig.locator("svg.sharah-review-chart").count() == 1
    fig = board(page, C)
    wait_fig(fig, "!!f.querySelector('ol.sharah-moves li[data-ply=\"2\"][data-mark=blunder] .sharah-move-better')")


def test_cancel_stops_a_review_within_a_slice(page):
    fig = board(page, B)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "+f.dataset.reviewDone >= 1")
    fig.locator('button[data-analysis="cancel"]').click()
    wait_fig(fig, "f.dataset.review === 'cancelled'")
    # the cancel's answer is shown; a slice the loop had in flight was
    # answered before it, and a loop that went on would have asked for the
    # next slice then: one more round trip, and nothing has moved
    wait_fig(fig, "f.querySelector('.sharah-review-progress').textContent.includes('(cancelled)')")
    done = fig.get_attribute("data-review-done")
    engine_round_trip(fig)
    assert fig.get_attribute("data-review-done") == done and int(done) < 25
    assert "(cancelled)" in fig.locator(".sharah-review-progress").inner_text()


AXE_RUN = """async (sel) => {
    const r = await axe.run({include: [[sel]]}, {resultTypes: ['violations']});
    return r.violations.flatMap(v => v.nodes.map(n => v.id + ' ' + n.target.join(' ')));
}"""


def test_no_axe_findings_on_the_new_controls_light_or_dark(desktop):
    """Every axe rule on the analysis bar, the move list (a review's marks,
    a variation) and the meter: no finding, in the light and the dark
    palette (one page: the review made once, then each palette measured)."""
    page = desktop.lend(width=1366, height=900)
    with_axe(page)
    fig = board(page, A)
    fig.locator('button[data-analysis="toggle"]').click()
    analysed_at(fig, 4)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "f.dataset.review === 'done'")
    goto(fig, 2)
    click_sq(fig, "d5")
    click_sq(fig, "d6")
    wait_fig(fig, "!!f.querySelector('ol.sharah-moves li.sharah-variation')")
    marked = board(page, C)
    marked.locator('button[data-analysis="review"]').click()
    wait_fig(marked, "+f.dataset.reviewMarks >= 1")
    found = {}
    for scheme in ("default", "slate"):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        found[scheme] = [hit for sel in (".sharah-addon-analysis", "ol.sharah-moves", ".sharah-eval-meter")
                         for hit in page.evaluate(AXE_RUN, f"figure.sharah-board {sel}")]
        if SHOTS:
            fig.screenshot(path=f"{SHOTS}/analysis-desktop-{scheme}.png")
    assert found == {"default": [], "slate": []}


def overlaps(a, b) -> bool:
    return not (a["y"] >= b["y"] + b["height"] or a["y"] + a["height"] <= b["y"]
                or a["x"] >= b["x"] + b["width"] or a["x"] + a["width"] <= b["x"])


TOGGLE_LOOK = "b => { const s = getComputedStyle(b); return [s.color, s.backgroundColor, s.borderColor]; }"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_phone_layout_shows_the_bar_beside_or_under_never_over_the_board(on_phone, scheme):
    """The tall board (4x16) leaves room beside it: the bar stands in the
    gap; a square board takes the phone's width: the bar lies under it,
    under the drawing (not the coordinates' gutter). The toggle, tapped on,
    looks pressed (a touch screen colours no focus), and tapped off, not."""
    page = on_phone.lend(color_scheme=scheme)
    page.add_style_tag(content="*, ::before, ::after { transition: none !important; }")
    for index, place in ((A, "beside"), (D, "under")):
        fig = board(page, index)
        svg = fig.locator(".sharah-svg svg")
        before = svg.bounding_box()
        toggle = fig.locator('button[data-analysis="toggle"]')
        off = toggle.evaluate(TOGGLE_LOOK)
        toggle.tap()
        analysed_at(fig, fig.evaluate("f => f.sharahWidget.state.ply"))
        assert toggle.evaluate(TOGGLE_LOOK) != off                      # pressed
        meter = fig.locator(".sharah-eval-meter")
        bar, after = meter.bounding_box(), svg.bounding_box()
        assert after["width"] == before["width"] and after["height"] == before["height"]   # not squeezed
        assert not overlaps(bar, after) and bar["x"] + bar["width"] <= page.viewport_size["width"]
        assert meter.get_attribute("data-place") == place
        if place == "beside":
            assert abs(bar["height"] - after["height"]) < 2 and bar["x"] >= after["x"] + after["width"]
        else:
            assert abs(bar["width"] - after["width"]) < 2 and abs(bar["x"] - after["x"]) < 2
            assert bar["y"] >= after["y"] + after["height"]
        if SHOTS:
            meter.scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/analysis-phone-{place}-{scheme}.png")
        toggle.tap()
        page.wait_for_function("b => b.getAttribute('aria-pressed') === 'false'", arg=toggle.element_handle())
        assert toggle.evaluate(TOGGLE_LOOK) == off and meter.is_hidden()
