"""The head of a page with boards: it starts the engine's worker and the
widget while the rest of the page is parsed (budget (b),
docs/about/benchmarks.md)."""

from __future__ import annotations

import html
import re

from mkdocs.utils import get_relative_url

from sharah_web.early import page_key

from .context import ASSETS, ROOT, BuildContext

# The classic script in the head of a page with boards (site_assets/js/head.js,
# typed and checked like the widget's modules): inlined, its comment lines
# left out, with what the build knows on its element as data attributes.
HEAD_SCRIPT = ROOT / "site_assets" / "js" / "head.js"
COMMENT_LINE = re.compile(r"^\s*(//|/\*\*|\*)")


def head_script() -> str:
    """head.js as the page inlines it: its lines without their indentation,
    the comment lines left out."""
    lines = HEAD_SCRIPT.read_text(encoding="utf-8").splitlines()
    return "\n".join(line.strip() for line in lines if line.strip() and not COMMENT_LINE.match(line))


# The modules sharah.js imports, each with the build query, preloaded from
# the head of a page with boards. tests/test_speed.py checks both lists
# against the imports. BOARD_MODULES: what the boards mount with (engine.js
# and the board first; sharah.js's static imports), at normal priority: a
# tap at paint is answered by them (early.js and what it needs), and at low
# priority they queued behind the runtime's 4.3 MB on a first visit (a tap
# answered in 1.5-1.6 s instead of 0.5 s on 4G: docs/about/benchmarks.md,
# "The worker's requests first"). LATE_MODULES: the add-ons sharah.js
# imports beside itself (``import()``): a board needs them only once the
# engine is up, so they are asked for at low priority and the boards mount
# without waiting for them. The engine's worker still goes first: the head
# script that creates it comes before every preload.
BOARD_MODULES = ("engine", "dom", "words", "narrow", "answers", "store", "view", "panels", "early", "ready",
                 "board", "share", "places", "inpage", "skip", "records", "recover")
LATE_MODULES = ("computer", "editor", "analysis", "onboard", "playview", "puzzles")


def add_head(output: str, page, ctx: BuildContext) -> str:
    """A page with boards starts the engine from its head, while the rest
    of the page (hundreds of kilobytes of board SVG) is still being parsed:
    a small classic script creates the engine's worker at once (a module
    script would wait for its imports and for the parser), keeps what it
    says until engine.js adopts it (``window.sharahEarlyWorker``), and an
    async module imports the widget's own engine.js (the same URL, so the
    same module and the same single worker) and calls getEngine(), and
    imports the widget's entry module (the one extra_javascript names), which
    mounts each board as soon as the parser is past it. The widget's modules
    are preloaded there too. All of it comes before the
    page's stylesheets, which would otherwise hold the classic script back
    until they had loaded."""
    if 'class="sharah-board' not in output or "</head>" not in output:
        return output
    # each board names its build: a page reached by instant navigation from
    # a page of another build (a new deploy, no service worker) is loaded
    # whole instead of running on the other build's widget (sharah.js)
    # (after the class, which the early answers' reader looks for first: early.py)
    output = re.sub(r'(<figure class="sharah-board[^"]*")', rf'\1 data-sharah-build="{ctx.build}"', output)
    js = get_relative_url(f"{ASSETS}/js/", page.url)
    if not js.endswith("/"):
        js += "/"
    if not js.startswith(("./", "../", "/")):
        js = "./" + js      # the home page: a bare "assets/..." is not a module specifier
    v = f"?v={ctx.build}"
    # the worker first: the same worker URL as engine.js makes (getEngine),
    # which checks it; nothing when engine.js runs already (a page reached
    # by instant navigation). Its script is then the page's first request
    # after the page itself, ahead of the modules preloaded below.
    uid = re.search(r'data-sharah-uid="([^"]+)"', output)
    facts = {"js": js, "zip": ctx.engine_name, "build": ctx.build,
             "early": page_key(uid.group(1)) if uid else ""}
    attrs = "".join(f' data-{k}="{html.escape(v, quote=True)}"' for k, v in facts.items())
    head = f"<script{attrs}>{head_script()}</script>"
    # every module the boards need before they mount: the entry module
    # (extra_javascript: no build query) and what it imports; then the
    # add-ons it loads beside itself, at low priority
    head += f'<link rel="modulepreload" href="{js}sharah.js">'
    head += "".join(f'<link rel="modulepreload" href="{js}{name}.js{v}">' for name in BOARD_MODULES)
    head += "".join(f'<link rel="modulepreload" href="{js}{name}.js{v}" fetchpriority="low">'
                    for name in LATE_MODULES)
    # the widget itself, while the page is parsed: it mounts each board as
    # soon as the parser is past it (sharah.js)
    head += (f'<script type="module" async>import {{ getEngine }} from "{js}engine.js{v}"; '
             f'import "{js}sharah.js"; getEngine();</script>')
    # before the stylesheets: a classic script after them waits until they
    # have all loaded (0.2-0.3 s after navigation in the benchmark)
    end = output.index("</head>")
    first_css = output.find('<link rel="stylesheet"', 0, end)
    at = first_css if first_css >= 0 else end
    return output[:at] + head + output[at:]
