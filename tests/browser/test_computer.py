"""The computer opponent in Chromium: the Players panel, the computer's
answer, a game between computers to the end, a search stopped by Undo, and
the hint (tests/browser/pages/computer-test.md).

Board A: Oblong Shatranj without die from the set-up (a human against the
computer). Board B: two white rooks against a knight and a pawn, where the
computer playing itself at the sparring level ends the game in a few moves.
Board C: a diagram, which has no players.
"""

from __future__ import annotations

import pytest

from .conftest import TEST_DIR, shared
from .helpers import board, click_sq, engine_requests, engine_round_trip, history, log_engine_requests, status, wait_fig


PAGE = f"{TEST_DIR}/computer-test/"
A, B, C = range(3)


@pytest.fixture(scope="module")
def pages(browser, base_url):
    with shared(browser, base_url, PAGE) as pages:
        yield pages


@pytest.fixture
def page(pages):
    """The module's page with fresh boards for each test (``conftest.Shared``):
    the boards' settings start afresh, on one engine."""
    page = pages.lend()
    yield page
    assert not page.watch.errors, page.watch.errors


def players(fig, **sides):
    """Choose the players in the panel: white="1" (a level) or "human"."""
    fig.locator("details.sharah-players > summary").click()
    for side, value in sides.items():
        fig.locator(f'select[data-side="{side}"]').select_option(value)


def wait_levels(fig):
    wait_fig(fig, "f.querySelectorAll('select[data-side=white] option').length === 4")


def test_the_panel_offers_the_engines_levels(page):
    fig = board(page, A)
    wait_levels(fig)
    options = fig.locator('select[data-side="black"] option').all_text_contents()
    assert options == ["Human", "Computer: Sparring", "Computer: Default", "Computer: Strongest"]
    assert fig.locator("details.sharah-players > summary").inner_text() == \
        "Players: White human, Black human"
    assert fig.locator(".sharah-level-about li").count() == 3
    assert board(page, C).locator(".sharah-addon-computer").count() == 0   # a diagram has none


def test_the_players_come_back_after_a_reload(page):
    fig = board(page, A)
    wait_levels(fig)
    players(fig, black="1")
    assert fig.get_attribute("data-players") == "human computer1"
    page.reload()
    fig = board(page, A)
    wait_levels(fig)
    wait_fig(fig, "f.dataset.players === 'human computer1'")
    assert fig.locator('select[data-side="black"]').input_value() == "1"
    assert fig.locator('select[data-side="white"]').input_value() == "human"
    # settings in storage are checked like any input: an unknown level is ignored
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
        if (k.startsWith('sharah-players:')) localStorage.setItem(k, '{"sides": {"black": {"player": "computer", "level": 99}}}');
    }""")
    page.reload()
    fig = board(page, A)
    wait_levels(fig)
    assert fig.get_attribute("data-players") == "human human"


def test_the_computer_answers_a_human_move_and_undo_takes_both_back(page):
    fig = board(page, A)
    wait_levels(fig)
    players(fig, black="1")
    assert fig.get_attribute("data-players") == "human computer1"
    click_sq(fig, "b5")
    click_sq(fig, "b6")
    wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 2 && !f.dataset.thinking")
    moves = history(fig)
    assert moves[0] == "b5b6"
    assert fig.locator("ol.sharah-moves li").nth(1).get_attribute("data-side") == "black"
    assert fig.get_attribute("data-locked") is None          # White (the human) to move
    assert status(fig).startswith("White")
    fig.locator('button[data-action="undo"]').click()
    wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 0")
    assert fig.get_attribute("data-to-move") == "white" and not fig.get_attribute("data-thinking")
    # Redo replays White's move; the computer does not throw away the move to redo
    log_engine_requests(page)
    fig.locator('button[data-action="redo"]').click()
    wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 1")
    play_on = fig.locator('button[data-computer="pause"]')
    assert play_on.inner_text() == "Play on" and play_on.is_visible()
    assert "moves to redo" in fig.locator(".sharah-thinking").inner_text()
    # it would have asked for a search as soon as the redo's state came
    # (before this round trip): it asked for none
    engine_round_trip(fig)
    sent = engine_requests(page)
    assert "redo" in sent and "think" not in sent[sent.index("redo"):], sent
    assert history(fig) == ["b5b6"] and fig.get_attribute("data-thinking") is None
    play_on.click()                                          # ... unless asked to play on
    wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 2 && !f.dataset.thinking")
    assert fig.locator('button[data-action="redo"]').is_disabled()


def test_computer_against_computer_plays_to_a_result(page):
    fig = board(page, B)
    wait_levels(fig)
    players(fig, white="1", black="1")
    fig.locator('select[data-computer="delay"]').select_option("0")
    assert fig.locator('button[data-computer="pause"]').is_visible()
    assert not fig.locator('button[data-computer="hint"]').is_visible()
    wait_fig(fig, "!!f.querySelector('.sharah-status[data-result]')", timeout=120_000)
    assert fig.locator(".sharah-status").get_attribute("data-result") == "white"
    assert status(fig).startswith("White wins")
    n = len(history(fig))
    assert n >= 1 and n % 2 == 1                                # White moved last: the winning move
    assert fig.get_attribute("data-thinking") is None
    assert fig.locator('button[data-computer="pause"]').is_disabled()


def test_undo_stops_the_computer_at_once(page):
    fig = board(page, A)
    wait_levels(fig)
    players(fig, black="3")                                     # the strongest: seconds of thinking
    log_engine_requests(page)
    click_sq(fig, "b5")
    click_sq(fig, "b6")
    wait_fig(fig, "f.dataset.thinking === 'black'")
    assert fig.get_attribute("data-locked") == "computer"
    assert "is thinking" in fig.locator(".sharah-thinking").inner_text()
    fig.locator('button[data-action="undo"]').click()
    wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 0", timeout=5_000)
    assert fig.get_attribute("data-thinking") is None
    assert not fig.locator(".sharah-thinking").is_visible()
    assert fig.get_attribute("data-to-move") == "white"
    # The search goes on in slices, each a request: the answer to the slice
    # on its way came before the undo's (the worker answers in order), and
    # no slice, and no move, was asked for after it: no computer move comes.
    engine_round_trip(fig)
    sent = engine_requests(page)
    assert "think" in sent[:sent.index("undo")]
    after = sent[sent.index("undo") + 1:len(sent) - 1 - sent[::-1].index("ping")]
    assert "think" not in after and "play" not in after, sent
    assert history(fig) == [] and fig.get_attribute("data-thinking") is None
    assert fig.get_attribute("data-locked") is None
    # and the board still plays
    click_sq(fig, "a5")
    click_sq(fig, "a6")
    wait_fig(fig, "f.dataset.thinking === 'black'")


def test_hint_shows_a_move_without_playing_it(page):
    fig = board(page, A)
    wait_levels(fig)
    fig.locator('button[data-computer="hint"]').click()
    wait_fig(fig, "!!f.dataset.hint")
    move = fig.get_attribute("data-hint")
    marked = sorted(fig.locator("rect.is-hint").evaluate_all("els => els.map(e => e.dataset.sq)"))
    legal = fig.evaluate("(f, n) => f.sharahWidget.state.moves.find(m => m.n === n)", move)
    assert legal is not None and marked == sorted([legal["from"], legal["to"]])
    text = fig.locator(".sharah-hint").inner_text()
    assert text.startswith("Hint: White could play ") and legal["from"] in text and legal["to"] in text
    assert history(fig) == [] and fig.get_attribute("data-to-move") == "white"
    # playing a move clears the hint
    click_sq(fig, "b5")
    click_sq(fig, "b6")
    wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 1")
    assert fig.locator("rect.is-hint").count() == 0 and fig.get_attribute("data-hint") is None
