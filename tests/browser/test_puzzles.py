"""The Puzzles pages in Chromium: a puzzle of each game solved by its line
(the engine answers with the most stubborn defence), a wrong move taken
back with its reason, progress (solved puzzles, the streak) kept across a
reload, and damaged progress set aside; no axe-core findings on the
boards, light and dark, and the Light and Shadow page on a phone."""

from __future__ import annotations

import json
import os

import pytest

from sharah_web.variants import VARIANTS

from .conftest import open_watched
from .helpers import board, click_sq, with_axe

SHOTS = os.environ.get("SHARAH_SHOTS")


def puzzle_page(browser, base_url, game):
    return open_watched(browser, base_url, f"puzzles/{game}/")


def current(fig):
    """The puzzle on the board (its play data, from the page's data block)."""
    pid = fig.evaluate("f => f.sharahWidget.state.puzzle.id")
    data = json.loads(fig.locator("template.sharah-puzzle-data").get_attribute("data-puzzles"))
    return next(p for p in data if p["id"] == pid)


def move(fig, notation):
    """Play ``notation`` as a reader does: two clicks when its squares name
    it alone, else through the board's own play (a choice on the board)."""
    entry = fig.evaluate(
        "(f, n) => f.sharahWidget.state.moves.find(m => m.n === n)", notation)
    assert entry, notation
    same = fig.evaluate(
        "(f, e) => f.sharahWidget.state.moves.filter(m => m.from === e.from && m.to === e.to).length", entry)
    ply = fig.evaluate("f => f.sharahWidget.state.ply")
    mistakes = fig.evaluate("f => f.sharahWidget.state.puzzle.mistakes")
    if entry.get("from") and entry.get("to") and same == 1:
        click_sq(fig, entry["from"])
        click_sq(fig, entry["to"])
    else:
        fig.evaluate("(f, n) => f.sharahWidget.play(n)", notation)
    fig.page.wait_for_function(
        "([f, ply, k]) => !f.dataset.busy && (f.sharahWidget.state.ply > ply"
        " || f.sharahWidget.state.puzzle.mistakes > k)",
        arg=[fig.element_handle(), ply, mistakes], timeout=60_000)


def solve(fig):
    """Play the current puzzle's first stored line; its play data."""
    p = current(fig)
    line = p["lines"][next(iter(p["lines"]))]
    for i in range(0, len(line), 2):
        move(fig, line[i])
    return p, line


def test_progress_survives_a_reload_and_damaged_progress_is_set_aside(browser, base_url):
    context, page = puzzle_page(browser, base_url, "scheherazade")
    try:
        fig = board(page)
        p, _line = solve(fig)
        stored = json.loads(page.evaluate("localStorage.getItem('sharah-puzzles')"))
        assert stored["solved"] == {p["id"]: "clean"} and stored["streak"] == 1
        page.reload()
        page.wait_for_function("() => document.querySelector('.sharah-puzzle-score')")
        fig = board(page)
        assert "Solved here: 1 of" in fig.locator(".sharah-puzzle-score").inner_text()
        assert "Streak: 1" in fig.locator(".sharah-puzzle-score").inner_text()
        page.evaluate("localStorage.setItem('sharah-puzzles', '{damaged')")
        page.reload()
        # the note is written when the puzzle panel reads the damaged progress
        page.wait_for_function("() => { const h = document.querySelector('figure.sharah-board .sharah-hint');"
                               " return h && h.innerText.includes('set aside'); }")
        fig = board(page)
        assert page.evaluate("localStorage.getItem('sharah-puzzles:set-aside')") == "{damaged"
        assert "Solved here: 0 of" in fig.locator(".sharah-puzzle-score").inner_text()
    finally:
        context.close()


def test_a_link_opens_its_puzzle(browser, base_url):
    context, page = puzzle_page(browser, base_url, "sharah-hedman")
    try:
        fig = board(page)
        data = json.loads(fig.locator("template.sharah-puzzle-data").get_attribute("data-puzzles"))
        target = data[-1]["id"]
        page.goto(base_url + f"puzzles/sharah-hedman/#puzzle={target}")
        page.wait_for_function(
            "(id) => { const f = document.querySelector('figure.sharah-board');"
            " return f && f.sharahWidget && f.sharahWidget.state && f.sharahWidget.state.puzzle.id === id; }",
            arg=target, timeout=60_000)
    finally:
        context.close()


# every rule on the puzzle board (the page around it is the theme's, checked
# for contrast with every page in test_contrast); contrast on the whole page
AXE_RUN = """async () => {
    const board = await axe.run({include: [['figure.sharah-board']]}, {resultTypes: ['violations']});
    const page = await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']},
                                          resultTypes: ['violations']});
    return board.violations.concat(page.violations).flatMap(v => v.nodes.map(n => v.id + ' '
        + n.target.join(' ') + ': ' + n.any.concat(n.all, n.none).map(c => c.message).join(' ')));
}"""


def axe_findings(page, fig, where, touch):
    """axe's findings on the page as it is, light and dark; on a touch
    screen, the board's controls under a fingertip's 44 px too."""
    findings = []
    for scheme in ("default", "slate"):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        findings += [f"{where} {scheme}: {f}" for f in page.evaluate(AXE_RUN)]
        if SHOTS:
            fig.screenshot(path=f"{SHOTS}/puzzles-{where.replace(' ', '-')}-{scheme}.png")
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")
    if touch:      # a fingertip's controls: 44 px at least
        small = fig.evaluate("""f => [...f.querySelectorAll('.sharah-puzzle-panel button,'
            + ' .sharah-puzzle-panel select, .sharah-controls button')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().height < 44)
            .map(e => e.textContent.trim().slice(0, 20))""")
        findings += [f"{where}: {c}: under 44 px tall" for c in small]
    return findings


def wrong_move_taken_back(fig):
    """Play a stored wrong move: it is taken back with its reason."""
    wrong = next(iter(current(fig)["refutations"].values()))[0]
    move(fig, wrong)
    state = fig.evaluate("f => f.sharahWidget.state")
    assert state["ply"] == 0 and state["puzzle"]["mistakes"] == 1
    text = fig.locator(".sharah-feedback").inner_text()
    assert "taken back" in text and ("does not win" in text or "ends the game" in text)


@pytest.mark.parametrize("game", list(VARIANTS))
def test_a_puzzle_page_has_no_axe_finding_takes_a_wrong_move_back_and_is_solved_by_its_line(browser, base_url,
                                                                                           game):
    """One page of the game's puzzles, its first puzzle: every rule of
    axe-core on the board and contrast on the whole page, in the light and
    the dark palette, as it first shows and with a wrong move's reason
    showing; the wrong move taken back with its reason; then the puzzle
    solved by its line (the engine answers with the most stubborn
    defence). The Light and Shadow page also on a phone (touch), where
    every control is a fingertip tall and the task comes first under the
    board."""
    findings = []
    sizes = [(1366, 900, False)] + ([(390, 844, True)] if game == "sharah-surrounds" else [])
    for width, height, touch in sizes:
        context, page = open_watched(browser, base_url, f"puzzles/{game}/", width=width, height=height,
                                     has_touch=touch, is_mobile=touch, device_scale_factor=2 if touch else 1)
        try:
            with_axe(page)
            fig = board(page)
            findings += axe_findings(page, fig, f"{game}-{width} first", touch)
            wrong_move_taken_back(fig)
            findings += axe_findings(page, fig, f"{game}-{width} wrong", touch)
            if touch:
                # what to do comes first: the task right under the board, above the game's status
                svg, task, status = (fig.locator(s).bounding_box()
                                     for s in (".sharah-svg svg", ".sharah-puzzle-task", ".sharah-status"))
                assert svg["y"] + svg["height"] <= task["y"] < status["y"]
                continue
            _p, line = solve(fig)
            state = fig.evaluate("f => f.sharahWidget.state")
            assert state["puzzle"]["solved"] and state["result"]
            assert [h for h in state["history"]] and len(state["history"]) == len(line)
            feedback = fig.locator(".sharah-feedback")
            assert feedback.get_attribute("data-kind") == "right"
            assert feedback.inner_text() == f"Solved with {state['history'][-1]}."
            # the result is said once (the status line), the verdict once (above)
            assert fig.inner_text().count(state["result"]["text"]) == 1
            assert state["result"]["text"] in fig.locator(".sharah-status").inner_text()
            assert fig.locator(".sharah-puzzle-task").is_hidden()
            assert fig.get_attribute("data-locked") == "solved"
            assert page.watch.errors == [] and page.watch.foreign == []
        finally:
            context.close()
    assert findings == [], "\n".join(findings)
