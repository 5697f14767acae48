"""Play before the runtime is up: each page's first board (opened in the
engine as soon as the reader clicks a link to the page) and each page's
early answers (``sharah_web/early.py``), asked for by the page's head."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from .context import ASSETS

FIRST_BOARD = re.compile(r'<figure class="sharah-board[^"]*"[^>]*?\sdata-mode="[^"]*"[^>]*?\sdata-config="([^"]*)"')


def first_boards(site: Path, texts: dict) -> dict[str, str]:
    """Each page with boards (its path under the site, as a link names it:
    ``games/scheherazade/``) -> its first board's config (the text of its
    ``data-config``): the widget opens that board in the engine as soon as
    the reader clicks a link to the page (sharah.js, board.js: preopen)."""
    out = {}
    for path, text in texts.items():
        m = FIRST_BOARD.search(text)
        if m:
            key = path.relative_to(site).as_posix()
            out[key[:-len("index.html")] if key.endswith("index.html") else key] = html.unescape(m.group(1))
    return out


BOARD_CONFIG = re.compile(r'<figure class="sharah-board[^"]*"[^>]*?\sdata-config="([^"]*)"')


def write_first_boards(site: Path, texts: dict) -> None:
    """``assets/sharah/first-boards.json``: ``first_boards``."""
    (site / ASSETS).mkdir(parents=True, exist_ok=True)
    (site / ASSETS / "first-boards.json").write_text(
        json.dumps(first_boards(site, texts), indent=0, sort_keys=True), encoding="utf-8")


def write_early_answers(site: Path, texts: dict) -> dict[str, int]:
    """Each page's boards' early answers (sharah_web/early.py), one file per
    page: ``assets/sharah/early/<page>.json`` (``<page>`` from the boards'
    uids; ``early.page_file``), asked for by the page's head once its first
    board is painted.
    Returns file name -> bytes (for the benchmark and the tests)."""
    from sharah_web import early
    folder = site / ASSETS / "early"
    folder.mkdir(parents=True, exist_ok=True)
    pages: dict[str, dict] = {}
    for text in texts.values():
        for m in BOARD_CONFIG.finditer(text):
            config = json.loads(html.unescape(m.group(1)))
            answers = pages.setdefault(early.page_key(config["uid"]), {})   # the page asks for its file
            if config.get("mode") == "puzzle":
                continue     # a puzzle board's moves are judged by the engine: nothing to play early
            answers[config["uid"]] = early.early_answer(config)
    sizes = {}
    for key, boards in sorted(pages.items()):
        data = json.dumps(early.page_file(boards), ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
        (folder / f"{key}.json").write_bytes(data)
        sizes[f"{key}.json"] = len(data)
    return sizes
