"""The Content-Security-Policy: one for the whole site (the same on every
page, so instant navigation never meets a stricter one), with the hashes
of every page's inline scripts, as a ``<meta>`` first in each page's head
and as a header value in ``assets/sharah/csp.txt`` (README, "Deploying")."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from .context import ASSETS

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


def write_policy(site: Path, texts: dict[Path, str]) -> str:
    """Writes the policy into every page (``texts``: path -> its text) and
    into ``csp.txt``; returns the policy."""
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
    return policy
