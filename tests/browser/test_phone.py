"""A visitor on a phone (390x844, touch: a coarse pointer, no hover): what
the touch rules must not undo, and what must be on the screen."""

from __future__ import annotations

from .conftest import TEST_DIR

GAME = "figure.sharah-board[data-mode='game']"

HIDDEN_SHOWN = """() => [...document.querySelectorAll('figure.sharah-board [hidden], figure.sharah-board[hidden]')]
    .filter(e => e.getClientRects().length)
    .map(e => e.className + ' ' + e.textContent.trim().slice(0, 30))"""


def test_a_hidden_control_stays_hidden_on_a_touch_screen(phone):
    """The touch rules make every control of a board taller (and buttons
    inline-flex): no control they touch may come back once it is hidden
    (Pause with no game to pause, the editor's button while it is open...)."""
    page = phone("games/oblong-shatranj/")
    fig = page.locator(GAME).first
    fig.scroll_into_view_if_needed()
    assert fig.locator("button[data-computer='pause']").count() == 1
    assert fig.locator("button[data-computer='pause']").evaluate("b => b.hidden")
    assert page.evaluate("document.querySelectorAll('figure.sharah-board [hidden]').length") > 20
    assert page.evaluate(HIDDEN_SHOWN) == []
    page = phone(f"{TEST_DIR}/editor-test/")
    fig = page.locator(GAME).first
    fig.locator(".sharah-edit-toggle").tap()
    fig.locator(".sharah-editor").wait_for()
    assert fig.locator(".sharah-edit-toggle").evaluate("b => b.hidden")
    assert page.evaluate(HIDDEN_SHOWN) == []
    assert not page.watch.errors, page.watch.errors
