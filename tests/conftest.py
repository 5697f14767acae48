"""What every test folder shares: the site with the test pages
(``tests/browser/pages``, published under ``widget-test/``), built once for
the run with ``mkdocs build --strict`` (``built_site``) for a server on
``port``. The browser tests serve it (tests/browser/conftest.py);
test_fence.py checks what the build ships on it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from devkit.site import build_site, free_port

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "browser" / "pages"
TEST_DIR = "widget-test"


def build_test_site(work: Path, port: int, extra: str = "") -> Path:
    """The site with the test pages, built into ``work/site`` for a server
    on ``port`` (``extra``: Markdown added to the records test page)."""
    docs = work / "docs"
    shutil.copytree(ROOT / "docs", docs)
    shutil.copytree(PAGES, docs / TEST_DIR)
    if extra:
        page = docs / TEST_DIR / "records-test.md"
        page.write_text(page.read_text(encoding="utf-8") + f"\n{extra}\n", encoding="utf-8")
    return build_site(work, port, docs)


@pytest.fixture(scope="session")
def port() -> int:
    """The port of the server the site is built for (its ``site_url``)."""
    return free_port()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, port) -> Path:
    """The site with the test pages, built once for the run."""
    return build_test_site(tmp_path_factory.mktemp("site"), port)


@pytest.fixture
def lifted_time_caps(monkeypatch):
    """The levels' time caps, and a review's, lifted to ten minutes: a busy
    machine cannot cut a search short, so every answer is the node
    budget's (the same as ``best_move`` with the same level and seed)."""
    import dataclasses

    from sharah_web import analysis, search
    for number, level in search.LEVELS.items():
        monkeypatch.setitem(search.LEVELS, number, dataclasses.replace(level, seconds=600.0))
    monkeypatch.setattr(analysis, "REVIEW_SECONDS", 600.0)
    monkeypatch.setattr(analysis, "REVIEW_STOP", 600.0)
