"""A walk through the whole navigation: every page in mkdocs.yml's ``nav``
(read from the file, so new pages are walked too), with zero console
errors and zero requests to any host but the test server.

Two walks in one browser context each:
- by instant navigation, as a reader clicks through the site (one engine
  worker for the whole walk): on every page each board becomes ready;
- by full page loads (the head's scripts, the engine's early start, a page
  left while the engine still boots).
"""

from __future__ import annotations

import re
import urllib.request

import pytest
from mkdocs.utils.yaml import yaml_load

from .conftest import ROOT, boards_ready
from .helpers import BOARDS, nav_pages, page_url, walk_to


@pytest.fixture(scope="module")
def nav_urls() -> list[str]:
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = nav_pages(config["nav"])
    assert len(pages) >= 5 and "index.md" in pages
    assert all((ROOT / "docs" / p).is_file() for p in pages)
    return [page_url(p) for p in pages]


def test_nav_pages_are_in_the_sitemap(nav_urls, base_url, origin):
    with urllib.request.urlopen(origin.address + "sitemap.xml") as res:
        sitemap = res.read().decode()
    listed = set(re.findall(r"<loc>([^<]*)</loc>", sitemap))
    for url in nav_urls:
        assert base_url + url in listed, url


def test_walk_by_instant_navigation(nav_urls, new_page, base_url):
    page = new_page()
    page.goto(base_url + nav_urls[0])
    page.evaluate("window.__sameDocument = true")
    boards_ready(page)
    seen = 0
    for url in nav_urls[1:] + nav_urls[:1]:
        walk_to(page, base_url + url)
        boards_ready(page)
        seen += page.locator(BOARDS).count()
        assert page.watch.errors == [], url
        assert page.watch.foreign == [], url
    assert page.evaluate("window.__sameDocument") is True, "instant navigation did not happen"
    assert seen > 50
    assert page.evaluate("window.sharahDebug.workersCreated") == 1
    assert sum(1 for w in page.workers if "engine-worker" in w.url) == 1


def test_walk_by_full_page_loads(nav_urls, new_page, base_url):
    page = new_page()
    for url in nav_urls:
        page.goto(base_url + url, wait_until="load")
        page.wait_for_function("() => window.document$ !== undefined")
        assert page.title(), url
        assert page.watch.errors == [], url
        assert page.watch.foreign == [], url
    # the last page's boards come up too
    boards_ready(page)
    assert page.watch.errors == [] and page.watch.foreign == []
