"""The Puzzles pages in Chromium: a puzzle of each game solved by its line
(the engine answers with the most stubborn defence), a wrong move taken
back with its reason, progress (solved puzzles, the streak) kept across a
reload, and damaged progress set aside."""

from __future__ import annotations

import json

import pytest

from .conftest import open_watched
from .helpers import board, click_sq

GAMES = ["oblong-shatranj", "scheherazade", "sharah-hedman", "sharah-surrounds", "sharah-mittner"]


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


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_is_solved_by_its_line(browser, base_url, game):
    context, page = puzzle_page(browser, base_url, game)
    try:
        fig = board(page)
        _p, line = solve(fig)
        state = fig.evaluate("f => f.sharahWidget.state")
        assert state["puzzle"]["solved"] and state["result"]
        assert [h for h in state["history"]] and len(state["history"]) == len(line)
        feedback = fig.locator(".sharah-feedback")
        assert feedback.get_attribute("data-kind") == "right" and "Solved" in feedback.inner_text()
        assert fig.get_attribute("data-locked") == "solved"
        assert page.watch.errors == [] and page.watch.foreign == []
    finally:
        context.close()


def test_a_wrong_move_shows_its_reason_and_is_taken_back(browser, base_url):
    context, page = puzzle_page(browser, base_url, "oblong-shatranj")
    try:
        fig = board(page)
        p = current(fig)
        defence, wrong = next(iter(p["refutations"].items()))
        move(fig, wrong[0])
        state = fig.evaluate("f => f.sharahWidget.state")
        assert state["ply"] == 0 and state["puzzle"]["mistakes"] == 1
        text = fig.locator(".sharah-feedback").inner_text()
        assert "taken back" in text and ("does not win" in text or "ends the game" in text)
    finally:
        context.close()


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
        page.wait_for_function("() => document.querySelector('.sharah-puzzle-score')")
        fig = board(page)
        assert "set aside" in fig.locator(".sharah-hint").inner_text()
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
