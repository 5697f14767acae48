"""A walk through the whole navigation: every page in mkdocs.yml's ``nav``
(read from the file, so new pages are walked too), with zero console
errors and zero requests to any host but the test server, by full page
loads (the head's scripts, the engine's early start, a page left while
the engine still boots).

The walk by instant navigation, as a reader clicks through the site (one
engine worker for the whole walk; on every page each board becomes
ready), is test_contrast.py's: it measures each page's contrast on the
way, and a walk costs a boot and every board of the site opened.
"""

from __future__ import annotations

import re
import urllib.request

import pytest
from mkdocs.utils.yaml import yaml_load

from .conftest import ROOT, boards_ready
from .helpers import nav_pages, page_url


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
