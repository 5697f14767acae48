"""The Puzzles pages in Chromium, one page load per game (two for the
Light and Shadow boards: a desktop and a phone), each checking several
things: no axe-core findings on the board, light and dark; whose move it
is said once; a wrong move taken back with its reason; the puzzle solved
by its line (the engine answers with the most stubborn defence). On
Scheherazade's page, progress (solved puzzles, the streak) kept across a
reload and damaged progress set aside; on Hedman's, a link opening its
puzzle, Next / Previous / Random / a depth from the keyboard, and a
puzzle solved from the keyboard; on the Light and Shadow page on a phone,
a puzzle solved by taps through the magnifier in the play view."""

from __future__ import annotations

import json
import os

import pytest

from sharah_web.variants import VARIANTS

from .conftest import shared
from .helpers import board, click_sq, tap_sq, with_axe

SHOTS = os.environ.get("SHARAH_SHOTS")
PHONE = dict(has_touch=True, is_mobile=True, device_scale_factor=2)


@pytest.fixture(scope="module")
def puzzle_pages(browser, base_url):
    """The puzzle pages at desktop size and on a phone (390x844, touch):
    one page each for the module (``conftest.Shared``: one engine, each
    test's page reached by instant navigation with fresh boards and the
    progress of a first visit)."""
    with shared(browser, base_url, "puzzles/", width=1366, height=900) as desktop, \
            shared(browser, base_url, "puzzles/", kind="phone") as phone:
        yield {False: desktop, True: phone}


def current(fig):
    """The puzzle on the board (its play data, from the page's data block)."""
    pid = fig.evaluate("f => f.sharahWidget.state.puzzle.id")
    data = json.loads(fig.locator("template.sharah-puzzle-data").get_attribute("data-puzzles"))
    return next(p for p in data if p["id"] == pid)


def move(fig, notation, by="click"):
    """Play ``notation`` as a reader does: its two squares clicked
    (``by="click"``), tapped (``"tap"``: through the magnifier where it
    opens) or reached with the arrows and picked with Enter (``"keys"``),
    then, where they name more than one move, its choice picked by the same
    hand (clicks: through the board's own play); a move without two squares
    through the board's own play. Wait for the engine's verdict."""
    entry = fig.evaluate(
        "(f, n) => f.sharahWidget.state.moves.find(m => m.n === n)", notation)
    assert entry, notation
    same = fig.evaluate(
        "(f, e) => f.sharahWidget.state.moves.filter(m => m.from === e.from && m.to === e.to).length", entry)
    ply = fig.evaluate("f => f.sharahWidget.state.ply")
    mistakes = fig.evaluate("f => f.sharahWidget.state.puzzle.mistakes")
    if entry.get("from") and entry.get("to") and (same == 1 or by != "click"):
        for name in (entry["from"], entry["to"]):
            {"click": click_sq, "tap": tap_sq, "keys": key_sq}[by](fig, name)
        if same > 1:         # the choice between the moves there, by the same hand
            choice = fig.locator(f'.sharah-choices button[data-move="{notation}"]')
            if by == "tap":
                choice.tap()
            else:
                choice.focus()
                fig.page.keyboard.press("Enter")
    else:
        fig.evaluate("(f, n) => f.sharahWidget.play(n)", notation)
    fig.page.wait_for_function(
        "([f, ply, k]) => !f.dataset.busy && (f.sharahWidget.state.ply > ply"
        " || f.sharahWidget.state.puzzle.mistakes > k)",
        arg=[fig.element_handle(), ply, mistakes], timeout=60_000)


def key_sq(fig, name):
    """Bring the board's keyboard cursor to ``name`` with the arrow keys
    (the board focused), then press Enter there."""
    box = fig.locator(".sharah-svg")
    if not box.evaluate("b => b === document.activeElement"):
        box.focus()
    page = fig.page
    at = fig.evaluate("(f, n) => { const r = s => f.querySelector(`.sharah-svg rect[data-sq='${s}']`);"
                      " const c = r(f.sharahWidget.cursor), t = r(n);"
                      " return [t.dataset.x - c.dataset.x, t.dataset.y - c.dataset.y]; }", name)
    for count, (minus, plus) in zip(at, (("ArrowLeft", "ArrowRight"), ("ArrowUp", "ArrowDown"))):
        for _ in range(abs(count)):
            page.keyboard.press(plus if count > 0 else minus)
    assert fig.evaluate("f => f.sharahWidget.cursor") == name
    page.keyboard.press("Enter")


def solve(fig, by="click"):
    """Play the current puzzle's first stored line (``by``: see ``move``); its play data."""
    p = current(fig)
    line = p["lines"][next(iter(p["lines"]))]
    for i in range(0, len(line), 2):
        move(fig, line[i], by)
    return p, line


def progress_survives_a_reload_and_damaged_progress_is_set_aside(page, fig):
    """After a puzzle solved with a wrong move on the way (``helped``, the
    streak at 0) and a third solved clean in another tab (streak 1): the next
    puzzle solved clean (streak 2) keeps the other tab's; a reload shows the
    three solved and the streak; damaged progress is set aside with a note,
    the count starting again."""
    helped = fig.evaluate("f => f.sharahWidget.state.puzzle.id")
    fig.locator("[data-puzzle='next']").click()
    on_puzzle(fig.page, not_=helped)
    # meanwhile another tab of the site solves a third puzzle clean: this
    # page's next change is made to the progress as stored, keeping it
    data = json.loads(fig.locator("template.sharah-puzzle-data").get_attribute("data-puzzles"))
    now = current(fig)["id"]
    elsewhere = next(q["id"] for q in data if q["id"] not in (helped, now))
    page.evaluate("id => { const d = JSON.parse(localStorage.getItem('sharah-puzzles'));"
                  " d.solved[id] = 'clean'; d.streak = 1; d.best = 1;"
                  " localStorage.setItem('sharah-puzzles', JSON.stringify(d));"
                  " window.dispatchEvent(new StorageEvent('storage', {key: 'sharah-puzzles',"
                  " newValue: localStorage.getItem('sharah-puzzles')})); }", elsewhere)
    # the other tab's write reaches this one as a storage event: the count follows
    assert "Solved here: 2 of" in fig.locator(".sharah-puzzle-score").inner_text()
    assert "Streak: 1 (best 1)" in fig.locator(".sharah-puzzle-score").inner_text()
    p, _line = solve(fig)
    stored = json.loads(page.evaluate("localStorage.getItem('sharah-puzzles')"))
    assert stored["solved"] == {helped: "helped", elsewhere: "clean", p["id"]: "clean"}
    assert (stored["streak"], stored["best"]) == (2, 2)
    page.reload()
    page.wait_for_function("() => document.querySelector('.sharah-puzzle-score')")
    fig = board(page)
    assert "Solved here: 3 of" in fig.locator(".sharah-puzzle-score").inner_text()
    assert "Streak: 2 (best 2)" in fig.locator(".sharah-puzzle-score").inner_text()
    # the page opens the puzzle it was on and then writes the progress again
    # (its current puzzle): damaged before that write, the page would mend it
    on_puzzle(page, is_=p["id"])
    page.evaluate("localStorage.setItem('sharah-puzzles', '{damaged')")
    page.reload()
    # the note is written when the puzzle panel reads the damaged progress
    page.wait_for_function("() => { const h = document.querySelector('figure.sharah-board .sharah-hint');"
                           " return h && h.innerText.includes('set aside'); }")
    fig = board(page)
    assert page.evaluate("localStorage.getItem('sharah-puzzles:set-aside')") == "{damaged"
    assert "Solved here: 0 of" in fig.locator(".sharah-puzzle-score").inner_text()


def on_puzzle(page, is_=None, not_=None):
    """Wait until the board, not busy, shows the puzzle ``is_``, or any
    puzzle but ``not_``; its id."""
    return page.wait_for_function(
        "([is_, not_]) => { const f = document.querySelector('figure.sharah-board');"
        " const p = f && f.sharahWidget && f.sharahWidget.state && f.sharahWidget.state.puzzle;"
        " return p && !f.dataset.busy && (is_ ? p.id === is_ : p.id !== not_) && p.id; }",
        arg=[is_, not_], timeout=60_000).json_value()


def a_link_opens_its_puzzle_and_the_keyboard_walks_the_puzzles_and_solves_one(page, fig, base_url, game):
    """A link opens its puzzle; then Next and Previous, pressed from the
    keyboard, step through the list (round from the last to the first), a
    depth chosen keeps to that depth; its first puzzle is solved from the
    keyboard alone (the arrows to each square, Enter on it), and Random,
    from the keyboard, picks another of that depth. A link followed while
    the engine judges a move opens its puzzle after the verdict."""
    data = json.loads(fig.locator("template.sharah-puzzle-data").get_attribute("data-puzzles"))
    depth_of = {p["id"]: p["depth"] for p in data}
    target = data[-1]["id"]
    page.goto(base_url + f"puzzles/{game}/#puzzle={target}")
    on_puzzle(page, is_=target)
    fig = board(page)
    fig.locator("[data-puzzle='next']").focus()
    page.keyboard.press("Enter")
    assert on_puzzle(page, not_=target) == data[0]["id"]
    fig.locator("[data-puzzle='prev']").focus()
    page.keyboard.press("Space")
    on_puzzle(page, is_=target)
    # a depth other than the linked puzzle's (the data's order is the finder's)
    depth = next(d for d in (2, 3) if d != depth_of[target])
    fig.locator("select.sharah-puzzle-depth").select_option(str(depth))
    first = on_puzzle(page, not_=target)
    assert depth_of[first] == depth
    _p, line = solve(fig, by="keys")
    state = fig.evaluate("f => f.sharahWidget.state")
    assert state["puzzle"]["solved"] and len(state["history"]) == len(line)
    assert "Solved here: 2 of" in fig.locator(".sharah-puzzle-score").inner_text()
    fig.locator("[data-puzzle='random']").focus()
    page.keyboard.press("Enter")
    other = on_puzzle(page, not_=first)
    assert depth_of[other] == depth
    # a link followed while the engine judges a move: its puzzle opens once the verdict is in
    wrong = next(iter(current(fig)["refutations"].values()))[0]
    linked = next(p["id"] for p in data if p["id"] not in (target, other))
    fig.evaluate("(f, [n, id]) => { f.sharahWidget.play(n); location.hash = '#puzzle=' + id; }",
                 [wrong, linked])
    on_puzzle(page, is_=linked)


# every rule on the puzzle board (the page around it is the theme's, checked
# for contrast with every page in test_contrast); contrast on the whole page
AXE_RUN = """async () => {
    const board = await axe.run({include: [['figure.sharah-board']]}, {resultTypes: ['violations']});
    const page = await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']},
                                          resultTypes: ['violations']});
    return board.violations.concat(page.violations).flatMap(v => v.nodes.map(n => v.id + ' '
        + n.target.join(' ') + ': ' + n.any.concat(n.all, n.none).map(c => c.message).join(' ')));
}"""


def axe_findings(page, fig, where, touch):
    """axe's findings on the page as it is, light and dark; on a touch
    screen, the board's controls under a fingertip's 44 px too."""
    findings = []
    for scheme in ("default", "slate"):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        findings += [f"{where} {scheme}: {f}" for f in page.evaluate(AXE_RUN)]
        if SHOTS:
            fig.screenshot(path=f"{SHOTS}/puzzles-{where.replace(' ', '-')}-{scheme}.png")
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")
    if touch:      # a fingertip's controls: 44 px at least
        small = fig.evaluate("""f => [...f.querySelectorAll('.sharah-puzzle-panel button,'
            + ' .sharah-puzzle-panel select, .sharah-controls button')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().height < 44)
            .map(e => e.textContent.trim().slice(0, 20))""")
        findings += [f"{where}: {c}: under 44 px tall" for c in small]
    return findings


def wrong_move_taken_back(fig):
    """Play a stored wrong move: it is taken back with its reason."""
    wrong = next(iter(current(fig)["refutations"].values()))[0]
    move(fig, wrong)
    state = fig.evaluate("f => f.sharahWidget.state")
    assert state["ply"] == 0 and state["puzzle"]["mistakes"] == 1
    text = fig.locator(".sharah-feedback").inner_text()
    assert "taken back" in text and ("does not win" in text or "ends the game" in text)


@pytest.mark.parametrize("game", list(VARIANTS))
def test_a_puzzle_page_has_no_axe_finding_takes_a_wrong_move_back_and_is_solved_by_its_line(puzzle_pages, base_url,
                                                                                           game):
    """One page of the game's puzzles, its first puzzle: every rule of
    axe-core on the board and contrast on the whole page, in the light and
    the dark palette, as it first shows and with a wrong move's reason
    showing; the wrong move taken back with its reason; then the puzzle
    solved by its line (the engine answers with the most stubborn
    defence). Whose move it is is said once (the status line; the task
    says what to win). The Light and Shadow page also on a phone (touch),
    where every control is a fingertip tall, the task comes first under
    the board, and the puzzle is solved by taps in the play view, each
    through the magnifier, as the page says. On the same page, more
    of the page on two of the games (``progress_...``, ``a_link_...``)."""
    findings = []
    sizes = [(1366, False)] + ([(390, True)] if game == "sharah-surrounds" else [])
    for width, touch in sizes:
        page = puzzle_pages[touch].lend(f"puzzles/{game}/")
        with_axe(page)
        fig = board(page)
        findings += axe_findings(page, fig, f"{game}-{width} first", touch)
        # whose move it is, the status line says, once: the task says what to win
        side = fig.evaluate("f => f.sharahWidget.state.to_move").capitalize()
        assert f"Win as {side} in " in fig.locator(".sharah-puzzle-task").inner_text()
        assert fig.inner_text().count(f"{side} to move") == 1
        wrong_move_taken_back(fig)
        findings += axe_findings(page, fig, f"{game}-{width} wrong", touch)
        if touch:
            # what to do comes first: the task right under the board, above the game's status
            svg, task, status = (fig.locator(s).bounding_box()
                                 for s in (".sharah-svg svg", ".sharah-puzzle-task", ".sharah-status"))
            assert svg["y"] + svg["height"] <= task["y"] < status["y"]
            # the play view, and the puzzle solved by taps: as the page says, each
            # tap on the small squares opens the magnifier first, a tap there picks
            assert "each tap first opens a magnifier" in page.locator(
                "article p", has_text="Move on the board").inner_text().replace("\n", " ")
            fig.locator('button[data-playview="toggle"]').tap()
            page.wait_for_function("f => f.classList.contains('sharah-playview')", arg=fig.element_handle())
            fig.evaluate("f => { f.dataset.loupes = '0'; new MutationObserver(() => { if (f.dataset.loupe)"
                         " f.dataset.loupes = String(Number(f.dataset.loupes) + 1); })"
                         ".observe(f, {attributes: true, attributeFilter: ['data-loupe']}); }")
        _p, line = solve(fig, by="tap" if touch else "click")
        if touch:
            assert fig.get_attribute("data-loupes") == str(2 * len(line[::2]))
        state = fig.evaluate("f => f.sharahWidget.state")
        assert state["puzzle"]["solved"] and state["result"]
        assert [h for h in state["history"]] and len(state["history"]) == len(line)
        feedback = fig.locator(".sharah-feedback")
        assert feedback.get_attribute("data-kind") == "right"
        assert feedback.inner_text() == f"Solved with {state['history'][-1]}."
        # the result is said once (the status line), the verdict once (above)
        assert fig.inner_text().count(state["result"]["text"]) == 1
        assert state["result"]["text"] in fig.locator(".sharah-status").inner_text()
        assert fig.locator(".sharah-puzzle-task").is_hidden()
        assert fig.get_attribute("data-locked") == "solved"
        if game == "scheherazade":
            progress_survives_a_reload_and_damaged_progress_is_set_aside(page, fig)
        if game == "sharah-hedman":
            a_link_opens_its_puzzle_and_the_keyboard_walks_the_puzzles_and_solves_one(page, fig, base_url, game)
        assert page.watch.errors == [] and page.watch.foreign == []
    assert findings == [], "\n".join(findings)
