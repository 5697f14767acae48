"""What the build's jobs share: one ``BuildContext`` a build."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
# SHARAH_PYODIDE_DIR: another copy of the npm package (tests use it).
PYODIDE_DIR = Path(os.environ.get("SHARAH_PYODIDE_DIR") or ROOT / "node_modules" / "pyodide")
ASSETS = "assets/sharah"          # the widget's files in the site
PYODIDE_DEST = "assets/pyodide"   # the site's own copy of the runtime
# Replaced in the widget's scripts (stage.py) and in the service worker
# (offline.py) by the build's version.
VERSION_PLACEHOLDER = "__SHARAH_BUILD__"


@dataclass
class FencePage:
    """The page whose ```sharah fences are being rendered."""

    page: Any                     # mkdocs.structure.pages.Page
    files: Any                    # mkdocs.structure.files.Files
    markdown: str                 # its source, front matter included (for line numbers)
    count: int = 0                # fences rendered so far on it


@dataclass
class BuildContext:
    """One build (``mkdocs build``, or one rebuild of ``mkdocs serve``).

    Written by one job each, read by the others."""

    serving: bool = False         # mkdocs serve (hooks: on_startup)
    fence: ModuleType | None = None   # sharah_web.fence, imported fresh for each build
    current: FencePage | None = None  # the page being rendered (fence.py)
    engine_name: str = ""         # engine-<hash>.zip under ASSETS (stage.py)
    stdlib_name: str = ""         # stdlib-<hash>.zip under PYODIDE_DEST (stage.py)
    build: str = ""               # the build's version: the hash of what the widget runs (stage.py)
