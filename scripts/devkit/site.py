"""The site built into a folder, for a static server on 127.0.0.1."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from sitebuild.context import ROOT

HOOKS = ROOT / "scripts" / "sitebuild" / "hooks.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class BuildFailed(RuntimeError):
    """``mkdocs build --strict`` failed (its output is the message)."""


def write_config(work: Path, docs: Path | None = None, site_url: str | None = None,
                 nav: list[str] | None = None) -> Path:
    """A config in ``work`` inheriting mkdocs.yml, with ``docs`` (the site's
    own docs/ by default), ``site_url`` (else mkdocs.yml's) and ``nav``
    (else mkdocs.yml's) instead."""
    config = work / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\n"
        f"docs_dir: {docs or ROOT / 'docs'}\n"
        + (f"site_url: {site_url}\n" if site_url else "")
        + f"hooks:\n  - {HOOKS}\n"
        f"theme:\n  custom_dir: {ROOT / 'site_assets' / 'overrides'}\n"
        + ("nav:\n" + "".join(f"  - {page}\n" for page in nav) if nav else ""),
        encoding="utf-8")
    return config


def build_site(work: Path, port: int, docs: Path | None = None, quiet: bool = False,
               timeout: float = 900) -> Path:
    """``mkdocs build --strict`` into ``work/site``: mkdocs.yml with
    ``docs`` (the site's own docs/ by default) as its docs folder and
    ``site_url`` the origin of a server on ``port`` (mkdocs-material's
    instant navigation follows links to that origin only)."""
    config = write_config(work, docs, f"http://127.0.0.1:{port}/")
    out = work / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", *(["-q"] if quiet else []),
         "-f", str(config), "-d", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if proc.returncode:
        raise BuildFailed(f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}")
    return out
