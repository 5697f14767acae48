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


def board_in_view(page, fig):
    """Where the board's drawing is on the screen, and the header's bottom."""
    return fig.locator("svg.sh-board").evaluate("""svg => {
        const b = svg.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, header: document.querySelector('.md-header').getBoundingClientRect().bottom,
                screen: innerHeight};
    }""")


def test_a_share_link_on_a_phone_shows_the_whole_board_under_the_header(phone):
    """A friend opens a link to a game on Hedman's page (a 15x15 board,
    with its status and buttons taller than the screen): the board is
    scrolled into view whole, none of it under the site's header."""
    link = ("games/sharah-hedman/#game=1;v=sharah-hedman;o=tenth_rank:reach,double_event:parity,"
            "zapper_jumps_fisher:false,quiet_limit:50;m=e4f5,j10k9")
    page = phone(link)
    fig = page.locator(GAME).first
    page.wait_for_function("f => f.querySelectorAll('ol.sharah-moves li').length === 2", arg=fig.element_handle())
    page.wait_for_timeout(300)
    assert fig.evaluate("f => f.getBoundingClientRect().height") > 844     # the figure cannot be centred whole
    where = board_in_view(page, fig)
    assert where["top"] >= where["header"] and where["bottom"] <= where["screen"], where
    assert not page.watch.errors, page.watch.errors


GAMES = ["sharah-hedman", "sharah-surrounds", "sharah-mittner", "oblong-shatranj", "scheherazade"]


def test_play_on_the_home_page_shows_the_board_on_a_phone(phone):
    """Each card's Play button leads where the game's board is in view: its
    top under the header and a good part of it on the screen (the page
    opened at the button's address)."""
    page = phone("", ready=False)
    links = page.locator(".grid.cards a.md-button--primary").evaluate_all("els => els.map(a => a.href)")
    assert [link.rsplit("/games/", 1)[1] for link in links] == [f"{game}/#play" for game in GAMES]
    for link in links:
        page.goto(link)
        fig = page.locator("h2#play ~ figure.sharah-board, h2#play ~ .tabbed-set figure.sharah-board").first
        page.wait_for_timeout(300)
        where = board_in_view(page, fig)
        assert where["top"] >= where["header"] and where["top"] + 250 <= where["screen"], (link, where)
    assert not page.watch.errors, page.watch.errors
