"""MkDocs hooks (``hooks:`` in mkdocs.yml) for the playable boards: MkDocs'
events, each handing the build's ``BuildContext`` to the jobs of this
package (see its ``__init__``).

- ``on_config``: a new context; every puzzle's proof checked again
  (proofs.py); the ```sharah fence (fence.py).
- ``on_files``: the widget, the Pyodide runtime, the engine and the lean
  standard library (stage.py).
- ``on_post_page``: a page with boards starts the engine from its head
  (head.py).
- ``on_post_build``: the security policy (policy.py), each page's first
  board and early answers (early.py), the manifest and the service worker
  (offline.py).
- ``on_serve``: ``mkdocs serve`` rebuilds when the engine or the widget changes.
"""

from __future__ import annotations

import mimetypes
import sys
from pathlib import Path

# installed (pyproject.toml): MkDocs loads this file by its path, not as
# part of the package
from sitebuild import early, fence, head, offline, policy, proofs, stage
from sitebuild.context import ROOT, BuildContext

_serving = False
_ctx = BuildContext()   # the build under way (a new one for each build)


def _import_engine():
    """Import the engine fresh, so ``mkdocs serve`` sees edits."""
    for name in [m for m in sys.modules if m == "sharah_web" or m.startswith("sharah_web.")]:
        del sys.modules[name]
    from sharah_web import fence as engine_fence
    return engine_fence


def on_startup(command, dirty=False, **kwargs):
    global _serving
    _serving = command == "serve"


def on_config(config, **kwargs):
    global _ctx
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("text/javascript", ".js")
    mimetypes.add_type("application/wasm", ".wasm")
    mimetypes.add_type("application/zip", ".zip")
    mimetypes.add_type("application/json", ".json")
    _ctx = BuildContext(serving=_serving, fence=_import_engine())
    proofs.check_puzzles()
    fence.register(config, _ctx)
    return config


def on_page_markdown(markdown, page, config, files, **kwargs):
    fence.start_page(_ctx, markdown, page, files)
    return markdown


def on_page_content(html, page, config, files, **kwargs):
    fence.end_page(_ctx)
    return html


def on_files(files, config, **kwargs):
    return stage.stage(files, config, _ctx)


def on_post_page(output, page, config, **kwargs):
    return head.add_head(output, page, _ctx)


def on_post_build(config, **kwargs):
    site = Path(config["site_dir"])
    texts = {path: path.read_text(encoding="utf-8") for path in sorted(site.rglob("*.html"))}
    policy.write_policy(site, texts)
    early.write_first_boards(site, texts)
    early.write_early_answers(site, texts)     # before the service worker, which lists every file
    offline.write_offline(site, config, _ctx)


def on_serve(server, config, builder, **kwargs):
    for folder in ("sharah_web", "site_assets", "scripts"):
        if (ROOT / folder).is_dir():
            server.watch(str(ROOT / folder))
    return server
