"""Issue 25 in Chromium: boards that fit the hand. Pausing a game between
computers drops the move being computed; one "ready" announcement per page;
the focused play view and the magnified touch on a phone; choices on the
board (a Troublemaker's facing by direction, a compound by its picture).
"""

from __future__ import annotations

import pytest

from .conftest import TEST_DIR, open_watched

COMPUTER = f"{TEST_DIR}/computer-test/"
LONG = 60_000


def board(page, index):
    return page.locator("figure.sharah-board").nth(index)


def wait_fig(fig, condition, timeout=LONG):
    fig.page.wait_for_function(
        f"(f) => {{ return {condition}; }}", arg=fig.element_handle(), timeout=timeout)


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
    fig.locator("details.sharah-players > summary").click()
    fig.locator('select[data-side="white"]').select_option("3")
    fig.locator('select[data-side="black"]').select_option("3")
    fig.locator('select[data-computer="delay"]').select_option("0")
    # Pause while the computer is thinking; read the move count in the same instant
    n = None
    for _ in range(200):
        n = fig.evaluate("""f => {
            if (!f.dataset.thinking) return null;
            f.querySelector('button[data-computer="pause"]').click();
            return f.querySelectorAll('ol.sharah-moves li').length; }""")
        if n is not None:
            break
        page.wait_for_timeout(50)
    assert n is not None, "the computer never started thinking"
    wait_fig(fig, "!f.dataset.thinking", timeout=2_000)
    assert fig.locator('button[data-computer="pause"]').inner_text() == "Resume"
    # longer than the strongest level thinks (6 s): no move comes
    page.wait_for_timeout(8_000)
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
    page.goto(base_url + "games/sharah-hedman/", wait_until="domcontentloaded")
    # the reader touches the first playable board while the engine starts
    first = page.locator('figure.sharah-board:not([data-mode="diagram"])').first
    index = first.evaluate("f => [...document.querySelectorAll('figure.sharah-board')].indexOf(f)")
    first.locator(".sharah-svg").scroll_into_view_if_needed()
    first.locator(".sharah-svg").dispatch_event("pointerdown")
    wait_ready(page)
    playable = page.locator('figure.sharah-board:not([data-mode="diagram"])').count()
    assert playable >= 20
    page.wait_for_function("() => window.__said.some(([who]) => who === 'page')", timeout=10_000)
    page.wait_for_timeout(1_000)
    said = page.evaluate("window.__said")
    assert [s for s in said if s[0] == "page"] == [["page", f"The {playable} boards on this page are ready."]]
    ready = [s for s in said if s[1] == "The board is ready."]
    assert ready == [[index, "The board is ready."]]
    assert page.locator(".sharah-page-announce").count() == 1
    assert not page.watch.errors, page.watch.errors
