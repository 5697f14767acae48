"""Contrast, by axe-core's color-contrast and link-in-text-block rules:
on every page of the nav, light and dark, at phone and desktop size, once
the boards are ready and while the engine is still starting; links in
text underlined.

axe-core comes from the npm registry (package.json's devDependencies,
installed by scripts/setup.sh with npm ci); it is run from outside the
page (helpers.with_axe), under the page's own Content-Security-Policy.

What a run costs, and what it measures. axe's cost on a page grows with
every element of the document, whatever part of it is checked: before it
judges one text it lays out a grid of every element of the body (their
boxes, visibility and stacking), and it judges every text of its context.
So each run measures only what can differ from the runs already made:

- The board drawings (``svg.sh-board``: squares, pieces, coordinates, a
  live board's hit targets; about 400 elements a board, 19,000 of the
  21,500 elements of Hedman's page) made most of the cost, for nothing:
  axe judges an SVG text by its CSS ``color`` against the CSS backgrounds
  behind it, but a drawing's text is painted by its ``fill`` on the
  drawing's squares (a coordinate filled with its square's own colour, on
  a puzzle page: axe passed all 27, as #212121 on #ffffff). While axe
  runs, each drawing's content is out of the page (``AXE_RUN``), but for an
  empty copy of its coordinates' group (the board's box makes room for
  them, board.css); the box holding each drawing is checked not to move.
  Everything else on the page, the board's controls, panels, status and
  move list included, is measured. The drawings' own colours are the
  renderer's (sharah_web/svg.py).
- Light and dark: everything, in both.
- Phone and desktop: every colour rule that depends on the width, in the
  site's CSS and in mkdocs-material's, is the site chrome's (the
  navigation drawer, the search, the back-to-top button); none is the
  content's (Markdown text, tables, admonitions, boards). So the desktop
  runs measure the whole page, the phone runs the page but for the text
  outside the boards (``BUT_THE_TEXT``): the chrome, and the boards, whose
  panels move under the board on a phone.
- While the engine boots, only the boards differ (they show the build's
  answer, "Starting the engine…", their buttons off): the boot runs
  measure the boards (``JUST_THE_BOARDS``) of the pages that have some.
"""

from __future__ import annotations

import json

from .conftest import TEST_DIR, boards_ready, page_at, wait_ready
from .helpers import BOARDS, RUNTIME, hold, nav_urls, walk_to, with_axe

PHONE = (390, 844)
DESKTOP = (1280, 800)
FIT_PAGE = f"{TEST_DIR}/fit-test/"


# axe's two rules on the page as it is, each board drawing's content out
# of the page meanwhile (the module's docstring), put back whatever happens
AXE_RUN = """async (context) => {
    const box = e => JSON.stringify(e.getBoundingClientRect());
    const drawings = [...document.querySelectorAll('svg.sh-board')].filter(s => s.firstChild);
    const boxes = drawings.map(s => box(s.parentElement));
    // an empty copy of the coordinates' group stays: the board's box makes room for them (board.css)
    const kept = drawings.map(s => { const stay = [...s.querySelectorAll('.coords')].map(g => g.cloneNode(false));
        const f = document.createDocumentFragment(); f.append(...s.childNodes); s.append(...stay); return f; });
    try {
        const moved = drawings.filter((s, i) => box(s.parentElement) !== boxes[i]);
        if (moved.length) return [`${moved.length} board drawing(s) changed the size of their place without their content`];
        const r = await axe.run(context || document, {runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']},
                                           resultTypes: ['violations']});
        return r.violations.flatMap(v => v.nodes.map(n => v.id + ' ' + n.target.join(' ') + ': '
            + n.any.concat(n.all).map(c => c.message).join(' ')));
    } finally {
        drawings.forEach((s, i) => s.replaceChildren(kept[i]));
    }
}"""
SCHEMES = ("default", "slate")        # Material's light and dark palettes
# What is measured (axe's context; None: the whole page). The boards, and
# on a phone the page but its text outside the boards (the module's
# docstring: no colour of the content depends on the width)
JUST_THE_BOARDS = {"include": [["figure.sharah-board"]]}
BUT_THE_TEXT = {"include": [["html"], ["figure.sharah-board"]], "exclude": [[".md-content"]]}
WHOLE = ((DESKTOP, None), (PHONE, BUT_THE_TEXT))


def contrast_findings(page, where, measures):
    """axe's findings on the page as it is, in each palette, for each
    (size, context) of ``measures``."""
    findings = {}
    for size, context in measures:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for scheme in SCHEMES:
            page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            found = page.evaluate(AXE_RUN, context)
            if found:
                findings[f"{where} {size[0]}px {scheme}"] = found
    return findings


def test_no_contrast_findings_on_any_page_light_or_dark(browser, base_url):
    """axe-core's color-contrast and link-in-text-block rules: none on
    every page of the nav, the 404 page and a test page whose move list
    shows (a declined draw offer among its moves), at phone and desktop
    size, in the light and the dark palette, every board ready. The test
    page loads (the engine boots once), every page of the nav follows by
    instant navigation, as a reader clicks through the site, with the
    same engine; each page is measured in the four ways. That walk is
    also the site's walk by instant navigation (test_walk.py has the one
    by full page loads): on every page each board becomes ready, with no
    console error and no request to another host, the document and the
    engine's worker the same from the first page to the last."""
    findings = {}
    # a fresh context, as a first visit has: in a parallel run the walk
    # from the warm profile once stalled on a page (instant navigation
    # never swapped the article in 90 s), cause not found
    with page_at(browser, base_url, *DESKTOP, warm=False) as page:
        page.goto(base_url + FIT_PAGE)
        wait_ready(page)
        page.evaluate("window.__sameDocument = true")
        with_axe(page)
        findings |= contrast_findings(page, FIT_PAGE, WHOLE)
        seen = 0
        for path in nav_urls():
            page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
            walk_to(page, base_url + path)
            boards_ready(page)
            seen += page.locator(BOARDS).count()
            assert page.watch.errors == [], path
            assert page.watch.foreign == [], path
            page.evaluate("window.scrollTo(0, 0)")
            with_axe(page)
            findings |= contrast_findings(page, path or "/", WHOLE)
        assert page.evaluate("window.__sameDocument") is True, "instant navigation did not happen"
        assert seen > 50
        assert page.evaluate("window.sharahDebug.workersCreated") == 1
        assert sum(1 for w in page.workers if "engine-worker" in w.url) == 1
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.goto(base_url + "404.html")
        with_axe(page)
        findings |= contrast_findings(page, "404.html", WHOLE)
        assert not page.watch.errors
    assert not findings, json.dumps(findings, indent=1)[:6000]


def test_no_contrast_findings_while_the_engine_boots(browser, base_url, built_site):
    """The same rules on the boards of every page of the nav that has
    boards while the engine is held back (its zip and the runtime's files
    are not answered: the worker waits, as on a slow network): the boards
    say "Starting the engine…" (those on the screen answer early); on a
    phone, in the light and the dark palette: the first page loaded, the
    others reached by the site's links. Only the boards wait for the
    engine: the rest of each page is the one measured once they are
    ready."""
    findings = {}
    paths = [p for p in [FIT_PAGE] + nav_urls()
             if 'class="sharah-board' in (built_site / p / "index.html").read_text(encoding="utf-8")]
    assert len(paths) >= 12, paths
    with page_at(browser, base_url, *PHONE) as page:
        # the runtime's files held: the worker asks for nothing else (not the engine's zip) before them
        runtime = hold(page.context, RUNTIME)
        page.goto(base_url + paths[0])
        for path in paths:
            if path != paths[0]:
                walk_to(page, base_url + path)     # the next page as a reader reaches it
            with_axe(page)
            page.wait_for_timeout(300)
            assert page.evaluate("window.sharahDebug?.ready") is not True
            findings |= contrast_findings(page, path or "/", ((PHONE, JUST_THE_BOARDS),))
        assert page.locator(".sharah-loading:visible").count()
        runtime.release()
    assert not findings, json.dumps(findings, indent=1)[:6000]


def test_links_in_text_are_underlined(new_page, base_url):
    page = new_page()
    hold(page.context, RUNTIME)       # styles only: the engine is not needed
    page.goto(base_url)
    deco = page.evaluate("""() => [...document.querySelectorAll('.md-typeset p a:not(.md-button)')]
        .map(a => getComputedStyle(a).textDecorationLine)""")
    assert deco and set(deco) == {"underline"}
    buttons = page.evaluate("""() => [...document.querySelectorAll('.md-typeset a.md-button')]
        .map(a => getComputedStyle(a).textDecorationLine)""")
    assert buttons and set(buttons) == {"none"}
