"""The front door in Chromium: search finds a piece, the Sha'rah comparison's
boards lead to their games, a game starts in one click from the home page,
a rules page prints with its diagrams, and the link-preview tags and icons.

(Every page of the navigation, for console errors and foreign requests, is
tests/browser/test_walk.py's whole-site walk; here only the pages these
tests open are checked.)
"""

from __future__ import annotations

import re
import struct
from html.parser import HTMLParser

from sharah_web.variants import VARIANTS

from .conftest import BOOT_TIMEOUT, ROOT

SEARCH = "[data-md-component=search-query]"
RESULT_LINK = ".md-search-result__item a"


def _title(variant_id: str) -> str:
    """A game page's heading, from its Markdown."""
    text = (ROOT / "docs" / "games" / f"{variant_id}.md").read_text(encoding="utf-8")
    return re.search(r"^# (.+)$", text, re.M).group(1).strip()


# the readings of Sha'rah (the registry's sharah-* games), each with its page's heading
READINGS = [(vid, _title(vid)) for vid in VARIANTS if vid.startswith("sharah-")]


def heading(page, selector: str) -> str:
    """A heading's text without its permalink sign."""
    return page.locator(selector).first.inner_text().strip().rstrip("¶").strip()


def test_search_finds_a_piece(new_page, base_url):
    page = new_page()
    page.goto(base_url + "pieces/")
    page.locator(SEARCH).click()
    page.keyboard.type("Troublemaker")     # as a reader types: Material searches on keyup
    # the search index is built into the site; Material searches it in a worker
    # and links each result to its section (with ?h=, to highlight the word)
    entry = f'{RESULT_LINK}[href*="/pieces/"][href$="#troublemaker"]'
    page.wait_for_selector(entry, timeout=BOOT_TIMEOUT)
    hrefs = page.locator(RESULT_LINK).evaluate_all("els => els.map(a => a.href)")
    pages = {re.sub(r"\?h=[^#]*", "", h) for h in hrefs}
    assert f"{base_url}pieces/#troublemaker" in pages, hrefs
    assert f"{base_url}games/sharah-surrounds/" in pages, hrefs
    # following the result opens the glossary entry
    page.locator(entry).first.click()
    page.wait_for_url(re.compile(re.escape(f"{base_url}pieces/") + r".*#troublemaker$"))
    page.locator("h3#troublemaker").wait_for()
    assert heading(page, "h3#troublemaker") == "Troublemaker"
    assert page.watch.errors == [] and page.watch.foreign == []


def test_comparison_boards_link_to_their_games(new_page, base_url):
    page = new_page()
    page.goto(base_url + "sharah/")
    row = page.locator(".sharah-row figure.sharah-board")
    assert row.count() == len(READINGS) >= 3
    for i, (game, _) in enumerate(READINGS):
        fig = row.nth(i)
        assert fig.get_attribute("data-variant") == game
        fig.locator("svg.sh-board").wait_for(state="visible")
        links = fig.locator("figcaption a").evaluate_all("els => els.map(a => a.href)")
        assert links == [f"{base_url}games/{game}/"], (game, links)
    # the section's own page in the navigation is this comparison
    nav = page.locator(".md-nav--primary a.md-nav__link[href]").evaluate_all(
        "els => els.map(a => [a.textContent.trim(), a.href])")
    assert ["Sha'rah, three readings", f"{base_url}sharah/"] in nav, nav
    # and a board's link opens the right rules page
    for i, (game, title) in enumerate(READINGS):
        page.goto(base_url + "sharah/")
        row.nth(i).locator("figcaption a").click()
        page.wait_for_url(f"{base_url}games/{game}/")
        # instant navigation changes the address first, then swaps the content
        page.wait_for_function("t => document.querySelector('.md-content h1')?.textContent.startsWith(t)",
                               arg=title)
        assert heading(page, ".md-content h1") == title
    assert page.watch.errors == [] and page.watch.foreign == []


def test_home_page_starts_a_game_in_one_click(new_page, base_url):
    page = new_page()
    page.goto(base_url)
    cards = page.locator(".grid.cards > ul > li")
    assert cards.count() == len(VARIANTS)
    # every game of the registry has a card, which shows its starting board
    variants = cards.locator("figure.sharah-board").evaluate_all("els => els.map(f => f.dataset.variant)")
    assert sorted(variants) == sorted(VARIANTS)
    card = cards.filter(has=page.locator('figure[data-variant="scheherazade"]'))
    card.get_by_role("link", name="Play").click()
    page.wait_for_url(f"{base_url}games/scheherazade/#play")
    page.locator("h2#play").wait_for()   # instant navigation swaps the content after the address
    # the first board after the "Play" heading is a game board, not a diagram
    mode = page.evaluate("""() => {
        const h = document.getElementById('play');
        const f = [...document.querySelectorAll('figure.sharah-board')]
            .find(f => h.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
        return f && f.dataset.mode;
    }""")
    assert mode == "game"
    assert page.watch.errors == [] and page.watch.foreign == []


def _boards(page) -> list[dict]:
    return page.locator("figure.sharah-board").evaluate_all("""figs => figs.map(f => {
        const svg = f.querySelector('svg.sh-board');
        const box = svg.getBoundingClientRect();
        const style = getComputedStyle(f);
        return {w: box.width, h: box.height, visible: svg.checkVisibility({visibilityProperty: true}),
                breakInside: style.breakInside};
    })""")


def test_a_rules_page_prints_with_its_diagrams(new_page, base_url):
    # dark palette on screen: paper still gets the light colours
    page = new_page(color_scheme="dark")
    page.goto(base_url + "games/oblong-shatranj/")
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    on_screen = _boards(page)
    hidden_on_screen = sum(not b["visible"] for b in on_screen)
    assert hidden_on_screen > 0          # the diagrams in inactive tabs
    assert page.locator(".md-sidebar--primary").is_visible()

    page.emulate_media(media="print")
    printed = _boards(page)
    assert len(printed) == len(on_screen) > 20
    for i, b in enumerate(printed):   # every diagram, the tabs' too, is there and whole
        assert b["visible"] and b["w"] > 50 and b["h"] > 50, (i, b)
        assert b["breakInside"] == "avoid", (i, b)
    for chrome in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer",
                   ".sharah-controls", ".sharah-options"):
        loc = page.locator(chrome)
        assert all(not loc.nth(i).is_visible() for i in range(loc.count())), chrome
    colours = page.evaluate("""() => {
        const sq = document.querySelector('figure.sharah-board .sq-light');
        const p = document.querySelector('.md-typeset p');
        return [getComputedStyle(sq).fill, getComputedStyle(p).color];
    }""")
    assert colours == ["rgb(240, 217, 181)", "rgba(0, 0, 0, 0.87)"]

    page.emulate_media(media="screen")
    assert page.locator(".md-sidebar--primary").is_visible()
    assert page.watch.errors == [] and page.watch.foreign == []


class _Head(HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and ("property" in a or "name" in a):
            self.meta[a.get("property") or a["name"]] = a.get("content", "")
        elif tag == "link":
            self.links.append(a)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_link_previews_and_icons(built_site, base_url):
    """Open Graph and Twitter tags with absolute URLs from site_url; the
    icons and the social card are in the site at the sizes they claim."""
    head = _Head()
    head.feed((built_site / "games" / "sharah-mittner" / "index.html").read_text(encoding="utf-8"))
    card = f"{base_url}assets/sharah/img/social-card.png"
    assert head.meta["og:image"] == head.meta["twitter:image"] == card
    assert head.meta["og:url"] == f"{base_url}games/sharah-mittner/"
    assert head.meta["twitter:card"] == "summary_large_image"
    assert head.meta["og:title"] == "Mittner's Sha'rah - Sha'rah and other forgotten chess"
    assert head.meta["og:description"].startswith("Martin Mittner's Sha'rah of 2011")
    assert (head.meta["og:image:width"], head.meta["og:image:height"]) == ("1200", "630")
    img = built_site / "assets" / "sharah" / "img"
    assert _png_size((img / "social-card.png").read_bytes()) == (1200, 630)
    icons = {(link.get("rel"), link.get("type", "")): link["href"] for link in head.links
             if "icon" in link.get("rel", "")}
    assert icons[("icon", "")] == "../../assets/sharah/img/favicon.svg"
    assert icons[("icon", "image/png")] == "../../assets/sharah/img/favicon-32.png"
    assert _png_size((img / "favicon-32.png").read_bytes()) == (32, 32)
    assert _png_size((img / "apple-touch-icon.png").read_bytes()) == (180, 180)
    assert re.match(r"<svg [^>]*viewBox=\"0 0 64 64\"", (img / "favicon.svg").read_text(encoding="utf-8"))
    # the home page's preview is the site itself, not "Home"
    home = _Head()
    home.feed((built_site / "index.html").read_text(encoding="utf-8"))
    assert home.meta["og:title"] == "Sha'rah and other forgotten chess"
    assert home.meta["og:url"] == base_url
    # the theme's templates are not published
    assert not (built_site / "assets" / "sharah" / "overrides").exists()
