"""The head of a page with boards: it starts the engine's worker and the
widget while the rest of the page is parsed (budget (b),
docs/about/benchmarks.md)."""

from __future__ import annotations

import re

from mkdocs.utils import get_relative_url

from .context import ASSETS, BuildContext

# The classic script in the head of a page with boards. It creates the
# engine's worker and keeps what it says for engine.js, and asks for the
# page's early answers once its first board is painted (early.js takes the
# reply: window.sharahEarlyFile). Then it holds back
# the messages to mkdocs-material's search worker (the index it would build at
# once, on the same two cores as Pyodide's boot) until the engine is up, the
# reader goes to the search box, or 8 s have passed. One line once built.
EARLY_SCRIPT = " ".join(line.strip() for line in """
(() => { if (window.sharahDebug || window.sharahEarlyWorker) return; try {
  const js = new URL("__JS__", document.baseURI);
  const zip = new URL("../__ZIP__", js).href;
  const url = new URL("engine-worker.js?v=__BUILD__&engine=" + encodeURIComponent(zip), js);
  const worker = new Worker(url, { type: "module", name: "sharah-engine" });
  const said = [];
  worker.onmessage = (e) => said.push(["message", e]);
  worker.onerror = (e) => { e.preventDefault(); said.push(["error", e]); };
  window.sharahEarlyWorker = { worker, url: url.href, said, t: performance.now() };
  const Native = window.Worker, held = [];
  let holding = true;
  const release = () => { if (!holding) return; holding = false;
    for (const [w, args] of held.splice(0)) Native.prototype.postMessage.apply(w, args); };
  window.Worker = class extends Native {
    constructor(u, o) { super(u, o); this.sharahHeld = /\\/workers\\/search\\.[^/]*\\.js/.test(String(u)); }
    postMessage(...args) { if (holding && this.sharahHeld) held.push([this, args]); else super.postMessage(...args); }
  };
  worker.addEventListener("message", (e) => { const t = e.data && e.data.type; if (t === "ready" || t === "failed") release(); });
  worker.addEventListener("error", release);
  document.addEventListener("focusin", (e) => { if (e.target.closest && e.target.closest(".md-search")) release(); });
  document.addEventListener("change", (e) => { if (e.target.id === "__search") release(); });
  setTimeout(release, 8000);
  const taps = window.sharahEarlyTaps = {};
  document.addEventListener("pointerdown", (e) => { if (e.button !== 0 || !e.target.closest) return;
    const f = e.target.closest("figure.sharah-board"), box = f && f.querySelector(".sharah-svg svg");
    if (!box) return; const r = box.getBoundingClientRect(); if (!r.width || !r.height) return;
    taps[f.id] = { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height, t: performance.now() }; }, true);
  const key = "__EARLY__";
  if (key) window.sharahEarlyFile = { key, reply: new Promise((resolve) => {
    const go = () => { if (!document.querySelector("figure.sharah-board svg")) return requestAnimationFrame(go);
      setTimeout(() => resolve(fetch(new URL("../early/" + key + ".json", js)).then((r) => (r.ok ? r.json() : null)).catch(() => null)), 0); };
    requestAnimationFrame(go); }) };
  } catch (err) { /* engine.js starts it later */ } })();
""".strip().splitlines())


# The modules sharah.js imports, each with the build query (engine.js and
# the board first; then the add-ons): preloaded from the head of a page with
# boards. tests/test_speed.py checks the list against the imports.
# The add-ons among them are asked for at low priority: on a link of six
# connections a host, the engine's worker script (and the runtime it
# imports) goes before them.
ADDON_MODULES = ("computer", "editor", "records", "analysis", "recover", "onboard", "playview", "puzzles")
BOARD_MODULES = ("engine", "dom", "view", "panels", "early", "ready", "board") + ADDON_MODULES


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
    # every module the boards need before they mount: the entry module
    # (extra_javascript: no build query) and what it imports, add-ons included
    head = f'<link rel="modulepreload" href="{js}sharah.js">'
    low = ' fetchpriority="low"'
    head += "".join(f'<link rel="modulepreload" href="{js}{name}.js{v}"{low if name in ADDON_MODULES else ""}>'
                    for name in BOARD_MODULES)
    # the same worker URL as engine.js makes (getEngine), which checks it;
    # nothing when engine.js runs already (a page reached by instant navigation)
    uid = re.search(r'data-sharah-uid="([^"]+)"', output)
    early = (EARLY_SCRIPT.replace("__JS__", js).replace("__ZIP__", ctx.engine_name)
             .replace("__BUILD__", ctx.build)
             .replace("__EARLY__", uid.group(1).rsplit("-", 1)[0] if uid else ""))
    head += f"<script>{early}</script>"
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
