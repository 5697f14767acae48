"""Drops as easy as moves (the hand under the board), shortcuts (fill the
placement at random), no draw offers on exercises, move numbers, the badges
in a narrow side panel and the Hedman rim, in Chromium.

One loaded page (tests/browser/pages/drops-test.md): place A (clicks, the
fill), place B (keyboard), try C (a drop exercise), Scheherazade try D,
diagram E and game F, Hedman diagram G.
"""

from __future__ import annotations

import pytest

from .conftest import TEST_DIR, open_watched, wait_ready
from .helpers import board, click_sq, dests, history, sq, status, wait_js


PAGE = f"{TEST_DIR}/drops-test/"
A, B, C, D, E, F, G = range(7)


def hand(fig):
    """The hand as drawn: (kind, count shown, pressed, disabled)."""
    return fig.locator(".sharah-hand button[data-kind]").evaluate_all("""els => els.map(b => [
        b.dataset.kind, (b.querySelector('.sharah-hand-count') || {}).textContent || null,
        b.getAttribute('aria-pressed') === 'true', b.disabled])""")


def legal_drops(fig, kind):
    return sorted(fig.evaluate(
        "(f, kind) => f.sharahWidget.state.moves.filter(m => m.drop === kind).map(m => m.to)", kind))


def numbers(fig):
    return fig.locator("ol.sharah-moves li").evaluate_all(
        "els => els.map(e => (e.querySelector('.sharah-move-no') || {}).textContent || '')")


@pytest.fixture(scope="module")
def live(browser, base_url):
    context, page = open_watched(browser, base_url, PAGE)
    yield page
    context.close()


# ---------------------------------------------------------------- the hand

def test_hand_is_under_the_board_and_live(live):
    fig = board(live, A)
    box = fig.locator(".sharah-hand")
    assert box.is_visible()
    assert box.locator(".sharah-hand-title").inner_text() == "Green's hand"
    assert hand(fig) == [["snake", "11", False, False], ["fox", "11", False, False],
                         ["stone", "11", False, False]]
    # the emblem is the piece as the board draws it
    assert box.locator("button[data-kind=snake] svg g.pc.pc-green.pc-snake").count() == 1
    assert box.locator("button[data-kind=fox]").get_attribute("aria-label") == "Fox, 11 in hand"
    # under the board, in its column (which starts with the coordinates' gutter)
    svg, row = fig.locator("svg.sh-board").first.bounding_box(), box.bounding_box()
    area = fig.locator(".sharah-svg").bounding_box()
    assert row["y"] >= svg["y"] + svg["height"] - 1 and abs(row["x"] - area["x"]) < 2
    # a board without drops has no hand; a diagram neither
    assert not board(live, F).locator(".sharah-hand").is_visible()
    assert board(live, G).locator(".sharah-hand").count() == 0


def test_pick_a_kind_then_a_square(live):
    fig = board(live, A)
    fig.locator(".sharah-hand button[data-kind=snake]").click()
    assert hand(fig)[0][2] is True                              # pressed
    assert dests(fig) == legal_drops(fig, "snake") and len(dests(fig)) == 120
    assert fig.locator("rect.is-cursor").count() == 0           # a mouse user: no keyboard cursor
    click_sq(fig, "e5")
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 1")
    assert history(fig) == ["S@e5"]
    assert "pc-snake" in fig.locator('g.pc[data-sq="e5"]').get_attribute("class")
    assert "pc-green" in fig.locator('g.pc[data-sq="e5"]').get_attribute("class")
    # Red's turn: Red's hand, nothing picked yet
    assert fig.locator(".sharah-hand-title").inner_text() == "Red's hand"
    assert [h[2] for h in hand(fig)] == [False] * 3 and dests(fig) == []
    # clicking an empty square first still works: the kinds that may go there
    click_sq(fig, "f9")
    choices = fig.locator(".sharah-choices")
    choices.wait_for(state="visible")
    assert choices.locator("button[data-move]").all_inner_texts() == ["Snake", "Fox", "Stone"]
    choices.locator("button", has_text="Fox").click()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 2")
    assert "pc-fox" in fig.locator('g.pc[data-sq="f9"]').get_attribute("class")
    # Green's turn again: nothing picked (a picked kind is for one placement,
    # so a stray tap places nothing); the snake is picked again
    assert hand(fig) == [["snake", "10", False, False], ["fox", "11", False, False],
                         ["stone", "11", False, False]]
    assert dests(fig) == []
    fig.locator(".sharah-hand button[data-kind=snake]").click()
    assert "e5" not in dests(fig) and len(dests(fig)) == 118
    click_sq(fig, "d4")
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 3")
    assert history(fig) == ["S@e5", "F@f9", "S@d4"]
    assert numbers(fig) == ["1.", "", "2."]                    # Green places first
    # a square the kind may not go to: the engine's reason
    fig.locator(".sharah-hand button[data-kind=stone]").click()
    click_sq(fig, "a1")
    hint = fig.locator(".sharah-hint")
    hint.wait_for(state="visible")
    assert hint.inner_text() == "O@a1: nothing may be placed on the goal row."
    assert history(fig) == ["S@e5", "F@f9", "S@d4"]
    # pressing the picked kind again puts it back
    fig.locator(".sharah-hand button[data-kind=stone]").click()
    assert [h[2] for h in hand(fig)] == [False] * 3 and dests(fig) == []
    # or drag a kind onto a square, as a piece is dragged
    fig.locator(".sharah-hand").evaluate("e => e.scrollIntoView({block: 'end'})")
    button = fig.locator(".sharah-hand button[data-kind=fox]").bounding_box()
    target = sq(fig, "h10").bounding_box()
    assert target["y"] > 0 and button["y"] + button["height"] < 900      # both in view
    live.mouse.move(button["x"] + 20, button["y"] + button["height"] / 2)
    live.mouse.down()
    live.mouse.move(button["x"] + 40, button["y"] - 20, steps=4)
    assert live.locator(".sharah-drag-token svg g.pc-red.pc-fox").count() == 1
    assert len(dests(fig)) == len(legal_drops(fig, "fox"))     # its squares are marked
    live.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    live.mouse.up()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 4")
    assert history(fig)[-1] == "F@h10"
    assert live.locator(".sharah-drag-token").count() == 0
    # the release was not a second click; Green's turn starts with nothing picked
    assert [h[2] for h in hand(fig)] == [False] * 3 and dests(fig) == []


def test_fill_the_placement_at_random_and_undo_it(live):
    fig = board(live, A)            # four pieces placed by hand
    fill = fig.locator(".sharah-shortcuts button[data-shortcut]")
    assert fill.inner_text() == "Fill the placement at random"
    fill.click()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 66")
    assert history(fig)[:4] == ["S@e5", "F@f9", "S@d4", "F@h10"]
    assert fig.locator(".sharah-badge[data-badge=phase]").get_attribute("data-value") == "capture"
    assert not fig.locator(".sharah-hand").is_visible()
    assert fig.locator("g.pc").count() == 67                   # 66 pieces and the Fisher
    assert status(fig).startswith("Capture: Green to move")
    undo = fig.locator(".sharah-shortcuts button[data-undo-shortcut]")
    assert undo.inner_text() == "Undo “Fill the placement at random” (62 moves)"
    assert fig.locator(".sharah-shortcuts button[data-shortcut]").count() == 0
    undo.click()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 4")
    assert fig.locator(".sharah-hand").is_visible()
    assert fig.locator(".sharah-shortcuts button[data-shortcut]").is_visible()
    assert fig.locator("button[data-action='redo']").is_enabled()
    # the fill is ordinary moves: Undo takes one back, Redo replays one
    fill.click()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 66")
    fig.locator("button[data-action='undo']").click()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 65")
    assert fig.locator(".sharah-shortcuts button[data-undo-shortcut]").count() == 0
    fig.locator("button[data-action='redo']").click()
    wait_js(live, A, "f.querySelectorAll('ol.sharah-moves li').length === 66")
    assert fig.locator(".sharah-shortcuts button[data-undo-shortcut]").is_visible()


def test_placement_with_the_keyboard(live):
    fig = board(live, B)
    snake = fig.locator(".sharah-hand button[data-kind=snake]")
    # Tab from the board reaches the hand
    fig.locator(".sharah-svg").focus()
    live.keyboard.press("Tab")
    assert live.evaluate("document.activeElement.dataset.kind") == "snake"
    live.keyboard.press("Enter")
    # the kind is picked and the cursor is on the board, on a square it may go to
    assert snake.get_attribute("aria-pressed") == "true"
    assert live.evaluate("document.activeElement.classList.contains('sharah-svg')")
    cursor = fig.locator("rect.is-cursor").get_attribute("data-sq")
    assert cursor in legal_drops(fig, "snake")
    assert fig.locator("svg > g.sharah-cursor").get_attribute("data-sq") == cursor
    live.wait_for_function("() => document.querySelectorAll('figure.sharah-board')[1]"
                           ".querySelector('.sharah-announce').textContent.includes('Snake picked')")
    live.keyboard.press("ArrowUp")
    live.keyboard.press("ArrowRight")
    target = fig.locator("rect.is-cursor").get_attribute("data-sq")
    assert target != cursor and "is-dest" in sq(fig, target).get_attribute("class")
    live.keyboard.press("Enter")
    wait_js(live, B, "f.querySelectorAll('ol.sharah-moves li').length === 1")
    assert history(fig) == [f"S@{target}"]
    assert live.evaluate("document.activeElement.classList.contains('sharah-svg')")
    # Escape puts a picked kind back
    live.keyboard.press("Tab")
    assert live.evaluate("document.activeElement.dataset.kind") == "snake"     # Red's snake now
    live.keyboard.press("Space")
    assert fig.locator(".sharah-hand button[aria-pressed=true]").count() == 1
    live.keyboard.press("Escape")
    assert fig.locator(".sharah-hand button[aria-pressed=true]").count() == 0 and dests(fig) == []


def test_drop_exercise(live):
    fig = board(live, C)
    assert hand(fig) == [["snake", "11", False, False], ["fox", "11", False, False],
                         ["stone", "11", False, False]]
    assert fig.locator(".sharah-shortcuts").is_hidden()     # shortcuts are for game boards
    fig.locator(".sharah-hand button[data-kind=stone]").click()
    click_sq(fig, "a5")                                      # the goal row: explained, not played
    feedback = fig.locator(".sharah-feedback")
    feedback.wait_for(state="visible")
    assert "nothing may be placed on the goal row" in feedback.inner_text()
    click_sq(fig, "e5")
    wait_js(live, C, "f.querySelector('.sharah-feedback').dataset.kind === 'right'")
    assert history(fig) == ["O@e5"]
    assert all(h[3] for h in hand(fig))                      # answered: the hand is disabled


# ------------------------------------------------------ draw offers, numbers

def test_no_draw_offers_on_exercises_and_diagrams(live):
    for index in (D, E):
        fig = board(live, index)
        kinds = fig.evaluate("f => f.sharahWidget.state.moves.map(m => m.kind)")
        assert kinds and "offer-draw" not in kinds, index
        assert fig.locator(".sharah-free").count() == 0
        assert "Offer a draw" not in fig.inner_text()
    game = board(live, F)
    assert game.locator(".sharah-free button").all_inner_texts() == ["Offer a draw"]


def test_move_numbers_with_a_draw_offer(live):
    fig = board(live, F)

    def play_first_board_move():
        n = len(history(fig))
        fig.evaluate("f => f.sharahWidget.play(f.sharahWidget.state.moves.find(m => m.from).n)")
        wait_js(live, F, f"f.querySelectorAll('ol.sharah-moves li').length === {n + 1}")

    def press(text):
        n = len(history(fig))
        fig.locator(".sharah-free button", has_text=text).click()
        wait_js(live, F, f"f.querySelectorAll('ol.sharah-moves li').length === {n + 1}")

    play_first_board_move()             # 1. White
    press("Offer a draw")               # Black offers
    press("Decline the draw")           # White declines
    play_first_board_move()             # Black moves
    play_first_board_move()             # 2. White
    # said in words, not by the style alone
    assert history(fig)[1:3] == ["Black offers a draw", "White declines the draw"]
    kinds = fig.locator("ol.sharah-moves li").evaluate_all("els => els.map(e => e.dataset.kind)")
    assert kinds == ["move", "offer-draw", "decline-draw", "move", "move"]
    offer = fig.locator("ol.sharah-moves li").nth(1)
    assert offer.evaluate("e => getComputedStyle(e).fontStyle") == "italic"     # not a move: set apart
    assert numbers(fig) == ["1.", "", "", "", "2."]


# ----------------------------------------------------------------- the look

def luminance(rgb: str) -> float:
    parts = [int(x) / 255 for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_hedman_rim_reads_as_a_frame(live):
    fig = board(live, G)
    for scheme in ("default", "slate"):
        live.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        fills = fig.evaluate("""f => Object.fromEntries(['dark', 'rim-dark', 'light'].map(c =>
            [c, getComputedStyle(f.querySelector('rect.sq-' + c)).fill]))""")
        dark, rim = luminance(fills["dark"]), luminance(fills["rim-dark"])
        assert (dark + 0.05) / (rim + 0.05) >= 2.2, (scheme, fills)
    live.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")


@pytest.mark.parametrize("width, height", [(1280, 620), (1280, 900), (390, 844)])
def test_badges_never_break_a_word(new_page, base_url, width, height):
    """Beside a 15x15 board (a short window puts the side panel there) and
    under it, a badge's name and value stay whole; the detail wraps."""
    page = new_page(width=width, height=height)
    page.goto(base_url + "games/sharah-mittner/")
    wait_ready(page)
    fig = page.locator("figure.sharah-mode-game").first
    svg, side = fig.locator("svg.sh-board").bounding_box(), fig.locator(".sharah-side").bounding_box()
    if height == 620:
        assert side["x"] >= svg["x"] + svg["width"], "the side panel should be beside the board here"
    words = fig.locator(".sharah-badge-name, .sharah-badge > b").evaluate_all("""els => els.map(e => {
        const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.4;
        return [e.textContent, e.getClientRects().length, e.getBoundingClientRect().height / lh];
    })""")
    assert len(words) >= 6
    for text, rects, lines in words:
        assert rects == 1 and lines < 1.5, (text, rects, lines)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    # the hand fits too
    row = fig.locator(".sharah-hand").bounding_box()
    assert row["x"] >= 0 and row["x"] + row["width"] <= width
    assert page.watch.errors == [] and page.watch.foreign == []


def test_no_console_errors(live):
    assert live.watch.errors == []
    assert live.watch.foreign == []
