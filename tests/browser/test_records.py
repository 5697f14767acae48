"""Saved games, records, share links and replay in Chromium (records.js).

One test page (tests/browser/pages/records-test.md): board 0 is Oblong
Shatranj without the die (set-up 1), board 1 Scheherazade. Each test loads
it in a fresh browser context (its own storage), as a new visitor would.
"""

from __future__ import annotations

from .conftest import TEST_DIR, wait_ready
from .helpers import board, hint, play, played, wait_moves

PAGE = f"{TEST_DIR}/records-test/"
A, B = 0, 1


def open_panel(fig):
    details = fig.locator("details.sharah-records")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()


def copied_link(fig):
    open_panel(fig)
    fig.locator('button[data-records="copy-link"]').click()
    out = fig.locator(".sharah-records-out textarea")
    fig.page.wait_for_function("t => t.value.includes('#game=')", arg=out.element_handle())
    return out.input_value()


def message(fig):
    return fig.locator(".sharah-records-msg").inner_text()


def start(new_page, base_url, url=None):
    page = new_page()
    page.goto(url or base_url + PAGE)
    wait_ready(page)
    return page


def test_a_game_survives_a_reload_and_a_share_link_opens_it_elsewhere(new_page, base_url):
    page = start(new_page, base_url)
    fig = board(page, A)
    play(fig, "a7", "a8")
    play(fig, "d10", "d9")
    page.reload()
    wait_ready(page)
    fig = board(page, A)
    assert played(fig) == ["a7a8", "d10d9"]
    assert fig.locator('g.pc[data-sq="a8"]').count() == 1 and fig.locator('g.pc[data-sq="a7"]').count() == 0
    assert hint(fig) == "Your game is back where you left it."
    assert played(board(page, B)) == []
    # Restart asks; "No" keeps the game, saved too
    fig.locator('button[data-action="restart"]').click()
    assert fig.locator(".sharah-confirm-text").inner_text() == "Discard this game (2 moves)?"
    fig.locator('button[data-confirm="no"]').click()
    page.reload()
    wait_ready(page)
    assert played(board(page, A)) == ["a7a8", "d10d9"]

    # a friend opens the link in their own browser: the game is there
    link = copied_link(board(page, A))
    assert link.startswith(base_url + PAGE + "#game=1;v=oblong-shatranj;")
    friend = start(new_page, base_url, link)
    theirs = board(friend, A)
    wait_moves(theirs, 2)                          # the link is read once the board is up
    assert played(theirs) == ["a7a8", "d10d9"]
    assert hint(theirs) == "The game from the link is on the board."
    assert "#game=" not in friend.url              # read once: a reload shows the saved game
    play(theirs, "b7", "b8")
    answer = copied_link(theirs)

    # their answer continues our game: it loads at once, without a question
    page.goto(answer)
    # only the address's #fragment changed: the page may be swapped in again
    # by instant navigation, so wait for the link to be read and the boards
    # (perhaps new ones) to be up before looking
    page.wait_for_function("() => !location.hash.includes('game=')")
    wait_ready(page)
    fig = board(page, A)
    wait_moves(fig, 3)
    assert played(fig) == ["a7a8", "d10d9", "b7b8"]
    assert fig.locator(".sharah-confirm").count() == 0

    # a bad link says why and leaves the game alone
    page.goto(base_url + PAGE + "#game=1;v=oblong-shatranj;o=die:false;m=a7a8,d10d9,b7b8,zz")
    page.wait_for_function("f => f.querySelector('.sharah-hint').textContent.includes('could not be loaded')",
                           arg=fig.element_handle())
    assert hint(fig) == ("The game in the link could not be loaded: move 4 (zz): 'zz' is not a move: write the "
                         "from-square then the to-square, like b2b3. Your game here is unchanged.")
    assert played(fig) == ["a7a8", "d10d9", "b7b8"]
    page.reload()
    wait_ready(page)
    assert played(board(page, A)) == ["a7a8", "d10d9", "b7b8"]
    assert page.watch.errors == [] and friend.watch.errors == []


ILLEGAL_7TH = ('[Variant "oblong-shatranj"]\n[Options "die=false"]\n[White "Anna"]\n'
               "1. a7a8 d10d9 2. b7b8 c10c9 3. c7c8 {fine so far} b10b9 4. a8a10 a10a9 *\n")


def test_import_checks_every_move_and_replay_steps_through(new_page, base_url):
    page = new_page()
    page.goto(base_url + PAGE)
    # a damaged saved game is set aside with a note
    key = page.evaluate("""() => { const f = document.querySelector('figure.sharah-board');
        return 'sharah-game:' + location.pathname + '#' + f.dataset.sharahUid; }""")
    page.evaluate("k => localStorage.setItem(k, '{damaged')", key)
    page.reload()
    wait_ready(page)
    fig = board(page, A)
    assert hint(fig) == ("Your saved game on this board could not be restored (the saved game is damaged "
                         "(not JSON)): it was set aside.")
    assert page.evaluate("k => localStorage.getItem(k + ':set-aside')", key) == "{damaged"
    play(fig, "d7", "d8")

    # a record with an illegal 7th move: the message, and the game unchanged
    open_panel(fig)
    fig.locator('button[data-records="import"]').click()
    fig.locator(".sharah-records-import textarea").fill(ILLEGAL_7TH)
    fig.locator('button[data-records="do-import"]').click()
    page.wait_for_function("f => f.querySelector('.sharah-records-msg').dataset.kind === 'error'",
                           arg=fig.element_handle())
    assert message(fig) == ("This record cannot be imported: Move 7 (a8a10): a8a10: the pawn on a8 cannot move "
                            "to a10. Your game is unchanged.")
    assert played(fig) == ["d7d8"]

    # the corrected record replaces the game after a question
    fig.locator(".sharah-records-import textarea").fill(ILLEGAL_7TH.replace("4. a8a10", "4. d7d8"))
    fig.locator('button[data-records="do-import"]').click()
    assert fig.locator(".sharah-confirm-text").inner_text() == "Discard this game (1 move)?"
    fig.locator('button[data-confirm="yes"]').click()
    wait_moves(fig, 8)
    assert played(fig) == ["a7a8", "d10d9", "b7b8", "c10c9", "c7c8", "b10b9", "d7d8", "a10a9"]
    assert message(fig) == "Imported: 8 moves. Step through them with the buttons above the move list."

    # replay: to the start, then forward with the keyboard and by a click
    where = fig.locator(".sharah-replay-where")
    fig.locator('button[data-replay="first"]').click()
    wait_moves(fig, 0)
    assert where.inner_text() == "Start (of 8)"
    assert fig.locator("ol.sharah-moves li.sharah-future").count() == 8
    assert fig.get_attribute("data-locked") is None       # a move here would start a variation
    fig.locator("ol.sharah-moves").focus()
    page.keyboard.press("ArrowRight")
    wait_moves(fig, 1)
    assert where.inner_text() == "Move 1 of 8"
    assert fig.locator('g.pc[data-sq="a8"]').count() == 1 and fig.locator('g.pc[data-sq="d9"]').count() == 0
    assert fig.locator('g.pc[data-sq="d10"]').count() == 1
    fig.locator('ol.sharah-moves li[data-ply="5"]').click()
    wait_moves(fig, 5)
    assert where.inner_text() == "Move 5 of 8"
    page.keyboard.press("End")
    wait_moves(fig, 8)
    assert fig.get_attribute("data-locked") is None

    # looking back, a move would start a variation; "Play from here" makes it
    # replace the later moves instead
    fig.locator('button[data-replay="back"]').click()
    wait_moves(fig, 7)
    fig.locator('button[data-replay="back"]').click()
    wait_moves(fig, 6)
    assert fig.get_attribute("data-locked") is None
    fig.locator('button[data-replay="play-here"]').click()
    play(fig, "d5", "d6")
    assert fig.locator("ol.sharah-moves li.sharah-future").count() == 0

    page.reload()
    wait_ready(page)
    assert played(board(page, A)) == ["a7a8", "d10d9", "b7b8", "c10c9", "c7c8", "b10b9", "d5d6"]
    assert page.watch.errors == [] and page.watch.foreign == []
