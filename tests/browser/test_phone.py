"""A visitor on a phone (390x844, touch: a coarse pointer, no hover): what
the touch rules must not undo, and what must be on the screen."""

from __future__ import annotations

import json
import re

import pytest

from sharah_web.variants import VARIANTS

from .conftest import TEST_DIR, shared, wait_ready
from .helpers import alter, board, choice_on_board, played, wait_moves

GAME = "figure.sharah-board[data-mode='game']"
HAND = f"{TEST_DIR}/hand-test/"

HIDDEN_SHOWN = """() => [...document.querySelectorAll('figure.sharah-board [hidden], figure.sharah-board[hidden]')]
    .filter(e => e.getClientRects().length)
    .map(e => e.className + ' ' + e.textContent.trim().slice(0, 30))"""


def test_a_hidden_control_stays_hidden_on_a_touch_screen(phone, base_url):
    """The touch rules make every control of a board taller (and buttons
    inline-flex): no control they touch may come back once it is hidden
    (Pause with no game to pause, the editor's button while it is open...).
    Then the editor's "Play from here" shows the board it plays on."""
    page = phone("games/oblong-shatranj/")
    fig = page.locator(GAME).first
    fig.scroll_into_view_if_needed()
    assert fig.locator("button[data-computer='pause']").count() == 1
    assert fig.locator("button[data-computer='pause']").evaluate("b => b.hidden")
    assert page.evaluate("document.querySelectorAll('figure.sharah-board [hidden]').length") > 20
    assert page.evaluate(HIDDEN_SHOWN) == []
    page.goto(base_url + f"{TEST_DIR}/editor-test/")       # the same visitor, the next page
    wait_ready(page)
    fig = page.locator(GAME).first
    fig.locator(".sharah-edit-toggle").tap()
    fig.locator(".sharah-editor").wait_for()
    assert fig.locator(".sharah-edit-toggle").evaluate("b => b.hidden")
    assert page.evaluate(HIDDEN_SHOWN) == []
    # the editor's tall panel is under the board: "Play from here", at its foot, leaves the
    # reader below the board once the panel is gone; the board is brought back into view
    fig.locator(".sharah-editor-play").tap()
    page.wait_for_function("f => !f.querySelector('.sharah-editor').getClientRects().length", arg=fig.element_handle())
    page.wait_for_timeout(200)
    where = board_in_view(page, fig)
    assert where["header"] <= where["top"] < where["screen"] - 300, where
    assert not page.watch.errors, page.watch.errors


def board_in_view(page, fig):
    """Where the board's drawing is on the screen, and the header's bottom
    (the drawing found and measured at once: a board may put in a new one)."""
    return fig.evaluate("""f => {
        const b = f.querySelector('svg.sh-board').getBoundingClientRect();
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




# each frame, from the first in which the board is in the page: where it
# is, whether the widget has mounted it, whether the engine is up, its moves
LINKED_FRAMES = """(() => { const uid = %s; const frames = window.__linkFrames = [];
  const look = () => {
    const fig = [...document.querySelectorAll('figure.sharah-board')].find(f => f.dataset.sharahUid === uid);
    if (fig) {
      const header = document.querySelector('.md-header');
      frames.push({top: Math.round(fig.getBoundingClientRect().top), mounted: !!fig.dataset.state,
                   header: header ? header.getBoundingClientRect().bottom : 0, screen: innerHeight,
                   ready: !!(window.sharahDebug && window.sharahDebug.ready),
                   moves: fig.querySelectorAll('ol.sharah-moves li').length,
                   hint: (fig.querySelector('.sharah-hint') || {}).textContent || ''});
    }
    if (frames.length < 20000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def test_a_share_link_shows_its_board_at_once_and_its_game_comes_alive_there(phone, base_url, built_site):
    """A friend opens a link to a game on Scheherazade's Play board, the
    page's last board (some 13,000 px down on a phone): that board is in
    view from the frame the widget mounts it (the frames before, parsed
    but not mounted yet, depend on the machine's load), while the engine
    still boots, saying that the game comes; it stays where it is when the
    engine has read the game (no jump to it then). The game is on the
    board the link was made from, the page's first game board keeps its
    own."""
    html = (built_site / "games" / "scheherazade" / "index.html").read_text(encoding="utf-8")
    play = re.search(r'id="play".*?data-sharah-uid="([^"]+)"', html, re.S).group(1)
    page = phone("", ready=False)                       # the home page: no board, no engine
    page.add_init_script(LINKED_FRAMES % json.dumps(play))
    page.goto(base_url + f"games/scheherazade/#game=1;v=scheherazade;o=agreement:true;m=c2d4;b={play}")
    wait_ready(page)
    fig = page.locator(f'figure.sharah-board[data-sharah-uid="{play}"]')
    wait_moves(fig, 1)
    assert played(fig) == ["Nc2-d4"]
    # on that board only: not on the page's first game board, nor any other
    assert page.locator(".sharah-hint", has_text="The game from the link is on the board.").count() == 1
    assert fig.locator(".sharah-hint").inner_text() == "The game from the link is on the board."
    assert "Nc2-d4" not in played(page.locator(GAME).first)
    page.wait_for_timeout(300)
    frames = page.evaluate("window.__linkFrames")
    mounted = [f for f in frames if f["mounted"]]
    assert any(not f["ready"] for f in mounted), "the engine was up before the board was mounted: nothing shown"
    # meanwhile it says that the game comes (its start is on the board until then)
    assert {f["hint"] for f in mounted if not f["ready"]} == {
        "The game from the link comes onto this board once the engine has started."}
    off = [f for f in mounted if not (f["header"] - 1 <= f["top"] < f["screen"] - 200)]
    assert off == [], off[:5]                           # in view from the start, under the header
    tops = {f["top"] for f in mounted}
    assert max(tops) - min(tops) <= 2, sorted(tops)     # and where it is: no jump when the game comes
    assert not page.watch.errors, page.watch.errors


def test_play_on_the_home_page_shows_the_board_on_a_phone(phone):
    """Each card's Play button leads where the game's board is in view: its
    top under the header and a good part of it on the screen (the page
    opened at the button's address)."""
    page = phone("", ready=False)
    links = page.locator(".grid.cards a.md-button--primary").evaluate_all("els => els.map(a => a.href)")
    assert sorted(link.rsplit("/games/", 1)[1] for link in links) == sorted(f"{game}/#play" for game in VARIANTS)
    for link in links:
        page.goto(link)
        fig = page.locator("h2#play ~ figure.sharah-board, h2#play ~ .tabbed-set figure.sharah-board").first
        page.wait_for_timeout(300)
        where = board_in_view(page, fig)
        assert where["top"] >= where["header"] and where["top"] + 250 <= where["screen"], (link, where)
    assert not page.watch.errors, page.watch.errors


def test_play_followed_by_instant_navigation_shows_the_board_on_a_phone(phone, base_url):
    """The same Play button, followed by instant navigation a moment
    after the page last scrolled (a finger lifted off a sliding page), the
    game's page coming over a slow network (its HTML 0.4 s late).
    mkdocs-material stores a page's offset in its history entry 0.1 s after
    a scroll, and restores it when an entry has one: the home page's offset
    landed in the new entry and the reader on the new page at that offset,
    far above the board. The board is in view, once every board above it
    has taken its height. Then the reader scrolls a little, goes Back to
    the home page and Forward again: the board is where it was (the offset
    mkdocs-material puts back was measured with the boards above live, and
    is put back before they take that height: hundreds of pixels off)."""
    page = phone("", ready=False)
    page.evaluate("window.__sameDocument = true")
    target = base_url + "games/scheherazade/"
    alter(page.context, target, delay=0.4)
    link = page.locator('.grid.cards a.md-button--primary[href$="scheherazade/#play"]')
    link.scroll_into_view_if_needed()
    link.evaluate("a => { scrollBy(0, 2); a.click(); }")
    page.wait_for_url(target + "#play")
    page.wait_for_function("() => document.getElementById('play')")
    wait_ready(page)
    assert page.evaluate("window.__sameDocument") is True, "instant navigation did not happen"
    fig = page.locator("h2#play ~ figure.sharah-board").first
    where = board_in_view(page, fig)
    assert where["top"] >= where["header"] and where["top"] + 250 <= where["screen"], where
    y = page.evaluate("scrollY")
    page.mouse.wheel(0, 250)
    page.wait_for_function("y => scrollY >= y + 250 && window.sharahDebug.places.y === scrollY", arg=y)
    before = board_in_view(page, fig)["top"]
    # each return goes to its place once the page's boards are ready (the home page has none)
    gone_back = "n => window.sharahDebug.places.restored > n && !window.sharahDebug.places.holding"
    restored = page.evaluate("window.sharahDebug.places.restored")
    page.go_back()
    page.wait_for_function(gone_back, arg=restored)
    assert page.locator(".grid.cards").count() and not page.locator("#play").count()
    page.go_forward()
    page.wait_for_function(gone_back, arg=restored + 1, timeout=60_000)
    wait_ready(page)
    fig = page.locator("h2#play ~ figure.sharah-board").first
    after = board_in_view(page, fig)["top"]
    assert abs(after - before) <= 2, (before, after)
    assert page.evaluate("window.__sameDocument") is True
    assert not page.watch.errors, page.watch.errors


def facing_arrows_are_round_fingertips_off_the_coordinates(page):
    """A Troublemaker's facing near the board's bottom-left corner (b3 to
    b4 on the 15x15 board): eight round arrows, 44 px across, on the
    squares, none over a file letter or rank number."""
    fig = board(page, 0)
    arrows = choice_on_board(fig, "b3", "b4", "facing", "face")
    assert arrows.count() == 8
    found = fig.evaluate("""f => {
        const box = (e) => e.getBoundingClientRect();
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const squares = [...f.querySelectorAll('.sharah-svg rect[data-sq]')].map(box);
        const grid = {left: Math.min(...squares.map(r => r.left)), top: Math.min(...squares.map(r => r.top)),
                      right: Math.max(...squares.map(r => r.right)), bottom: Math.max(...squares.map(r => r.bottom))};
        const labels = [...f.querySelectorAll('.sharah-svg .coords .co')];
        return [...f.querySelectorAll('.sharah-onboard-face')].map(b => {
            const r = box(b);
            return {face: b.dataset.face, w: r.width, h: r.height,
                    onSquares: r.left >= grid.left - 0.5 && r.right <= grid.right + 0.5
                               && r.top >= grid.top - 0.5 && r.bottom <= grid.bottom + 0.5,
                    covers: labels.filter(t => meet(r, box(t))).map(t => t.textContent)};
        });
    }""")
    bad = [a for a in found if abs(a["w"] - a["h"]) > 0.5 or a["w"] < 44 or not a["onSquares"] or a["covers"]]
    assert not bad, bad
    assert not page.watch.errors, page.watch.errors


def play_view(page, fig):
    fig.locator('button[data-playview="toggle"]').tap()
    page.wait_for_function("f => f.classList.contains('sharah-playview')", arg=fig.element_handle())
    page.wait_for_timeout(200)


def on_screen(page, locator):
    box = locator.bounding_box()
    return box and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def a_lost_turn_is_on_the_screen_in_the_play_view(page):
    """Oblong Shatranj with die, the play view on a phone, the die says king
    and no king can move: the only move, and what a tap on a piece says,
    are on the screen beside the tall board; once the lost turn is played,
    what the tap said is gone with it."""
    fig = page.locator(GAME).first
    play_view(page, fig)
    only = fig.locator(".sharah-free.is-only button")
    assert only.inner_text().replace("\n", " ") == "No king can move: the turn is lost"
    assert on_screen(page, only), only.bounding_box()
    rook = fig.locator('.sharah-svg rect[data-sq="b1"]').bounding_box()
    page.touchscreen.tap(rook["x"] + rook["width"] / 2, rook["y"] + rook["height"] / 2)
    hint = fig.locator(".sharah-hint")
    page.wait_for_function("h => h.textContent.includes('no legal move')", arg=hint.element_handle())
    assert on_screen(page, hint), hint.bounding_box()
    only.tap()
    page.wait_for_function("f => f.sharahWidget.state.ply === 1", arg=fig.element_handle())
    assert hint.inner_text() == ""          # what the tap said was about the turn just lost
    assert not page.watch.errors, page.watch.errors


def the_pinned_back_button_hides_only_itself(page):
    """In the play view of a square board (Hedman's 13x13) the side column
    is under the board, and "Back to the page" stays pinned at the top as
    it scrolls: beside the button, the bar is clear, so the lines that
    scroll under it show (no white band) and take taps."""
    fig = board(page, 2)
    play_view(page, fig)
    hit = fig.evaluate("""f => {
        const bar = f.querySelector('.sharah-addon-playview').getBoundingClientRect();
        const button = f.querySelector('button[data-playview="toggle"]').getBoundingClientRect();
        const e = document.elementFromPoint(bar.left + 5, button.top + button.height / 2);
        return {bar: [bar.left, bar.top], button: [button.left, button.top],
                bar_hit: !!e.closest('.sharah-addon-playview'), what: e.className,
                background: getComputedStyle(f.querySelector('.sharah-addon-playview')).backgroundColor};
    }""")
    assert hit["bar"][0] + 5 < hit["button"][0], hit               # the button at the right
    assert not hit["bar_hit"] and hit["background"] == "rgba(0, 0, 0, 0)", hit
    assert not page.watch.errors, page.watch.errors


def an_answered_exercise_prompts_nothing_for_the_next_turn(page):
    """Oblong's exercise of the walled-in king: after the right answer
    (the lost turn), Black's roll leaves Black only a lost turn too; the
    explanation of the answer is all the exercise says, with no "Your only
    move" for the other side, in words or on the screen."""
    fig = page.locator("figure.sharah-board[data-mode='try']").first
    fig.scroll_into_view_if_needed()
    assert fig.locator(".sharah-free.is-only button").inner_text() == "No king can move: the turn is lost"
    fig.locator(".sharah-free.is-only button").tap()
    page.wait_for_function("f => f.sharahWidget.state.ply === 1", arg=fig.element_handle())
    page.wait_for_timeout(200)
    assert fig.evaluate("f => f.sharahWidget.onlyFree()")      # Black's turn is only a lost one
    assert "No king move is possible" in fig.locator(".sharah-feedback").inner_text()
    assert fig.locator(".sharah-free").count() == 0
    assert "only move" not in fig.locator(".sharah-status").inner_text().lower()
    assert not page.watch.errors, page.watch.errors


@pytest.fixture(scope="module")
def phone_pages(browser, base_url):
    """The test pages on a phone, for the tests below: one engine for them
    (``conftest.Shared``: each test's page reached by instant navigation,
    its boards fresh)."""
    with shared(browser, base_url, HAND, kind="phone") as pages:
        yield pages


def test_facing_arrows_then_the_play_views_pinned_back_button(phone_pages):
    """The hand test page, one page for two checks (a choice on board 0,
    then the play view of board 2)."""
    page = phone_pages.lend(HAND)
    facing_arrows_are_round_fingertips_off_the_coordinates(page)
    the_pinned_back_button_hides_only_itself(page)


def test_an_answered_exercise_then_a_lost_turn_in_the_play_view(phone_pages):
    """The phone test page, one page for two checks (the exercise, then
    the play view of the game board above it)."""
    page = phone_pages.lend(f"{TEST_DIR}/phone-test/")
    an_answered_exercise_prompts_nothing_for_the_next_turn(page)
    a_lost_turn_is_on_the_screen_in_the_play_view(page)


def test_the_home_cards_buttons_line_up_on_a_desktop(new_page, base_url):
    """1366x900: the cards side by side; each row's Play buttons at one height."""
    page = new_page(width=1366, height=900)
    page.goto(base_url)
    tops = page.locator(".grid.cards a.md-button--primary").evaluate_all(
        "els => els.map(a => [Math.round(a.closest('li').getBoundingClientRect().top), a.getBoundingClientRect().top])")
    rows = {}
    for card, button in tops:
        rows.setdefault(card, []).append(button)
    assert len(tops) == 5 and any(len(r) > 1 for r in rows.values()), tops
    assert all(max(r) - min(r) < 1 for r in rows.values()), rows
