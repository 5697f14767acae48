"""Draw the site's images into site_assets/img/ (run by hand; the results are committed).

    .venv/bin/python scripts/make_images.py [--chromium PATH]

- ``favicon.svg``: the icon (also the header logo): a black-and-white
  Fisher on a corner of a board; written from ``FAVICON`` below;
- ``favicon-32.png`` and ``apple-touch-icon.png`` (180x180): the same icon
  as pictures, for browsers that do not take an SVG icon; ``icon-192.png``
  and ``icon-512.png``: for the web app manifest (installing the site);
- ``social-card.png`` (1200x630): the picture link previews show (Open
  Graph / Twitter card, see ``site_assets/overrides/main.html``): the Light
  and Shadow boards' set-up drawn by the engine's own renderer
  (``sharah_web.svg``), the site's name and its games.

The pictures are screenshots taken by the system Chromium through Playwright
(``SHARAH_CHROMIUM`` or the full ``/usr/bin/chromium``, the visitor's browser):
nothing is downloaded. Run it again after changing the drawings.
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path

from devkit.chromium import ARGS as CHROMIUM_ARGS
from devkit.chromium import require_chromium
from sharah_web import new_game
from sharah_web.svg import render_svg
from sharah_web.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent

OUT = ROOT / "site_assets" / "img"

# A 2x2 corner of a board (the site's board colours) with the Fisher, half
# black and half white, in the middle. Drawn to read at 16 pixels.
FAVICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="12" fill="#b58863"/>
  <path d="M12 0H32V32H0V12A12 12 0 0 1 12 0ZM32 32H64V52A12 12 0 0 1 52 64H32Z" fill="#f0d9b5"/>
  <circle cx="32" cy="32" r="19" fill="#faf6ec" stroke="#2b2420" stroke-width="4"/>
  <path d="M32 13A19 19 0 0 1 32 51Z" fill="#2b2420"/>
</svg>
"""

NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def card_games() -> list[str]:
    """The card's list of games, from the registry: the readings of Sha'rah
    (the games whose title starts so) as one line, then each other game."""
    titles = [cls.title for cls in VARIANTS.values()]
    readings = [t for t in titles if t.startswith("Sha'rah")]
    lead = ([f"Sha'rah, from The Wheel of Time, in {NUMBERS.get(len(readings), len(readings))} readings"]
            if len(readings) > 1 else readings)
    return lead + [t for t in titles if t not in readings]


def card_html() -> str:
    """The social card as a page of exactly 1200x630 pixels."""
    game = new_game("sharah-surrounds")
    board = render_svg(game.current, uid="card", coords=False)
    items = "".join(f"<li>{html.escape(g)}</li>" for g in card_games())
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
      html, body {{ margin: 0; width: 1200px; height: 630px; overflow: hidden; }}
      body {{ display: flex; align-items: center; gap: 48px; padding: 0 56px 0 35px;
              box-sizing: border-box; background: #3e2c23; color: #f6eedd;
              font-family: "DejaVu Serif", "Liberation Serif", serif; }}
      .board {{ flex: none; width: 560px; height: 560px; }}
      .board svg {{ width: 100%; height: 100%; display: block; border-radius: 6px; }}
      h1 {{ font-size: 56px; line-height: 1.1; margin: 0 0 22px; font-weight: bold; }}
      p {{ font-size: 27px; line-height: 1.35; margin: 0 0 22px; color: #e7d5b7; }}
      ul {{ font-size: 25px; line-height: 1.45; margin: 0; padding-left: 1.1em; color: #f6eedd; }}
      li::marker {{ color: #d9893f; }}
    </style></head><body>
      <div class="board">{board}</div>
      <div><h1>Sha'rah and other forgotten chess</h1>
      <p>Rules, diagrams and boards to play on, in the browser.</p>
      <ul>{items}</ul></div>
    </body></html>"""


def icon_html(size: int) -> str:
    return (f'<!doctype html><html><head><style>html, body {{ margin: 0; background: transparent; }}'
            f'svg {{ display: block; width: {size}px; height: {size}px; }}</style></head>'
            f'<body>{FAVICON}</body></html>')


def chromium(arg: str | None) -> str:
    try:
        return require_chromium(arg)
    except RuntimeError as e:
        raise SystemExit(str(e)) from None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", help="the Chromium binary (default: SHARAH_CHROMIUM or /usr/bin/chromium)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "favicon.svg").write_text(FAVICON, encoding="utf-8")
    shots = [("favicon-32.png", icon_html(32), 32, 32, True),
             ("apple-touch-icon.png", icon_html(180), 180, 180, False),
             # the web app manifest's icons (a phone's home screen)
             ("icon-192.png", icon_html(192), 192, 192, True),
             ("icon-512.png", icon_html(512), 512, 512, True),
             ("social-card.png", card_html(), 1200, 630, False)]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(args.chromium),
                                     args=CHROMIUM_ARGS)
        try:
            for name, page_html, width, height, transparent in shots:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.set_content(page_html)
                page.screenshot(path=str(OUT / name), omit_background=transparent,
                                clip={"x": 0, "y": 0, "width": width, "height": height})
                page.close()
                print(f"{OUT / name}: {width}x{height}, {(OUT / name).stat().st_size:,} bytes")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
