"""Offline use and installing: the web app manifest and the service worker
(``sw.js`` at the site's root, from ``site_assets/sw/sw.js``)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from .context import ASSETS, ROOT, VERSION_PLACEHOLDER, BuildContext

# Files the service worker does not keep: source maps, the search's other
# languages, the link-preview picture, the header policy's text, the zipped
# sitemap. Everything else that is not a page (or a page's early answers)
# is stored when it installs, and the offline page (docs/offline.md) too;
# pages are stored when visited.
OFFLINE_PAGE = "offline/index.html"
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


def write_service_worker(site: Path, build: str) -> None:
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
        visited = (rel.endswith(".html") and rel != OFFLINE_PAGE) or rel.startswith(f"{ASSETS}/early/")
        files[rel] = {"sha256": digest, "pre": not visited}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    text = (ROOT / "site_assets" / "sw" / "sw.js").read_text(encoding="utf-8")
    text = (text.replace("__SHARAH_SW_VERSION__", version).replace(VERSION_PLACEHOLDER, build)
            .replace("/*__SHARAH_SW_FILES__*/ {}", json.dumps(files, indent=0, sort_keys=True)))
    (site / "sw.js").write_text(text, encoding="utf-8")


def write_offline(site: Path, config, ctx: BuildContext) -> None:
    """The manifest and the service worker: last, since the worker lists
    every file of the build."""
    write_manifest(site, config)
    if ctx.serving:      # mkdocs serve: pages change all the time, keep nothing
        (site / "sw.js").write_text(SW_OFF, encoding="utf-8")
    else:
        write_service_worker(site, ctx.build)
