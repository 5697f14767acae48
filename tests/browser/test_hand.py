"""In Chromium: boards that fit the hand. Pausing a game between
computers drops the move being computed; one "ready" announcement per page;
the focused play view and the magnified touch on a phone; choices on the
board (a Troublemaker's facing by direction, a compound by its picture).
"""

from __future__ import annotations

import pytest

from .conftest import TEST_DIR, open_watched, shared
from .helpers import (ENGINE, hold, board, centre, choice_on_board, engine_requests, engine_round_trip, log_engine_requests,
                      wait_fig)

COMPUTER = f"{TEST_DIR}/computer-test/"


@pytest.fixture
def fresh(browser, base_url):
    made = []

    def make(path, **kw):
        context, page = open_watched(browser, base_url, path, **kw)
        made.append((context, page))
        return page
    yield make
    for context, page in made:
        assert not page.watch.errors, page.watch.errors
        context.close()


# ------------------------------------------------------------ watch mode

def test_pause_drops_the_move_being_computed(fresh):
    """Computer against computer at the strongest level (seconds per move):
    Pause while a move is being computed: that move is never played, and
    Resume goes on from the same position."""
    page = fresh(COMPUTER)
    fig = board(page, 0)
    wait_fig(fig, "f.querySelectorAll('select[data-side=white] option').length === 4")
    # Requests are logged before any side is a computer: the first one to
    # think may start at once (no delay yet), and its request must be seen.
    log_engine_requests(page)
    fig.locator("details.sharah-players > summary").click()
    fig.locator('select[data-side="white"]').select_option("3")
    fig.locator('select[data-side="black"]').select_option("3")
    fig.locator('select[data-computer="delay"]').select_option("0")
    # Pause while the computer is thinking; read the move count, and the
    # requests sent so far, in the same instant
    paused = None
    for _ in range(200):
        paused = fig.evaluate("""f => {
            if (!f.dataset.thinking) return null;
            f.querySelector('button[data-computer="pause"]').click();
            return [f.querySelectorAll('ol.sharah-moves li').length, window.sharahSent.length]; }""")
        if paused is not None:
            break
        page.wait_for_timeout(50)
    assert paused is not None, "the computer never started thinking"
    n, k = paused
    wait_fig(fig, "!f.dataset.thinking", timeout=2_000)
    assert fig.locator('button[data-computer="pause"]').inner_text() == "Resume"
    # The search goes on in slices, each a request: the answer to the slice
    # on its way has come (the worker answers in order) and no slice, and no
    # move, was asked for after it: no move comes.
    engine_round_trip(fig)
    sent = engine_requests(page)
    assert "think" in sent[:k] and not {"think", "play"} & set(sent[k:]), sent
    assert fig.locator("ol.sharah-moves li").count() == n
    assert fig.get_attribute("data-thinking") is None
    # Resume: the computer thinks again from the same position and plays
    fig.locator('button[data-computer="pause"]').click()
    wait_fig(fig, f"f.querySelectorAll('ol.sharah-moves li').length > {n}")


# ------------------------------------------------------- "ready", once a page

RECORD_SAID = """
window.__said = [];
new MutationObserver((records) => {
  for (const r of records) {
    const box = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    if (!box || !box.matches('.sharah-announce, .sharah-page-announce')) continue;
    const text = box.textContent;
    if (text) window.__said.push([box.classList.contains('sharah-page-announce') ? 'page'
      : [...document.querySelectorAll('figure.sharah-board')].indexOf(box.closest('figure')), text]);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_ready_is_said_once_for_the_page(new_page, base_url):
    """The Hedman page (two dozen exercises and games): one announcement for
    the page, none per board; a board touched while it loaded says it is
    ready when it is."""
    from .conftest import wait_ready
    page = new_page()
    page.add_init_script(RECORD_SAID)
    # the engine held back until the touch: from a warm cache it can be up before it
    engine = hold(page.context, ENGINE)
    page.goto(base_url + "games/sharah-hedman/", wait_until="domcontentloaded")
    # the reader touches the first playable board while the engine starts
    first = page.locator('figure.sharah-board:not([data-mode="diagram"])').first
    index = first.evaluate("f => [...document.querySelectorAll('figure.sharah-board')].indexOf(f)")
    first.locator(".sharah-svg").scroll_into_view_if_needed()
    first.locator(".sharah-svg").dispatch_event("pointerdown")
    engine.release()
    wait_ready(page)
    playable = page.locator('figure.sharah-board:not([data-mode="diagram"])').count()
    assert playable >= 20
    page.wait_for_function("() => window.__said.some(([who]) => who === 'page')", timeout=10_000)
    # the page speaks 250 ms after a board is ready, in the next frame
    # (ready.js): a timer set now with that delay, then two frames, come
    # after any announcement still on its way
    page.evaluate("() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 250))")
    said = page.evaluate("window.__said")
    assert [s for s in said if s[0] == "page"] == [["page", f"The {playable} boards on this page are ready."]]
    ready = [s for s in said if s[1] == "The board is ready."]
    assert ready == [[index, "The board is ready."]]
    assert page.locator(".sharah-page-announce").count() == 1
    assert not page.watch.errors, page.watch.errors


# ------------------------------------------------- choices on the board

HAND = f"{TEST_DIR}/hand-test/"


@pytest.fixture(scope="module")
def hand_on_phone(browser, base_url):
    """The hand test page on a phone, every board ready, for the tests
    below: one engine for them (``conftest.Shared``), each test given
    fresh boards."""
    with shared(browser, base_url, HAND, kind="phone") as pages:
        yield pages


@pytest.fixture(scope="module")
def hand_on_desktop(browser, base_url):
    """The hand test page on the desktop, for the keyboard's tests."""
    with shared(browser, base_url, HAND) as pages:
        yield pages


class TestChoicesOnTheBoard:
    def test_a_troublemakers_facing_is_picked_by_direction_on_the_board(self, hand_on_phone):
        page = hand_on_phone.lend()
        fig = board(page, 0)
        arrows = choice_on_board(fig, "b3", "b4", "facing", "face")
        assert arrows.count() == 8
        labels = arrows.evaluate_all("els => els.map(b => [b.dataset.face, b.getAttribute('aria-label')])")
        assert dict(labels)["90"].endswith("face east") and dict(labels)["315"].endswith("face north-west")
        # each arrow lies on its side of the square, and is big enough to tap
        b4 = fig.locator('.sharah-svg rect[data-sq="b4"]').bounding_box()
        east = fig.locator('.sharah-onboard-face[data-face="90"]').bounding_box()
        north = fig.locator('.sharah-onboard-face[data-face="0"]').bounding_box()
        assert east["x"] > b4["x"] + b4["width"] / 2 and north["y"] + north["height"] <= b4["y"] + b4["height"] / 2
        assert east["width"] >= 32 and east["height"] >= 32
        # the text buttons are still there (keyboard, screen reader, fallback)
        assert fig.locator(".sharah-choices button[data-move]").count() == 8
        facing_east = fig.evaluate("""f => f.sharahWidget.state.moves
            .filter(m => m.from === 'b3' && m.to === 'b4' && m.face === 90).map(m => m.n)""")
        assert len(facing_east) == 1
        page.touchscreen.tap(*centre(fig.locator('.sharah-onboard-face[data-face="90"]')))
        wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 1")
        assert fig.evaluate("f => f.sharahWidget.state.last.n") == facing_east[0]
        assert fig.locator(".sharah-onboard").is_hidden()
        assert not page.watch.errors, page.watch.errors

    def test_a_promotion_is_picked_from_piece_pictures(self, hand_on_phone):
        page = hand_on_phone.lend()
        fig = board(page, 1)
        pieces = choice_on_board(fig, "e9", "e10", "pieces", "piece")
        assert pieces.count() == 15
        # the pictures are the engine's (the same drawing as the compound on the board would be)
        art = fig.evaluate("""f => { const t = document.createElement('div');
            t.innerHTML = f.sharahWidget.state.moves.find(m => m.n === 'e9e10=RH').art; return t.innerHTML; }""")
        assert 'class="pc pc-white pc-rook-hussar' in art or "pc-compound" in art
        rh = fig.locator('.sharah-onboard-piece[data-move="e9e10=RH"]')
        assert rh.inner_html() == art and rh.get_attribute("aria-label") == \
            fig.evaluate("f => f.sharahWidget.state.moves.find(m => m.n === 'e9e10=RH').label")
        box = rh.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        page.touchscreen.tap(*centre(rh))
        wait_fig(fig, "f.querySelectorAll('ol.sharah-moves li').length === 1")
        assert fig.evaluate("f => f.sharahWidget.state.pieces.e10.kind") == "rook+hussar"
        assert not page.watch.errors, page.watch.errors


def test_the_keyboard_still_chooses_with_the_text_buttons(hand_on_desktop):
    page = hand_on_desktop.lend()
    fig = board(page, 1)
    box = fig.locator(".sharah-svg")
    box.focus()
    fig.evaluate("f => { f.sharahWidget.view.cursor = 'e9'; }")
    page.keyboard.press("Enter")
    fig.evaluate("f => { f.sharahWidget.view.cursor = 'e10'; f.sharahWidget.drawMarks(); }")
    page.keyboard.press("Enter")
    wait_fig(fig, "f.querySelectorAll('.sharah-choices button[data-move]').length === 15")
    focused = page.evaluate("document.activeElement.dataset.move")
    assert focused == fig.evaluate("f => f.querySelector('.sharah-choices button[data-move]').dataset.move")
    assert fig.locator(".sharah-onboard-piece").count() == 15     # shown on the board as well
    page.keyboard.press("Escape")
    assert fig.locator(".sharah-onboard").is_hidden()
    assert not page.watch.errors, page.watch.errors


# ----------------------------------------- the play view and the magnifier

# A finger misses the middle of a square by up to this much (CSS px), in eight directions.
MISSES = [(14, 0), (-14, 0), (0, 14), (0, -14), (10, 10), (-10, 10), (10, -10), (-10, -10)]


def play_view(fig):
    fig.locator('button[data-playview="toggle"]').click()
    wait_fig(fig, "f.classList.contains('sharah-playview')", timeout=5_000)


def loupe_tap(fig, name, miss=(0, 0)):
    """Tap ``name`` on the board (off by ``miss``), then in the magnifier
    (off by the same): the square the magnifier picked."""
    page = fig.page
    x, y = centre(fig.locator(f'.sharah-svg rect[data-sq="{name}"]'))
    page.touchscreen.tap(x + miss[0], y + miss[1])
    wait_fig(fig, "!f.querySelector('.sharah-loupe').hidden", timeout=5_000)
    x, y = centre(fig.locator(f'.sharah-loupe rect[data-sq="{name}"]'))
    page.touchscreen.tap(x + miss[0], y + miss[1])


def test_a_game_by_taps_on_the_15x15_board_at_phone_size(hand_on_phone):
    page = hand_on_phone.lend()
    fig = board(page, 0)
    play_view(fig)
    played = []
    for ply in range(4):
        # a move with no choice: the first one the engine lists from a square to another
        move = fig.evaluate("""f => { const ms = f.sharahWidget.state.moves.filter(m => m.from && m.to && m.from !== m.to);
            return ms.find(m => ms.filter(o => o.from === m.from && o.to === m.to).length === 1 && !m.captures); }""")
        n = fig.evaluate("f => f.sharahWidget.state.history.length")
        loupe_tap(fig, move["from"], MISSES[ply])
        wait_fig(fig, f"f.sharahWidget.sel === '{move['from']}'", timeout=5_000)
        loupe_tap(fig, move["to"], MISSES[ply + 4])
        wait_fig(fig, f"f.sharahWidget.state.history.length === {n + 1}")
        played.append(move["n"])
    # a Troublemaker's landing: tapped, then its facing by the arrow
    tm = fig.evaluate("""f => f.sharahWidget.state.moves.find(m => typeof m.face === 'number' && m.face === 90)""")
    loupe_tap(fig, tm["from"])
    loupe_tap(fig, tm["to"])
    arrow = fig.locator('.sharah-onboard-face[data-face="90"]')
    page.touchscreen.tap(*centre(arrow))
    wait_fig(fig, "f.sharahWidget.state.history.length === 5")
    assert fig.evaluate("f => f.sharahWidget.state.history.length") == 5
    # back to the page: the game is kept
    fig.locator('button[data-playview="toggle"]').click()
    assert fig.locator("ol.sharah-moves li").count() == 5
    assert not page.watch.errors, page.watch.errors


@pytest.mark.parametrize("index,name,squares", [(0, "light-shadow-15", 15), (2, "hedman-13", 13),
                                                 (3, "mittner", None)])
def test_the_big_boards_in_the_play_view_at_phone_size(hand_on_phone, index, name, squares):
    page = hand_on_phone.lend()
    fig = board(page, index)
    before = fig.locator(".sharah-svg rect[data-sq]").first.bounding_box()["width"]
    play_view(fig)
    area = fig.locator(".sharah-board-area").bounding_box()
    sq = fig.locator(".sharah-svg rect[data-sq]").first.bounding_box()["width"]
    assert area["width"] >= 380                      # the whole width, edge to edge
    assert sq > before                               # bigger than in the page
    if squares:
        assert abs(sq * (squares + 1) - fig.locator(".sharah-svg svg").bounding_box()["width"]) < 30
    # the status and the buttons at hand: on the screen with the board
    status = fig.locator(".sharah-status").bounding_box()
    undo = fig.locator('button[data-action="undo"]').bounding_box()
    assert status["y"] + status["height"] <= 844 and undo["y"] + undo["height"] <= 844
    # nothing of the page over it
    top = page.evaluate("""() => { const r = document.querySelector('.sharah-playview .sharah-svg').getBoundingClientRect();
        const e = document.elementFromPoint(r.left + 5, r.top + 5); return !!e.closest('.sharah-playview'); }""")
    assert top
    # landscape: the board the whole height, the status beside it
    page.set_viewport_size({"width": 844, "height": 390})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    area = fig.locator(".sharah-board-area").bounding_box()
    side = fig.locator(".sharah-side").bounding_box()
    assert side["x"] >= area["x"] + area["width"] - 1 and area["height"] >= 360
    page.set_viewport_size({"width": 390, "height": 844})
    # back to the page, game kept
    fig.locator('button[data-playview="toggle"]').click()
    assert not fig.evaluate("f => f.classList.contains('sharah-playview')")
    assert fig.locator(".sharah-svg rect[data-sq]").first.bounding_box()["width"] == pytest.approx(before, abs=0.5)
    assert not page.watch.errors, page.watch.errors


def test_the_magnifier_picks_the_square_every_time(hand_on_phone):
    """The measure: tap 12 squares of the 15x15 board, each with the eight
    misses of MISSES (96 taps): straight on the 26 px squares, and through
    the magnifier. Count the taps that land on another square."""
    page = hand_on_phone.lend()
    fig = board(page, 0)
    play_view(fig)
    targets = ["b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11", "l12", "m13"]
    size = fig.locator(".sharah-svg rect[data-sq]").first.bounding_box()["width"]
    assert size < 40
    # the play view fills the screen and does not scroll: each square's centre, once
    where = {name: centre(fig.locator(f'.sharah-svg rect[data-sq="{name}"]')) for name in targets}
    direct = 0
    for name, (x, y) in where.items():
        for dx, dy in MISSES:
            hit = fig.evaluate("(f, p) => f.sharahWidget.view.squareAt(p[0], p[1])", [x + dx, y + dy])
            direct += hit != name
    magnified = 0
    for name, (x, y) in where.items():
        assert centre(fig.locator(f'.sharah-svg rect[data-sq="{name}"]')) == (x, y)    # the view stayed
        for miss in MISSES:
            page.touchscreen.tap(x + miss[0], y + miss[1])
            wait_fig(fig, "!f.querySelector('.sharah-loupe').hidden", timeout=5_000)
            # the same miss, through the magnifier: what is under the finger there
            hit = fig.evaluate("""(f, [name, dx, dy]) => {
                const r = f.querySelector(`.sharah-loupe rect[data-sq="${name}"]`).getBoundingClientRect();
                const n = document.elementsFromPoint(r.x + r.width / 2 + dx, r.y + r.height / 2 + dy)
                  .find(n => n.matches('.sharah-loupe rect[data-sq]'));
                return n ? n.dataset.sq : null; }""", [name, *miss])
            magnified += hit != name
            fig.locator('button[data-loupe="cancel"]').click()
    print(f"mis-hits: straight {direct} of 96, through the magnifier {magnified} of 96 (squares {size:.1f} px)")
    assert direct > 0 and magnified == 0
    assert fig.evaluate("f => f.sharahWidget.state.history.length") == 0      # nothing was played


def test_the_magnifier_by_the_board_edge_shows_only_board(hand_on_phone):
    """A square by the board's edge is not put at the magnifier's centre
    with half the window empty beyond the edge: the window is all board,
    and its ring is on the square tapped (off the centre)."""
    page = hand_on_phone.lend()
    fig = board(page, 0)
    play_view(fig)
    for name in ["a1", "o15", "h8"]:
        page.touchscreen.tap(*centre(fig.locator(f'.sharah-svg rect[data-sq="{name}"]')))
        wait_fig(fig, "!f.querySelector('.sharah-loupe').hidden", timeout=5_000)
        lens = fig.locator(".sharah-loupe-lens").bounding_box()
        copy = fig.locator(".sharah-loupe-copy").bounding_box()
        assert copy["x"] <= lens["x"] + 0.5 and copy["y"] <= lens["y"] + 0.5
        assert copy["x"] + copy["width"] >= lens["x"] + lens["width"] - 0.5
        assert copy["y"] + copy["height"] >= lens["y"] + lens["height"] - 0.5
        ring, sq = (centre(fig.locator(sel)) for sel in (".sharah-loupe-ring", f'.sharah-loupe rect[data-sq="{name}"]'))
        assert ring == pytest.approx(sq, abs=1)
        middle = (lens["x"] + lens["width"] / 2, lens["y"] + lens["height"] / 2)
        assert (ring == pytest.approx(middle, abs=1)) == (name == "h8")
        fig.locator('button[data-loupe="cancel"]').click()
    assert not page.watch.errors, page.watch.errors


def test_the_play_view_by_keyboard_and_escape(hand_on_desktop):
    page = hand_on_desktop.lend()
    fig = board(page, 2)
    toggle = fig.locator('button[data-playview="toggle"]')
    toggle.focus()
    page.keyboard.press("Enter")
    wait_fig(fig, "f.classList.contains('sharah-playview')", timeout=5_000)
    assert toggle.inner_text() == "Back to the page" and toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.classList.contains('sharah-svg')")   # on the board
    # a selection is cancelled by the first Escape; the second leaves the play view
    fig.evaluate("f => f.sharahWidget.select([...f.sharahWidget.index.byFrom.keys()][0])")
    page.keyboard.press("Escape")
    assert fig.evaluate("f => f.classList.contains('sharah-playview')")
    assert fig.evaluate("f => f.sharahWidget.sel") is None
    page.keyboard.press("Escape")
    assert not fig.evaluate("f => f.classList.contains('sharah-playview')")
    assert page.evaluate("document.activeElement.dataset.playview") == "toggle"
    assert not page.watch.errors, page.watch.errors
