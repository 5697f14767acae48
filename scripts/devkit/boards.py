"""Every board of the site's pages: the ```sharah fences of docs/, read as
the build reads them (the page, the board's data-config). Tests and the
JavaScript tests' fixtures use it."""

from __future__ import annotations

import re
from pathlib import Path

from sharah_web import fence

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
OPEN = re.compile(r"^([ \t>]*)(`{3,})[ \t]*sharah[ \t]*$")


def docs_configs() -> list[tuple[str, dict]]:
    """Every ```sharah fence in docs/: (page, the board's data-config)."""
    out = []
    for path in sorted(DOCS.rglob("*.md")):
        page = path.relative_to(DOCS).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        i, index = 0, 0
        while i < len(lines):
            m = OPEN.match(lines[i])
            if not m:
                i += 1
                continue
            indent, ticks = m.group(1), m.group(2)
            body = []
            i += 1
            while i < len(lines) and lines[i].strip() != ticks:
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
                i += 1
            index += 1
            spec = fence.parse_fence("\n".join(body))
            out.append((page, spec.config(fence.make_uid(page, index))))
            i += 1
    return out
