"""How the boards sit in the page: nothing floating over a board,
coordinates and controls big enough on a phone, the side column beside
the board on a desktop, touch without sticky colours, the palette
toggle's names, the search index, the skip link to the board, links
within the page and Back, boards that do not grow when they go live.
(Contrast: test_contrast.py.)

The module's pages are few: the desktop's come from the warm profile
where they can (``page_at``; the palette's tests come before the fit
page's desktop tests, which keep it lent to their page), and one touch
page at phone size (``on_phone``) goes from page to page in the file's
order: a load for the first (the links within a page), the theme's
instant navigation for the others (one engine boot for them all).
"""

from __future__ import annotations

import json
from contextlib import contextmanager, nullcontext

import pytest

from sharah_web.variants import VARIANTS

from .conftest import TEST_DIR, boards_ready, give_back, page_at, phone_page, wait_ready
from .helpers import AXE, ROOT, hold, instant_to, walk_to


PHONE = (390, 844)
DESKTOP = (1280, 800)
WIDE = (1366, 900)
FIT_PAGE = f"{TEST_DIR}/fit-test/"
# the games whose boards are 13 or more squares wide: the smallest coordinates on a phone
BIG_BOARDS = [f"games/{cls.id}/" for cls in VARIANTS.values() if cls.width >= 13]
GAME = "figure.sharah-board[data-mode='game']"
GAMES = sorted(page.stem for page in (ROOT / "docs" / "games").glob("*.md"))
# the rows the add-ons put in a game board's side column
GAME_ROWS = ["computer", "editor", "analysis", "records", "playview"]


@pytest.fixture(scope="module")
def on_phone(browser, base_url):
    """One page on a phone (touch) for the module's tests that use one, in
    the file's order: each goes where it looks."""
    with page_at(browser, base_url, *PHONE, has_touch=True) as page:
        yield page


@pytest.fixture(scope="module")
def fit_phone(on_phone, base_url):
    """The fit test page on a phone (touch), every board ready: reached by
    instant navigation from the page the module's phone tests left (its
    engine lives on), else a page load, for the module's tests that look
    at it (in the file's order)."""
    if on_phone.url.startswith(base_url) and on_phone.evaluate("() => !!window.location$"):
        instant_to(on_phone, base_url + FIT_PAGE)
        wait_ready(on_phone)
    else:
        goto(on_phone, base_url + FIT_PAGE)
    return on_phone


@pytest.fixture(scope="module")
def fit_desktop(browser, base_url):
    """The fit test page on a desktop (a mouse), every board ready: one
    page load for the module's tests that look at it (in the file's order)."""
    with page_at(browser, base_url, *DESKTOP) as page:
        goto(page, base_url + FIT_PAGE)
        yield page


def goto(page, url):
    page.goto(url)
    if page.locator("figure.sharah-board[data-mode]").count():
        wait_ready(page)


def header_bottom(page):
    return page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")


def scroll_to_board(page, fig, below_header=8):
    """Scroll so the board's top edge is just under the header, as a reader
    scrolling up to see the whole board leaves it."""
    top = header_bottom(page) + below_header
    fig.locator("svg.sh-board").evaluate(
        "(svg, top) => window.scrollTo(0, svg.getBoundingClientRect().top + window.scrollY - top)", top)
    frames(page)


def frames(page):
    """Two frames: the scroll events of a scroll made before (dispatched
    with the next frame) have been handled, the theme's among them."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def wheel(page, dy):
    """Turn the mouse wheel by ``dy`` and wait until the scroll it makes
    has ended (Chromium may animate it), then for its scroll events' handlers."""
    page.evaluate("() => { window.__scrollEnded = false;"
                  " addEventListener('scrollend', () => { window.__scrollEnded = true; }, {once: true}); }")
    page.mouse.wheel(0, dy)
    page.wait_for_function("() => window.__scrollEnded")
    frames(page)


# ------------------------------------------------------------ back to top

@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_back_to_top_never_covers_a_board(browser, base_url, size):
    with page_at(browser, base_url, *size) as page:
        goto(page, base_url + "games/sharah-surrounds/")
        fig = page.locator(GAME).first
        # past the board, then back up with the wheel: Material shows the
        # button on the way up
        scroll_to_board(page, fig)
        page.evaluate("window.scrollBy(0, 600)")
        frames(page)
        page.mouse.move(size[0] / 2, size[1] / 2)
        for _ in range(6):
            wheel(page, -100)
        scroll_to_board(page, fig)
        wheel(page, -40)
        top = page.locator(".md-top")
        assert top.evaluate("e => !e.hidden"), "the button did not show on scrolling up"
        # where it ends up: its fade and slide in over
        top.evaluate("e => Promise.all(e.getAnimations().map((a) => a.finished.catch(() => null)))")
        button = top.bounding_box()
        board = fig.locator("svg.sh-board").bounding_box()
        assert board["y"] < header_bottom(page) + 60       # the top rank is near the top of the window
        overlaps = not (button["x"] + button["width"] <= board["x"] or board["x"] + board["width"] <= button["x"]
                        or button["y"] + button["height"] <= board["y"]
                        or board["y"] + board["height"] <= button["y"])
        assert not overlaps, (button, board)
        # a tap on any square of the top rank reaches the board
        hits = fig.locator("svg.sh-board").evaluate("""svg => {
            const rects = [...svg.querySelectorAll('rect[data-sq]')];
            const top = Math.min(...rects.map(r => r.getBoundingClientRect().top));
            return rects.filter(r => Math.abs(r.getBoundingClientRect().top - top) < 1).map(r => {
                const b = r.getBoundingClientRect();
                const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                return [r.dataset.sq, !!hit && svg.contains(hit)];
            });
        }""")
        assert len(hits) == 15 and all(ok for _, ok in hits), hits
        assert not page.watch.errors


# ------------------------------------------------------------ skip link

@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_skip_link_reaches_the_oblong_board_in_a_few_tabs(browser, base_url, size):
    with page_at(browser, base_url, *size) as page:
        skip_to_the_board(page, base_url)


def skip_to_the_board(page, base_url):
    goto(page, base_url + "games/oblong-shatranj/")
    board = page.locator(GAME).first.locator(".sharah-svg")
    for presses in range(1, 12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == "Skip to the board":
            break
    else:
        pytest.fail("no skip link to the board")
    assert presses <= 9, presses
    assert page.locator("a.sharah-skip-board").is_visible()      # shown while focused
    kept = board.element_handle()
    page.keyboard.press("Enter")
    # the board itself takes the keyboard, the page as it was (the same
    # board, live: not put in again by instant navigation, where a Tab
    # pressed at once passed over the board while it was mounted anew)
    page.wait_for_function("b => b === document.activeElement", arg=kept)
    assert page.evaluate("() => location.hash") == "#play"
    assert kept.evaluate("b => b.isConnected && b.closest('figure').dataset.state === 'ready'")
    heading = page.locator("#play").bounding_box()
    # the heading at the top, under the site's header
    assert header_bottom(page) - 1 <= heading["y"] < page.viewport_size["height"] / 2, heading
    page.keyboard.press("ArrowRight")            # the board's own keys: its cursor shows
    assert board.locator(".is-cursor").count() == 1


# ------------------------------------------------- links within the page

@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_links_within_the_page_and_back_keep_its_boards(browser, base_url, request, size):
    """The first link to a place on the page, a heading's ¶ and Back and
    Forward between them: the page is never fetched and put in again (the
    same board element, live), each jump lands its heading under the
    site's header, and on a phone (touch: the module's ``on_phone``, loaded
    here) the drawer the link was in closes."""
    phone = size == PHONE
    with nullcontext(request.getfixturevalue("on_phone")) if phone else page_at(browser, base_url, *size) as page:
        url = base_url + "games/oblong-shatranj/"
        goto(page, url)
        with page_fetches(page, url) as fetched:
            kept = page.locator(GAME).first.element_handle()
            reads = "#how-this-site-reads-the-rules"
            if phone:       # "On this page" is in the drawer, under the page's own entry
                page.locator("label.md-header__button[for='__drawer']").click()
                page.locator(".md-nav--primary label.md-nav__link--active[for='__toc']").click()
                page.locator(f".md-nav--primary .md-nav--secondary a[href$='{reads}']").click()
            else:
                page.locator(f".md-sidebar--secondary a[href$='{reads}']").click()
            heading_at_top(page, reads, url)
            same_page(page, kept, fetched)
            if phone:
                page.wait_for_function("() => !document.getElementById('__drawer').checked")
            settled(page)
            here = page.evaluate("scrollY")
            page.locator("#winning").hover()
            page.locator("#winning a.headerlink").click()
            heading_at_top(page, "#winning", url)
            settled(page)
            page.go_back()
            page.wait_for_function("h => location.hash === h", arg=reads)
            same_page(page, kept, fetched)
            page.wait_for_function("y => Math.abs(scrollY - y) < 2", arg=here)      # where it was
            page.go_forward()
            heading_at_top(page, "#winning", url)
            same_page(page, kept, fetched)
            assert not page.watch.errors


def test_a_jump_within_the_page_keeps_it_when_the_themes_script_ran_first(browser, base_url):
    """A link to a heading of the page fires a popstate at the window
    (so do Back and Forward), where Chromium runs the listeners in the
    order they were added: when the theme's bundle ran before the widget's
    inpage.js (here: inpage.js held until the theme is up), the theme's
    listener comes first. The page is still not fetched and put in again,
    by the link nor by Back. (Before the fix, the headless shell's faster
    start met this order by itself in 3 runs of 10 of the test above.)"""
    with page_at(browser, base_url, *DESKTOP) as page:
        url = base_url + "games/oblong-shatranj/"
        inpage = hold(page.context, "**/assets/sharah/js/inpage.js*")
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => !!window.location$ && document.readyState !== 'loading'")
        inpage.release()
        wait_ready(page)
        with page_fetches(page, url) as fetched:
            kept = page.locator(GAME).first.element_handle()
            reads = "#how-this-site-reads-the-rules"
            page.locator(f".md-sidebar--secondary a[href$='{reads}']").click()
            heading_at_top(page, reads, url)
            same_page(page, kept, fetched)
            settled(page)
            page.go_back()
            page.wait_for_function("() => location.hash === ''")
            same_page(page, kept, fetched)
            assert not page.watch.errors


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", GAMES)
def test_boards_do_not_grow_when_their_add_ons_come(browser, base_url, game, size):
    """A game page's boards are as tall as painted, before the widget's
    scripts ran, once they have put in their add-ons: its game boards (the
    Play board, and a game from a position) once every add-on has put in
    its rows (the computer's, the editor's, the replay's, the analysis's,
    the record's) and the game's options show, its exercises once their
    Play view's row is in: the room they take is kept from the first
    paint. (The Play board grew 95 px on a desktop and 285 on a phone,
    Mittner's, as the engine came; before that every exercise grew by the
    Play view's row, 28 px on a desktop and 44 on a touch screen: the
    heading and board under one that stood at the top of the screen moved
    down.)"""
    games = "figure.sharah-board[data-mode=game]"
    exercises = "figure.sharah-board[data-mode=try]"
    painted, mounted = heights_as_add_ons_come(
        browser, base_url, size, f"games/{game}/", [games, exercises],
        f"""() => [...document.querySelectorAll('{games}')].every(f => f.dataset.state === 'ready'
                   && {json.dumps(GAME_ROWS)}.every(name => f.querySelector('.sharah-addon-' + name)))
                 && [...document.querySelectorAll('{exercises}')].every(f => f.querySelector('.sharah-addon-playview button'))""")
    assert painted[0][0] > 300        # the Play board, shown (the others may be in a closed tab)
    assert len(painted[1]) > 5        # and the page's exercises
    for kind, before, after in zip(("game boards", "exercises"), painted, mounted):
        assert after == pytest.approx(before, abs=0.5), kind


@contextmanager
def warm_page(browser, base_url, size):
    """A watched page at ``size`` for a ``with`` block: a phone's (touch,
    scale 2) at PHONE, else a desktop's; a warm profile's when it is free
    (conftest.Warm: its compiled WebAssembly and bytecode kept, a boot at
    less than half the processor time of a fresh context's)."""
    if size != PHONE:
        with page_at(browser, base_url, *size) as page:
            yield page
        return
    page = phone_page(browser, base_url, *size)
    try:
        yield page
    finally:
        give_back(browser, page.context)


def heights_as_add_ons_come(browser, base_url, size, path, boards, mounted):
    """The heights of the page's boards, a list for each selector of
    ``boards``, as painted with the widget's scripts held (and every
    style sheet in), then once they are let through and ``mounted``
    (a JavaScript predicate) holds. A page at ``size`` (``warm_page``)."""
    heights = (f"() => {json.dumps(boards)}.map(s => [...document.querySelectorAll(s)]"
               ".map(f => f.getBoundingClientRect().height))")
    # what a mismatch is to be read by: the first game board's side column's width (its
    # container queries give the reserved rows' lines), the page's and the window's
    widths = ("() => [document.querySelector('figure.sharah-board[data-mode=game] .sharah-side')?.getBoundingClientRect().width,"
              " document.documentElement.clientWidth, innerWidth]")
    with warm_page(browser, base_url, size) as page:
        # the page's scripts held by the server: every module of the widget
        # is imported by sharah.js (the others only preloaded), so nothing of
        # it runs before sharah.js comes, one request (a hold of each script
        # would take more than Chromium's six connections to the host)
        widget = hold(page.context, "**/assets/sharah/js/sharah.js*")
        page.goto(base_url + path, wait_until="commit")
        page.wait_for_function("() => document.readyState !== 'loading'")
        # as a visitor first sees it: its style sheets in (a run on a busy machine measured
        # before three of them were, the boards as they would be without them)
        sheets_in(page)
        painted, painted_widths = steady(page, heights), page.evaluate(widths)
        assert page.locator(".sharah-addon").count() == 0
        widget.release()
        page.wait_for_function(mounted, timeout=60_000)
        frames(page)
        after = page.evaluate(heights)
        assert not page.watch.errors
        mounted_widths = page.evaluate(widths)
    if painted != after:
        print(f"widths (side column, page, window) painted {painted_widths}, mounted {mounted_widths}")
    return painted, after


def steady(page, script, tries=20):
    """``script``'s value once two frames left it as it was: the layout as
    painted, not one still being worked out (a value that changes at every
    pair of frames ``tries`` times fails the test)."""
    value = page.evaluate(script)
    for _ in range(tries):
        frames(page)
        again = page.evaluate(script)
        if again == value:
            return value
        value = again
    raise AssertionError(f"still changing after {tries} pairs of frames: {value}")


def sheets_in(page):
    """Wait until every style sheet the page links to has come and is in
    effect; one that does not come within a minute fails the test with the
    page's errors (a request that failed is among them)."""
    try:
        page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet)",
                               timeout=60_000)
    except Exception as exc:
        raise AssertionError(f"style sheets missing: {page.watch.errors}") from exc


@contextmanager
def page_fetches(page, url):
    """The fetches of ``url`` (any fragment) while in the block: instant
    navigation putting the page in again."""
    fetched = []

    def note(r):
        if r.resource_type in ("fetch", "xhr") and r.url.split("#")[0] == url:
            fetched.append(r.url)
    page.on("request", note)
    try:
        yield fetched
    finally:
        page.remove_listener("request", note)


def same_page(page, kept, fetched):
    """The page was not fetched and put in again: its first game board is
    the same element, live."""
    assert not fetched, fetched
    assert kept.evaluate("(b, sel) => b === document.querySelector(sel) && b.dataset.state === 'ready'", GAME)


def heading_at_top(page, hash, url):
    page.wait_for_function("h => location.hash === h", arg=hash)
    assert page.url == url + hash
    page.wait_for_function("""([h, header]) => {
        const top = document.getElementById(h.slice(1)).getBoundingClientRect().top;
        return top >= header - 1 && top < innerHeight / 2;
    }""", arg=[hash, header_bottom(page)])


def settled(page):
    """The theme has written the offset into the history entry (0.1 s after
    the last scroll): what Back comes back to."""
    page.wait_for_function("() => history.state !== null && Math.abs(history.state.y - scrollY) < 1")


# ------------------------------------------------------- palette toggle

@pytest.mark.parametrize("system", ["light", "dark"])
def test_palette_toggle_says_what_it_does(new_page, base_url, system):
    """Each state's toggle names the state a click leads to: system ->
    light -> dark -> system, whatever the system's own scheme."""
    page = new_page(color_scheme=system)
    page.goto(base_url + "about/saving/")       # the theme's toggle, on a page without boards
    expect = {"Switch to light mode": ("(prefers-color-scheme: light)", "default"),
              "Switch to dark mode": ("(prefers-color-scheme: dark)", "slate"),
              "Follow the system's light or dark mode":
                  ("(prefers-color-scheme)", "slate" if system == "dark" else "default")}
    seen = []
    for _ in range(4):
        label = page.locator("form[data-md-component='palette'] label:visible").first
        name = label.get_attribute("title")
        before = page.evaluate("document.body.dataset.mdColorMedia")
        label.click()
        # each state has its own media query: the click has taken effect when it changes
        page.wait_for_function("m => document.body.dataset.mdColorMedia !== m", arg=before)
        got = page.evaluate("[document.body.dataset.mdColorMedia, document.body.dataset.mdColorScheme]")
        assert tuple(got) == expect[name], (name, got)
        seen.append(name)
    assert set(seen) == set(expect)


# ---------------------------------------------------------- phone sizes

@pytest.mark.parametrize("path", BIG_BOARDS)
def test_coordinates_are_10px_tall_beside_the_board_on_a_phone(on_phone, base_url, path):
    page = on_phone
    if page.url.startswith(base_url + "games/"):
        walk_to(page, base_url + path)       # by the site's own link: the engine is up already
        boards_ready(page)
    else:
        goto(page, base_url + path)
    figs = page.locator("figure.sharah-board:not(.grid.cards *, .sharah-row *)")
    assert figs.count() >= 3
    checked = 0
    for i in range(figs.count()):
        fig = figs.nth(i)
        if not fig.is_visible():          # in a closed tab
            continue
        checked += 1
        fig.evaluate("f => f.scrollIntoView()")
        labels = fig.locator("svg.sh-board").evaluate("""svg => {
            const board = svg.getBoundingClientRect();
            const scale = board.width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll('.coords .co')].map(t => {
                const b = t.getBoundingClientRect();
                return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
                        height: b.height, outside: b.right <= board.left + 0.5 || b.top >= board.bottom - 0.5,
                        inPage: b.left >= 0 && b.right <= innerWidth};
            });
        }""")
        assert labels, f"board {i} has no coordinates"
        small = [lab for lab in labels if lab["px"] < 10 or lab["height"] < 10]
        assert not small, (i, small[:3])
        # off the squares (left of the board or under it), and on the page
        assert all(lab["outside"] and lab["inPage"] for lab in labels), (i, labels[:3])
    assert checked >= 3


def test_board_controls_are_44px_tall_on_a_touch_screen(fit_phone, fit_desktop):
    page = fit_phone
    fig = page.locator(GAME).first
    page.locator("details.sharah-players, details.sharah-options, details.sharah-records").first.wait_for()
    sizes = fig.evaluate("""f => [...f.querySelectorAll('button, summary, select, .md-button')]
        .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map(e => [e.textContent.trim().slice(0, 30) || e.className, e.getBoundingClientRect().height])""")
    assert len(sizes) >= 6, sizes
    assert all(h >= 44 for _, h in sizes), [s for s in sizes if s[1] < 44]
    # a mouse keeps the compact buttons
    flip = fit_desktop.locator(GAME).first.locator("button[data-action='flip']")
    assert flip.bounding_box()["height"] < 40


def test_a_tapped_button_does_not_stay_coloured(fit_phone, fit_desktop):
    page = fit_phone
    flip = page.locator(GAME).first.locator("button[data-action='flip']")
    flip.scroll_into_view_if_needed()
    colours = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]"
    before = flip.evaluate(colours)
    orientation = page.locator(GAME).first.locator("svg.sh-board").get_attribute("data-orientation")
    flip.tap()
    page.wait_for_function(
        "o => document.querySelector(\"figure.sharah-board[data-mode='game'] svg.sh-board\")"
        ".dataset.orientation !== o", arg=orientation)
    assert flip.evaluate(colours) == before
    # with a mouse, hovering still colours it
    page = fit_desktop
    flip = page.locator(GAME).first.locator("button[data-action='flip']")
    flip.scroll_into_view_if_needed()
    page.add_style_tag(content="*, ::before, ::after { transition: none !important; }")
    before = flip.evaluate("e => getComputedStyle(e).backgroundColor")
    flip.hover()
    bg, fg = flip.evaluate(colours)
    assert bg != before
    assert contrast(bg, fg) >= 4.5, (bg, fg)      # and the text on it reads
    page.mouse.move(0, 0)


def contrast(a, b):
    """WCAG contrast of two opaque rgb() colours."""
    def lum(css):
        rgb = [int(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# ------------------------------------------------------- desktop layout

@pytest.mark.parametrize("anchor", ["fit-10", "fit-13", "fit-15"])
def test_status_and_move_list_beside_the_board_on_a_desktop(fit_desktop, anchor):
    page = fit_desktop
    fig = page.locator(f"h2#{anchor} ~ figure.sharah-board").first
    assert fig.locator("ol.sharah-moves li").count() >= 8
    scroll_to_board(page, fig)
    top, bottom = header_bottom(page), DESKTOP[1]
    board = fig.locator("svg.sh-board").bounding_box()
    assert board["y"] >= top and board["y"] + board["height"] <= bottom, board   # the whole board
    for part in (".sharah-status", "ol.sharah-moves"):
        box = fig.locator(part).bounding_box()
        assert box["x"] >= board["x"] + board["width"], (part, box, board)    # beside it
        assert box["y"] >= top and box["y"] + box["height"] <= bottom, (part, box)


# --------------------------------------------------------- smaller things

def test_record_panel_title_is_the_size_of_the_others(fit_desktop):
    fig = fit_desktop.locator(GAME).first
    fig.locator("details.sharah-records").wait_for()
    sizes = fig.evaluate("""f => Object.fromEntries(['options', 'players', 'records'].map(k =>
        [k, parseFloat(getComputedStyle(f.querySelector('details.sharah-' + k + ' > summary')).fontSize)]))""")
    assert max(sizes.values()) - min(sizes.values()) < 0.5, sizes


def test_a_declined_draw_offer_is_marked_by_more_than_grey(fit_desktop):
    fig = fit_desktop.locator("h2#fit-10 ~ figure.sharah-board").first
    items = fig.locator("ol.sharah-moves li[data-kind$='-draw']")
    assert items.count() == 2
    for i, (kind, sign) in enumerate((("offer-draw", "½?"), ("decline-draw", "✗"))):
        style = items.nth(i).evaluate("""e => { const s = getComputedStyle(e);
            return {kind: e.dataset.kind, sign: getComputedStyle(e, '::before').content,
                    border: s.borderTopStyle, color: s.color,
                    text: getComputedStyle(e.closest('ol')).color}; }""")
        assert style["kind"] == kind and style["sign"] == json.dumps(sign, ensure_ascii=False), style
        assert style["border"] == "dashed" and style["color"] == style["text"], style


def test_search_index_has_no_board_text(built_site):
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    text = " ".join(d["text"] for d in docs)
    for noise in ("abcdefghijklm", "13121110", "Starting the engine", "UndoRedo", "Flip board"):
        assert noise not in text, noise
    assert "Fisher" in text           # the rules are still there


def test_axe_core_is_not_shipped(built_site):
    """axe-core is a test tool: the build copies Pyodide's files only."""
    assert AXE.is_file()
    assert not [p for p in built_site.rglob("*") if "axe" in p.name.lower()]
