"""Analysis, review and variations in Chromium
(tests/browser/pages/analysis-test.md): the toggle shows the bar, the
number, the line and its arrows, and stepping through the game updates
them; a best move plays by a click; a review ends with its graph and is
kept over a reload; Cancel stops a review within a slice; a move made
while looking back starts a variation; the phone layout shows the bar
beside, not over, the board; axe-core finds nothing on the new controls,
light and dark. Screenshots go to $SHARAH_SHOTS when it is set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import TEST_DIR, open_watched, wait_ready
from .helpers import board, click_sq, wait_fig

PAGE = f"{TEST_DIR}/analysis-test/"
A, B = range(2)
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = os.environ.get("SHARAH_SHOTS")


@pytest.fixture
def page(browser, base_url):
    context, page = open_watched(browser, base_url, PAGE)
    yield page
    assert not page.watch.errors, page.watch.errors
    context.close()


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
    fill = fig.locator(".sharah-eval-fill")
    width = fill.evaluate("e => e.style.width")
    assert width.endswith("%") and 0 < float(width[:-1]) < 100
    number = fig.locator(".sharah-eval-number").inner_text()
    assert number[0] in "+-0" or "wins" in number
    line = fig.locator(".sharah-analysis-line").inner_text()
    best = fig.get_attribute("data-analysis-best")
    assert line.startswith("Line: 3. ") and best in line
    assert fig.locator("g.sharah-analysis-arrow line").count() >= 2
    assert fig.locator(".sharah-analysis-moves button[data-move]").count() >= 2
    assert "depth" in fig.locator(".sharah-eval-depth").inner_text()
    # stepping back: a new analysis for that position, arrows again
    goto(fig, 2)
    analysed_at(fig, 2)
    assert fig.locator(".sharah-analysis-line").inner_text().startswith("Line: 2. ")
    assert fig.locator("g.sharah-analysis-arrow line").count() >= 1
    # it deepens while the position stays
    wait_fig(fig, "+f.dataset.analysisDepth >= 1")
    # off: the panel and the arrows go
    toggle.click()
    assert fig.locator(".sharah-analysis").is_hidden()
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
    first = fig.locator(".sharah-analysis-moves button[data-move]").first
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


def test_a_review_shows_its_graph_and_marks_and_is_kept_over_a_reload(page):
    fig = board(page, A)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "f.dataset.review === 'done'")
    assert fig.locator(".sharah-review-progress").inner_text() == "5 of 5 positions"
    chart = fig.locator("svg.sharah-review-chart")
    assert chart.count() == 1 and chart.locator("polygon.sharah-chart-area").count() == 1
    # a click on the graph goes to that move; keys too
    box = chart.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
    wait_fig(fig, "f.querySelector('ol.sharah-moves li[aria-current]')?.dataset.ply === '2'")
    chart.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_fig(fig, "f.querySelector('ol.sharah-moves li[aria-current]')?.dataset.ply === '3'")
    page.reload()
    wait_ready(page)
    fig = board(page, A)
    wait_fig(fig, "f.dataset.reviewDone === '5'")
    assert fig.locator("svg.sharah-review-chart").count() == 1


def test_cancel_stops_a_review_within_a_slice(page):
    fig = board(page, B)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "+f.dataset.reviewDone >= 1")
    fig.locator('button[data-analysis="cancel"]').click()
    wait_fig(fig, "f.dataset.review === 'cancelled'")
    page.wait_for_timeout(300)
    done = fig.get_attribute("data-review-done")
    page.wait_for_timeout(1500)
    assert fig.get_attribute("data-review-done") == done and int(done) < 25
    assert "(cancelled)" in fig.locator(".sharah-review-progress").inner_text()


AXE_RUN = """async (sel) => {
    const r = await axe.run({include: [[sel]]}, {resultTypes: ['violations']});
    return r.violations.flatMap(v => v.nodes.map(n => v.id + ' ' + n.target.join(' ')));
}"""


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_no_axe_findings_on_the_new_controls(browser, base_url, scheme):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.goto(base_url + PAGE)
    wait_ready(page)
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    page.add_style_tag(content="*, ::before, ::after { transition: none !important; }")
    fig = board(page, A)
    fig.locator('button[data-analysis="toggle"]').click()
    analysed_at(fig, 4)
    fig.locator('button[data-analysis="review"]').click()
    wait_fig(fig, "f.dataset.review === 'done'")
    goto(fig, 2)
    click_sq(fig, "d5")
    click_sq(fig, "d6")
    wait_fig(fig, "!!f.querySelector('ol.sharah-moves li.sharah-variation')")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(AXE_RUN, "figure.sharah-board .sharah-addon-analysis") + \
        page.evaluate(AXE_RUN, "figure.sharah-board ol.sharah-moves")
    if SHOTS:
        fig.screenshot(path=f"{SHOTS}/analysis-desktop-{scheme}.png")
    context.close()
    assert found == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_phone_layout_shows_the_bar_beside_not_over_the_board(phone, scheme):
    page = phone(PAGE, color_scheme=scheme)
    fig = board(page, A)
    fig.locator('button[data-analysis="toggle"]').click()
    analysed_at(fig, 4)
    bar = fig.locator(".sharah-eval-meter").bounding_box()
    svg = fig.locator(".sharah-svg svg").bounding_box()
    assert bar["width"] > 100 and bar["height"] > 5
    overlap = not (bar["y"] >= svg["y"] + svg["height"] or bar["y"] + bar["height"] <= svg["y"]
                   or bar["x"] >= svg["x"] + svg["width"] or bar["x"] + bar["width"] <= svg["x"])
    assert not overlap
    if SHOTS:
        fig.locator(".sharah-eval-meter").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/analysis-phone-{scheme}.png")
