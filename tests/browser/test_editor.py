"""The position editor in Chromium (tests/browser/pages/editor-test.md):
build a position (clear the board, place pieces, set the side to move),
see the engine's problem, fix it, play from here and make a move; a bad
position text changes nothing; Cancel leaves the game as it was; the
keyboard reaches the palette and the squares."""

from __future__ import annotations

import pytest

from .conftest import TEST_DIR, open_watched
from .helpers import board, click_sq, history


PAGE = f"{TEST_DIR}/editor-test/"
A, B, C = range(3)


@pytest.fixture(scope="module")
def live(browser, base_url):
    context, page = open_watched(browser, base_url, PAGE)
    yield page
    assert page.watch.errors == [] and page.watch.foreign == []
    context.close()


def pieces(fig):
    """Where every piece on the board stands, as drawn (not the palette's)."""
    return sorted(fig.locator(".sharah-svg g.pc").evaluate_all(
        "els => els.map(e => e.dataset.sq + ':' + [...e.classList].filter(c => !c.startsWith('is-')).join(' '))"))


def editor(fig):
    return fig.locator("section.sharah-editor")


def open_editor(fig):
    """Press "Edit position" and wait for the editor (it asks the engine for
    its palette first)."""
    fig.get_by_role("button", name="Edit position").click()
    editor(fig).wait_for(state="visible")
    wait_idle(fig)


def wait_idle(fig):
    fig.page.wait_for_function("f => !f.dataset.busy", arg=fig.element_handle())


def problems(fig):
    wait_idle(fig)
    return editor(fig).locator(".sharah-editor-problem-list li").all_inner_texts()


def draft(fig):
    wait_idle(fig)
    return editor(fig).locator("textarea").input_value()


def pick(fig, name):
    editor(fig).get_by_role("button", name=name, exact=True).click()


def put(fig, name, square):
    pick(fig, name)
    click_sq(fig, square)
    wait_idle(fig)
    pick(fig, name)     # put the piece back in the palette


def test_no_editor_on_a_diagram(live):
    assert board(live, C).locator(".sharah-edit-toggle").count() == 0
    assert board(live, A).locator(".sharah-edit-toggle").is_visible()


def test_build_a_position_fix_it_and_play_from_it(live):
    fig = board(live, A)
    click_sq(fig, "b2")
    click_sq(fig, "c4")
    live.wait_for_function("f => f.sharahWidget.state.history.length === 1", arg=fig.element_handle())

    open_editor(fig)
    assert fig.get_attribute("data-interceptor") == "editor" and "editor" in fig.get_attribute("data-locked")
    assert not fig.locator(".sharah-controls").is_visible()
    editor(fig).get_by_role("button", name="Clear board").click()
    assert draft(fig) == "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4 b 1"     # the fields stay as they were
    assert problems(fig) == ["White has no king."] and pieces(fig) == []
    assert editor(fig).get_by_role("button", name="Play from here").is_disabled()

    put(fig, "White King", "a1")
    put(fig, "Black King", "c16")
    put(fig, "White Rook (rukh)", "c8")          # checks the black king
    editor(fig).get_by_label("Side to move").select_option("w")
    assert pieces(fig) == ["a1:pc pc-white pc-king tone-light", "c16:pc pc-black pc-king tone-dark",
                           "c8:pc pc-white pc-rook tone-light"]
    assert problems(fig) == ["Black is in check but it is not their move."]
    assert editor(fig).get_by_role("button", name="Play from here").is_disabled()

    # a text that is not a position: the engine says why, the draft stays
    text = editor(fig).locator("textarea")
    text.fill("<b>nope</b> w")
    text.press("Enter")
    live.wait_for_function("f => f.querySelector('.sharah-hint').textContent.includes('16 ranks')",
                           arg=fig.element_handle())
    assert fig.locator(".sharah-hint").inner_text() == "the board has 16 ranks, the text gives 2"
    assert fig.locator(".sharah-hint b").count() == 0      # shown as text, never as markup
    assert len(pieces(fig)) == 3

    editor(fig).get_by_label("Side to move").select_option("b")
    wait_idle(fig)
    assert problems(fig) == []
    assert editor(fig).locator(".sharah-editor-ok").inner_text() == "This position can be played."
    position = draft(fig)
    assert position == "2k1/4/4/4/4/4/4/4/2R1/4/4/4/4/4/4/K3 b 1"

    editor(fig).get_by_role("button", name="Play from here").click()
    confirm = fig.locator(".sharah-confirm")       # a move was played: ask first
    assert "Discard this game (1 move)?" in confirm.inner_text()
    confirm.get_by_role("button", name="Yes, play from here").click()
    live.wait_for_function("f => !f.dataset.interceptor && f.sharahWidget.state.position === "
                           f"{position!r}", arg=fig.element_handle())
    assert not editor(fig).is_visible() and fig.get_attribute("data-locked") is None
    assert history(fig) == []

    click_sq(fig, "c16")
    click_sq(fig, "d16")
    live.wait_for_function("f => f.sharahWidget.state.history.length === 1", arg=fig.element_handle())
    assert history(fig) == ["c16d16"]
    assert "d16:pc pc-black pc-king tone-dark" in pieces(fig)


def test_cancel_leaves_the_game_as_it_was(live):
    fig = board(live, B)
    click_sq(fig, "b2")
    click_sq(fig, "c4")
    live.wait_for_function("f => f.sharahWidget.state.history.length === 1", arg=fig.element_handle())
    before = pieces(fig)
    position = fig.evaluate("f => f.sharahWidget.state.position")

    open_editor(fig)
    editor(fig).get_by_role("button", name="Clear board").click()
    wait_idle(fig)
    assert pieces(fig) == []
    editor(fig).get_by_role("button", name="Cancel").click()
    assert not editor(fig).is_visible() and fig.get_attribute("data-interceptor") is None
    assert pieces(fig) == before
    assert fig.evaluate("f => f.sharahWidget.state.position") == position and history(fig) == ["b2c4"]
    click_sq(fig, "c12")                          # the game goes on
    click_sq(fig, "c11")
    live.wait_for_function("f => f.sharahWidget.state.history.length === 2", arg=fig.element_handle())


def test_keyboard_picks_a_piece_and_puts_it_down(live):
    fig = board(live, B)
    open_editor(fig)
    editor(fig).get_by_role("button", name="Clear board").click()
    wait_idle(fig)
    knight = editor(fig).get_by_role("button", name="White Knight", exact=True)
    knight.focus()
    live.keyboard.press("Enter")                   # picked: the cursor moves onto the board
    assert knight.get_attribute("aria-pressed") == "true"
    assert fig.evaluate("f => document.activeElement === f.querySelector('.sharah-svg')")
    cursor = fig.evaluate("f => f.sharahWidget.cursor")
    live.keyboard.press("Enter")
    wait_idle(fig)
    assert pieces(fig) == [f"{cursor}:pc pc-white pc-knight tone-light"]
    live.keyboard.press("Enter")                   # the same piece again: taken off
    wait_idle(fig)
    assert pieces(fig) == []
    editor(fig).get_by_role("button", name="Cancel").click()
    assert len(pieces(fig)) == 32
