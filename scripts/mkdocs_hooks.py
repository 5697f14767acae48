"""MkDocs hooks (``hooks:`` in mkdocs.yml) for the playable boards.

- ``on_config``: registers the ```sharah fence with pymdownx.superfences. A
  bad fence fails the build (``SuperFencesException``) naming the page, the
  line and the problem; superfences would otherwise fall back to a code block.
- ``on_files``: adds the widget (``site_assets/js``, ``site_assets/css``,
  ``site_assets/img`` as ``assets/sharah/``; ``site_assets/overrides`` is the
  theme's ``custom_dir``, not copied), the site's own copy of the Pyodide runtime (from
  ``node_modules/pyodide``, as ``assets/pyodide/``) and the engine zip
  (``assets/sharah/engine-<hash>.zip``, named by its content hash).
- ``on_post_page``: a page with boards starts the engine's worker from its
  head, before the boards are parsed (budget (b), docs/about/benchmarks.md).
- ``on_post_build``: the Content-Security-Policy (``CSP``, with the hashes of
  the inline scripts Material and this hook write) goes into every page's
  head as a ``<meta>``, and into ``assets/sharah/csp.txt`` for servers that
  send it as a header (README, "Deploying").
- ``on_serve``: ``mkdocs serve`` rebuilds when the engine or the widget changes.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import logging
import mimetypes
import os
import posixpath
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the config folder is not on sys.path
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from pymdownx.superfences import SuperFencesException  # noqa: E402

log = logging.getLogger("mkdocs.hooks.sharah")

ASSETS = "assets/sharah"
PYODIDE_DEST = "assets/pyodide"
# SHARAH_PYODIDE_DIR: another copy of the npm package (tests use it).
PYODIDE_DIR = Path(os.environ.get("SHARAH_PYODIDE_DIR") or ROOT / "node_modules" / "pyodide")
# What loadPyodide() fetches when no package is loaded: the module, the
# Emscripten glue, the wasm binary, the standard library and the lock file.
# The standard library is not Pyodide's whole python_stdlib.zip but the lean
# one scripts/stdlib_zip.py makes (assets/pyodide/stdlib-<hash>.zip, which the
# worker passes as loadPyodide's stdLibURL).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_SHIPPED = tuple(n for n in PYODIDE_FILES if n != "python_stdlib.zip")
ENGINE_PLACEHOLDER = "__SHARAH_ENGINE_ZIP__"
STDLIB_PLACEHOLDER = "__SHARAH_STDLIB_ZIP__"
VERSION_PLACEHOLDER = "__SHARAH_BUILD__"
FENCE_START = re.compile(r"^[ \t>]*(`{3,}|~{3,})[ \t]*\.?sharah\b", re.M)


class SharahFenceError(SuperFencesException, PluginError):
    """A bad ```sharah fence: superfences lets it through (it is a
    ``SuperFencesException``) and MkDocs prints it as a build error."""


class _State:
    page = None
    files: Files | None = None
    markdown = ""
    count = 0
    engine_name = ""
    stdlib_name = ""
    serving = False
    build = ""


_state = _State()
_fence = None  # sharah_web.fence, imported fresh for each build


def _import_engine():
    """Import the engine fresh, so ``mkdocs serve`` sees edits."""
    global _fence
    for name in [m for m in sys.modules if m == "sharah_web" or m.startswith("sharah_web.")]:
        del sys.modules[name]
    from sharah_web import fence
    _fence = fence
    return fence


# ------------------------------------------------------------------ config

def on_startup(command, dirty=False, **kwargs):
    _state.serving = command == "serve"

def on_config(config, **kwargs):
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("text/javascript", ".js")
    mimetypes.add_type("application/wasm", ".wasm")
    mimetypes.add_type("application/zip", ".zip")
    mimetypes.add_type("application/json", ".json")
    _import_engine()
    check_puzzles()
    if "pymdownx.superfences" not in config.markdown_extensions:
        config.markdown_extensions.append("pymdownx.superfences")
    settings = config.mdx_configs.setdefault("pymdownx.superfences", {})
    fences = [f for f in settings.get("custom_fences", []) if f.get("name") != "sharah"]
    fences.append({"name": "sharah", "class": "sharah", "format": _format})
    settings["custom_fences"] = fences
    return config


class PuzzleProofError(PluginError):
    pass


def check_puzzles() -> None:
    """Every stored puzzle's certificate checked again from the rules (like
    the fences: a puzzle whose win no longer holds fails the build, named).
    The games are checked side by side, one process each, on the machine's cores."""
    from concurrent.futures import ProcessPoolExecutor
    from sharah_web import puzzles
    if getattr(_state, "puzzles_checked", None) == puzzles.data_digest():
        return           # mkdocs serve: unchanged since the last build
    with ProcessPoolExecutor(max_workers=min(len(puzzles.GAMES), os.cpu_count() or 1)) as pool:
        failures = [f for found in pool.map(puzzles.check_game, puzzles.GAMES) for f in found]
    if failures:
        raise PuzzleProofError("puzzles that no longer hold:\n  " + "\n  ".join(failures))
    _state.puzzles_checked = puzzles.data_digest()


def on_page_markdown(markdown, page, config, files, **kwargs):
    _state.page = page
    _state.files = files
    try:  # the source with its front matter, for line numbers in errors
        _state.markdown = page.file.content_string
    except Exception:
        _state.markdown = markdown
    _state.count = 0
    return markdown


def on_page_content(html, page, config, files, **kwargs):
    _state.page = None
    return html


# ------------------------------------------------------------------ fence

def _page_name() -> str:
    page = _state.page
    return page.file.src_uri if page is not None else "(unknown page)"


def _fence_line(index: int) -> int | None:
    """The page line of the index-th ```sharah fence (1-based), if found."""
    starts = list(FENCE_START.finditer(_state.markdown))
    if 0 < index <= len(starts):
        return _state.markdown.count("\n", 0, starts[index - 1].start()) + 1
    return None


def _resolve_link(url: str) -> str:
    """A caption's link to ``page.md#anchor`` becomes the page's URL, like
    MkDocs does for links in Markdown; other links are kept."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.endswith(".md"):
        return url
    page, files = _state.page, _state.files
    if page is None or files is None:
        return url
    if parts.path.startswith("/"):
        target = parts.path.lstrip("/")
    else:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), parts.path))
    found = files.get_file_from_path(target)
    if found is None:
        raise ValueError(f"link {url!r}: there is no page {target}")
    out = found.url_relative_to(page.file)
    return out + (f"#{parts.fragment}" if parts.fragment else "")


def _format(src, language, class_name, options, md, **kwargs):
    _state.count += 1
    index = _state.count
    uid = _fence.make_uid(_page_name(), index)
    try:
        return _fence.render_fence(src, uid, _resolve_link)
    except ValueError as e:
        message = str(e)
        where = f"{_page_name()}"
        start = _fence_line(index)
        m = re.match(r"line (\d+): ", message)
        if start is not None and m:
            where += f", line {start + int(m.group(1))}"
            message = message[m.end():]
        elif start is not None:
            where += f", line {start}"
        raise SharahFenceError(f"{where} (sharah board {index}): {message}") from None


# ------------------------------------------------------------------ files

def _add(files: Files, file: File) -> None:
    old = files.get_file_from_path(file.src_uri)
    if old is not None:
        files.remove(old)
    files.append(file)


def on_files(files: Files, config, **kwargs):
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        raise PluginError(
            f"the Pyodide runtime is missing ({PYODIDE_DIR} lacks {', '.join(missing)}): "
            f"run bash scripts/setup.sh (it installs pyodide with npm ci)")
    for name in PYODIDE_SHIPPED:
        if name == "pyodide-lock.json":
            continue
        _add(files, File.generated(config, f"{PYODIDE_DEST}/{name}", abs_src_path=str(PYODIDE_DIR / name)))
    # The lock file lists the 357 packages of Pyodide's distribution, which
    # the site never loads (it ships none of them): only its "info" is kept
    # (119 KB -> 0.1 KB; 27 KB less on the wire, gzipped).
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    _add(files, File.generated(config, f"{PYODIDE_DEST}/pyodide-lock.json",
                               content=json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True)))

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import pack_engine
        import stdlib_zip
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    data = pack_engine.engine_zip()
    digest = pack_engine.engine_hash(data)
    _state.engine_name = f"engine-{digest}.zip"
    _add(files, File.generated(config, f"{ASSETS}/{_state.engine_name}", content=data))
    # the lean standard library: traced from the engine's workload (cached
    # in .cache/stdlib/ while the engine and the runtime do not change)
    try:
        stdlib, traced = stdlib_zip.stdlib_zip(data)
    except stdlib_zip.StdlibError as exc:
        raise PluginError(f"the lean standard library could not be made: {exc}") from None
    _state.stdlib_name = f"stdlib-{stdlib_zip.stdlib_hash(stdlib)}.zip"
    _add(files, File.generated(config, f"{PYODIDE_DEST}/{_state.stdlib_name}", content=stdlib))
    log.info("standard library: %s, %d modules, %d bytes", _state.stdlib_name, len(traced["modules"]), len(stdlib))

    assets = ROOT / "site_assets"
    sources = sorted(p for p in assets.rglob("*") if p.is_file() and not p.name.startswith(".")
                     and p.relative_to(assets).parts[0] not in ("overrides", "sw")  # the theme's templates;
                     and p.suffix != ".md")       # the service worker (on_post_build); notes for developers
    build = hashlib.sha256(data + stdlib + (ROOT / "site_assets" / "sw" / "sw.js").read_bytes()
                           + b"".join(p.read_bytes() for p in sources
                                      if p.suffix in (".js", ".mjs"))).hexdigest()[:12]
    _state.build = build
    for path in sources:
        rel = path.relative_to(assets).as_posix()
        if rel.startswith("js/") and path.suffix in (".js", ".mjs"):
            text = path.read_text(encoding="utf-8")
            text = (text.replace(ENGINE_PLACEHOLDER, _state.engine_name).replace(VERSION_PLACEHOLDER, build)
                    .replace(STDLIB_PLACEHOLDER, _state.stdlib_name))
            _add(files, File.generated(config, f"{ASSETS}/{rel}", content=text))
        else:
            _add(files, File.generated(config, f"{ASSETS}/{rel}", abs_src_path=str(path)))
    return files


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
ADDON_MODULES = ("computer", "editor", "records", "recover", "onboard", "playview", "puzzles")
BOARD_MODULES = ("engine", "dom", "view", "panels", "early", "ready", "board") + ADDON_MODULES


def on_post_page(output, page, config, **kwargs):
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
    from mkdocs.utils import get_relative_url
    js = get_relative_url(f"{ASSETS}/js/", page.url)
    if not js.endswith("/"):
        js += "/"
    if not js.startswith(("./", "../", "/")):
        js = "./" + js      # the home page: a bare "assets/..." is not a module specifier
    v = f"?v={_state.build}"
    # every module the boards need before they mount: the entry module
    # (extra_javascript: no build query) and what it imports, add-ons included
    head = f'<link rel="modulepreload" href="{js}sharah.js">'
    low = ' fetchpriority="low"'
    head += "".join(f'<link rel="modulepreload" href="{js}{name}.js{v}"{low if name in ADDON_MODULES else ""}>'
                    for name in BOARD_MODULES)
    # the same worker URL as engine.js makes (getEngine), which checks it;
    # nothing when engine.js runs already (a page reached by instant navigation)
    uid = re.search(r'data-sharah-uid="([^"]+)"', output)
    early = (EARLY_SCRIPT.replace("__JS__", js).replace("__ZIP__", _state.engine_name)
             .replace("__BUILD__", _state.build)
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


# ------------------------------------------------------- security policy

# Nothing from another host; no eval (Pyodide needs only 'wasm-unsafe-eval' to
# compile its WebAssembly); inline scripts only by their hashes (Material's
# small head scripts, the engine's early start). Styles allow inline style
# attributes: the boards' SVG and Material set some.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {hashes}; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
       "form-action 'self'")
CSP_HEADER_ONLY = "; frame-ancestors 'none'"     # ignored (with a warning) in a <meta>
INLINE_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
SCRIPT_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
RUNNABLE = ("module", "text/javascript", "application/javascript")


def inline_script_hashes(html: str) -> set[str]:
    """CSP source expressions for the inline scripts a page runs (data
    blocks like Material's ``application/json`` config are not scripts)."""
    out = set()
    for m in INLINE_SCRIPT.finditer(html):
        attrs, body = m.group(1), m.group(2)
        kind = SCRIPT_TYPE.search(attrs)
        if re.search(r"\bsrc\s*=", attrs, re.I) or (kind and kind.group(1).lower() not in RUNNABLE):
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        out.add(f"'sha256-{digest}'")
    return out


def on_post_build(config, **kwargs):
    """One policy for the whole site (the same on every page, so instant
    navigation never meets a stricter one), with every page's inline script
    hashes: as a ``<meta>`` first in each page's head, and as a header value
    in ``assets/sharah/csp.txt``."""
    site = Path(config["site_dir"])
    pages = sorted(site.rglob("*.html"))
    texts = {path: path.read_text(encoding="utf-8") for path in pages}
    hashes = set().union(*(inline_script_hashes(t) for t in texts.values())) if texts else set()
    policy = CSP.format(hashes=" ".join(sorted(hashes)))
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    for path, text in texts.items():
        if "Content-Security-Policy" in text:
            continue
        # after the charset (which must come in the first 1024 bytes), before any script
        new, n = re.subn(r"<meta charset=[^>]*>", lambda m: m.group(0) + meta, text, count=1, flags=re.I)
        if not n:
            new, n = re.subn(r"<head>", "<head>" + meta, text, count=1, flags=re.I)
        if n:
            path.write_text(new, encoding="utf-8")
    (site / ASSETS).mkdir(parents=True, exist_ok=True)
    (site / ASSETS / "csp.txt").write_text(policy + CSP_HEADER_ONLY + "\n", encoding="utf-8")
    (site / ASSETS / "first-boards.json").write_text(
        json.dumps(first_boards(site, texts), indent=0, sort_keys=True), encoding="utf-8")
    write_early_answers(site, texts)     # before the service worker, which lists every file
    write_manifest(site, config)
    if _state.serving:      # mkdocs serve: pages change all the time, keep nothing
        (site / "sw.js").write_text(SW_OFF, encoding="utf-8")
    else:
        write_service_worker(site)


# ------------------------------------------------------ offline, install

# Files the service worker does not keep: source maps, the search's other
# languages, the link-preview picture, the header policy's text, the zipped
# sitemap. Everything else that is not a page (or a page's early answers)
# is stored when it installs;
# pages are stored when visited.
SW_SKIP = re.compile(r"(\.map$|^assets/javascripts/lunr/|^assets/sharah/img/social-card\.png$"
                     r"|^assets/sharah/csp\.txt$|\.gz$|^sw\.js$)")


# Under ``mkdocs serve``: a service worker that removes itself and its
# stores, so that an author never reads a page kept from an earlier build.
SW_OFF = """// mkdocs serve: no offline use; this worker removes itself and the stores.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith("sharah-")) await caches.delete(name);
  await self.registration.unregister();
})()));
"""


def write_manifest(site: Path, config) -> None:
    """The web app manifest (``manifest.webmanifest``, linked from every
    page's head by ``site_assets/overrides/main.html``): a phone can install
    the site, with the icons ``scripts/make_images.py`` draws."""
    img = f"{ASSETS}/img"
    manifest = {
        "name": config["site_name"],
        "short_name": "Sha'rah",
        "description": config.get("site_description") or "",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#3e2c23",
        "theme_color": "#795548",
        "icons": [
            {"src": f"{img}/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": f"{img}/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": f"{img}/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def write_service_worker(site: Path) -> None:
    """``sw.js`` at the site's root (its scope is the whole site), from
    ``site_assets/sw/sw.js``: every file of this build with its SHA-256, and
    a version that is the hash of them all (a new build, even one that
    changes only a page's text, is a new worker and a new cache)."""
    files = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if SW_SKIP.search(rel):
            continue
        digest = base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
        # pages, and each page's early answers, are stored when visited
        visited = rel.endswith(".html") or rel.startswith(f"{ASSETS}/early/")
        files[rel] = {"sha256": digest, "pre": not visited}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    text = (ROOT / "site_assets" / "sw" / "sw.js").read_text(encoding="utf-8")
    text = (text.replace("__SHARAH_SW_VERSION__", version).replace(VERSION_PLACEHOLDER, _state.build)
            .replace("/*__SHARAH_SW_FILES__*/ {}", json.dumps(files, indent=0, sort_keys=True)))
    (site / "sw.js").write_text(text, encoding="utf-8")


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


# ------------------------------------------- play before the runtime

BOARD_CONFIG = re.compile(r'<figure class="sharah-board[^"]*"[^>]*?\sdata-config="([^"]*)"')


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
            if config.get("mode") == "puzzle":
                continue     # a puzzle board's moves are judged by the engine: nothing to play early
            pages.setdefault(early.page_key(config["uid"]), {})[config["uid"]] = early.early_answer(config)
    sizes = {}
    for key, boards in sorted(pages.items()):
        data = json.dumps(early.page_file(boards), ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
        (folder / f"{key}.json").write_bytes(data)
        sizes[f"{key}.json"] = len(data)
    return sizes


def on_serve(server, config, builder, **kwargs):
    for folder in ("sharah_web", "site_assets", "scripts"):
        if (ROOT / folder).is_dir():
            server.watch(str(ROOT / folder))
    return server
