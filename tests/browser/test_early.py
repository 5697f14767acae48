"""Play before the runtime : with the engine held back
(its worker's script is not answered until the test releases it:
``helpers.WORKER``), the boards answer
from the build's early answers (sharah_web/early.py, site_assets/js/early.js):
dots for a piece, a diagram piece's moves, a first move drawn; then the
engine comes up and the game goes on from that move. A tap made before
anything can answer is kept; a computer to reply waits visibly; a stale
baked answer gives way to the engine's, and the visitor is told.

The engine's zip is held only where the test is about it (an engine
that fails as it fetches its zip); a hold of the zip forgets the
bytecode the profile keeps (the worker would not ask for the zip), and
the boot after it runs from source; the others' boots run on the kept
bytecode (a third of the cost: tests/browser/conftest.py's docstring).
"""

from __future__ import annotations

import json
import re

from sharah_web.early import page_key

from .conftest import BOOT_TIMEOUT, TEST_DIR, wait_ready
from .helpers import (ENGINE, WORKER, alter, click_sq, dests, history, hold, piece_on, played, status, wait_moves,
                      without_service_worker)

TEST_PAGE = f"{TEST_DIR}/widget-test/"
COMPUTER_PAGE = f"{TEST_DIR}/computer-test/"
EARLY = "**/assets/sharah/early/*.json"


def held_page(new_page, base_url, path, *patterns, init=None):
    page = new_page(width=900, height=900)
    holds = [hold(page.context, p) for p in patterns]
    if init:
        page.add_init_script(init)
    page.goto(base_url + path)
    return page, holds


def early_answer(page, base_url, uid):
    url = f"{base_url}assets/sharah/early/{page_key(uid)}.json"
    return page.evaluate("url => fetch(url).then(r => r.json())", url)["boards"][uid]


def settle(page):
    """Two frames, then two tasks: what the page does once a board is
    scrolled to (the observer's callback after a frame, then the task that
    shows a board's answer) has been done."""
    page.evaluate("""() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
        () => setTimeout(() => setTimeout(done, 0), 0))))""")


def fig_at(page, index):
    return page.locator("figure.sharah-board").nth(index)


def wait_early(fig, value="shown", timeout=20_000):
    """The reader goes to the board (early answers are shown on boards on or
    near the screen) and waits for its early answer."""
    fig.evaluate("f => f.scrollIntoView({block: 'center'})")
    fig.page.wait_for_function("([f, v]) => f.dataset.early === v", arg=[fig.element_handle(), value],
                               timeout=timeout)


def moves_from(answer, frm):
    """The baked moves' to-squares from ``frm`` ("from to" entries are plain moves)."""
    moves = [m if isinstance(m, dict) else dict(zip(("from", "to"), m.split())) for m in answer["state"]["moves"]]
    return sorted({m["to"] for m in moves if m.get("from") == frm and m.get("to")})


def test_a_game_board_plays_its_first_move_before_the_engine(new_page, base_url):
    page, (engine,) = held_page(new_page, base_url, TEST_PAGE, WORKER)
    fig = fig_at(page, 0)
    wait_early(fig)
    assert page.evaluate("window.sharahDebug.ready") is False      # the engine is held back
    uid = fig.get_attribute("data-sharah-uid")
    answer = early_answer(page, base_url, uid)
    assert fig.get_attribute("data-state") == "loading"
    # white's b2 knight (Oblong set-up 1): its destinations, from the baked list
    click_sq(fig, "b2")
    assert dests(fig) == moves_from(answer, "b2") == ["a4", "c4"]
    click_sq(fig, "c4")
    assert piece_on(fig, "c4").count() == 1 and piece_on(fig, "b2").count() == 0
    assert "pc-knight" in piece_on(fig, "c4").get_attribute("class")
    assert fig.get_attribute("data-early") == "played"
    assert "Waiting for the engine" in status(fig)
    shown = fig.locator(".sharah-status").inner_text()      # one message, not two
    assert shown.endswith(" played. Waiting for the engine…") and "Starting" not in shown, shown
    # more taps wait: the board holds the move for the engine
    click_sq(fig, "c2")
    assert dests(fig) == []
    engine.release()
    wait_ready(page)
    page.wait_for_function("(f) => f.sharahWidget.state.ply === 1", arg=fig.element_handle(),
                           timeout=BOOT_TIMEOUT)
    state = fig.evaluate("f => f.sharahWidget.state")
    assert len(history(fig)) == 1 and state["last"]["n"] == "b2c4"
    assert state["pieces"]["c4"]["kind"] == "knight" and "b2" not in state["pieces"]
    assert state["to_move"] == "black"
    assert fig.get_attribute("data-early") is None
    # the game goes on in the engine
    black = next(m for m in state["moves"] if m.get("from") and m.get("to"))
    click_sq(fig, black["from"])
    click_sq(fig, black["to"])
    page.wait_for_function("(f) => f.sharahWidget.state.ply === 2", arg=fig.element_handle())
    assert not page.watch.errors, page.watch.errors


def test_a_diagram_piece_shows_its_moves_before_the_engine(new_page, base_url):
    page, (engine,) = held_page(new_page, base_url, TEST_PAGE, WORKER)
    fig = page.locator("figure.sharah-board[data-mode=diagram]").first
    wait_early(fig)
    uid = fig.get_attribute("data-sharah-uid")
    answer = early_answer(page, base_url, uid)
    where = moves_from(answer, "b2")
    assert where
    click_sq(fig, "b2")
    assert dests(fig) == where
    said = fig.locator(".sharah-status-text").inner_text()
    assert said.startswith("The white knight on b2 can go to ") and all(sq in said for sq in where)
    engine.release()
    wait_ready(page)
    assert not page.watch.errors, page.watch.errors


def tap_b2(page, fig):
    """Tap inside b2, near its top-right corner: the static drawing has no
    square rects yet (Oblong: 4 files by 16 ranks, white at the bottom; b2
    is column 1, row 14). Near a corner, a tap placed on anything but the
    drawing itself (the box around it also holds the coordinates' gutter)
    lands on another square."""
    fig.locator("svg").evaluate("e => e.scrollIntoView({block: 'center'})")
    box = fig.locator("svg").bounding_box()
    page.mouse.click(box["x"] + box["width"] * (1.9 / 4), box["y"] + box["height"] * (14.1 / 16))


def the_kept_tap_shows_the_knights_dots(page, fig, engine):
    """The tap on b2 is answered early (the knight's dots, the engine still
    held), then the engine comes up cleanly."""
    wait_early(fig)
    page.wait_for_function("(f) => f.querySelectorAll('rect.is-dest').length > 0", arg=fig.element_handle())
    assert dests(fig) == ["a4", "c4"]
    assert page.evaluate("window.sharahDebug.ready") is False
    engine.release()
    wait_ready(page)
    assert not page.watch.errors, page.watch.errors


def tap_before_any_answer(new_page, base_url):
    """The engine and the early answers held: the reader taps b2 on board A."""
    page, (engine, early) = held_page(new_page, base_url, TEST_PAGE, WORKER, EARLY)
    fig = fig_at(page, 0)
    page.wait_for_function("(f) => !!f.sharahWidget", arg=fig.element_handle())
    tap_b2(page, fig)
    assert fig.get_attribute("data-early") is None
    return page, fig, engine, early


def test_a_tap_before_the_early_answer_is_kept(new_page, base_url):
    page, fig, engine, early = tap_before_any_answer(new_page, base_url)
    early.release()
    the_kept_tap_shows_the_knights_dots(page, fig, engine)


def test_the_computer_to_reply_is_waking_up(new_page, base_url):
    # black is the computer on board A (as computer.js stores it, set before the page runs)
    init = """document.addEventListener('DOMContentLoaded', () => {
      for (const f of document.querySelectorAll('figure.sharah-board[data-mode=game]'))
        localStorage.setItem('sharah-players:' + location.pathname + '#' + f.dataset.sharahUid,
          JSON.stringify({sides: {white: {player: 'human', level: null}, black: {player: 'computer', level: 1}}}));
    });"""
    page, (engine,) = held_page(new_page, base_url, COMPUTER_PAGE, WORKER, init=init)
    fig = fig_at(page, 0)
    wait_early(fig)
    click_sq(fig, "b2")
    click_sq(fig, "c4")
    assert fig.get_attribute("data-early") == "waking"
    assert "The computer is waking up" in status(fig)
    shown = fig.locator(".sharah-status").inner_text()
    assert shown.endswith(" played. The computer is waking up…") and "Starting" not in shown, shown
    engine.release()
    wait_ready(page)
    # the engine plays b3, then the computer answers it
    page.wait_for_function("(f) => f.sharahWidget.state.ply === 2", arg=fig.element_handle(),
                           timeout=60_000)
    assert fig.evaluate("f => f.sharahWidget.state.history.length") == 2
    assert piece_on(fig, "c4").count() == 1 or fig.evaluate("f => f.sharahWidget.state.last.captures.includes('c4')")
    assert not page.watch.errors, page.watch.errors


def tampered_page(new_page, base_url, change):
    """The test page with the engine held back and its early file passed
    through ``change(file)`` on its way."""
    page = new_page(width=900, height=900)
    engine = hold(page.context, WORKER)

    def tamper(raw):
        data = json.loads(raw)
        change(data)
        return json.dumps(data).encode()

    early = alter(page.context, EARLY, edit=tamper)
    page.goto(base_url + TEST_PAGE)
    return page, engine, early


def test_a_stale_early_answer_gives_way_to_the_engine(new_page, base_url):
    uid_box = {}

    def tamper(data):
        boards = data["boards"]
        for uid in boards:   # the first game board: a knight that may go to b6 (no rule says so)
            st = boards[uid]["state"]
            if st["mode"] == "game" and st["ply"] == 0 and "b2" in st["pieces"]:
                st["moves"].append({"n": "b2b6", "from": "b2", "to": "b6"})
                boards[uid]["fx"].append(0)
                uid_box["uid"] = uid
                break

    page, engine, early = tampered_page(new_page, base_url, tamper)
    fig = fig_at(page, 0)
    wait_early(fig)
    assert early.seen and fig.get_attribute("data-sharah-uid") == uid_box["uid"]
    click_sq(fig, "b2")
    assert "b6" in dests(fig)
    click_sq(fig, "b6")
    assert piece_on(fig, "b6").count() == 1
    engine.release()
    wait_ready(page)
    hint = fig.locator(".sharah-hint")
    page.wait_for_function("(h) => h.textContent.includes('older rules')", arg=hint.element_handle())
    assert "does not allow b2b6" in hint.inner_text()
    # the engine's board: the opening, b2 still there, and play goes on
    state = fig.evaluate("f => f.sharahWidget.state")
    assert state["ply"] == 0 and "b2" in state["pieces"] and "b6" not in state["pieces"]
    assert piece_on(fig, "b2").count() == 1
    click_sq(fig, "b2")
    click_sq(fig, "c4")
    page.wait_for_function("(f) => f.sharahWidget.state.ply === 1", arg=fig.element_handle())
    assert fig.evaluate("f => f.sharahWidget.state.last.n") == "b2c4"
    assert not page.watch.errors, page.watch.errors


PWNED = "window.__pwned"
HANDLERS = "f => [...f.querySelectorAll('*')].filter((n) => [...n.attributes].some((a) => /^on/i.test(a.name)))" \
    ".map((n) => n.outerHTML.slice(0, 80))"


def test_a_tampered_early_file_puts_no_handler_or_markup_on_the_page(new_page, base_url):
    """The early file is data checked as it is read: a piece's drawing with
    an event handler (or a tag the renderer never writes) makes the board's
    answer refused, and the squares' names are attribute values, never
    markup: no onload or onerror of the file reaches the page."""
    seen = {}

    def tamper(data):
        boards = data["boards"]
        first, *others = list(boards)
        seen["first"] = first
        # the first board: its squares' names try to leave their attribute
        w, h, names = boards[first]["grid"]
        names = names.split(" ")
        seen["name"] = names[0]
        names[0] = names[0] + '"><img/src=x/onerror="window.__pwned=1">'    # one name still: no space
        boards[first]["grid"][2] = " ".join(names)
        # the others: each gets its own copies of the drawings it uses, with event
        # handlers and a tag the renderer never writes (the first board's stay as built)
        seen["tampered"] = []
        for uid in others:
            if not boards[uid]["looks"]:
                continue
            copies = []
            for i in boards[uid]["looks"]:
                look = json.loads(json.dumps(data["looks"][i]))
                look[1]["onload"] = "window.__pwned=2"
                look.append(["image", {"href": "x.png", "onerror": "window.__pwned=3"}])
                copies.append(len(data["looks"]))
                data["looks"].append(look)
            boards[uid]["looks"] = copies
            seen["tampered"].append(uid)

    page, engine, early = tampered_page(new_page, base_url, tamper)
    fig = fig_at(page, 0)
    wait_early(fig)
    assert early.seen and fig.get_attribute("data-sharah-uid") == seen["first"]
    # the odd name is one attribute's value
    assert fig.locator(".sharah-early-squares rect.sq").first.get_attribute("data-sq") == \
        seen["name"] + '"><img/src=x/onerror="window.__pwned=1">'
    assert fig.locator("img").count() == 0
    # a board whose drawings were tampered with shows no early answer
    assert seen["tampered"]
    other = page.locator(f'figure.sharah-board[data-sharah-uid="{seen["tampered"][0]}"]')
    other.evaluate("f => f.scrollIntoView({block: 'center'})")
    settle(page)
    assert other.get_attribute("data-early") is None
    assert page.evaluate(PWNED) is None
    assert page.locator("figure.sharah-board").evaluate_all(f"figs => figs.flatMap({HANDLERS})") == []
    engine.release()
    assert not page.watch.errors, page.watch.errors


def test_an_exercise_takes_its_move_early_and_the_engine_checks_it(new_page, base_url):
    page, (engine,) = held_page(new_page, base_url, TEST_PAGE, WORKER)
    fig = fig_at(page, 2)      # Try C: the elephant on a3 takes the knight on c5
    assert fig.get_attribute("data-mode") == "try"
    wait_early(fig)
    click_sq(fig, "a3")
    assert dests(fig) == ["c5"]
    click_sq(fig, "a5")        # no move there: what the baked list says, nothing played
    assert fig.locator(".sharah-hint").inner_text() == "a3 to a5 is not a move here."
    assert piece_on(fig, "a3").count() == 1
    click_sq(fig, "a3")
    click_sq(fig, "c5")        # a capture: the knight leaves, the elephant arrives
    assert piece_on(fig, "a3").count() == 0
    assert "pc-elephant" in piece_on(fig, "c5").get_attribute("class")
    assert piece_on(fig, "c5").count() == 1
    engine.release()
    wait_ready(page)
    feedback = fig.locator(".sharah-feedback")
    feedback.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    page.wait_for_function("(f) => f.querySelector('.sharah-feedback').dataset.kind === 'right'",
                           arg=fig.element_handle())
    assert "the elephant jumps over its own pawn" in feedback.inner_text()
    assert not page.watch.errors, page.watch.errors


def test_a_move_made_early_survives_an_engine_that_fails(new_page, base_url):
    page = new_page(width=900, height=900)
    # the first request of the zip held, then answered 503 (after the early move); Retry's is not
    engine = alter(page.context, ENGINE, hold=True, status=503, body="busy", once=True)
    page.goto(base_url + TEST_PAGE)
    fig = fig_at(page, 0)
    wait_early(fig)
    click_sq(fig, "b2")
    click_sq(fig, "c4")
    assert fig.get_attribute("data-early") == "played"
    while not engine.seen:
        page.wait_for_timeout(100)
    engine.release()
    page.wait_for_function("(f) => f.dataset.state === 'error'", arg=fig.element_handle(), timeout=BOOT_TIMEOUT)
    # the page's drawing is back and nothing is live meanwhile
    assert fig.locator("rect[data-sq]").count() == 0
    assert piece_on(fig, "b2").count() == 1 and fig.get_attribute("data-early") is None
    fig.locator(".sharah-failure button", has_text="Retry").click()
    wait_ready(page)
    # the move made early is played once the engine is up
    page.wait_for_function("(f) => f.sharahWidget.state.ply === 1", arg=fig.element_handle(),
                           timeout=BOOT_TIMEOUT)
    assert fig.evaluate("f => f.sharahWidget.state.last.n") == "b2c4"
    page.watch.errors[:] = [e for e in page.watch.errors if "503" not in e]
    assert not page.watch.errors, page.watch.errors


def test_a_tap_before_the_widget_has_loaded_is_kept_and_answered_before_the_add_ons(new_page, base_url):
    # the widget's modules are held too: the tap lands on the bare static
    # page, and the head's small script keeps it for the board
    page = new_page(width=900, height=900)
    engine, widget = hold(page.context, WORKER), hold(page.context, "**/assets/sharah/js/board.js*")
    # an add-on the entry module loads beside itself (the computer, the
    # first of them on a board) is held longer than the others
    late = hold(page.context, re.compile(r"/assets/sharah/js/computer\.js"))
    page.goto(base_url + TEST_PAGE, wait_until="commit")
    fig = fig_at(page, 0)
    page.wait_for_function("(f) => f.querySelector('svg').getBoundingClientRect().width > 0",
                           arg=fig.element_handle())
    tap_b2(page, fig)
    assert page.evaluate("(f) => !f.sharahWidget", fig.element_handle())
    widget.release()
    # the board answers the kept tap without that add-on
    wait_early(fig)
    page.wait_for_function("(f) => f.querySelectorAll('rect.is-dest').length > 0", arg=fig.element_handle())
    assert dests(fig) == ["a4", "c4"]
    # the engine up, the add-on still on its way: the board keeps the early
    # answer, with no add-on on it yet
    engine.release()
    page.wait_for_function("() => window.sharahDebug.ready === true", timeout=BOOT_TIMEOUT)
    settle(page)
    assert fig.get_attribute("data-state") == "loading"
    assert fig.locator(".sharah-addon").count() == 0
    assert dests(fig) == ["a4", "c4"]
    # it comes: the board shows the engine's answer, the add-ons in their
    # order (the computer's controls first, as when it came first)
    late.release()
    wait_ready(page)
    assert fig.evaluate("f => [...f.querySelectorAll('.sharah-addon')].map(a => a.dataset.addon)") == SLOTS
    assert dests(fig) == ["a4", "c4"]
    assert not page.watch.errors, page.watch.errors


# a game board's add-ons' places, in the order they are on the board
SLOTS = ["playview", "computer", "editor", "replay", "analysis", "records"]


def test_a_kept_game_that_is_the_board_as_built_still_answers_early(new_page, base_url):
    # a first visit: the board is turned round and back, and the browser
    # keeps its game (an untouched board keeps nothing), the board as built
    page = new_page(width=900, height=900)
    page.goto(base_url + TEST_PAGE)
    wait_ready(page)
    fig = fig_at(page, 0)
    uid = fig.get_attribute("data-sharah-uid")
    for side in ("black", "white"):
        fig.locator("button[data-action='flip']").click()
        page.wait_for_function("([f, side]) => f.sharahWidget.state.orientation === side && !f.dataset.busy",
                               arg=[fig.element_handle(), side])
    kept = page.evaluate(
        "(uid) => Object.keys(localStorage).filter((k) => k.startsWith('sharah-game:')"
        " && k.endsWith('#' + uid)).map((k) => localStorage.getItem(k))", uid)
    answer = early_answer(page, base_url, uid)
    assert kept == [answer["saved"]]
    # the visit again, with the engine held back: the kept game is the board
    # as built, so the baked answer answers (the service worker, registered
    # once the engine was up, would answer the worker's script from its store, unheld)
    without_service_worker(page)
    engine = hold(page.context, WORKER)
    page.reload()
    fig = fig_at(page, 0)
    wait_early(fig)
    click_sq(fig, "b2")
    assert dests(fig) == ["a4", "c4"]
    assert page.evaluate("window.sharahDebug.ready") is False
    engine.release()
    wait_ready(page)
    assert dests(fig) == ["a4", "c4"]      # the knight selected early stays selected
    # a kept game with a move played is not the board as built: no early answer
    click_sq(fig, "c4")
    page.wait_for_function("(f) => f.sharahWidget.state.history.length === 1", arg=fig.element_handle())
    # the move is kept as it shows (the engine's state carries the saved game)
    assert page.evaluate("([uid, built]) => Object.keys(localStorage).some((k) => k.startsWith('sharah-game:')"
                         " && k.endsWith('#' + uid) && localStorage.getItem(k) !== built)",
                         [uid, answer["saved"]])
    without_service_worker(page)
    engine = hold(page.context, WORKER)
    page.reload()
    fig = fig_at(page, 0)
    page.wait_for_function("(f) => !!f.sharahWidget", arg=fig.element_handle())
    # the next board, which keeps nothing (untouched), answers early:
    # the page's early answers were read and shown (the first board first)
    wait_early(fig_at(page, 1))
    settle(page)
    assert fig.get_attribute("data-early") is None
    engine.release()
    wait_ready(page)
    assert len(history(fig)) == 1     # the kept game, put back by the engine
    assert not page.watch.errors, page.watch.errors


# Every "open" the page sends the engine's worker, in the order sent.
RECORD_OPENS = """(() => {
  const post = Worker.prototype.postMessage;
  window.__opens = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    try {
      const req = message && typeof message.request === "string" && JSON.parse(message.request);
      if (req && req.cmd === "open") window.__opens.push(req.board);
    } catch (err) { /* not a request */ }
    return post.call(this, message, ...rest);
  };
})();"""


def touched_id(fig):
    return fig.evaluate("f => f.sharahWidget.id")


def test_the_boards_open_in_the_engine_the_touched_one_first_then_those_on_the_screen(new_page, base_url):
    # the engine held back: the reader goes to the page's last game board
    # and selects its knight (the early answer shows its moves)
    page, (engine,) = held_page(new_page, base_url, TEST_PAGE, WORKER, init=RECORD_OPENS)
    figs = page.locator("figure.sharah-board")
    last = figs.nth(8)
    assert last.get_attribute("data-mode") == "game" and figs.count() == 10
    wait_early(last)
    click_sq(last, "b2")
    assert dests(last) == ["a4", "c4"]
    assert page.evaluate("window.__opens") == []       # nothing reaches the worker before it is up
    # which boards are on or near the screen when the engine comes up
    near = page.evaluate("""() => [...document.querySelectorAll('figure.sharah-board')].filter((f) => {
        const r = f.querySelector('.sharah-svg').getBoundingClientRect();
        return r.width > 0 && r.bottom > -innerHeight && r.top < 2 * innerHeight; })
      .map((f) => f.sharahWidget.id)""")
    ids = page.evaluate("() => [...document.querySelectorAll('figure.sharah-board')].map((f) => f.sharahWidget.id)")
    # the boards the reader never came near (neither at the top of the page
    # nor around the last game board) were not shown early: they stay as
    # drawn until the engine is up
    shown = page.evaluate("() => [...document.querySelectorAll('figure.sharah-board')]"
                          ".filter((f) => f.dataset.early).map((f) => f.sharahWidget.id)")
    assert touched_id(last) in shown and len(shown) < len(ids)
    engine.release()
    wait_ready(page)
    opens = page.evaluate("window.__opens")
    touched = touched_id(last)
    assert sorted(opens) == sorted(ids)
    assert opens[0] == touched
    assert set(opens[1:len(near)]) == set(near) - {touched}
    assert len(near) < len(ids)                       # some boards are far: they come last
    # the selection made early carries over
    assert dests(last) == ["a4", "c4"]
    assert not page.watch.errors, page.watch.errors


def test_a_board_answers_while_the_page_below_it_is_still_arriving(new_page, base_url, built_site):
    # the parser is held after the first board (a script below it is not
    # answered) and the engine is held: the board is mounted, shows its
    # early answer and takes a tap, before the page has finished loading
    html = (built_site / TEST_DIR / "parse-test" / "index.html").read_text(encoding="utf-8")
    below_uid = re.findall(r'data-sharah-uid="([^"]+)"', html)[1]
    # the address holds a link to a game on the board below (the engine's own link)
    link = ("#game=1;v=oblong-shatranj;o=setup:1,die:false,promotion:general,bare_king:auto;"
            f"p=4/2k1/4/4/4/4/4/4/1N2/4/4/4/4/4/2K1/4_w_0;m=b8c10;b={below_uid}")
    page = new_page(width=900, height=900)
    script, engine = hold(page.context, "**/hold.js"), hold(page.context, WORKER)
    page.goto(base_url + f"{TEST_DIR}/parse-test/{link}", wait_until="commit")
    page.wait_for_function("() => document.querySelectorAll('figure.sharah-board').length === 1")
    fig = fig_at(page, 0)
    wait_early(fig)
    assert page.evaluate("document.readyState") == "loading"
    assert page.locator("figure.sharah-board").count() == 1
    click_sq(fig, "b2")
    assert dests(fig) == ["a4", "c4"]
    # the engine comes up while the page below is still on its way: the
    # first board goes live, and leaves the link to the board below alone
    # (a board of the same game, but not the one the link names)
    engine.release()
    page.wait_for_function("(f) => f.dataset.state === 'ready'", arg=fig.element_handle())
    assert page.evaluate("document.readyState") == "loading"
    # the rest of the page arrives: the board below goes live with the link's game
    script.release()
    below = fig_at(page, 1)
    wait_ready(page)
    wait_moves(below, 1)
    assert played(below) == ["b8c10"] and played(fig) == []
    assert dests(fig) == ["a4", "c4"]
    assert page.evaluate("window.sharahHeldScript") is True
    assert not page.watch.errors, page.watch.errors


def test_a_kept_tap_is_answered_by_the_engine_even_off_screen(new_page, base_url):
    # no early answer ever comes (its file is held): the tap waits for the
    # engine, and the reader has scrolled away meanwhile; the kept place on
    # the board still names b2
    page, fig, engine, _early = tap_before_any_answer(new_page, base_url)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("(f) => f.getBoundingClientRect().bottom < 0", fig.element_handle())
    engine.release()
    wait_ready(page)
    page.wait_for_function("(f) => f.querySelectorAll('rect.is-dest').length > 0", arg=fig.element_handle())
    assert dests(fig) == ["a4", "c4"]
    assert not page.watch.errors, page.watch.errors
