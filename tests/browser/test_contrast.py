"""Contrast, by axe-core's color-contrast and link-in-text-block rules:
on every page of the nav, light and dark, at phone and desktop size, once
the boards are ready and while the engine is still starting; links in
text underlined.

axe-core comes from the npm registry (package.json's devDependencies,
installed by scripts/setup.sh with npm ci); it is run from outside the
page (helpers.with_axe), under the page's own Content-Security-Policy.
The two whole-site runs are the longest tests of the run: they have a
module of their own, which a parallel run gives a process of its own.
"""

from __future__ import annotations

import json

from .conftest import TEST_DIR, boards_ready, page_at, wait_ready
from .helpers import ENGINE, RUNTIME, Held, nav_urls, walk_to, with_axe

PHONE = (390, 844)
DESKTOP = (1280, 800)
FIT_PAGE = f"{TEST_DIR}/fit-test/"


AXE_RUN = """async () => {
    const r = await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']},
                                       resultTypes: ['violations']});
    return r.violations.flatMap(v => v.nodes.map(n => v.id + ' ' + n.target.join(' ') + ': '
        + n.any.concat(n.all).map(c => c.message).join(' ')));
}"""
SCHEMES = ("default", "slate")        # Material's light and dark palettes


def contrast_findings(page, where, sizes):
    """axe's findings on the page as it is, at each size in each palette."""
    findings = {}
    for size in sizes:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        for scheme in SCHEMES:
            page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            page.wait_for_timeout(50)
            found = page.evaluate(AXE_RUN)
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
    same engine; each page is measured in the four ways."""
    findings = {}
    # a fresh context, as a first visit has: in a parallel run the walk
    # from the warm profile once stalled on a page (instant navigation
    # never swapped the article in 90 s), cause not found
    with page_at(browser, base_url, *DESKTOP, warm=False) as page:
        page.goto(base_url + FIT_PAGE)
        wait_ready(page)
        with_axe(page)
        findings |= contrast_findings(page, FIT_PAGE, (PHONE, DESKTOP))
        for path in nav_urls():
            page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
            walk_to(page, base_url + path)
            boards_ready(page)
            page.evaluate("window.scrollTo(0, 0)")
            with_axe(page)
            findings |= contrast_findings(page, path or "/", (PHONE, DESKTOP))
        assert page.evaluate("window.sharahDebug.workersCreated") == 1
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.goto(base_url + "404.html")
        with_axe(page)
        findings |= contrast_findings(page, "404.html", (PHONE, DESKTOP))
        assert not page.watch.errors
    assert not findings, json.dumps(findings, indent=1)[:6000]


def test_no_contrast_findings_while_the_engine_boots(browser, base_url):
    """The same rules on every page of the nav while the engine is held
    back (its zip and the runtime's files are not answered: the worker
    waits, as on a slow network): the boards say "Starting the engine…"
    (those on the screen answer early); on a phone, in the light and the
    dark palette."""
    findings = {}
    with page_at(browser, base_url, *PHONE, warm=False) as page:     # routed: the cache is off anyway
        held = [Held(page.context, ENGINE), Held(page.context, RUNTIME)]
        for path in nav_urls() + [FIT_PAGE]:
            page.goto(base_url + path)
            with_axe(page)
            page.wait_for_timeout(300)
            assert page.evaluate("window.sharahDebug?.ready") is not True
            findings |= contrast_findings(page, path or "/", (PHONE,))
        assert page.locator(".sharah-loading:visible").count()
        for hold in held:
            hold.release()
    assert not findings, json.dumps(findings, indent=1)[:6000]


def test_links_in_text_are_underlined(new_page, base_url):
    page = new_page()
    Held(page.context, RUNTIME)       # styles only: the engine is not needed
    page.goto(base_url)
    deco = page.evaluate("""() => [...document.querySelectorAll('.md-typeset p a:not(.md-button)')]
        .map(a => getComputedStyle(a).textDecorationLine)""")
    assert deco and set(deco) == {"underline"}
    buttons = page.evaluate("""() => [...document.querySelectorAll('.md-typeset a.md-button')]
        .map(a => getComputedStyle(a).textDecorationLine)""")
    assert buttons and set(buttons) == {"none"}
