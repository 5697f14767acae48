"""The same game in two tabs, in Chromium (records.js): a tab never saves
a game older than the stored one unless the player chose it, and a tab that
holds moves not saved asks before it is left or reloaded.

The records test page (tests/browser/pages/records-test.md): board 0 is
Oblong Shatranj without the die (set-up 1).
"""

from __future__ import annotations

import time

from .conftest import TEST_DIR, wait_ready
from .helpers import SEEN, board, hint, key, one_tab_warned, play, played, saved_after, stored_moves, tabs_settled, wait_moves

PAGE = f"{TEST_DIR}/records-test/"

A = 0

# The engine's worker hears nothing while window.__hold is set: the page
# boots (its boards have read the store) but no board opens until released.
HOLD = """(() => {
  window.__hold = true;
  const queue = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    if (window.__hold) { queue.push([this, args]); return undefined; }
    return post.apply(this, args);
  };
  window.__release = () => {
    window.__hold = false;
    for (const [w, args] of queue.splice(0)) post.apply(w, args);
  };
})();"""


def opening_tab(context, base_url):
    """A second tab on the page, its boards' open requests made (the store
    read) and held."""
    two = context.new_page()
    two.add_init_script(HOLD)
    two.goto(base_url + PAGE)
    two.wait_for_function("() => document.querySelector('figure.sharah-board')?.sharahWidget?.openReq")
    return two


def late_tab(new_page, base_url):
    """A tab plays a7a8 d10d9; a second opens and is held while it boots:
    (first page, its board, the key, second page)."""
    one = new_page()
    one.goto(base_url + PAGE)
    wait_ready(one)
    f1 = board(one, A)
    play(f1, "a7", "a8")
    play(f1, "d10", "d9")
    saved_after(one, f1, ["a7a8", "d10d9"])
    return one, f1, key(one), opening_tab(one.context, base_url)


def test_a_tab_that_opens_late_takes_the_newer_game_and_saves_nothing_older(new_page, base_url):
    one, f1, k, two = late_tab(new_page, base_url)
    assert two.evaluate("() => JSON.parse(document.querySelector('figure.sharah-board')"
                        ".sharahWidget.openReq.saved).moves.length") == 2
    # while the second tab boots, the first plays on
    play(f1, "b7", "b8")
    saved_after(one, f1, ["a7a8", "d10d9", "b7b8"])
    two.evaluate("window.__release()")
    wait_ready(two)
    f2 = board(two, A)
    wait_moves(f2, 3)
    assert played(f2) == ["a7a8", "d10d9", "b7b8"]
    tabs_settled(f2, one)
    assert stored_moves(one, k) == ["a7a8", "d10d9", "b7b8"]
    assert "another tab" not in hint(f1)
    assert "another tab" not in hint(f2)
    # both go on from it
    play(f2, "c10", "c9")
    saved_after(two, f2, ["a7a8", "d10d9", "b7b8", "c10c9"])
    assert one.watch.errors == []


def test_a_late_tab_whose_game_was_replaced_asks_and_saves_nothing(new_page, base_url):
    """The other tab threw the game away (a new game) while this one booted:
    the newer stored game does not continue this tab's, so this tab asks,
    and saves nothing until the player chooses."""
    one, f1, k, two = late_tab(new_page, base_url)
    # the first tab starts again and plays another first move
    f1.locator('button[data-action="restart"]').click()
    f1.locator('button[data-confirm="yes"]').click()
    wait_moves(f1, 0)
    play(f1, "b7", "b8")
    saved_after(one, f1, ["b7b8"])
    two.evaluate("window.__release()")
    wait_ready(two)
    f2 = board(two, A)
    two.wait_for_function(SEEN, arg="changed in another tab")
    assert played(f2) == ["a7a8", "d10d9"]
    assert f2.locator(".sharah-tabs").is_visible()
    tabs_settled(f2, one)
    assert stored_moves(one, k) == ["b7b8"]
    assert "another tab" not in hint(f1)


def asks_before_reload(page, fig):
    """Reloading ``page`` asks first (a beforeunload prompt, dismissed), or
    the page reloads: whichever comes (a prompt holds the reload back)."""
    asked, loaded = [], []

    def dialog(d):
        asked.append(d.type)
        d.dismiss()

    def load(_):
        loaded.append(True)
    page.on("dialog", dialog)
    page.on("domcontentloaded", load)
    page.locator("h1").first.click()                                # a user gesture
    page.evaluate("() => { location.reload(); }")
    end = time.monotonic() + 90
    while not asked and not loaded:
        assert time.monotonic() < end, "reloading neither asked nor reloaded in 90 s"
        page.wait_for_timeout(20)       # Playwright's events are delivered meanwhile
    page.remove_listener("dialog", dialog)
    page.remove_listener("domcontentloaded", load)
    return asked == ["beforeunload"]


def test_moves_played_after_the_other_tab_saved_are_not_lost_on_reload(new_page, base_url):
    one = new_page()
    one.goto(base_url + PAGE)
    wait_ready(one)
    two = one.context.new_page()
    two.goto(base_url + PAGE)
    wait_ready(two)
    f1, f2, k = one_tab_warned(one, two)
    # nothing played here since: this tab leaves without asking
    assert not asks_before_reload(two, f2)
    wait_ready(two)
    f2 = board(two, A)
    wait_moves(f2, 1)
    # the first tab plays on; the second, warned, plays a move of its own
    play(f1, "d10", "d9")
    saved_after(one, f1, ["a7a8", "d10d9"])
    two.wait_for_function(SEEN, arg="changed in another tab")
    play(f2, "c10", "c9")
    assert played(f2) == ["a7a8", "c10c9"]
    assert stored_moves(two, k) == ["a7a8", "d10d9"]
    # that move is not saved: reloading asks, and the game stays
    assert asks_before_reload(two, f2)
    assert played(f2) == ["a7a8", "c10c9"]
    # taking the other tab's game is the player's choice: then nothing is held
    f2.locator('button[data-tabs="take"]').click()
    wait_moves(f2, 2)
    assert played(f2) == ["a7a8", "d10d9"]
    assert not asks_before_reload(two, f2)
    assert one.watch.errors == []
